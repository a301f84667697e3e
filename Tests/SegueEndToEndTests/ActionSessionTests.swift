import Foundation
import Testing

/// Actions in the real terminal, and segue as a menu inside shell scripts.
@Suite(.serialized) struct ActionSessionTests {
    let menu = #"""
        {"title": "Pick", "sections": [{"rows": [
          {"title": "Apple", "action": {"type": "emit", "value": "apple"}, "actions": [
            {"key": "x", "title": "Peel", "action": {"type": "emit", "value": "peeled {{title}}"}},
            {"key": "s", "title": "Say", "action": {"type": "exec", "command": ["sh", "-c", "echo said it"], "wait": true}}]},
          {"title": "Banana", "action": "emit"},
          {"title": "Cherry", "action": "emit"},
          {"title": "Shout", "action": {"type": "exec", "command": ["sh", "-c", "echo hello from exec; exit 3"], "wait": true}},
          {"title": "Fail", "action": {"type": "exec", "command": ["sh", "-c", "echo done; exit 7"], "then": "quit"}},
          {"title": "Leave", "action": {"type": "quit", "status": 5, "confirm": "Leave now?"}}
        ]}]}
        """#

    /// Runs `script` with `sh`, with `$SEGUE` the binary and the spec at ./menu.json.
    func session(_ script: String) throws -> Tmux {
        let specs = try Fixtures(["menu.json": menu])
        return try Tmux(["sh", "-c", script], directory: specs.folder.path, environment: ["SEGUE": Paths.segue])
    }

    @Test func emitWorksThroughCommandSubstitution() throws {
        let tmux = try session(#"out=$("$SEGUE" menu.json); echo "status=$? out=[$out]""#)
        try tmux.waitFor(text: "Apple")
        try tmux.send("Enter")
        try tmux.waitFor(text: "status=0 out=[apple]")
        #expect(try tmux.exitStatus() == 0)
        #expect(try tmux.ttyModesRestored())
    }

    @Test func aRowsExtraActionRunsByItsKeyAndFromTheMenu() throws {
        let tmux = try session(#"out=$("$SEGUE" menu.json); echo "status=$? out=[$out]""#)
        try tmux.waitFor { $0.last?.hasPrefix(" x peel  s say  ⇥ actions") == true }
        // The menu: Tab, then down to Say and Enter runs the command; back in the list after.
        try tmux.send("Tab")
        try tmux.waitFor { $0.contains { $0.contains("│ s  Say") } }
        try tmux.send("Down", "Down", "Enter")
        try tmux.waitFor(text: "said it")
        try tmux.send("Enter")
        try tmux.waitFor { $0.contains(" > Apple") && !$0.joined().contains("┌") }
        try tmux.send("x")
        try tmux.waitFor(text: "status=0 out=[peeled Apple]")
        #expect(try tmux.exitStatus() == 0)
        #expect(try tmux.ttyModesRestored())
    }

    @Test func multiSelectEmitsEveryMarkedRowOnItsOwnLine() throws {
        let tmux = try session(#""$SEGUE" --multi menu.json > chosen.txt; echo "status=$?"; tr '\n' '|' < chosen.txt"#)
        try tmux.waitFor(text: "Apple")
        try tmux.send("Space", "Down", "Down", "Space")
        try tmux.waitFor { $0.contains { $0.hasPrefix(" ✓ Cherry") } }
        try tmux.send("Enter")
        try tmux.waitFor(text: "status=0")
        try tmux.waitFor(text: "apple|Cherry|")
    }

    @Test func printJSONEmitsAnObject() throws {
        let tmux = try session(#"out=$("$SEGUE" --print-json menu.json); echo "out=$out""#)
        try tmux.waitFor(text: "Apple")
        try tmux.send("Down", "Enter")
        try tmux.waitFor(text: #""path":["Pick"]"#)
        try tmux.waitFor(text: #""value":"Banana""#)
    }

    @Test func execSuspendsCursesAndRestoresTheScreen() throws {
        let tmux = try session(#""$SEGUE" menu.json; echo "status=$?""#)
        try tmux.waitFor(text: "Apple")
        try tmux.send("Down", "Down", "Down")
        try tmux.waitFor(text: "⏎ runs: sh -c 'echo hello from exec; exit 3'")
        try tmux.send("Enter")
        try tmux.waitFor { $0.contains { $0.contains("hello from exec") } && $0.contains { $0.contains("✗ exit 3 · press a key to go back") } }
        #expect(try tmux.paneFlag("#{alternate_on}") == "0")  // the command had the normal screen
        try tmux.send("x")
        try tmux.waitFor { $0[0].contains("Pick") && $0.last?.hasPrefix(" exit status 3") == true }
        #expect(try tmux.paneFlag("#{alternate_on}") == "1")
        try tmux.send("q")
        try tmux.waitFor(text: "status=0")
    }

    @Test func execThenQuitExitsWithTheCommandsStatus() throws {
        let tmux = try session(#""$SEGUE" menu.json; echo "status=$?""#)
        try tmux.waitFor(text: "Apple")
        try tmux.send("Down", "Down", "Down", "Down", "Enter")
        try tmux.waitFor(text: "status=7")
    }

    @Test func confirmAsksAndOnlyYesGoesOn() throws {
        let tmux = try session(#""$SEGUE" menu.json; echo "status=$?""#)
        try tmux.waitFor(text: "Apple")
        try tmux.send("End", "Enter")
        try tmux.waitFor(text: "Leave now? (y/N)")
        try tmux.send("n")
        try tmux.waitFor(text: "cancelled")
        try tmux.send("Enter")
        try tmux.waitFor(text: "Leave now? (y/N)")
        try tmux.send("y")
        try tmux.waitFor(text: "status=5")
    }

    @Test func noExecRefusesCommands() throws {
        let tmux = try session(#"SEGUE_NO_EXEC=1 "$SEGUE" menu.json; echo "status=$?""#)
        try tmux.waitFor(text: "Apple")
        try tmux.send("Down", "Down", "Down")
        try tmux.waitFor(text: "exec is off:")
        try tmux.send("Enter")
        try tmux.waitFor(text: "running commands is turned off (--no-exec)")
        try tmux.send("q")
        try tmux.waitFor(text: "status=0")
    }

    @Test func aSpecFromStdinWorksAndTheUIUsesTheTerminal() throws {
        let tmux = try session(#"out=$("$SEGUE" - < menu.json); echo "status=$? out=[$out]""#)
        try tmux.waitFor(text: "Apple")
        try tmux.send("Down", "Down", "Enter")
        try tmux.waitFor(text: "status=0 out=[Cherry]")
    }

    /// `become`: the terminal is restored, the command takes Segue's place with the terminal as
    /// its input (lines were piped in), in the caller's folder with `"cwd": "caller"`, and its
    /// status is the program's.
    @Test func becomeReplacesSegueWithTheCommandAndPassesItsStatusOn() throws {
        let specs = try Fixtures(["spec/main.json": #"""
            {"title": "Hand over", "cwd": "caller", "sections": [{"rows": [
              {"title": "Edit", "action": {"type": "become", "command": ["sh", "-c", "[ -t 0 ] && echo \"tty in $(basename \"$PWD\") for $1\"; exit 7", "sh", "{{title}}"]}}
            ]}]}
            """#, "caller/.keep": ""])
        let tmux = try Tmux(["sh", "-c", #"cd caller && echo piped | "$SEGUE" ../spec; echo "status=$?""#], directory: specs.folder.path,
                            environment: ["SEGUE": Paths.segue])
        try tmux.waitFor(text: " > Edit")
        try tmux.send("Enter")
        let screen = try tmux.waitFor(text: "status=7")
        #expect(screen.contains("tty in caller for Edit"))
        // The wrapper records the modes once the script has ended: wait for that first.
        #expect(try tmux.exitStatus() == 0)
        #expect(try tmux.ttyModesRestored())
    }

    /// `--expect`: the key that chose is printed before the value, an empty line for Enter.
    @Test func anExpectedKeyIsPrintedBeforeTheChoice() throws {
        let tmux = try session(#"printf 'one\ntwo\n' | "$SEGUE" --expect ctrl-x,f2 | tr '\n' '|'; echo " status=$?""#)
        try tmux.waitFor { $0.contains(" > one") && $0.last?.hasSuffix("2/2") == true }
        try tmux.send("Down", "F2")
        try tmux.waitFor(text: "f2|two| status=0")
    }
}
