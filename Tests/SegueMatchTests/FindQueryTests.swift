import Testing
@testable import SegueMatch

/// The matcher: fzf's term syntax and ranking, smart case, accents, wide characters.
@Suite struct FindQueryTests {
    func matches(_ query: String, _ text: String) -> Bool { FindQuery(query).match(text) != nil }

    func score(_ query: String, _ text: String) -> Int { FindQuery(query).match(text)?.score ?? .min }

    /// The matched characters, as a string, for reading.
    func marked(_ query: String, _ text: String) -> String {
        let positions = Set(FindQuery(query).match(text)?.positions ?? [])
        return String(String.UnicodeScalarView(text.unicodeScalars.enumerated().map { index, scalar in
            positions.contains(index) ? scalar : "·"
        }))
    }

    @Test func fuzzyFindsTheCharactersInOrder() {
        #expect(matches("mrch", "March 2026"))
        #expect(!matches("hcram", "March 2026"))
        #expect(marked("mrch", "March 2026") == "M·rch·····")
    }

    @Test func smartCase() {
        #expect(matches("march", "March"))
        #expect(matches("March", "March"))
        #expect(!matches("MARCH", "March"))
        #expect(!matches("March", "march"))
    }

    /// As in fzf: a term typed without accents ignores them; one typed with an accent wants it.
    @Test func accentsAreIgnoredUnlessTyped() {
        #expect(matches("cafe", "Café crème"))
        #expect(matches("creme", "Cafe\u{301} cre\u{300}me"))  // combining accents
        #expect(!matches("café", "CAFE"))
        #expect(matches("café", "CAFÉ"))
        #expect(matches("übung", "Übung") && !matches("übung", "Sources/BeadPuery/rendering.json"))
        #expect(matches("Zurich", "Zürich"))
        #expect(marked("cafe", "Café") == "Café")
    }

    @Test func wideCharactersAndEmoji() {
        #expect(matches("東京", "東京タワー"))
        #expect(matches("🍕", "Pizza 🍕"))
        #expect(marked("京ワ", "東京タワー") == "·京·ワ·")
    }

    @Test func termsMustAllMatch() {
        #expect(matches("pz mg", "Pizza margherita"))
        #expect(!matches("pz xyz", "Pizza margherita"))
        #expect(matches("pizza\\ m", "Pizza margherita"))
        #expect(!matches("pizza\\ x", "Pizza margherita"))
    }

    @Test func exactPrefixSuffixWholeAndNot() {
        #expect(matches("'rgh", "Pizza margherita"))
        #expect(!matches("'pzz", "Pizza"))
        #expect(matches("^piz", "Pizza"))
        #expect(!matches("^izz", "Pizza"))
        #expect(matches("ita$", "Pizza margherita"))
        #expect(!matches("izz$", "Pizza margherita"))
        #expect(matches("^pizza$", "Pizza"))
        #expect(!matches("^pizz$", "Pizza"))
        #expect(matches("pizza !salad", "Pizza margherita"))
        #expect(!matches("pizza !marg", "Pizza margherita"))
        #expect(!matches("!^piz", "Pizza"))
        #expect(matches("!^izz", "Pizza"))
        #expect(FindQuery("! ' ^ ^$").isEmpty)
    }

    /// fzf's corners: a lone `$` is a dollar sign; `!'` is "does not fuzzy-match".
    @Test func loneDollarAndInverseFuzzyAreFzfs() {
        #expect(matches("$", "costs 5$") && !matches("$", "costs 5"))
        #expect(!matches("!'ta", "xtxa") && !matches("!'ta", "tab") && matches("!'ta", "bat"))
        #expect(matches("!ta", "xtxa") && !matches("!ta", "tab"))
    }

    @Test func consecutiveAndWordStartsRankHigher() {
        #expect(score("mar", "March") > score("mar", "Summary report"))
        #expect(score("fb", "FooBar") > score("fb", "Foobar"))
        #expect(score("ml", "src/main.swift/list") < score("ml", "main/list"))
        #expect(score("abc", "abc") > score("abc", "a b c"))
    }

    @Test func theShortestWindowIsScored() {
        #expect(marked("ab", "a_xxxx_ab") == "·······ab")
    }

    @Test func narrowingIsOnlyClaimedWhenItHolds() {
        #expect(FindQuery("piz").narrows(FindQuery("pi")))
        #expect(FindQuery("pi z").narrows(FindQuery("pi")))
        #expect(FindQuery("'pizz").narrows(FindQuery("'piz")))
        #expect(!FindQuery("pi").narrows(FindQuery("piz")))
        #expect(!FindQuery("!pizz").narrows(FindQuery("!piz")))
        #expect(!FindQuery("piz$").narrows(FindQuery("piz")))
        #expect(!FindQuery("ab").narrows(FindQuery("")))
        #expect(FindQuery("Piz").narrows(FindQuery("pi")))
        #expect(!FindQuery("piz").narrows(FindQuery("Pi")))
    }

    @Test func bytesAndStringsPrepareTheSameText() {
        for text in ["Plain ASCII", "Café · crème", "東京タワー 🍕", "Cafe\u{301}", "Ωmega ß", ""] {
            var fromBytes = SearchText()
            fromBytes.load(utf8: Array("a much longer text first, to check the storage is reused".utf8))
            fromBytes.load(utf8: Array(text.utf8))
            let fromString = SearchText(text)
            #expect(Array(fromBytes.folded) == Array(fromString.folded), "\(text)")
            #expect(Array(fromBytes.original) == Array(fromString.original), "\(text)")
        }
    }

    /// Bytes are matched as they are, an escape too (what a row shows is the core's to say); the
    /// loader tells whether it saw one.
    @Test func bytesLoadedSayWhetherTheyHeldAnEscape() {
        var text = SearchText()
        let sawInPlain = text.load(utf8: Array("plain".utf8))
        #expect(!sawInPlain)
        let sawInColoured = text.load(utf8: Array("\u{1B}[33mb6\u{1B}[m".utf8))
        #expect(sawInColoured)
        #expect(text.count == 10)
        #expect(FindQuery("'33m").match(text) != nil)
    }

    /// Folded as fzf 0.74.5 folds: Latin letters to their base, past Latin Extended-A too, and
    /// the fullwidth forms; what it leaves alone only loses its case.
    @Test func theLatinTableFoldsToBaseLetters() {
        #expect(SearchText.fold("Å") == "a")
        #expect(SearchText.fold("ł") == "l")
        #expect(SearchText.fold("Ž") == "z")
        #expect(SearchText.fold("ß") == "s")
        #expect(SearchText.fold("Æ") == "æ")
        #expect(SearchText.fold("×") == "×")
        #expect(SearchText.fold("Ω") == "ω")
        #expect(SearchText.fold("ạ") == "a")
        #expect(SearchText.fold("Ș") == "s")
        #expect(SearchText.fold("ｅ") == "e")
        #expect(SearchText.fold("ệ") == "e")
        #expect(SearchText.fold("ǅ") == "ǆ", "fzf 0.74.5 leaves it, as it leaves æ")
    }
}
