import Testing
@testable import SegueCore

/// Finding in a long list as fast as a person types (issue 42): a query typed while the last one
/// is still being filtered narrows from what that filtering has found so far, a query typed again
/// shows at once, and both find exactly what filtering from scratch finds.
@Suite struct RecentMatchesTests {
    static let rows = 3 * FindMetrics.slice
    static let spec = Spec(sections: [Section(rows: RowList((1...rows).map { Row(title: "Item \($0) group \($0 % 97)") }))])
    let viewport = Size(width: 60, height: 20)

    func screen(sorted: Bool) -> Screen {
        var screen = AppState(root: Self.spec, size: viewport).current
        screen.openFind(prompt: "/", sortsByScore: sorted, in: viewport)
        screen.finishFind(in: viewport)
        return screen
    }

    /// The matches (and ranks) a fresh screen finds for `query`, filtering every row.
    func fresh(_ query: String, sorted: Bool) -> (matches: [[Int32]]?, ranks: [[Int64]]?) {
        var screen = screen(sorted: sorted)
        screen.editFind(in: viewport) { $0 = LineEditor(query) }
        screen.finishFind(in: viewport)
        return (screen.find?.matches, screen.find?.ranks)
    }

    @Test(arguments: [false, true]) func aKeyTypedWhileTheLastIsFilteredNarrowsFromWhatItFound(sorted: Bool) {
        var screen = screen(sorted: sorted)
        screen.editFind(in: viewport) { $0.insert("1") }
        #expect(screen.isFinding, "one slice does not filter \(Self.rows) rows")
        screen.editFind(in: viewport) { $0.insert("2") }
        let candidates = screen.find?.job?.candidates?.reduce(0) { $0 + $1.count } ?? Self.rows
        #expect(candidates < Self.rows, "the second key looks only at what the first could match")
        screen.editFind(in: viewport) { $0.insert(" 3") }
        screen.finishFind(in: viewport)
        let expected = fresh("12 3", sorted: sorted)
        #expect(screen.find?.matches == expected.matches)
        #expect(screen.find?.ranks == expected.ranks)
        #expect((screen.find?.matches?.first?.count ?? 0) > 0)
    }

    @Test func aQueryTypedAgainShowsAtOnceWithTheSameMatches() {
        var screen = screen(sorted: true)
        screen.editFind(in: viewport) { $0 = LineEditor("tem 45") }
        screen.finishFind(in: viewport)
        let first = screen.find?.matches
        screen.editFind(in: viewport) { $0 = LineEditor("") }
        screen.finishFind(in: viewport)
        #expect(screen.find?.matches == nil)
        screen.editFind(in: viewport) { $0 = LineEditor("tem 45") }
        #expect(!screen.isFinding, "answered from the recent matches, not filtered again")
        #expect(screen.find?.matches == first)
        // Backspace to a query filtered before: at once too.
        screen.editFind(in: viewport) { $0 = LineEditor("tem 4") }
        screen.finishFind(in: viewport)
        screen.editFind(in: viewport) { $0 = LineEditor("tem 45") }
        #expect(!screen.isFinding)
        #expect(screen.find?.matches == first)
    }

    @Test func rowsThatChangeAreFilteredAgain() {
        var screen = screen(sorted: false)
        screen.editFind(in: viewport) { $0 = LineEditor("group 5") }
        screen.finishFind(in: viewport)
        #expect(screen.find?.recent.entries.isEmpty == false)
        // The rows in another order (as a table's sort or frecency puts them): the old matches
        // name old places, so a query typed again is filtered again.
        let reversed = RowList((1...Self.rows).reversed().map { Row(title: "Item \($0) group \($0 % 97)") })
        screen.replaceRows([0: reversed], selectingFirst: false)
        #expect(screen.find?.recent.entries.isEmpty == true)
        screen.editFind(in: viewport) { $0 = LineEditor("") }
        screen.editFind(in: viewport) { $0 = LineEditor("group 5") }
        #expect(screen.isFinding)
    }
}
