import Testing
@testable import SegueCore

/// Inline mode reads the terminal itself: bytes into keys and pastes, and the band's height.
@Suite struct InlineInputTests {
    private func keys(_ reads: [String]) -> [RawInputDecoder.Input] {
        var decoder = RawInputDecoder()
        return reads.flatMap { decoder.feed(Array($0.utf8)) }
    }

    @Test func charactersControlKeysAndSequencesBecomeKeys() {
        #expect(keys(["a\u{1B}[A\r\u{7F}\t\u{03}"]) == [.key(.char("a")), .key(.up), .key(.enter), .key(.backspace), .key(.tab),
                                                     .key(.ctrl("c"))])
        #expect(keys(["\u{1B}[5~\u{1B}OH\u{1B}[1;5D\u{1B}b"]) == [.key(.pageUp), .key(.home), .key(.ctrlLeft), .key(.alt("b"))])
        // An Esc that ends a read is the Esc key; the next read is keys of its own.
        #expect(keys(["\u{1B}", "j"]) == [.key(.escape), .key(.char("j"))])
    }

    @Test func aCharacterSplitAcrossReadsArrivesWhole() {
        let bytes = Array("é日".utf8)
        var decoder = RawInputDecoder()
        #expect(decoder.feed(Array(bytes[0..<1])).isEmpty)
        #expect(decoder.feed(Array(bytes[1..<3])) == [.key(.char("é"))])
        #expect(decoder.feed(Array(bytes[3...])) == [.key(.char("日"))])
    }

    @Test func aPasteIsTextEvenAcrossReadsAndWithEscapesInside() {
        #expect(keys(["\u{1B}[200~line one\nq", "uit\u{1B}[A\u{1B}[201~x"])
            == [.paste("line one\nquit\u{1B}[A"), .key(.char("x"))])
    }

    @Test func heightsAreRowsOrAShareAndNeverTooSmallOrTooTall() {
        #expect(InlineHeight(parsing: "10")?.rows(terminalRows: 24) == 10)
        #expect(InlineHeight(parsing: "40%")?.rows(terminalRows: 24) == 10)
        #expect(InlineHeight(parsing: "2")?.rows(terminalRows: 24) == InlineHeight.minimumRows)
        var fitted = InlineHeight(parsing: "~40%")
        #expect(fitted?.fitsContent == true && fitted?.rows(terminalRows: 24) == 10)
        fitted?.contentRows = 7
        #expect(fitted?.rows(terminalRows: 24) == 7)
        fitted?.contentRows = 30
        #expect(fitted?.rows(terminalRows: 24) == 10)
        #expect(InlineHeight(parsing: "~0") == nil && InlineHeight(parsing: "~") == nil)
        #expect(InlineHeight(parsing: "100")?.rows(terminalRows: 24) == 24)
        #expect(InlineHeight(parsing: "10")?.rows(terminalRows: 3) == 3)
        for bad in ["0", "-3", "101%", "0%", "ten", "", "5%%"] { #expect(InlineHeight(parsing: bad) == nil, "\(bad)") }
    }
}
