import Testing
@testable import SegueCore

/// Terminal control sequences removed from a program's output.
@Suite struct EscapeSequencesTests {
    func stripped(_ text: String) -> String { EscapeSequences.removed(from: text) }

    @Test func csiSequencesWithParametersGo() {
        #expect(stripped("\u{1B}[01;34mdocs\u{1B}[0m") == "docs")  // ls --color=always
        #expect(stripped("\u{1B}[38;5;196mred\u{1B}[m and \u{1B}[1;4mbold\u{1B}[22m") == "red and bold")
        #expect(stripped("\u{1B}[?25l\u{1B}[2J\u{1B}[Hclear") == "clear")
        #expect(stripped("a\u{1B}[ qb") == "ab")  // an intermediate before the final byte
    }

    @Test func oscStringsGoUpToBELOrST() {
        #expect(stripped("\u{1B}]0;window title\u{07}text") == "text")
        #expect(stripped("\u{1B}]8;;https://example.com\u{1B}\\link\u{1B}]8;;\u{1B}\\ after") == "link after")
        #expect(stripped("\u{1B}P1$r0m\u{1B}\\dcs") == "dcs")
    }

    @Test func otherEscapesGoWithTheirFinalCharacter() {
        #expect(stripped("\u{1B}(Bplain\u{1B}7\u{1B}8\u{1B}=") == "plain")
    }

    @Test func aLoneEscIsDroppedAndWhatFollowsItStays() {
        #expect(stripped("end\u{1B}") == "end")
        #expect(stripped("a\u{1B}\u{E9}") == "aé")
        #expect(stripped("\u{1B}\u{1B}[0mx") == "x")
        #expect(stripped("\u{1B}[12\u{E9}") == "é")  // a CSI cut short ends at what cannot be in it
        #expect(stripped("\u{1B}]title\u{1B}[1mbold") == "bold")  // an OSC cut short by another sequence
    }

    @Test func c1ControlsGoAndTheirSequencesWithThem() {
        #expect(stripped("\u{9B}31mred\u{9B}0m") == "red")
        #expect(stripped("\u{9D}0;title\u{9C}text") == "text")
        #expect(stripped("a\u{85}b\u{80}c") == "abc")
    }

    @Test func plainTextIsUntouched() {
        for text in ["", "plain", "Crème brûlée 🍮", "漢字 [01;34m", "tab\there", "\u{A0}nbsp"] {
            #expect(stripped(text) == text)
        }
    }
}
