/// A find while rows change under it: live rows arriving, replaced, and sections whose
/// command does the searching.
extension Screen {
    /// Keeps the matches (and the count of rows to find) right after rows changed: rows that
    /// arrived are matched as they come; replaced rows are filtered again from the start; a
    /// command-searched section shows its command's whole answer.
    mutating func keepMatches(change: FeedChange?, refilter: Bool, in viewport: Size) {
        guard var state = find else { return }
        find = nil  // held here alone while it changes
        state.recent.forget()
        if refilter {
            // Until the new filtering is done, the old matches show, minus rows that are gone.
            if var matches = state.matches {
                for section in matches.indices {
                    let rows = sections[section].rows
                    let kept = matches[section].indices.filter {
                        let position = Int(matches[section][$0])
                        return position < rows.count && !rows.isStatusRow(position)
                    }
                    if let ranks = state.ranks?[section] { state.ranks?[section] = kept.map { ranks[$0] } }
                    matches[section] = kept.map { matches[section][$0] }
                }
                state.matches = matches
            }
            // With nothing typed, the rows are counted again.
            state.job = FilterJob(query: state.job?.query ?? state.query)
            showCommandAnswers(in: &state)
            find = state
            continueFind(budget: FindMetrics.slice, in: viewport)
            return
        }
        showCommandAnswers(in: &state)
        defer { find = state }
        guard let change, change.newItems > change.oldItems, !searchesByCommand(section: change.section) else { return }
        let section = change.section
        let arrived = (change.start + change.oldItems)..<(change.start + change.newItems)
        let shift = Int32(change.newItems - change.oldItems)
        let sorts = state.sortsByScore
        let (found, ranks, searchable) = matched(arrived, in: section, by: state.query, ranked: sorts)
        state.searchable?[section] += searchable
        if var matches = state.matches {
            // Rows after the feed in the same section moved down.
            matches[section] = matches[section].map { $0 >= Int32(arrived.lowerBound) ? $0 + shift : $0 }
            if sorts, state.query.ranks, let old = state.ranks?[section] {
                // Arrivals take their places by rank: a better row that comes late still goes up.
                let merged = FindRank.merged((matches[section], old), FindRank.sorted(found, ranks))
                matches[section] = merged.positions
                state.ranks?[section] = merged.ranks
            } else {
                matches[section] += found
            }
            state.matches = matches
        }
        guard var job = state.job else { return }
        if job.candidates != nil {
            // Narrowing cannot see rows the old matches never had: start over.
            job = FilterJob(query: job.query)
        } else if job.section > section, job.found.count > section {
            let (found, ranks, searchable) = job.query == state.query
                ? (found, ranks, searchable) : matched(arrived, in: section, by: job.query, ranked: sorts)
            if !job.query.isEmpty {
                job.found[section] += found
                if sorts { job.ranks[section] += ranks }
            }
            job.searchable[section] += searchable
        }
        state.job = job
    }

    /// Command-searched sections show every row of their command's answer, status row too.
    private func showCommandAnswers(in state: inout FindState) {
        for section in sections.indices where searchesByCommand(section: section) {
            let all = (0..<sections[section].rows.count).map { Int32($0) }
            if state.matches != nil, section < state.matches?.count ?? 0 {
                state.matches?[section] = all
                if state.ranks != nil { state.ranks?[section] = Array(repeating: 0, count: all.count) }
            }
            if section < state.searchable?.count ?? 0 { state.searchable?[section] = rowCountWithoutStatusRows(section: section) }
            if var job = state.job, job.section > section, job.found.count > section {
                job.found[section] = job.query.isEmpty ? [] : all
                if state.sortsByScore { job.ranks[section] = Array(repeating: 0, count: job.found[section].count) }
                job.searchable[section] = rowCountWithoutStatusRows(section: section)
                state.job = job
            }
        }
    }

    /// A section's rows but its live sections' status rows: what a find counts of a
    /// command-searched section, and of any section before a pass has counted it.
    func rowCountWithoutStatusRows(section: Int) -> Int {
        sections[section].rows.count - sections[section].rows.feeds.filter { $0.feed.hasStatusRow }.count
    }

    /// Which of `positions` match `query` (with their ranks when `ranked`), and how many of them
    /// can be found at all.
    private func matched(_ positions: Range<Int>, in section: Int, by query: FindQuery,
                         ranked: Bool) -> ([Int32], [Int64], Int) {
        let plain = plainRows(section: section)
        // Nothing typed: streamed lines are only counted, a chunk at a time, as they come.
        if query.isEmpty, case .lines(let lines)? = plain, lines.lineCount(in: positions) == positions.count {
            return ([], [], positions.count)
        }
        // Many rows at once (a fast producer, `--filter`): on every core.
        if positions.count >= ParallelMatching.minimumRows, let plain {
            let output = ParallelMatching.match(positions.map { Int32($0) }, count: sections[section].rows.count,
                                                reading: plain, query: query, ranked: ranked)
            if output.unread.isEmpty { return (output.found, output.ranks, output.searchable) }
        }
        var job = FilterJob(query: query)
        job.found = [[]]
        job.ranks = [[]]
        job.searchable = [0]
        var prepared = SearchText()
        var bytes: [UInt8] = []
        for position in positions
        where prepare(&prepared, section: section, position: position, plain: plain, bytes: &bytes, decoding: !query.isEmpty) {
            job.record(Int32(position), in: 0, text: prepared, ranked: ranked)
        }
        return (job.found[0], job.ranks[0], job.searchable[0])
    }
}

extension Screen {
    /// Whether a find leaves section `section` to its source's command (`"search": "command"`).
    func searchesByCommand(section: Int) -> Bool {
        sections[section].rows.feeds.contains { $0.feed.live.source.searchesByCommand }
    }

    /// Whether the command-searched rows shown are for an older query: a search is waiting for
    /// typing to pause, or its command has not answered yet.
    var isSearchingByCommand: Bool {
        find?.searchIsDue == true
            || feeds.contains { $0.feed.live.source.searchesByCommand && $0.feed.phase == .loading }
    }

    /// Whether any section of the screen is searched by its source's command.
    var searchesByCommand: Bool {
        sections.indices.contains { searchesByCommand(section: $0) }
    }

    /// Rows that match, the numerator of `37/365`: the rows shown, but for a command-searched
    /// section's status row; `nil` while nothing is typed.
    package var matchedRowCount: Int? {
        guard let matches = find?.matches else { return nil }
        return matches.indices.reduce(0) { total, section in
            total + (searchesByCommand(section: section) ? rowCountWithoutStatusRows(section: section) : matches[section].count)
        }
    }

    /// Rows a find looks through, the denominator of `37/365`: every row but text, separators
    /// and live sections' status rows, as the last pass over every row counted them. Before
    /// that pass, every row but status rows.
    var searchableRowCount: Int {
        if let counted = find?.searchable { return counted.reduce(0, +) }
        return sections.indices.reduce(0) { $0 + rowCountWithoutStatusRows(section: $1) }
    }
}
