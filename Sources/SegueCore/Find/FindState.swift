/// A screen's find line and what it has found: the query being typed, the rows that match it in
/// each section, and the filtering still to do for a long list.
///
/// Matches are row positions within their section (4 bytes each), so filtering a million rows
/// copies no row text; the text is read from the rows as they are filtered.
package struct FindState: Sendable {
    /// The query as typed.
    package internal(set) var editor: LineEditor
    /// What the line starts with: `/`, or a spec's `"prompt"`.
    package internal(set) var prompt: String
    /// Whether each section's matches are ordered by score rather than as the spec lists them.
    let sortsByScore: Bool
    /// How fuzzy terms are matched (`--algo`).
    let algorithm: FindQuery.Algorithm
    /// fzf's `--disabled` (and `disable-search`): the query is only text, every row shows in
    /// its order, as for fzf's ripgrep launcher, whose command does the searching.
    package internal(set) var searchPaused = false
    /// While search is paused, the query the rows stay filtered by: the one typed when
    /// `disable-search` came (as fzf keeps its last matches), nothing after a reload or with
    /// `--disabled`.
    var pausedQuery = ""
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
    /// The matches of queries filtered lately, for the rows as they are: a query typed again (or
    /// got back to with Backspace) shows at once, and a longer one narrows from the nearest.
    var recent = RecentMatches()

    init(query: String = "", prompt: String, sortsByScore: Bool, algorithm: FindQuery.Algorithm = .optimal, searchPaused: Bool = false) {
        editor = LineEditor(query)
        self.prompt = prompt
        self.sortsByScore = sortsByScore
        self.algorithm = algorithm
        self.searchPaused = searchPaused
    }

    /// fzf's `search(…)`: the text the rows are filtered by instead of the query, until the query
    /// is edited.
    var searchOverride: String?

    /// The text the rows are filtered by: the query (or what `search(…)` gave), or while search
    /// is paused, what it was then.
    var searchedText: String { searchPaused ? pausedQuery : searchOverride ?? editor.text }

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

    /// Whether it has looked at any row yet.
    var hasLookedAtRows: Bool { section > 0 || next > 0 }

    /// The rows a query that narrows this job's could match, per section, while the job is half
    /// done: its matches where it has looked, the rows it had left to look at elsewhere. Typing
    /// faster than a long list is filtered then narrows from each key instead of starting over.
    func candidates(whenNarrowed rowCounts: [Int]) -> [[Int32]] {
        rowCounts.indices.map { index -> [Int32] in
            let own = { (from: Int) -> ArraySlice<Int32> in
                if let candidates { return candidates[index][min(from, candidates[index].count)...] }
                return ArraySlice((from..<max(from, rowCounts[index])).map { Int32($0) })
            }
            if index < section { return index < found.count ? found[index] : [] }
            if index == section { return (index < found.count ? found[index] : []) + own(next) }
            return Array(own(0))
        }
    }

    /// `positions` in ascending order, for a job to read rows in the order they are stored
    /// (matches ordered by score, read in that order, jump about a long list's bytes and miss
    /// the cache at every row): as they are when they already are, else through a bitmap of the
    /// rows, in time of the rows over 64 plus the positions.
    static func inRowOrder(_ positions: [Int32]) -> [Int32] {
        guard let highest = positions.max(), zip(positions, positions.dropFirst()).contains(where: { $0 >= $1 }) else {
            return positions
        }
        var words = [UInt64](repeating: 0, count: Int(highest) / 64 + 1)
        for position in positions { words[Int(position) >> 6] |= 1 << (UInt64(position) & 63) }
        var ordered: [Int32] = []
        ordered.reserveCapacity(positions.count)
        for (index, word) in words.enumerated() {
            var bits = word
            while bits != 0 {
                ordered.append(Int32(index * 64 + bits.trailingZeroBitCount))
                bits &= bits - 1
            }
        }
        return ordered
    }

    /// A row looked at: counted, and kept (with its rank when `ranked`) when it matches.
    mutating func record(_ position: Int32, in section: Int, text: SearchText, ranked: Bool) {
        searchable[section] += 1
        guard !query.isEmpty, let match = query.match(text) else { return }
        found[section].append(position)
        if ranked { ranks[section].append(FindRank.of(match, in: text)) }
    }
}

/// The matches of the last few queries filtered to the end, for the rows as they are (forgotten
/// when the rows change), bounded so a million rows matched by many queries stay a few MB.
struct RecentMatches: Sendable {
    struct Entry: Sendable {
        var query: FindQuery
        var text: String
        var matches: [[Int32]]
        var ranks: [[Int64]]?
        var size: Int { matches.reduce(0) { $0 + $1.count } }
    }

    private(set) var entries: [Entry] = []
    /// At most this many queries, and this many matches in all (4 bytes each, 12 with ranks).
    static let limit = 16
    static let matchLimit = 2_000_000

    /// The matches of the query typed as `text`, if it was filtered lately.
    func exactly(_ text: String) -> Entry? {
        entries.last { $0.text == text }
    }

    /// The fewest candidates `query` can be narrowed from: the smallest set of matches of a
    /// query it narrows.
    func nearest(narrowedBy query: FindQuery) -> Entry? {
        entries.filter { query.narrows($0.query) }.min { $0.size < $1.size }
    }

    mutating func keep(_ entry: Entry) {
        guard entry.size <= Self.matchLimit else { return }
        entries.removeAll { $0.text == entry.text }
        entries.append(entry)
        while entries.count > Self.limit || entries.reduce(0, { $0 + $1.size }) > Self.matchLimit { entries.removeFirst() }
    }

    /// The rows changed: every query's matches are someone else's now.
    mutating func forget() {
        entries.removeAll()
    }
}
