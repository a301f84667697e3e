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
        screen.continueFind(budget: FindMetrics.slice, in: viewport)  // the loop's work before the next key
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

    /// Many sections of a few thousand rows are matched on every core at once, across sections:
    /// each section finds exactly the rows that match, in its own order, as one row at a time
    /// would, for a fresh query and one that narrows it.
    @Test func manySectionsAreMatchedTogetherAsOneAtATimeWould() {
        let sections = (0..<40).map { section in
            Section(rows: RowList((0..<(1_500 + section * 37)).map { Row(title: "Item \(section)-\($0) tag\($0 % 13)") }))
        }
        var screen = AppState(root: Spec(sections: sections), size: viewport).current
        screen.openFind(prompt: "/", sortsByScore: false, in: viewport)
        screen.finishFind(in: viewport)
        for query in ["1", "12", "12 tag3", "2-1"] {
            screen.editFind(in: viewport) { $0 = LineEditor(query) }
            screen.finishFind(in: viewport)
            let expected = sections.map { section in
                (0..<section.rows.count).filter { FindQuery(query).match(section.rows[$0].title) != nil }.map { Int32($0) }
            }
            #expect(screen.find?.matches == expected, "\(query)")
        }
    }

    /// Matches ordered by score are read again in the rows' order when a longer query narrows
    /// them, each once.
    @Test func narrowedMatchesAreReadInTheRowsOrder() {
        #expect(FilterJob.inRowOrder([70, 3, 64, 65, 1, 200]) == [1, 3, 64, 65, 70, 200])
        #expect(FilterJob.inRowOrder([2, 5, 9]) == [2, 5, 9])
        #expect(FilterJob.inRowOrder([]) == [])
        var screen = screen(sorted: true)
        screen.editFind(in: viewport) { $0 = LineEditor("1") }
        screen.finishFind(in: viewport)
        screen.editFind(in: viewport) { $0.insert("2") }
        let candidates = screen.find?.job?.candidates?.first ?? []
        #expect(!candidates.isEmpty && candidates == candidates.sorted())
    }

    /// Keys that come together (read in one go by the loop) filter a long list once, for the
    /// query they make: a key only starts the filtering, and the next replaces it untouched.
    @Test func keysThatComeTogetherFilterALongListOnce() {
        var screen = screen(sorted: true)
        for key in "12 3" { screen.editFind(in: viewport) { $0.insert(String(key)) } }
        #expect(screen.find?.job?.query == FindQuery("12 3"))
        #expect(screen.find?.job?.next == 0 && screen.find?.job?.section == 0, "no row looked at before the keys are all read")
        #expect(screen.find?.job?.candidates == nil,
                "a job no row was looked at for is not narrowed from: every row's position would be copied at each key")
        screen.finishFind(in: viewport)
        #expect(screen.find?.matches == fresh("12 3", sorted: true).matches)
        // A short list is filtered at once, key by key.
        var short = AppState(root: Spec(sections: [Section(rows: RowList((1...100).map { Row(title: "Item \($0)") }))]), size: viewport).current
        short.openFind(prompt: "/", sortsByScore: true, in: viewport)
        short.editFind(in: viewport) { $0.insert("7") }
        #expect(!short.isFinding)
        #expect(short.find?.matches?.first?.count == 19)
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
