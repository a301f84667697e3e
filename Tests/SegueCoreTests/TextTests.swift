import Testing
@testable import SegueCore

@Suite struct TextWidthTests {
    @Test func asciiIsOneColumnEach() {
        #expect(TextWidth.of("hello") == 5)
    }

    @Test func cjkAndEmojiTakeTwoColumns() {
        #expect(TextWidth.of("日本語") == 6)
        #expect(TextWidth.of("한국") == 4)
        #expect(TextWidth.of("🍕") == 2)
        #expect(TextWidth.of("ｶﾅ") == 2)  // halfwidth katakana stay narrow
        #expect(TextWidth.of("Ａ") == 2)   // fullwidth Latin
    }

    @Test func combiningMarksTakeNoColumn() {
        #expect(TextWidth.of("e\u{301}") == 1)
        #expect(TextWidth.of("n\u{303}a\u{308}") == 2)
        #expect(TextWidth.of("\u{200B}") == 0)
    }

    @Test func clustersTakeTheSumOfTheirScalarsLikeWcwidth() {
        #expect(TextWidth.of("👍🏽") == 4)
        #expect(TextWidth.of("👨‍👩‍👧") == 6)
        #expect(TextWidth.of("❤\u{FE0F}") == 1)  // text-default base; VS16 takes nothing
        #expect(TextWidth.of("हिन्दी") == 5)       // vowel signs take a cell, the virama none
        #expect(TextWidth.of("🇯🇵") == 2)
    }

    @Test func unitsSplitAClusterIntoWhatTakesCells() {
        let units = TextWidth.units(of: Character("हि"))
        #expect(units.map(\.width) == [1, 1])
        #expect(TextWidth.units(of: Character("e\u{301}")).map(\.text.count) == [2])
    }

    @Test func controlCharactersTakeNoColumn() {
        #expect(TextWidth.of("\u{7}") == 0)
        #expect(TextWidth.of("\u{9B}") == 0)
    }
}

@Suite struct TextFittingTests {
    @Test func shortTextIsUntouched() {
        #expect(TextFitting.truncate("Pizza", to: 5) == "Pizza")
    }

    @Test func longTextEndsWithEllipsis() {
        #expect(TextFitting.truncate("Margherita", to: 6) == "Margh…")
        #expect(TextWidth.of(TextFitting.truncate("Margherita", to: 6)) == 6)
    }

    @Test func wideCharactersAreNeverSplit() {
        // 5 columns: two wide characters (4) would leave no room for "…", so only one fits.
        #expect(TextFitting.truncate("日本語です", to: 5) == "日本…")
        #expect(TextFitting.truncate("日本語です", to: 4) == "日…")
        #expect(TextWidth.of(TextFitting.truncate("日本語です", to: 4)) == 3)
    }

    @Test func combiningMarksStayWithTheirBase() {
        #expect(TextFitting.truncate("e\u{301}e\u{301}e\u{301}e\u{301}", to: 3) == "e\u{301}e\u{301}…")
    }

    @Test func zeroOrOneColumn() {
        #expect(TextFitting.truncate("abc", to: 0) == "")
        #expect(TextFitting.truncate("abc", to: 1) == "…")
    }

    @Test func leadingTruncationKeepsTheEnd() {
        #expect(TextFitting.truncateLeading("Main › Food › Drinks", to: 10) == "… › Drinks")
    }

    @Test func controlCharactersAreMadeHarmlessAndEscapeSequencesGo() {
        #expect(TextFitting.sanitize("a\tb\u{1B}[31mc\u{1B}[0m\u{07}d\ne") == "a bc\u{FFFD}d e")
    }

    @Test func lineAndParagraphSeparatorsBecomeSpacesLikeLineBreaks() {
        #expect(TextFitting.sanitize("a\u{2028}b\u{2029}c\nd") == "a b c d")
    }
}

@Suite struct TextWrappingTests {
    @Test func aFirstLineIsCutAtTheLastSpaceThatFitsAndKeepsItsSpacing() {
        #expect(TextWrapping.firstLine(of: "ab    cd   efgh ij", width: 12) == ("ab    cd", "efgh ij"))
        #expect(TextWrapping.firstLine(of: "abcdefgh ij", width: 4) == ("abcd", "efgh ij"))
        #expect(TextWrapping.firstLine(of: "abcd efgh", width: 4) == ("abcd", "efgh"))
        #expect(TextWrapping.firstLine(of: "short", width: 10) == ("short", ""))
        #expect(TextWrapping.firstLine(of: "日本語", width: 1) == ("日", "本語"))
    }

    @Test func wrapsAtSpaces() {
        #expect(TextWrapping.wrap("Disabled rows are skipped by the cursor", to: 16)
            == ["Disabled rows", "are skipped by", "the cursor"])
    }

    @Test func breaksWordsLongerThanALine() {
        #expect(TextWrapping.wrap("abcdefghij", to: 4) == ["abcd", "efgh", "ij"])
    }

    @Test func wideCharactersCountTwice() {
        #expect(TextWrapping.wrap("日本語日本語", to: 5) == ["日本", "語日", "本語"])
    }

    @Test func emptyTextIsOneEmptyLine() {
        #expect(TextWrapping.wrap("", to: 10) == [""])
    }
}
