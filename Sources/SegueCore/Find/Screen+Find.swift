/// Finding rows by typing: opening and closing the find line, filtering the rows as the query
/// changes, and keeping the matches right as live rows arrive.
///
/// Cost: a query change looks at every row once (or only at the previous matches, when the new
/// query narrows the old one), in slices of `FindMetrics.slice` rows, so a long list is filtered
/// between keystrokes rather than while they wait. Matches are 4 bytes a row.
extension Screen {
    /// Opens the find line with `query` typed in it.
    /// `prompt` is a template, rendered as the title is (`"{{count}} files"`).
    mutating func openFind(query: String = "", prompt: String, sortsByScore: Bool, algorithm: FindQuery.Algorithm = .optimal,
                           in viewport: Size) {
        let shown = Template.mightHavePlaceholders(prompt) ? Template(prompt).render(in: context) : prompt
        find = FindState(query: query, prompt: shown, sortsByScore: sortsByScore, algorithm: algorithm)
        queryChanged(in: viewport)
    }

    /// Matches best first, or in the rows' order, the other way from now (a `toggle-sort`
    /// binding): the find opened again with the same query and prompt, filtered again.
    mutating func toggleSort(in viewport: Size) {
        guard let state = find else { return }
        openFind(query: state.editor.text, prompt: Template.verbatim(state.prompt), sortsByScore: !state.sortsByScore,
                 algorithm: state.algorithm, in: viewport)
    }

    /// Closes the find line: every row shows again, and the selected row stays selected.
    mutating func closeFind(in viewport: Size) {
        let kept = selection.map(locate)
        find = nil
        layout = fullLayout
        selection = kept.flatMap { shownRow(section: $0.section, position: $0.position) } ?? enabledRow(from: 0, step: 1)
        scrollToSelection(in: viewport)
    }

    /// Changes the query line; filters again when the query itself changed.
    package mutating func editFind(in viewport: Size, _ edit: (inout LineEditor) -> Void) {
        guard var state = find else { return }
        let before = state.editor.text
        edit(&state.editor)
        find = state
        if state.editor.text != before { queryChanged(in: viewport) }
    }

    /// Starts filtering for the query as typed; a short list is done at once. With nothing typed
    /// every row shows, and the rows a find looks through are counted (once) for the `37/365`.
    mutating func queryChanged(in viewport: Size) {
        guard var state = find else { return }
        let query = FindQuery(state.editor.text, algorithm: state.algorithm)
        if query.isEmpty {
            let kept = selection.map(locate)  // while the old matches still say where it is
            state.query = query
            state.matches = nil
            state.ranks = nil
            state.job = state.searchable == nil ? FilterJob(query: query) : nil
            find = state
            showMatches(in: viewport, keeping: kept)
            continueFind(budget: FindMetrics.slice, in: viewport)
            return
        }
        // A query filtered lately shows at once.
        if let known = state.recent.exactly(state.editor.text) {
            state.job = nil
            state.query = known.query
            state.matches = known.matches
            state.ranks = known.ranks
            find = state
            showMatches(in: viewport, keeping: nil)
            return
        }
        let job = FilterJob(query: query, candidates: candidates(narrowedBy: query, in: state)?.map(FilterJob.inRowOrder))
        state.job = job
        find = state
        // A short list is filtered at once. A long one only starts here: the loop's `.work`
        // filters it once the keys waiting have been read, so keys that come together (a paste
        // typed out, fast typing) filter once, for the query they make, not once each.
        let rows = job.candidates.map { $0.reduce(0) { $0 + $1.count } } ?? sections.reduce(0) { $0 + $1.rows.count }
        if rows <= FindMetrics.slice { continueFind(budget: FindMetrics.slice, in: viewport) }
    }

    /// The fewest rows `query` must look at: a half-done job's for a query it narrows (typing
    /// faster than a long list is filtered), else the matches of a query it narrows, the shown
    /// ones or one filtered lately; `nil`: every row.
    private func candidates(narrowedBy query: FindQuery, in state: FindState) -> [[Int32]]? {
        if let job = state.job, !job.query.isEmpty, query.narrows(job.query) {
            return job.candidates(whenNarrowed: sections.map(\.rows.count))
        }
        var best = state.matches != nil && query.narrows(state.query) ? state.matches : nil
        if let recent = state.recent.nearest(narrowedBy: query),
           recent.size < best.map({ $0.reduce(0) { $0 + $1.count } }) ?? .max {
            best = recent.matches
        }
        return best
    }

    /// Whether filtering for a typed query is still under way (counting rows for an empty one
    /// does not count).
    var isFinding: Bool { find?.job.map { !$0.query.isEmpty } ?? false }

    /// Filters at most `budget` more rows; once every row is done, the matches show.
    mutating func continueFind(budget: Int, in viewport: Size) {
        guard var job = find?.job else { return }
        find?.job = nil  // the job is held here alone while it grows
        let sorts = find?.sortsByScore ?? false
        // One buffer of each kind for every row: no allocation per row.
        var prepared = SearchText()
        var bytes: [UInt8] = []
        var left = budget
        while job.section < sections.count, left > 0 {
            if job.found.count == job.section {
                job.found.append([])
                job.ranks.append([])
                job.searchable.append(0)
            }
            let rows = sections[job.section].rows
            let plain = plainRows(section: job.section)
            let limit = job.candidates?[job.section].count ?? rows.count
            // A command-searched section shows what its command answered for the query.
            if searchesByCommand(section: job.section) {
                job.found[job.section] = (0..<rows.count).map { Int32($0) }
                if sorts { job.ranks[job.section] = Array(repeating: 0, count: rows.count) }
                job.searchable[job.section] = rowCountWithoutStatusRows(section: job.section)
                job.next = limit
            }
            // A long run of rows read as written is matched on every core.
            if limit - job.next >= ParallelMatching.minimumRows, left >= ParallelMatching.minimumRows, let plain {
                let end = job.next + min(left, limit - job.next)  // (a budget may be .max)
                let positions = job.candidates.map { Array($0[job.section][job.next..<end]) }
                    ?? (job.next..<end).map { Int32($0) }
                left -= end - job.next
                job.next = end
                let output = ParallelMatching.match(positions, count: rows.count, reading: plain, query: job.query, ranked: sorts)
                job.searchable[job.section] += output.searchable
                job.found[job.section] += output.found
                if sorts { job.ranks[job.section] += output.ranks }
                // Rows that must be bound, here on this thread; the spec's order kept when unsorted.
                for position in output.unread
                where prepare(&prepared, section: job.section, position: Int(position), plain: nil, bytes: &bytes) {
                    job.record(position, in: job.section, text: prepared, ranked: sorts)
                }
                if !output.unread.isEmpty, !sorts { job.found[job.section].sort() }
            }
            while job.next < limit, left > 0 {
                let position = job.candidates.map { Int($0[job.section][job.next]) } ?? job.next
                job.next += 1
                left -= 1
                guard position < rows.count,
                      prepare(&prepared, section: job.section, position: position, plain: plain, bytes: &bytes,
                              decoding: !job.query.isEmpty) else { continue }
                job.record(Int32(position), in: job.section, text: prepared, ranked: sorts)
            }
            if job.next >= limit {
                job.section += 1
                job.next = 0
            }
        }
        guard job.section >= sections.count else {
            find?.job = job
            return
        }
        // Only a pass over every row knows how many rows there are to find.
        if job.candidates == nil { find?.searchable = job.searchable }
        find?.query = job.query
        guard !job.query.isEmpty else { return }
        if sorts, job.query.ranks {
            for section in job.found.indices where job.found[section].count > 1 {
                (job.found[section], job.ranks[section]) = FindRank.sorted(job.found[section], job.ranks[section])
            }
        }
        find?.matches = job.found
        find?.ranks = sorts ? job.ranks : nil
        if let text = find?.editor.text, FindQuery(text, algorithm: job.query.algorithm) == job.query {
            find?.recent.keep(RecentMatches.Entry(query: job.query, text: text, matches: job.found, ranks: sorts ? job.ranks : nil))
        }
        showMatches(in: viewport, keeping: nil)
    }

    /// Filters every row left at once: Enter accepts the matches for the query as typed, never an
    /// older query's.
    mutating func finishFind(in viewport: Size) {
        if isFinding { continueFind(budget: .max, in: viewport) }
    }

    /// Lays out the current matches. The row `kept` (a section and position) stays selected if
    /// it shows; otherwise, as when the query changed, the first match is (as in fzf).
    private mutating func showMatches(in viewport: Size, keeping kept: (section: Int, position: Int)?) {
        layout = find?.matches.map { ListLayout(sections: sections, shownRows: $0.map(\.count)) } ?? fullLayout
        if let kept, let row = shownRow(section: kept.section, position: kept.position), isEnabled(row) {
            selection = row
        } else {
            offset = 0
            selection = enabledRow(from: 0, step: 1)
        }
        scrollToSelection(in: viewport)
    }
}

/// Sizes of the find's work.
enum FindMetrics {
    /// Rows filtered before keys are read again.
    static let slice = 20_000
    /// Seconds typing must pause before a command search runs again with the query.
    static let commandSearchDelay = 0.15
}

