import Foundation
import Testing

/// Plain mode (TERM=dumb or --plain): numbered lines and a prompt, driven by typed lines
/// through a segue, a confirmation and an emit; the value still goes to standard output.
@Suite(.serialized) struct PlainSessionTests {
    let menu = #"{"title": "Menu", "sections": [{"header": "Food", "rows": [{"title": "Mains", "segue": "mains.json"}, {"title": "Closed", "enabled": false}]}]}"#
    let mains = #"""
        {"title": "Mains", "sections": [{"rows": [
          {"title": "Pizza", "detail": "9.50", "key": "p", "action": {"type": "emit", "value": "pizza", "confirm": "Order a pizza?"}},
          {"title": "Pasta", "action": {"type": "emit", "value": "pasta"}}]}]}
        """#

    func session(_ environment: [String: String], arguments: [String] = []) throws -> Tmux {
        let specs = try Fixtures(["menu.json": menu, "mains.json": mains])
        let script = #"out=$("$SEGUE" "$@" menu.json); echo "status=$? out=[$out]""#
        return try Tmux(["sh", "-c", script, "sh"] + arguments, width: 80, height: 30, directory: specs.folder.path,
                        environment: environment.merging(["SEGUE": Paths.segue]) { a, _ in a })
    }

    @Test func aDumbTerminalGetsNumberedLinesThroughASegueAConfirmationAndAnEmit() throws {
        let tmux = try session(["TERM": "dumb"])
        let first = try tmux.waitFor(text: "Choose: 1, a hotkey, /text find, ? help, q quit>")
        #expect(first.contains("== Menu ==") && first.contains("Food:") && first.contains("  1. Mains (opens)"))
        #expect(first.contains("   -. Closed (unavailable)"))
        try tmux.send("-l", "2")
        try tmux.send("Enter")
        try tmux.waitFor(text: "? no row 2 to choose")
        try tmux.send("-l", "1")
        try tmux.send("Enter")
        try tmux.waitFor(text: "== Menu > Mains ==")
        try tmux.waitFor(text: "1. [p] Pizza — 9.50")
        try tmux.send("-l", "p")
        try tmux.send("Enter")
        try tmux.waitFor(text: "Order a pizza? (y/N)")
        try tmux.send("-l", "y")
        try tmux.send("Enter")
        try tmux.waitFor(text: "status=0 out=[pizza]")
    }

    @Test func findingAndGoingBackAndQuitting() throws {
        let tmux = try session(["TERM": "xterm"], arguments: ["--plain"])
        try tmux.waitFor(text: "Choose: 1, a hotkey")
        try tmux.send("-l", "1")
        try tmux.send("Enter")
        try tmux.waitFor(text: "b back")
        try tmux.send("-l", "/pas")
        try tmux.send("Enter")
        let found = try tmux.waitFor(text: "(finding \"pas\": 1 rows; / alone shows all)")
        #expect(found.contains("  1. Pasta"))
        try tmux.send("-l", "b")
        try tmux.send("Enter")
        try tmux.waitFor(text: "== Menu ==")
        try tmux.send("-l", "q")
        try tmux.send("Enter")
        try tmux.waitFor(text: "status=0 out=[]")
    }

    @Test func anInterruptEndsAPlainSessionAndItsLoads() throws {
        let slow = #"{"title": "Slow", "sections": [{"source": {"command": ["sleep", "31.25"], "format": "lines"}}]}"#
        let specs = try Fixtures(["slow.json": slow])
        let tmux = try Tmux(["sh", "-c", "\"$SEGUE\" slow.json; echo status=$?; sleep 10"], directory: specs.folder.path,
                            environment: ["TERM": "dumb", "SEGUE": Paths.segue])
        try tmux.waitFor(text: "Loading…")
        #expect(ProcessTable().entries.contains { $0.command == "sleep 31.25" && !$0.isZombie })
        // Ctrl-C in a cooked terminal signals the whole foreground group (the test's shells too):
        // the signal goes to segue alone.
        let segue = try #require(ProcessTable().entries.first { $0.command.hasSuffix("segue slow.json") })
        kill(segue.pid, SIGINT)
        try tmux.waitFor(text: "status=130")
        try tmux.waitFor("the load's process gone") { _ in
            !ProcessTable().entries.contains { $0.command == "sleep 31.25" && !$0.isZombie }
        }
        withExtendedLifetime(specs) {}  // the folder holds the spec until the end
    }

    /// Numbers count only the rows that can be chosen, a digit hotkey is its row's, and a command
    /// with `"wait": true` keeps its output on screen until a line is typed.
    @Test func numbersSkipWhatCannotBeChosenAndWaitWaitsForALine() throws {
        let spec = #"""
            {"title": "Tools", "sections": [{"rows": [
              {"cell": "text", "title": "Pick one"},
              {"title": "Hidden", "hidden": true},
              {"title": "Say hi", "action": {"type": "exec", "command": ["echo", "hi from the command"], "wait": true}},
              {"title": "Quit with 4", "key": "1", "action": {"type": "quit", "status": 4}}
            ]}]}
            """#
        let specs = try Fixtures(["tools.json": spec])
        let tmux = try Tmux(["sh", "-c", "\"$SEGUE\" tools.json; echo status=$?"], directory: specs.folder.path,
                            environment: ["TERM": "dumb", "SEGUE": Paths.segue])
        let first = try tmux.waitFor(text: "Choose: 1-2, a hotkey")
        #expect(first.contains("   Pick one") && first.contains("  1. Say hi") && first.contains("  2. [1] Quit with 4"))
        #expect(!Tmux.flowed(first).contains("Hidden"))
        try tmux.send("-l", "#1")
        try tmux.send("Enter")
        try tmux.waitFor(text: "OK done - press Enter to go on>")
        #expect(Tmux.flowed(try tmux.screen()).contains("hi from the command"))
        try tmux.send("Enter")
        try tmux.waitFor(text: "done")
        try tmux.send("-l", "1")
        try tmux.send("Enter")
        try tmux.waitFor(text: "status=4")
        withExtendedLifetime(specs) {}
    }
}
