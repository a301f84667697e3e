import Foundation
import Testing

/// `--watch`: an edit on disk shows on the screen, the selection kept; a broken edit shows its
/// error and keeps the last good screen; a hidden screen reloads when it shows again.
@Suite(.serialized) struct WatchSessionTests {
    func write(_ text: String, to path: String) throws {
        // As editors save: a new file renamed over the old one.
        try text.write(toFile: path + ".tmp", atomically: false, encoding: .utf8)
        rename(path + ".tmp", path)
    }

    @Test func editsShowAtOnceAndABrokenEditKeepsTheScreen() throws {
        let specs = try Fixtures([
            "main.json": #"{"title": "Menu", "sections": [{"rows": [{"title": "Pizza"}, {"title": "Pasta"}, {"title": "Next", "segue": "next.json"}]}]}"#,
            "next.json": #"{"title": "Next", "sections": [{"rows": [{"title": "One"}]}]}"#,
        ])
        let main = specs.path("main.json")
        let tmux = try Tmux([Paths.segue, "--watch", main])
        try tmux.waitFor(text: "Pasta")
        try tmux.send("j")
        try tmux.waitFor { $0.contains(" > Pasta") }
        try write(#"{"title": "Menu", "sections": [{"rows": [{"title": "Pizza"}, {"title": "Pasta al forno"}, {"title": "Next", "segue": "next.json"}]}]}"#, to: main)
        try tmux.waitFor { $0.contains(" > Pasta al forno") }
        try write(#"{"title": "Menu", "sections": [{"rows": [{"title": "Pizza"},,]}]}"#, to: main)
        let broken = try tmux.waitFor(text: "main.json:1:")
        #expect(broken.contains(" > Pasta al forno"))
        // Fixed again while another screen is on top: it reloads when it shows.
        try tmux.send("j", "Enter")
        try tmux.waitFor(text: "Menu › Next")
        try write(#"{"title": "Menu", "sections": [{"rows": [{"title": "Pizza"}, {"title": "Lasagne"}, {"title": "Next", "segue": "next.json"}]}]}"#, to: main)
        try tmux.send("Escape")
        try tmux.waitFor { $0.contains("   Lasagne") && $0.contains { $0.hasPrefix(" > Next") } }
        try tmux.send("q")
        #expect(try tmux.exitStatus() == 0)
    }

    /// The spec's folder deleted and made again (a checkout switched, a build's output folder
    /// cleaned): the watch follows the new folder, and the error the missing spec showed goes
    /// once the spec reads well again (issue 30, item 7).
    @Test func aFolderDeletedAndMadeAgainIsStillWatchedAndItsErrorGoes() throws {
        let specs = try Fixtures(["menu/main.json": #"{"title": "Menu", "sections": [{"rows": [{"title": "Pizza"}]}]}"#])
        let folder = specs.path("menu")
        let tmux = try Tmux([Paths.segue, "--watch", folder + "/main.json"])
        try tmux.waitFor(text: "Pizza")
        try FileManager.default.removeItem(atPath: folder)
        try tmux.waitFor(text: "no such spec file")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        try write(#"{"title": "Menu", "sections": [{"rows": [{"title": "Risotto"}]}]}"#, to: folder + "/main.json")
        try tmux.waitFor { $0.contains(" > Risotto") && !Tmux.flowed($0).contains("no such spec file") }
        // And again: the new folder is watched as the first was.
        try write(#"{"title": "Menu", "sections": [{"rows": [{"title": "Gnocchi"}]}]}"#, to: folder + "/main.json")
        try tmux.waitFor { $0.contains(" > Gnocchi") }
        try tmux.send("q")
        #expect(try tmux.exitStatus() == 0)
    }
}
