/// A screen's find line and what it has found: the query being typed, the rows that match it in
/// each section, and the filtering still to do for a long list.
///
/// Matches are row positions within their section (4 bytes each), so filtering a million rows
/// copies no row text; the text is read from the rows as they are filtered.
package struct FindState: Sendable {
    /// The query as typed.
    package internal(set) var editor: LineEditor
    /// What the line starts with: `/`, or a spec's `"prompt"`.
    package let prompt: String
    /// Whether each section's matches are ordered by score rather than as the spec lists them.
    let sortsByScore: Bool
    /// How fuzzy terms are matched (`--algo`).
    let algorithm: FindQuery.Algorithm
    /// The query the shown matches are for.
    package internal(set) var query = FindQuery("")
    /// For each section, the positions of its matching rows in the order shown; `nil` while the
    /// query is empty (every row shows).
    var matches: [[Int32]]?
    /// With matches ordered by score: each match's rank (`FindRank`), beside `matches`, so rows
    /// that arrive later are merged in their place.
    var ranks: [[Int64]]?
    /// Filtering not finished yet: the shown matches are still the previous query's.
    var job: FilterJob?
    /// Bumped by every change of the query; a command search runs only for the newest.
    var searchGeneration = 0
    /// A command search waits for typing to pause: the command-searched rows shown are for an
    /// older query.
    var searchIsDue = false
    /// Enter was pressed while a command search was under way: the selected row is activated
    /// once its answer is in, not before (the rows shown were for an older query).
    var acceptsWhenSearched = false
    /// Ctrl-P/Ctrl-N stepping through the screen's past queries, while they do.
    var browsing: HistoryBrowsing?

    init(query: String = "", prompt: String, sortsByScore: Bool, algorithm: FindQuery.Algorithm = .optimal) {
        editor = LineEditor(query)
        self.prompt = prompt
        self.sortsByScore = sortsByScore
        self.algorithm = algorithm
    }

    /// For each section, how many of its rows a find looks through (not text, separators or
    /// live sections' status rows); `nil` until a pass over every row has counted them.
    var searchable: [Int]?

}

/// Filtering in progress: which rows are left to look at, and what matched so far.
struct FilterJob: Sendable {
    var query: FindQuery
    /// The rows to look at in each section: the previous matches when the query narrows them,
    /// else every row.
    var candidates: [[Int32]]?
    var section = 0
    /// The next candidate (or row) of `section`.
    var next = 0
    var found: [[Int32]] = []
    /// With matches ordered by score: each match's rank (`FindRank`).
    var ranks: [[Int64]] = []
    /// Rows looked at that a find can match, per section.
    var searchable: [Int] = []

    /// A row looked at: counted, and kept (with its rank when `ranked`) when it matches.
    mutating func record(_ position: Int32, in section: Int, text: SearchText, ranked: Bool) {
        searchable[section] += 1
        guard !query.isEmpty, let match = query.match(text) else { return }
        found[section].append(position)
        if ranked { ranks[section].append(FindRank.of(match, in: text)) }
    }
}
