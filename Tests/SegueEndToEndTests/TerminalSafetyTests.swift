import Foundation
import Glibc
import Testing
@testable import SegueCore
@testable import SegueTerminal
import SegueTesting

/// Control characters and escape sequences from specs, data, source output, previews and failed
/// commands never reach the terminal: the raw bytes Segue writes to a pseudo-terminal are read,
/// as `script(1)` would record them, and the rows around the hostile ones keep their places.
@Suite(.serialized) struct TerminalSafetyTests {
    /// Every C0 control but NUL, and every C1 control, as JSON escapes.
    static let controls: String = {
        let scalars = Array(1...0x1F) + Array(0x7F...0x9F)
        return scalars.map { String(format: "\\u%04x", $0) }.joined()
    }()

    /// A screen of hostile text in every place text can come from.
    static let spec = """
        {"title": "Safe\\u001b]0;evil title\\u0007ty", "data": {"value": "V\\u001b[6n\\u009b21t\\u001bP+q\\u001b\\\\x"},
         "sections": [{"header": "H\\u001b]52;c;ZXZpbA==\\u0007eader", "rows": [
          {"title": "All controls <\(controls)>", "detail": "d\\u001b[5n\\u001b[9;4:3m"},
          {"title": "From data {{value}}"},
          {"title": "Bidi \\u202e reversed \\u2066 isolate \\u202a end", "detail": "e\(String(repeating: "\\u0301", count: 300))"},
          {"title": "Run bad", "action": {"type": "exec", "command": ["no\\u001b]0;cmd\\u0007such"]}},
          {"title": "After", "detail": "last row"}
         ], "preview": "pre\\u001b]0;p\\u0007view \\u001b[38:2::1:2:3mred\\u001b[0m"},
         {"header": "Output", "source": {"command": ["printf", "src\\\\033]0;s\\\\007 \\\\033P1;2q\\\\033\\\\\\\\ \\\\302\\\\2332m line\\\\n"],
                                         "format": "lines"}}]}
        """

    @Test func nothingHostileReachesTheTerminalAndTheLayoutHolds() throws {
        let files = try Fixtures(["hostile.json": Self.spec])
        let program = try ProgramOnTerminal([Paths.segue, "--preview", "right", files.path("hostile.json")], rows: 24, columns: 100)
        let terminal = program.terminal
        var written: [UInt8] = []
        var screen = ScreenModel(width: 100, height: 24)
        func waitFor(_ what: String, _ condition: (ScreenModel) -> Bool) throws {
            let deadline = Date().addingTimeInterval(10)
            while Date() < deadline {
                let bytes = terminal.read(waiting: 20)
                written += bytes
                screen.apply(bytes)
                if condition(screen) { return }
            }
            throw Tmux.Failure(description: "timed out waiting for \(what); screen was:\n" + screen.lines.joined(separator: "\n"))
        }
        try waitFor("the last row and the source's line") { $0.shows("After") && $0.shows("line") && $0.shows("view") }
        // The exec row's failure, in the status line.
        terminal.write(Array("jjj\r".utf8))
        try waitFor("the failed command") { $0.shows("exit status 127") }
        terminal.write(Array("q".utf8))
        var status: Int32 = 0
        try waitFor("segue to quit") { _ in program.hasEnded(status: &status) }
        written += terminal.read(waiting: 0)

        // What curses itself writes for xterm-256color is fine (it resets the palette with OSC 104);
        // nothing of the spec's may be among it.
        let text = String(decoding: written, as: UTF8.self).replacingOccurrences(of: "\u{1B}]104\u{07}", with: "")
        #expect(!text.contains("\u{1B}]"), "an OSC sequence (title, clipboard) was written")
        #expect(!text.contains("evil") && !text.contains("ZXZpbA=="), "an OSC payload was written")
        #expect(!text.contains("\u{1B}P"), "a DCS sequence was written")
        for sequence in ["\u{1B}[6n", "\u{1B}[5n", "21t", "\u{1B}[9;4:3m", "38:2::1:2:3m"] {
            #expect(!text.contains(sequence), "the spec's \(sequence.debugDescription) was written")
        }
        #expect(!text.utf8.contains(0x07), "BEL was written")
        for violation in EscapeAudit.violations(in: written, allowsCSI: true) { Issue.record("escape audit: \(violation)") }
        for scalar in text.unicodeScalars {
            #expect(!(0x80...0x9F).contains(scalar.value), "a C1 control (U+\(String(scalar.value, radix: 16))) was written")
            #expect(!(0x202A...0x202E).contains(scalar.value) && !(0x2066...0x2069).contains(scalar.value),
                    "a bidi control (U+\(String(scalar.value, radix: 16))) was written")
        }
        // The layout: the rows after the hostile ones are where they belong, titled as written.
        let lines = screen.lines
        let after = try #require(lines.firstIndex { $0.contains("After") })
        let controls = try #require(lines.firstIndex { $0.contains("All controls <") })
        #expect(after == controls + 4)
        #expect(lines[0].hasPrefix(" Safety"))
        #expect(lines[controls + 1].contains("From data V"))
    }
}
