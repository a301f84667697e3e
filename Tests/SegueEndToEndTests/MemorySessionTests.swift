import Foundation
import Testing

/// Launchers that remember, across runs: frecency orders what was chosen first, a screen opens
/// where it was left, and `segue forget` clears both.
@Suite(.serialized) struct MemorySessionTests {
    let launcher = #"""
        {"title": "Launch", "sort": "frecency", "remember": false, "sections": [{"rows": [
          {"title": "alpha", "action": "emit"}, {"title": "beta", "action": "emit"},
          {"title": "gamma", "action": "emit"}, {"title": "delta", "action": "emit"}]}]}
        """#

    @Test func choicesInEarlierRunsReorderTheLauncherAndForgetClearsThem() throws {
        let files = try Fixtures(["launch.json": launcher])
        let state = files.path("state")
        func choose(_ moves: Int, opensWith first: String) throws {
            let tmux = try Tmux([Paths.segue, files.path("launch.json")], directory: files.folder.path, environment: ["XDG_STATE_HOME": state])
            try tmux.waitFor { $0.count > 1 && $0[1] == " > \(first)" }
            for _ in 0..<moves { try tmux.send("j") }
            try tmux.send("Enter")
            #expect(try tmux.exitStatus() == 0)
        }
        try choose(2, opensWith: "alpha")  // gamma
        try choose(3, opensWith: "gamma")  // gamma, alpha, beta, delta: delta
        try choose(0, opensWith: "delta")  // delta is the newest choice
        let forget = try HostCommand.run(["sh", "-c", "XDG_STATE_HOME=\"$1\" \"$0\" forget \"$2\"", Paths.segue, state, files.path("launch.json")])
        #expect(forget.output.hasPrefix("forgot " + state + "/segue/memory/launch-"))
        try choose(0, opensWith: "alpha")
    }

    @Test func pipedLinesChosenBeforeComeFirstWithFrecency() throws {
        let files = try Fixtures(["hosts.txt": "alpha\nbeta\ngamma\ndelta\n"])
        let script = #"segue() { "$SEGUE" "$@"; }; segue --frecency picks.json < hosts.txt; echo "status=$?""#
        func run(choosing moves: Int, opensWith first: String) throws {
            let tmux = try Tmux(["sh", "-c", script], width: 40, height: 8, directory: files.folder.path, environment: ["SEGUE": Paths.segue])
            try tmux.waitFor { $0.count > 4 && $0[1] == " > \(first)" && $0[4].hasPrefix("   ") }
            for _ in 0..<moves { try tmux.send("Down") }
            try tmux.send("Enter")
            try tmux.waitFor(text: "status=0")
        }
        try run(choosing: 2, opensWith: "alpha")  // gamma
        try run(choosing: 0, opensWith: "gamma")
        #expect(try String(contentsOfFile: files.path("picks.json"), encoding: .utf8).contains("\"gamma\""))
    }

    @Test func aRememberingTreeOpensEachScreenWhereItWasLeft() throws {
        let files = try Fixtures([
            "main.json": #"{"title": "Top", "sections": [{"rows": [{"title": "One"}, {"title": "Sub", "segue": "sub.json"}]}]}"#,
            "sub.json": #"{"title": "Sub", "sections": [{"rows": [{"title": "a"}, {"title": "b"}, {"title": "c"}]}]}"#,
            "segue.json": #"{"remember": true}"#,
        ])
        let state = files.path("state")
        let first = try Tmux([Paths.segue, files.path("main.json")], directory: files.folder.path, environment: ["XDG_STATE_HOME": state])
        try first.waitFor { $0.contains(" > One") }
        try first.send("j")
        try first.send("Enter")
        try first.waitFor { $0.contains(" > a") }
        try first.send("j", "j")
        try first.waitFor { $0.contains(" > c") }
        try first.send("q")
        #expect(try first.exitStatus() == 0)
        let again = try Tmux([Paths.segue, files.path("main.json")], directory: files.folder.path, environment: ["XDG_STATE_HOME": state])
        try again.waitFor { $0.contains { $0.hasPrefix(" > Sub ") } }
        try again.send("Enter")
        try again.waitFor { $0.contains(" > c") }
        try again.send("q")
        #expect(try again.exitStatus() == 0)
    }
}
