import Foundation
import Testing

/// `segue form FILE` and `segue-example form`: several questions on one band under the prompt,
/// Enter and Tab moving between them, a field shown only when an earlier answer says so, the
/// answers printed (JSON, or a line each) or, in a Swift tool, read back as its values with a
/// line each left in the scrollback.
@Suite(.serialized) struct FormCommandSessionTests {
    static let spec = """
        {"title": "Release", "form": [
          {"name": "bump", "type": "choose", "title": "Version bump", "options": ["major", "minor", "patch"], "default": "minor"},
          {"name": "title", "type": "input", "title": "Title", "placeholder": "what changed", "pattern": ".{3,}", "invalid": "at least 3 characters"},
          {"name": "publish", "type": "confirm", "title": "Publish now?"},
          {"name": "note", "type": "input", "title": "Release note", "when": "{{settings.publish}}"}
        ]}
        """

    /// The form's file, for as long as the test runs.
    let files: Fixtures

    init() throws { files = try Fixtures(["release.json": Self.spec]) }

    /// `segue form` on the release form, its answers and status echoed after it.
    func session(width: Int = 80, height: Int = 24, flags: String = "") throws -> Tmux {
        try Tmux(["sh", "-c", #"echo above; out=$("$SEGUE" form $FLAGS "$FORM"); echo "status=$? [$out]""#],
                 width: width, height: height, environment: ["SEGUE": Paths.segue, "FORM": files.path("release.json"), "FLAGS": flags])
    }

    /// Patch, a title refused then taken, publish, a note: the keys a person presses.
    func answer(_ tmux: Tmux) throws {
        try tmux.send("Right", "Enter", "Enter")
        try tmux.send("-l", "ab")
        try tmux.send("Enter")
        try tmux.waitFor(text: "at least 3 characters")
        try tmux.send("-l", "c")
        try tmux.send("Enter", "Space")
        try tmux.waitFor(text: "[x] Publish")
        try tmux.send("Enter", "Enter")
        try tmux.send("-l", "Faster")
        try tmux.send("Enter")
    }

    @Test func theFieldsShareOneBandAndTheAnswersArePrintedAsJSON() throws {
        let tmux = try session()
        let screen = try tmux.waitFor { $0.contains { $0.hasPrefix(" > Version bump") && $0.hasSuffix("‹ minor ›") } }
        #expect(Array(screen.prefix(2)) == ["above", " Release"])  // no blank title line above the question
        #expect(screen.contains { $0.hasPrefix("   Title") && $0.hasSuffix("what changed") })
        #expect(screen.contains("   [ ] Publish now?"))
        #expect(!screen.contains { $0.contains("Release note") })  // asked only when publishing
        #expect(try tmux.paneFlag("#{alternate_on}") == "0")
        try answer(tmux)
        let after = try tmux.waitFor(text: "status=0")
        #expect(Array(after.prefix(2)) == ["above", #"status=0 [{"bump":"patch","title":"abc","publish":true,"note":"Faster"}]"#])
    }

    @Test func enterPastTheLastFieldWithAFieldRefusedGoesBackToIt() throws {
        let tmux = try session(flags: "--format lines")
        try tmux.waitFor { $0.contains { $0.hasPrefix(" > Version bump") } }
        try tmux.send("Tab", "Tab", "Enter")
        let refused = try tmux.waitFor(text: "Title: at least 3 characters")
        #expect(refused.contains { $0.hasPrefix(" > Title") })
        try tmux.send("Enter")
        try tmux.send("-l", "Fine")
        try tmux.send("Enter")
        try tmux.waitFor { $0.contains { $0.hasPrefix(" > [ ] Publish now?") } }  // taken: on to the next field
        try tmux.send("BTab")
        try tmux.waitFor { $0.contains { $0.hasPrefix(" > Title") } }
        try tmux.send("Tab")
        try tmux.waitFor { $0.contains { $0.hasPrefix(" > [ ] Publish now?") } }
        try tmux.send("Enter")
        let after = try tmux.waitFor(text: "status=0")
        #expect(Array(after.prefix(4)) == ["above", "status=0 [bump=minor", "title=Fine", "publish=false]"])
    }

    @Test func escExitsOneAndCtrlCExits130() throws {
        let tmux = try session()
        try tmux.waitFor { $0.contains { $0.hasPrefix(" > Version bump") } }
        try tmux.send("Escape")
        try tmux.waitFor(text: "status=1 []")
        let interrupted = try session()
        try interrupted.waitFor { $0.contains { $0.hasPrefix(" > Version bump") } }
        try interrupted.send("C-c")
        try interrupted.waitFor(text: "status=130 []")
    }

    @Test func atTwentyByFiveTheFormIsAnsweredAndLeavesNoFrameInTheScrollback() throws {
        let tmux = try session(width: 20, height: 5)
        try tmux.waitFor { $0.contains { $0.hasPrefix(" > Versi") } }
        try answer(tmux)
        try tmux.waitFor(text: "Faster\"}]", joined: true)
        // No frame of the band is left above (tmux keeps what `ESC [J` erases from the screen's
        // first line in its history): every frame ends in the keys' line.
        let scrollback = try tmux.scrollback()
        #expect(!scrollback.contains { $0.contains("⏎") || $0.contains("Versi") || $0.contains("Title") })
    }

    @Test func aSwiftToolsFormLeavesALineAnAnswerAndPrintsItsValues() throws {
        let tmux = try Tmux(["sh", "-c", #"echo above; out=$("$EXAMPLE" form); echo "status=$? out=[$out]""#],
                            environment: ["EXAMPLE": Paths.example])
        try tmux.waitFor { $0.contains { $0.hasPrefix(" > Version bump") && $0.hasSuffix("‹ minor ›") } }
        try tmux.send("Left", "Enter", "Enter")  // major: the token is asked too, once publishing
        try tmux.send("-l", "Big")
        try tmux.send("Enter", "Enter")
        let token = try tmux.waitFor(text: "Registry token")
        #expect(!token.contains { $0.contains("Release note") })
        try tmux.send("Enter")
        try tmux.send("-l", "s3cret")
        try tmux.send("Enter")
        let screen = try tmux.waitFor(text: "status=0")
        #expect(Array(screen.prefix(6)) == ["above", "✔ Version bump · major", "✔ Title · Big", "✔ Publish now? · No",
                                            "✔ Registry token · ••••••••", #"status=0 out=[major "Big" kept with a token]"#])
        #expect(!screen.contains { $0.contains("s3cret") })
    }
}
