import Foundation
import Testing

/// The preview pane in a real terminal: it follows the selection, a slow answer for a row left
/// behind never shows, colours are drawn, and no preview process outlives its screen.
@Suite(.serialized) struct PreviewSessionTests {
    let main = #"""
        {"title": "Files", "sections": [
          {"header": "Texts", "preview": {"command": ["sh", "-c", "if [ \"$0\" = slow ]; then sleep 30; fi; echo \"content of $0\"", "{{title}}"]},
           "rows": [{"title": "slow"}, {"title": "quick"},
                    {"title": "coloured", "preview": {"command": ["printf", "\u001b[31mred\u001b[0m plain\n"], "format": "ansi"}},
                    {"title": "Back", "action": "back"}]}]}
        """#
    let root = #"{"title": "Root", "sections": [{"rows": [{"title": "Open files", "segue": "main.json"}]}]}"#

    func session(width: Int = 120) throws -> Tmux {
        let specs = try Fixtures(["main.json": main, "root.json": root])
        // `swift test` sets NO_COLOR=1 for what it runs; an empty one does not count (the colour
        // of a preview is checked here).
        return try Tmux([Paths.segue, specs.path("root.json")], width: width, environment: ["NO_COLOR": ""])
    }

    /// The processes running `sleep 30` under segue.
    func sleepers(of segue: Int32) -> [ProcessTable.Entry] {
        ProcessTable().descendants(of: segue).filter { $0.command == "sleep 30" && !$0.isZombie }
    }

    @Test func thePaneFollowsTheSelectionAndASlowAnswerNeverShows() throws {
        let tmux = try session()
        try tmux.waitFor(text: "Open files")
        try tmux.send("Enter")
        // The first row's command sleeps: the pane says so, and its process runs.
        try tmux.waitFor { $0[1].hasSuffix("│ slow") && $0[2].contains("│ Loading… ") }
        let segue = try tmux.programPid()
        try tmux.waitFor("the slow preview's process") { _ in !sleepers(of: segue).isEmpty }
        try tmux.send("j")
        try tmux.waitFor { $0[1].hasSuffix("│ quick") && $0[2].hasSuffix("│ content of quick") }
        // Leaving the slow row stopped its command.
        try tmux.waitFor("the slow preview stopped") { _ in sleepers(of: segue).isEmpty }
        try tmux.send("j")
        try tmux.waitFor { $0[2].hasSuffix("│ red plain") }
        let styled = try tmux.styledScreen()[2]
        #expect(styled.contains("\u{1B}[31mred"))
        try tmux.send("q")
        #expect(try tmux.exitStatus() == 0)
    }

    @Test func goingBackStopsThePreviewCommand() throws {
        let tmux = try session()
        try tmux.waitFor(text: "Open files")
        try tmux.send("Enter")
        try tmux.waitFor { $0[2].contains("│ Loading… ") }
        let segue = try tmux.programPid()
        try tmux.waitFor("the slow preview's process") { _ in !sleepers(of: segue).isEmpty }
        try tmux.send("Escape")
        try tmux.waitFor(text: "Open files")
        try tmux.waitFor("no preview process left") { _ in sleepers(of: segue).isEmpty }
        try tmux.send("q")
        #expect(try tmux.exitStatus() == 0)
    }

    @Test func longOutputScrollsWithShiftedKeys() throws {
        let long = #"{"sections": [{"rows": [{"title": "numbers", "preview": {"command": ["seq", "1", "100"]}}]}]}"#
        let specs = try Fixtures(["long.json": long])
        let tmux = try Tmux([Paths.segue, specs.path("long.json")], width: 120)
        try tmux.waitFor { $0[1].hasSuffix("│ numbers  1–21/100") && $0[2].hasSuffix("│ 1") }
        try tmux.send("S-Down", "S-Down")
        try tmux.waitFor { $0[1].hasSuffix("│ numbers  3–23/100") && $0[2].hasSuffix("│ 3") }
        try tmux.send("S-NPage")  // a page is the pane's height less one line
        try tmux.waitFor { $0[2].hasSuffix("│ 23") }
        try tmux.send("S-PPage", "S-Up")
        try tmux.waitFor { $0[2].hasSuffix("│ 2") }
        try tmux.send("q")
        #expect(try tmux.exitStatus() == 0)
    }

    @Test func onANarrowTerminalThePaneIsBelowAndCtrlOHidesIt() throws {
        let tmux = try session(width: 80)
        try tmux.waitFor(text: "Open files")
        try tmux.send("Enter", "j")
        let screen = try tmux.waitFor { $0.contains { $0.hasPrefix("── quick ──") } && $0.contains(" content of quick") }
        #expect(!screen.joined().contains("│"))
        try tmux.send("C-o")
        try tmux.waitFor { !$0.contains { $0.hasPrefix("── quick") } && $0.contains(" > quick") }
        try tmux.send("q")
        #expect(try tmux.exitStatus() == 0)
    }
}
