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
}
