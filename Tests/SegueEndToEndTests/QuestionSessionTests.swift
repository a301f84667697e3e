import Foundation
import Testing

/// `segue choose`, `segue confirm`, `segue input`: one question under the prompt, only the answer
/// on stdout, the answer or Esc/Ctrl-C in the exit status.
@Suite(.serialized) struct QuestionSessionTests {
    func session(_ script: String) throws -> Tmux {
        try Tmux(["sh", "-c", script], environment: ["SEGUE": Paths.segue])
    }

    @Test func chooseShowsTheItemsUnderThePromptAndPrintsTheValuePicked() throws {
        let tmux = try session(#"echo top; out=$("$SEGUE" choose --header City --label-delimiter : 'Paris:fr' 'Oslo:no' '{{x}}:x'); echo "status=$? [$out]""#)
        let screen = try tmux.waitFor { $0.contains(" > Paris") && $0.contains("   {{x}}") }
        #expect(screen.first == "top")
        #expect(screen.contains(" City"))
        #expect(try tmux.paneFlag("#{alternate_on}") == "0")
        try tmux.send("Down", "Enter")
        let after = try tmux.waitFor(text: "status=0 [no]")
        #expect(after.prefix(2) == ["top", "status=0 [no]"])
    }

    @Test func chooseReadsItemsFromStandardInputAndMarksSeveral() throws {
        let tmux = try session(#"out=$(printf 'one\ntwo\nthree\n' | "$SEGUE" choose --multi --selected two); echo "status=$? [$out]""#)
        try tmux.waitFor { $0.contains(" > two") }
        try tmux.send("Space", "Down", "Space", "Enter")
        let screen = try tmux.waitFor(text: "three]")
        #expect(screen.prefix(2) == ["status=0 [two", "three]"])
    }

    @Test func chooseWithNothingToChooseIsAUsageError() throws {
        let tmux = try session(#""$SEGUE" choose < /dev/null; echo "status=$?""#)
        let screen = try tmux.waitFor(text: "status=64")
        #expect(screen.contains { $0.contains("no items") })
    }

    @Test func confirmAnswersWithItsExitStatus() throws {
        let tmux = try session(#"""
            "$SEGUE" confirm 'Delete 3 files?'; echo "y=$?"
            "$SEGUE" confirm 'Delete 3 files?'; echo "n=$?"
            out=$("$SEGUE" confirm --default no --affirmative Sure 'Sure?'); echo "enter=$? [$out]"
            "$SEGUE" confirm 'Again?'; echo "left=$?"
            "$SEGUE" confirm 'Esc?'; echo "esc=$?"
            "$SEGUE" confirm 'Ctrl-C?'; echo "ctrlc=$?"
            """#)
        try tmux.waitFor { $0.contains { $0.contains("Delete 3 files?") } && $0.contains(" > Yes") }
        try tmux.send("y")
        try tmux.waitFor { $0.contains("y=0") && $0.contains(" > Yes") }
        try tmux.send("n")
        try tmux.waitFor { $0.contains("n=1") && $0.contains(" > No") && $0.contains("   y Sure") }
        try tmux.send("Enter")
        try tmux.waitFor { $0.contains("enter=1 []") && $0.contains(" > Yes") }
        try tmux.send("Right", "Left", "Right", "Enter")
        try tmux.waitFor { $0.contains("left=1") && $0.contains { $0.contains("Esc?") } }
        try tmux.send("Escape")
        try tmux.waitFor { $0.contains("esc=1") && $0.contains { $0.contains("Ctrl-C?") } }
        try tmux.send("C-c")
        try tmux.waitFor(text: "ctrlc=130")
    }

    @Test func inputPrintsWhatIsTypedOnceItPassesItsRules() throws {
        let tmux = try session(#"""
            out=$("$SEGUE" input --prompt 'Port: ' --kind number --min 1 --max 9 --placeholder 'A port, 1 to 9'); echo "port=$? [$out]"
            out=$("$SEGUE" input --prompt 'Name: ' --value 'Bo'); echo "name=$? [$out]"
            "$SEGUE" input --password; echo "esc=$?"
            """#)
        try tmux.waitFor { $0.contains { $0.hasPrefix(" Port:") } && $0.contains("   A port, 1 to 9") }
        try tmux.send("-l", "12")
        try tmux.send("Enter")
        try tmux.waitFor { $0.contains { $0.contains("expected a number from 1 to 9") } }
        try tmux.send("BSpace", "BSpace", "7", "Enter")
        try tmux.waitFor { $0.contains("port=0 [7]") && $0.contains { $0.hasPrefix(" Name: Bo") } }
        try tmux.send("-l", "b {{x}}")
        try tmux.send("Enter")
        try tmux.waitFor { $0.contains("name=0 [Bob {{x}}]") }
        try tmux.send("-l", "secret")
        let hidden = try tmux.waitFor { $0.contains { $0.contains("••••••") } }
        #expect(!hidden.contains { $0.contains("secret") })
        try tmux.send("Escape")
        try tmux.waitFor(text: "esc=1")
    }

    @Test func inputWithABadPatternIsAUsageErrorNamingTheOption() throws {
        let tmux = try session(#""$SEGUE" input --pattern '['; echo "status=$?""#)
        let screen = try tmux.waitFor(text: "status=64")
        #expect(screen.contains { $0.contains("--pattern: not a valid regular expression") })
    }

    /// A folder of the test's own, for files the commands and the test pass each other.
    func scratch() throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("segue-spin-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder.path
    }

    @Test func spinShowsItsTitleWhileTheCommandRunsAndPassesItsStatusAndFailureOn() throws {
        let folder = try scratch()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // The command ends when the test has seen the spinner (it waits for a file, not for time).
        let tmux = try Tmux(["sh", "-c", #"""
            echo top
            out=$("$SEGUE" spin --title 'Building…' -- sh -c 'echo out; echo err >&2; while [ ! -e "$DIR/go" ]; do sleep 0.02; done; exit 3' 2>"$DIR/err"); echo "status=$? [$out]"
            cat "$DIR/err"
            out=$("$SEGUE" spin --show-output -- printf 'a\nb'); echo "shown=$? [$out]"
            "$SEGUE" spin -- no-such-program-here; echo "missing=$?"
            """#], environment: ["SEGUE": Paths.segue, "DIR": folder])
        let screen = try tmux.waitFor { $0.contains { $0.hasSuffix(" Building…") } }
        #expect(screen.first == "top")
        #expect(screen.contains { $0.count >= 3 && LiveSpinner.frames.contains($0[$0.index(after: $0.startIndex)]) })
        #expect(try tmux.paneFlag("#{alternate_on}") == "0")
        _ = FileManager.default.createFile(atPath: folder + "/go", contents: nil)
        let after = try tmux.waitFor { $0.contains("missing=127") }
        #expect(after.prefix(6) == ["top", "status=3 []", "out", "err", "shown=0 [a", "b]"])
        #expect(after.contains { $0.contains("segue spin: cannot run no-such-program-here") })
        #expect(!after.contains { $0.contains("Building…") })
    }

    @Test func ctrlCStopsTheCommandsWholeGroupAndEscToo() throws {
        let folder = try scratch()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let tmux = try Tmux(["sh", "-c", #"""
            "$SEGUE" spin --title First -- sh -c 'sleep 300 & echo $! > "$DIR/child"; wait'; echo "ctrlc=$?"
            "$SEGUE" spin --title Second -- sleep 300; echo "esc=$?"
            """#], environment: ["SEGUE": Paths.segue, "DIR": folder])
        try tmux.waitFor { $0.contains { $0.hasSuffix(" First") } }
        var child: Int32 = 0
        try tmux.waitFor("the command's child to start") { _ in
            child = Int32((try? String(contentsOfFile: folder + "/child", encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines) ?? "") ?? 0
            return child > 0
        }
        try tmux.send("C-c")
        try tmux.waitFor { $0.contains("ctrlc=130") && $0.contains { $0.hasSuffix(" Second") } }
        // The sleep the command left in its group went with it.
        try tmux.waitFor("the command's child \(child) to be gone") { _ in kill(child, 0) == -1 }
        try tmux.send("Escape")
        try tmux.waitFor(text: "esc=1")
    }

    @Test func spinWithoutATerminalJustRunsAndInPlainModeSaysItsTitle() throws {
        let tmux = try session(#"""
            setsid -w "$SEGUE" spin --show-output -- sh -c 'echo hi; echo oops >&2; exit 4' 2>/dev/null; echo "notty=$?"
            TERM=dumb "$SEGUE" spin --title Working -- true; echo "plain=$?"
            """#)
        let screen = try tmux.waitFor { $0.contains("plain=0") }
        #expect(screen.prefix(4) == ["hi", "notty=4", "Working", "plain=0"])
    }

    @Test func writeTakesLinesUntilCtrlDAndPrintsThem() throws {
        let tmux = try session(#"""
            echo top
            out=$("$SEGUE" write --header 'Commit message' --placeholder 'Say why' --char-limit 200); echo "write=$? [$out]"
            "$SEGUE" write --value kept; echo "esc=$?"
            """#)
        var screen = try tmux.waitFor { $0.contains(" │ Say why") }
        #expect(screen.prefix(2) == ["top", " Commit message"])
        #expect(screen.contains { $0.hasPrefix(" Ctrl-D done  Esc cancel") && $0.hasSuffix("0/200") })
        try tmux.send("-l", "Fix {{x}}")
        try tmux.send("Enter")
        try tmux.send("-l", "Because the line was far too long to fit in eighty columns, it wraps between words")
        // 80 columns less the bar and margins, less the cursor's column: 75 to a row.
        // Polled until the whole text has arrived: tmux types it a few characters at a time.
        try tmux.waitFor { $0.contains(" │ Because the line was far too long to fit in eighty columns, it wraps") && $0.contains(" │ between words") }
        try tmux.send("Up", "End", "BSpace", "C-d")
        screen = try tmux.waitFor(joined: true) { $0.contains { $0.hasPrefix("write=0") } && $0.contains(" │ kept") }
        #expect(screen.prefix(3) == ["top", "write=0 [Fix {{x}", "Because the line was far too long to fit in eighty columns, it wraps between words]"])
        try tmux.send("Escape")
        try tmux.waitFor(text: "esc=1")
    }

    @Test func writeInPlainModeReadsTheTextToCtrlD() throws {
        let tmux = try session(#"out=$(TERM=dumb "$SEGUE" write --header Notes); echo "plain=$? [$out]""#)
        try tmux.waitFor { $0.contains { $0.hasPrefix("Type the text, then Ctrl-D") } }
        try tmux.send("-l", "one")
        try tmux.send("Enter")
        try tmux.send("-l", "two")
        try tmux.send("Enter", "C-d")
        let screen = try tmux.waitFor { $0.contains("plain=0 [one") }
        #expect(screen.contains("two]"))
    }

    @Test func writeFitsATinyTerminal() throws {
        let tmux = try Tmux(["sh", "-c", #"out=$("$SEGUE" write --header 'A header longer than the terminal'); echo "[$out]""#],
                            width: 20, height: 5, environment: ["SEGUE": Paths.segue])
        let screen = try tmux.waitFor { $0.contains(" Ctrl-D done") }
        #expect(screen.prefix(2) == [" A header longer t…", " │"])
        try tmux.send("-l", "abcdefghijklmnopqrstuvwxyz")
        try tmux.waitFor { $0.contains(" │ abcdefghijklmno") && $0.contains(" │ pqrstuvwxyz") }
        try tmux.send("C-d")
        try tmux.waitFor(joined: true) { $0.contains("[abcdefghijklmnopqrstuvwxyz]") }
    }

    /// `segue progress`: the bar moves as the command says, under the prompt, and its status is
    /// passed on. The command waits for a file the test makes once it has seen the bar.
    @Test func progressDrawsABarTheCommandMovesAndPassesItsStatusOn() throws {
        let go = FileManager.default.temporaryDirectory.appendingPathComponent("segue-progress-go-\(getpid())").path
        defer { try? FileManager.default.removeItem(atPath: go) }
        let tmux = try Tmux(["sh", "-c", #"echo above; "$SEGUE" progress --title Copying -- sh -c 'echo "Step one"; echo 50; while [ ! -e "$GO" ]; do sleep 0.05; done; exit 4'; echo "status=$?""#],
                            environment: ["SEGUE": Paths.segue, "GO": go])
        let screen = try tmux.waitFor { $0.contains { $0.hasSuffix("Copying  Step one") } && $0.contains { $0.hasSuffix(" 50%") } }
        #expect(screen.first == "above")
        _ = FileManager.default.createFile(atPath: go, contents: Data())
        try tmux.waitFor(text: "status=4")
    }
}

private enum LiveSpinner {
    static let frames: Set<Character> = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]
}

/// A question's band starts with the question: no blank title line above it.
@Suite(.serialized) struct QuestionBandTests {
    @Test func chooseAndInputStartWithTheirQuestion() throws {
        let tmux = try Tmux(["sh", "-c", #"echo top; "$SEGUE" choose --header City Paris Oslo; "$SEGUE" input --prompt 'Name: ' --placeholder 'who'"#],
                            environment: ["SEGUE": Paths.segue])
        let choose = try tmux.waitFor { $0.contains(" > Paris") }
        #expect(Array(choose.prefix(3)) == ["top", " City", " > Paris"])
        try tmux.send("Enter")
        let input = try tmux.waitFor { $0.contains { $0.hasPrefix(" Name:") } }
        #expect(Array(input.prefix(3)) == ["top", "Paris", "   who"])
        try tmux.send("Escape")
    }
}
