import Testing
@testable import SegueCore

/// The text a row is found by, as the matcher reads it.
@Suite struct FindRowTextTests {
    func matches(_ query: String, _ text: String) -> Bool { FindQuery(query).match(text) != nil }

    /// A row is its title, detail and value, one per line: anchors hold at either end of each.
    @Test func anchorsHoldAtTheEndsOfEachField() {
        let row = Screen.searchText(title: "Pizza", detail: "12.50", value: "Large")
        #expect(matches("^12", row) && matches("zza$", row) && matches("^large$", row) && matches("50$", row))
        #expect(!matches("^izz", row) && !matches("^pizza12", row) && !matches("12$", row))
    }

    /// A row's bytes are found without their escape sequences (a program's colours), as they show.
    @Test func escapeSequencesAreLeftOutOfARowsBytes() {
        var text = SearchText()
        text.load(shown: Array("\u{1B}[33mb6add2a\u{1B}[m Fix".utf8))
        #expect(FindQuery("'33m").match(text) == nil)
        #expect(FindQuery("^b6add2a fix$").match(text) != nil)
    }
}
