import Testing
@testable import SegueCore

/// An Esc and what arrived glued to it, as keys.
@Suite struct EscapeSequenceDecoderTests {
    /// Decodes Esc + `following`: the key, and the characters left for input of their own.
    func decode(_ following: String) -> (Key?, rest: String) {
        let scalars = Array(following.unicodeScalars)
        let decoded = EscapeSequenceDecoder.decode(scalars)
        return (decoded.key, String(String.UnicodeScalarView(scalars.dropFirst(decoded.length))))
    }

    /// A burst of input read as the terminal reads it: each Esc decoded with what follows it,
    /// other characters as themselves; keys that mean nothing are left out.
    func keys(_ burst: String) -> [Key] {
        var scalars = Array(burst.unicodeScalars)[...]
        var keys: [Key] = []
        while let scalar = scalars.popFirst() {
            guard scalar == "\u{1B}" else {
                keys.append(.char(Character(scalar)))
                continue
            }
            let decoded = EscapeSequenceDecoder.decode(Array(scalars))
            if let key = decoded.key { keys.append(key) }
            scalars = scalars.dropFirst(decoded.length)
        }
        return keys
    }

    @Test func aLoneEscIsEsc() {
        #expect(decode("") == (.escape, ""))
    }

    /// Keys packed together (over ssh): Tab, a line feed or a Ctrl key glued to an Esc are Esc,
    /// then that key. Alt-Backspace (DEL) is a chord: line editors give it a meaning; so is
    /// Esc CR, Alt-Enter, as fzf reads it.
    @Test func anEscGluedToATabOrACtrlKeyIsEscThenThatKey() {
        #expect(decode("\n").0 == .escape && decode("\n").rest == "\n")
        #expect(decode("\t").rest == "\t")
        #expect(decode("j").0 == .alt("j"))  // an Alt chord
    }

    @Test func twoEscsAreTwoEscs() {
        #expect(decode("\u{1B}") == (.escape, "\u{1B}"))
        #expect(keys("\u{1B}\u{1B}") == [.escape, .escape])
        #expect(keys("\u{1B}\u{1B}\u{1B}") == [.escape, .escape, .escape])
    }

    @Test func aSequenceAfterALoneEscStillDecodes() {
        #expect(decode("\u{1B}[H") == (.escape, "\u{1B}[H"))
        #expect(keys("\u{1B}\u{1B}[H") == [.escape, .home])
        #expect(keys("\u{1B}\u{1B}OA\u{1B}x\u{1B}") == [.escape, .up, .alt("x"), .escape])
    }

    @Test func arrowsInCSIAndSS3() {
        for (sequence, key) in [("[A", Key.up), ("[B", .down), ("[C", .right), ("[D", .left),
                                ("OA", .up), ("OB", .down), ("OC", .right), ("OD", .left), ("[1A", .up)] {
            #expect(decode(sequence) == (key, ""), "Esc \(sequence)")
        }
    }

    @Test func homeAndEndInEverySpelling() {
        for sequence in ["[H", "[1~", "[7~", "OH"] { #expect(decode(sequence) == (.home, ""), "Esc \(sequence)") }
        for sequence in ["[F", "[4~", "[8~", "OF"] { #expect(decode(sequence) == (.end, ""), "Esc \(sequence)") }
    }

    @Test func pagesDeleteShiftTabAndFunctionKeys() {
        #expect(decode("[5~") == (.pageUp, ""))
        #expect(decode("[6~") == (.pageDown, ""))
        #expect(decode("[3~") == (.delete, ""))
        #expect(decode("[Z") == (.backTab, ""))
        #expect(decode("OP") == (.function(1), ""))
        #expect(decode("[15~") == (.function(5), ""))
        #expect(decode("[24~") == (.function(12), ""))
        #expect(decode("OM") == (.enter, ""))
    }

    @Test func whatFollowsASequenceIsLeft() {
        #expect(decode("[Bjk") == (.down, "jk"))
        #expect(decode("OA\u{1B}") == (.up, "\u{1B}"))
    }

    @Test func unknownSequencesAreNothingNeverEsc() {
        #expect(decode("[99~") == (nil, ""))
        #expect(decode("[1;5A") == (nil, ""))  // Ctrl-↑
        #expect(decode("[2~") == (nil, ""))  // Insert
        #expect(decode("[<0;3;4M") == (nil, ""))  // a mouse report curses did not take
        #expect(decode("OX") == (nil, ""))
        #expect(decode("[ q") == (nil, ""))  // an intermediate before the final byte
    }

    @Test func sequencesCutShortAreNothingAndKeepWhatCutThem() {
        #expect(decode("[") == (nil, ""))  // Alt-[ (a cut-short sequence)
        #expect(decode("[12") == (nil, ""))
        #expect(decode("[1\u{1B}") == (nil, "\u{1B}"))
        #expect(decode("O") == (.alt("O"), ""))
        #expect(decode("[\u{E9}") == (nil, "\u{E9}"))
    }

    @Test func ctrlAndAltArrowsAreTheirOwnKeys() {
        #expect(decode("[1;5D") == (.ctrlLeft, "") && decode("[1;5C") == (.ctrlRight, ""))
        #expect(decode("[1;3D") == (.altLeft, "") && decode("[1;3C") == (.altRight, ""))
    }

    @Test func shiftedArrowsAndPagesScrollThePreview() {
        #expect(decode("[1;2A") == (.shiftUp, "") && decode("[1;2B") == (.shiftDown, ""))
        #expect(decode("[5;2~") == (.shiftPageUp, "") && decode("[6;2~") == (.shiftPageDown, ""))
        #expect(decode("[1;5A") == (nil, ""))  // Ctrl-↑ stays nothing
    }

    @Test func altChordsAreAltKeysNeverEsc() {
        #expect(decode("x") == (.alt("x"), ""))
        #expect(decode("xy") == (.alt("x"), "y"))
        #expect(decode("\u{E9}") == (.alt("\u{E9}"), ""))
        #expect(decode("\u{7F}") == (.alt("\u{7F}"), ""))
    }
}
