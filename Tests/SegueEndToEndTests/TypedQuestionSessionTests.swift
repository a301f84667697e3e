import Foundation
import Testing

/// `segue-example bump`: a Swift tool's typed questions in the real terminal, each under the
/// prompt, its own validation messages shown as written, Swift work behind a spinner with its
/// progress, and one line per question left in the scrollback (`✔ Version bump · minor`), not
/// on standard output.
@Suite(.serialized) struct TypedQuestionSessionTests {
    static let script = #"echo above; out=$("$EXAMPLE" bump $FLAGS); echo "status=$? out=[$out]""#

    func session(width: Int = 80, height: Int = 24, flags: String = "") throws -> Tmux {
        try Tmux(["sh", "-c", Self.script], width: width, height: height, environment: ["EXAMPLE": Paths.example, "FLAGS": flags])
    }

    /// Answers every question, the refused answers first; `check` looks at the screen after each
    /// refusal and at the spinner.
    func answerAll(_ tmux: Tmux) throws {
        try tmux.waitFor { $0.contains(" > major") && $0.contains(" Version bump") }
        try tmux.send("Down", "Enter")
        try tmux.waitFor(text: "Title:")
        try tmux.send("-l", "ab")
        try tmux.send("Enter")
        try tmux.waitFor(text: "at least 3 characters")
        try tmux.send("-l", "c")
        try tmux.send("Enter")
        try tmux.waitFor(text: "Builds to")
        try tmux.send("-l", "x")
        try tmux.send("Enter")
        try tmux.waitFor(text: "expected a whole number")
        try tmux.send("BSpace")
        try tmux.send("-l", "0")
        try tmux.send("Enter")
        try tmux.waitFor(text: "keep at least one")
        try tmux.send("BSpace")
        try tmux.send("-l", "3")
        try tmux.send("Enter")
        try tmux.waitFor { $0.contains(" > eu (Frankfurt)") }
        try tmux.send("Space", "Down", "Down", "Space", "Enter")
        try tmux.waitFor("the spinner's progress") { $0.contains { $0.contains("Building  ") } }
    }

    static let record = ["✔ Version bump · minor", "✔ Title · abc", "✔ Builds to keep · 3",
                         "✔ Regions · eu (Frankfurt), eu (Dublin)", "✔ Building"]
    static let printed = #"status=0 out=[minor "abc" keep 3 to Frankfurt+Dublin sha256:4f2a]"#

    @Test func eachTypedQuestionLeavesItsLineAndTheToolGetsItsValues() throws {
        let tmux = try session()
        try answerAll(tmux)
        let screen = try tmux.waitFor(text: Self.printed)
        // The lines are on the terminal, in order, and not in what the tool printed.
        #expect(Array(screen.prefix(7)) == ["above"] + Self.record + [Self.printed])
        #expect(try tmux.paneFlag("#{alternate_on}") == "0")
    }

    @Test func atTwentyByFiveTheQuestionsFitAndTheRecordIsInTheScrollback() throws {
        let tmux = try session(width: 20, height: 5)
        try answerAll(tmux)
        try tmux.waitFor(text: "sha256:4f2a]", joined: true)
        let scrollback = try tmux.scrollback()
        let recorded = scrollback.filter { $0.hasPrefix("✔") }
        #expect(recorded == Self.record)
        #expect(scrollback.contains(Self.printed))
    }

    @Test func withTheRecordTurnedOffTheQuestionsLeaveNothing() throws {
        let tmux = try session(flags: "--no-record")
        try answerAll(tmux)
        let screen = try tmux.waitFor(text: Self.printed)
        #expect(Array(screen.prefix(2)) == ["above", Self.printed])
    }

    @Test func escThrowsCancelledNamingTheQuestionAndLeavesNoLine() throws {
        let tmux = try session()
        try tmux.waitFor { $0.contains(" > major") }
        try tmux.send("Down", "Enter")
        try tmux.waitFor(text: "Title:")
        try tmux.send("Escape")
        let screen = try tmux.waitFor(text: "status=1 out=[cancelled: Title:]")
        #expect(Array(screen.prefix(3)) == ["above", "✔ Version bump · minor", "status=1 out=[cancelled: Title:]"])
    }

    /// Where the locale cannot show UTF-8, the record line is ASCII, as the band is.
    @Test func inALocaleWithoutUTF8TheRecordIsASCII() throws {
        let tmux = try Tmux(["sh", "-c", #"LANG=C LC_ALL=C "$EXAMPLE" bump"#], environment: ["EXAMPLE": Paths.example])
        try tmux.waitFor { $0.contains(" > major") }
        try tmux.send("Down", "Enter")
        let screen = try tmux.waitFor(text: "Title:")
        #expect(screen.first == "* Version bump - minor")
    }

    @Test func escStopsTheSwiftWorkBehindTheSpinner() throws {
        let tmux = try session()
        try answerAll(tmux)
        try tmux.send("Escape")
        try tmux.waitFor(text: "status=1 out=[cancelled: Building]")
    }

    /// Ctrl-Z stops a question as it stops the `segue` command: the shell says so, and `fg`
    /// brings the question back where it was.
    @Test func ctrlZSuspendsAQuestionAndFgBringsItBack() throws {
        let tmux = try Tmux(["bash", "--norc", "--noprofile", "-i"], environment: ["EXAMPLE": Paths.example, "PS1": "$ "])
        try tmux.waitFor { $0.contains { $0.hasPrefix("$") } }
        try tmux.send("-l", #""$EXAMPLE" bump"#)
        try tmux.send("Enter")
        try tmux.waitFor { $0.contains(" > major") }
        try tmux.send("Down")
        try tmux.waitFor { $0.contains(" > minor") }
        try tmux.send("C-z")
        try tmux.waitFor(text: "Stopped")
        try tmux.send("-l", "fg")
        try tmux.send("Enter")
        try tmux.waitFor { $0.contains(" > minor") }
        try tmux.send("Enter")
        try tmux.waitFor(text: "✔ Version bump · minor")
        try tmux.waitFor(text: "Title:")
        try tmux.send("C-c")
        try tmux.waitFor { $0.last { !$0.isEmpty } == "$" }
        try tmux.send("-l", #"echo "status=$?""#)
        try tmux.send("Enter")
        try tmux.waitFor(text: "status=130")
    }
}

/// `NO_COLOR` is honoured by every question without the program passing a theme: no colour in
/// the band, nor in the line it leaves.
@Suite(.serialized) struct QuestionColourSessionTests {
    static func colours(_ lines: [String]) -> [String] {
        lines.filter { line in
            line.split(separator: "\u{1B}").contains { sequence in
                guard sequence.hasPrefix("["), sequence.hasSuffix("m") || sequence.contains("m") else { return false }
                let codes = sequence.dropFirst().prefix { $0 != "m" }.split(separator: ";")
                return codes.contains { code in code.count == 2 && (code.hasPrefix("3") || code.hasPrefix("4")) && code != "39" && code != "49" }
            }
        }
    }

    func firstQuestion(noColour: Bool) throws -> (band: [String], after: [String]) {
        // Set either way: the test runner's own environment may hold it.
        let environment = ["EXAMPLE": Paths.example, "NO_COLOR": noColour ? "1" : ""]
        let tmux = try Tmux(["sh", "-c", #""$EXAMPLE" bump"#], environment: environment)
        try tmux.waitFor { $0.contains(" > major") }
        let band = try tmux.styledScreen()
        try tmux.send("Enter")
        try tmux.waitFor(text: "✔ Version bump · major")
        return (band, try tmux.styledScreen())
    }

    /// A session the program starts with no theme (`segue-example`'s showcase) draws with the
    /// user's, and without colours under `NO_COLOR`.
    @Test func noColourLeavesALibrarySessionWithoutColours() throws {
        func screen(noColour: Bool) throws -> [String] {
            let tmux = try Tmux([Paths.example], environment: ["NO_COLOR": noColour ? "1" : ""])
            try tmux.waitFor { $0.contains { $0.hasPrefix(" > Settings") } }
            try tmux.send("Enter")
            try tmux.waitFor(text: "Memory")
            return try tmux.styledScreen()
        }
        #expect(!Self.colours(try screen(noColour: false)).isEmpty)
        #expect(Self.colours(try screen(noColour: true)).isEmpty)
    }

    @Test func noColourLeavesTheBandAndTheRecordWithoutColours() throws {
        let coloured = try firstQuestion(noColour: false)
        #expect(!Self.colours(coloured.band).isEmpty && !Self.colours(coloured.after).isEmpty)
        let plain = try firstQuestion(noColour: true)
        #expect(Self.colours(plain.band).isEmpty, "\(plain.band)")
        #expect(Self.colours(plain.after).isEmpty, "\(plain.after)")
    }
}

/// What a tool writes to standard error while a question or a session draws (a logger) is kept
/// and shown once the terminal is back, never drawn over.
@Suite(.serialized) struct StandardErrorSessionTests {
    @Test func whatTheWorkLogsShowsAfterTheSpinnerInOrder() throws {
        let tmux = try TypedQuestionSessionTests().session(flags: "--log")
        try TypedQuestionSessionTests().answerAll(tmux)
        let screen = try tmux.waitFor(text: TypedQuestionSessionTests.printed)
        let tail = Array(screen.drop { !$0.hasPrefix("✔ Regions") }.dropFirst().prefix(5))
        #expect(tail == ["build: compiling", "build: linking", "build: signing", "✔ Building", TypedQuestionSessionTests.printed])
    }
}
