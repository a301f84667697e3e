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
}
