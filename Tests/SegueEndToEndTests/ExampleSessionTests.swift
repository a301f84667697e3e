import Foundation
import Testing

/// `segue-example`, a program built on SegueKit, in the real terminal: a list paged from an async
/// closure (with its latency, its failure and the retry) and an async handler that Esc stops.
@Suite(.serialized) struct ExampleSessionTests {
    func session() throws -> Tmux {
        try Tmux(["sh", "-c", #"out=$("$EXAMPLE"); echo "status=$? out=[$out]""#], environment: ["EXAMPLE": Paths.example])
    }

    @Test func aProgramFallsBackToPlainModeOnADumbTerminalAsTheCommandDoes() throws {
        let tmux = try Tmux(["sh", "-c", #"TERM=dumb "$EXAMPLE"; echo "status=$?""#], environment: ["EXAMPLE": Paths.example])
        try tmux.waitFor { $0.contains { $0.hasPrefix("Choose:") } }
        try tmux.send("-l", "q")
        try tmux.send("Enter")
        try tmux.waitFor(text: "status=0")
    }

    @Test func aProgramDrawsASCIIInALocaleWithoutUTF8() throws {
        let tmux = try Tmux(["sh", "-c", #"LANG=C LC_ALL=C "$EXAMPLE"; echo "status=$?""#], environment: ["EXAMPLE": Paths.example])
        try tmux.waitFor(text: "People directory")
        try tmux.waitFor { lines in lines.contains { $0.hasPrefix(" > ") } && lines.allSatisfy { $0.allSatisfy(\.isASCII) } }
        try tmux.send("q")
        try tmux.waitFor(text: "status=0")
    }

    @Test func thePeopleDirectoryPagesFromSwiftShowsItsFailureAndRetries() throws {
        let tmux = try session()
        try tmux.waitFor(text: "People directory")
        try tmux.send("Down", "Down", "Enter")
        try tmux.waitFor { $0.contains { $0.hasPrefix("   Loading…") } }
        try tmux.waitFor { $0.contains { $0.hasPrefix(" > Ada 1") && $0.hasSuffix("Lisbon") } }
        // Page 2 comes as the cursor nears the end; page 3 fails once, and Enter on it retries.
        try tmux.send("End")
        try tmux.waitFor { $0[0].hasSuffix("/40") || $0[0].hasSuffix("/41") }
        try tmux.send("End")
        try tmux.waitFor { $0.contains { $0.hasPrefix(" > Jun 40") } }
        try tmux.waitFor { $0.contains { $0.contains("⚠ the directory timed out (simulated)") } }
        try tmux.send("End", "Enter")
        try tmux.waitFor { $0.contains { $0.contains("Ada 41") } }
        try tmux.send("Home", "Enter")
        try tmux.waitFor(text: "status=0 out=[Ada 1]")
    }

    @Test func escStopsARunningAsyncHandlerAndTheListKeepsAnswering() throws {
        let tmux = try session()
        try tmux.waitFor(text: "Sync now")
        try tmux.send("Down", "Down", "Down", "Enter")
        try tmux.waitFor { $0.last?.contains("Sync now…  Esc stops it") == true }
        try tmux.send("Up")
        try tmux.waitFor { $0.contains { $0.hasPrefix(" > People directory") } }
        try tmux.send("Escape")
        try tmux.waitFor { $0.last == " stopped: Sync now" }
        // Still on the first screen: Esc stopped the handler, it did not quit.
        try tmux.send("Down", "Enter")
        try tmux.waitFor { $0.last?.contains("Sync now…") == true }
        try tmux.waitFor(timeout: 10) { $0.last == " synced 42 items" }
        try tmux.send("q")
        try tmux.waitFor(text: "status=0 out=[]")
    }

    /// SegueKit's one-shot questions from a Swift tool (`segue-example deploy`): each under the
    /// prompt, the tool carrying on with the answers; Esc is no answer, Ctrl-C throws.
    @Test func aToolAsksItsQuestionsUnderThePromptAndCarriesOn() throws {
        let tmux = try Tmux(["sh", "-c", #"""
            echo above; out=$("$EXAMPLE" deploy); echo "status=$? out=[$out]"
            "$EXAMPLE" deploy; echo "second=$?"
            """#], environment: ["EXAMPLE": Paths.example])
        try tmux.waitFor { $0.contains(" > staging") && $0.contains("   production") }
        #expect(try tmux.paneFlag("#{alternate_on}") == "0")
        try tmux.send("Down", "Enter")
        try tmux.waitFor(text: "Note:")
        try tmux.send("-l", "v2")
        try tmux.send("Enter")
        try tmux.waitFor(text: "Deploy to production?")
        try tmux.send("y")
        let screen = try tmux.waitFor(text: "status=0 out=[deployed to production: v2 (built v2)]")
        #expect(screen.first == "above")
        try tmux.waitFor(text: " > staging")
        try tmux.send("C-c")
        try tmux.waitFor(text: "second=130")
    }

    /// After a question the tool has its own signals back: SIGINT ends it by default again.
    @Test func theToolsOwnCtrlCWorksAgainAfterItsQuestions() throws {
        let tmux = try Tmux(["sh", "-c", #""$EXAMPLE" deploy --then-interrupt; echo "status=$?""#], environment: ["EXAMPLE": Paths.example])
        try tmux.waitFor(text: " > staging")
        try tmux.send("Enter")
        try tmux.waitFor(text: "Note:")
        try tmux.send("Enter")
        try tmux.waitFor(text: "Deploy to staging?")
        try tmux.send("y")
        let screen = try tmux.waitFor(text: "status=130")
        #expect(!screen.joined().contains("swallowed"))
    }

    /// `segue-example release`: a Swift tool prints, asks in a few lines under its output (which
    /// build from rows made of Swift values; then, from inside the row's async handler, where to
    /// and whether to go on), shows its progress as a bar, prints the Swift value the screen
    /// finished with, and goes on until Ctrl-C, whose default action ends it: status 130.
    @Test func aToolAsksMidOutputFinishesWithItsValueAndCtrlCEndsItAfterwards() throws {
        let tmux = try Tmux(["sh", "-c", #"echo above; exec "$EXAMPLE" release"#], environment: ["EXAMPLE": Paths.example])
        try tmux.waitFor { $0.contains { $0.hasPrefix(" > v2.4.6") } && Tmux.flowed($0).contains("release: 3 builds waiting") }
        #expect(try tmux.paneFlag("#{alternate_on}") == "0")
        try tmux.send("Down", "Enter")
        try tmux.waitFor { $0.contains(" Deploy v2.4.5 to: production") }
        try tmux.send("BSpace", "BSpace", "BSpace", "BSpace", "BSpace", "BSpace", "BSpace", "BSpace", "BSpace", "BSpace")
        try tmux.send("-l", "staging")
        try tmux.send("Enter")
        try tmux.waitFor { $0.contains(" Deploy v2.4.5 to staging? (y/N)") }
        try tmux.send("y")
        try tmux.waitFor { $0.contains { $0.contains("v2.4.5… [") && $0.hasSuffix("Esc stops it") } }
        let screen = try tmux.waitFor(text: "watching the rollout; Ctrl-C to stop")
        let flowed = Tmux.flowed(screen)
        #expect(flowed.hasPrefix("above release: 3 builds waiting deployed v2.4.5 to staging (deployment #1)"))
        try tmux.send("C-c")
        #expect(try tmux.exitStatus() == 130)
    }

    /// At 20x5 the handler's progress is what its status line shows: the row's title gives way.
    @Test func atTwentyByFiveAHandlersProgressStaysReadable() throws {
        let tmux = try Tmux(["sh", "-c", #"exec "$EXAMPLE" release"#], width: 20, height: 5, environment: ["EXAMPLE": Paths.example])
        try tmux.waitFor { $0.contains { $0.hasPrefix(" > v2.4.6") } }
        try tmux.send("Enter")
        try tmux.waitFor(text: "production")
        try tmux.send("Enter")
        try tmux.waitFor(text: "(y/N)", joined: true)
        try tmux.send("y")
        let screen = try tmux.waitFor { $0.last?.hasSuffix("% migrating") == true }
        #expect(screen.last?.contains("33% migrating") == true)
        try tmux.waitFor(text: "watching the", joined: true)
        try tmux.send("C-c")
    }

    /// The same tool on a dumb terminal: plain mode asks the handler's questions as lines, and
    /// waits for the answer rather than for the handler that waits for it.
    @Test func aToolsHandlerAsksItsQuestionsAsLinesInPlainMode() throws {
        let tmux = try Tmux(["sh", "-c", #"TERM=dumb "$EXAMPLE" release; echo "status=$?""#], environment: ["EXAMPLE": Paths.example])
        try tmux.waitFor { $0.contains { $0.hasPrefix("Choose:") } }
        try tmux.send("-l", "3")
        try tmux.send("Enter")
        try tmux.waitFor { $0.last { !$0.isEmpty }?.hasPrefix("Deploy v2.4.4 to [production]:") == true }
        try tmux.send("Enter")
        try tmux.waitFor { $0.last { !$0.isEmpty }?.hasPrefix("Deploy v2.4.4 to production? (y/N)") == true }
        try tmux.send("-l", "y")
        try tmux.send("Enter")
        try tmux.waitFor(text: "deployed v2.4.4 to production (deployment #1)")
    }
}

