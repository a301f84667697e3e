import Foundation
import Testing

/// The user's config file, found through XDG_CONFIG_HOME: remapped keys work, the hint line
/// follows them, and a broken file stops segue before the screen with its path and exit 78.
@Suite(.serialized) struct ConfigSessionTests {
    let spec = #"{"title": "Menu", "sections": [{"rows": [{"title": "Pizza"}, {"title": "Pasta"}]}]}"#

    @Test func remappedKeysWorkAndTheHintsSayThem() throws {
        let files = try Fixtures(["menu.json": spec,
                                  "config/segue/config.json": #"{"keys": {"x": "quit", "q": null, "ctrl-d": "moveDown"}}"#])
        let tmux = try Tmux([Paths.segue, files.path("menu.json")], environment: ["XDG_CONFIG_HOME": files.path("config")])
        try tmux.waitFor { $0.last?.hasSuffix("x quit") == true }
        try tmux.send("C-d")
        try tmux.waitFor { $0.contains(" > Pasta") }
        try tmux.send("q")  // unbound: nothing happens
        try tmux.send("x")
        #expect(try tmux.exitStatus() == 0)
    }

    @Test func aBrokenConfigIsReportedWithItsPathAndExit78() throws {
        let files = try Fixtures(["menu.json": spec, "config/segue/config.json": #"{"keys": {"x": "qiut"}}"#])
        let tmux = try Tmux(["sh", "-c", "\"$0\" \"$1\" 2>&1; echo status=$?", Paths.segue, files.path("menu.json")],
                            environment: ["XDG_CONFIG_HOME": files.path("config")])
        let screen = try tmux.waitFor(text: "status=78", joined: true)
        #expect(screen.joined().contains("segue/config.json:1:11: keys.x: expected a command"))
    }
}

/// A Swift program's session answers the keys its user chose, without the program passing them.
@Suite(.serialized) struct LibraryConfigSessionTests {
    @Test func aLibrarySessionTakesTheUsersKeysUnasked() throws {
        let files = try Fixtures(["config/segue/config.json": #"{"keys": {"x": "quit", "q": null}}"#])
        let tmux = try Tmux(["sh", "-c", #""$EXAMPLE"; echo "status=$?""#],
                            environment: ["EXAMPLE": Paths.example, "XDG_CONFIG_HOME": files.path("config")])
        try tmux.waitFor(text: "People directory")
        try tmux.waitFor { $0.last?.hasSuffix("x quit") == true }
        try tmux.send("q")  // unbound by the user: nothing happens
        try tmux.send("x")
        try tmux.waitFor(text: "status=0")
    }
}
