/// Finding rows by typing: opening and closing the find line, filtering the rows as the query
/// changes, and keeping the matches right as live rows arrive.
///
/// Cost: a query change looks at every row once (or only at the previous matches, when the new
/// query narrows the old one), in slices of `FindMetrics.slice` rows, so a long list is filtered
/// between keystrokes rather than while they wait. Matches are 4 bytes a row.
extension Screen {
    /// Opens the find line with `query` typed in it.
    /// `prompt` is a template, rendered as the title is (`"{{count}} files"`).
    /// `searchPaused`: fzf's `--disabled`, the query not filtering.
    mutating func openFind(query: String = "", prompt: String, sortsByScore: Bool, algorithm: FindQuery.Algorithm = .optimal,
                           searchPaused: Bool = false, in viewport: Size) {
        let shown = Template.mightHavePlaceholders(prompt) ? Template(prompt).render(in: context) : prompt
        find = FindState(query: query, prompt: shown, sortsByScore: sortsByScore, algorithm: algorithm, searchPaused: searchPaused)
        queryChanged(in: viewport)
    }

    /// The screen read again (`"then": "reload"`, `--watch`) keeps the find line of the one it
    /// replaces, `old`: the query as typed (fzf keeps it after `execute-silent(…)+reload(…)`),
    /// filtered again over the rows as they are now.
    mutating func keepFind(of old: Screen, in viewport: Size) {
        guard let kept = old.find else { return }
        if find == nil {
            // The find line's prompt was rendered for the old screen: it is kept as shown.
            find = FindState(prompt: kept.prompt, sortsByScore: kept.sortsByScore, algorithm: kept.algorithm, searchPaused: kept.searchPaused)
        }
        editFind(in: viewport) { $0 = kept.editor }
    }

    /// The screen read again keeps the row `old` had selected where it is still there: a
    /// written row by its id, else its title; a live row by its id once its source brings it
    /// back, as a refresh does (`LiveFeed.wantedID`). Otherwise the selection stays where
    /// `keepPosition` put it.
    mutating func keepSelectedRow(of old: Screen, in viewport: Size) {
        guard let shown = old.selection else { return }
        let selected = old.boundRow(shown)
        let (section, _) = old.locate(shown)
        if let entry = old.feed(inSection: section) {
            let full = old.fullRow(shown)
            guard full >= entry.firstRow, full < entry.firstRow + entry.feed.items.count, let id = selected.row.id else { return }
            updateFeed(section: section) { $0.wantedID = id }
            return
        }
        let wanted = selected.row.id.map(Template.text) ?? selected.row.title
        if let row = row(withIDOrTitle: wanted) { select(row, in: viewport) }
    }

    /// Matches best first, or in the rows' order, the other way from now (a `toggle-sort`
    /// binding): the find opened again with the same query and prompt, filtered again.
    mutating func toggleSort(in viewport: Size) {
        // `--raw` keeps the rows' order: its matches are found in it.
        guard let state = find, !looks.raw else { return }
        openFind(query: state.editor.text, prompt: Template.verbatim(state.prompt), sortsByScore: !state.sortsByScore,
                 algorithm: state.algorithm, searchPaused: state.searchPaused, in: viewport)
    }

    /// Search paused (fzf's `disable-search`: the query stays only text, the rows filtered as
    /// they were) or going on again (`enable-search`: the rows filtered by the query as it is).
    mutating func pauseSearch(_ paused: Bool, in viewport: Size) {
        guard let state = find, state.searchPaused != paused else { return }
        find?.pausedQuery = state.editor.text
        find?.searchPaused = paused
        if !paused, state.pausedQuery != state.editor.text { queryChanged(in: viewport) }
    }

    /// The lines were reloaded while search is paused: they show unfiltered, as fzf shows a
    /// reload's lines (its last query is forgotten with the old lines).
    mutating func forgetPausedQuery(in viewport: Size) {
        guard let state = find, state.searchPaused, !state.pausedQuery.isEmpty else { return }
        find?.pausedQuery = ""
        queryChanged(in: viewport)
    }

    /// Closes the find line: every row shows again, and the selected row stays selected.
    mutating func closeFind(in viewport: Size) {
        let kept = selection.map(locate)
        find = nil
        layout = fullLayout
        selection = kept.flatMap { shownRow(section: $0.section, position: $0.position) } ?? enabledRow(from: 0, step: 1)
        scrollToSelection(in: viewport)
    }

    /// Changes the query line; filters again when the query itself changed (and search is not
    /// paused).
    package mutating func editFind(in viewport: Size, _ edit: (inout LineEditor) -> Void) {
        guard var state = find else { return }
        let before = state.editor.text
        edit(&state.editor)
        if state.editor.text != before { state.searchOverride = nil }
        find = state
        if state.editor.text != before, !state.searchPaused { queryChanged(in: viewport) }
    }

    /// fzf's `search(…)`: the rows filtered by `text`, the query left as typed, until it is edited.
    mutating func search(for text: String, in viewport: Size) {
        guard find != nil else { return }
        find?.searchOverride = text
        if find?.searchPaused == false { queryChanged(in: viewport) }
    }

    /// The fields a find reads changed (`change-nth`): the query filtered again from every row,
    /// what was found for it before forgotten.
    mutating func refilter(in viewport: Size) {
        guard find != nil else { return }
        find?.recent.forget()
        find?.matches = nil
        find?.ranks = nil
        find?.job = nil
        queryChanged(in: viewport)
    }

    /// Starts filtering for the query as typed; a short list is done at once. With nothing typed
    /// every row shows, and the rows a find looks through are counted (once) for the `37/365`.
    mutating func queryChanged(in viewport: Size) {
        guard var state = find else { return }
        let query = FindQuery(state.searchedText, algorithm: state.algorithm)
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
        if let known = state.recent.exactly(state.searchedText) {
            let tracked = trackedRow
            state.job = nil
            state.query = known.query
            state.matches = known.matches
            state.ranks = known.ranks
            find = state
            showMatches(in: viewport, keeping: tracked)
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
        // A job that has not looked at a row yet (keys read together: a paste, fast typing)
        // has nothing to narrow from: its own candidates come from what follows, and making
        // them out of it would copy every row's position at every key.
        if let job = state.job, job.hasLookedAtRows, !job.query.isEmpty, query.narrows(job.query) {
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
            // Long runs of rows read as written, in this section and the ones after it, are
            // matched on every core at once.
            if left >= ParallelMatching.minimumRows, plain != nil, let (runs, ends) = parallelRuns(of: job, left: left),
               case let taken = runs.reduce(0, { $0 + $1.positions.count }), taken >= ParallelMatching.minimumRows {
                let outputs = ParallelMatching.match(runs, query: job.query, ranked: sorts)
                left -= taken
                for ((section, end), output) in zip(ends, outputs) {
                    while job.found.count <= section {
                        job.found.append([])
                        job.ranks.append([])
                        job.searchable.append(0)
                    }
                    job.searchable[section] += output.searchable
                    job.found[section] += output.found
                    if sorts { job.ranks[section] += output.ranks }
                    // Rows that must be bound, here on this thread; the spec's order kept when unsorted.
                    for position in output.unread
                    where prepare(&prepared, section: section, position: Int(position), plain: nil, bytes: &bytes) {
                        job.record(position, in: section, text: prepared, ranked: sorts)
                    }
                    if !output.unread.isEmpty, !sorts { job.found[section].sort() }
                    (job.section, job.next) = (section, end)
                }
                if job.next >= (job.candidates?[job.section].count ?? sections[job.section].rows.count) {
                    job.section += 1
                    job.next = 0
                }
                continue
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
        let tracked = trackedRow  // while the old matches still say where it is
        find?.matches = job.found
        find?.ranks = sorts ? job.ranks : nil
        if let text = find?.searchedText, FindQuery(text, algorithm: job.query.algorithm) == job.query {
            find?.recent.keep(RecentMatches.Entry(query: job.query, text: text, matches: job.found, ranks: sorts ? job.ranks : nil))
        }
        showMatches(in: viewport, keeping: tracked)
    }

    /// The selected row's section and position when the selection follows its row through a
    /// query's change (`--track`).
    private var trackedRow: (section: Int, position: Int)? {
        looks.track ? selection.map(locate) : nil
    }

    /// The runs of rows read as written that `job` looks at next, from its section on, up to
    /// `left` rows: each with the section it is in and where it ends there. It stops at a
    /// section that must be bound or is searched by its command.
    private func parallelRuns(of job: FilterJob, left: Int) -> ([ParallelMatching.Run], [(section: Int, end: Int)])? {
        var runs: [ParallelMatching.Run] = []
        var ends: [(section: Int, end: Int)] = []
        var taken = 0
        var section = job.section
        var next = job.next
        while section < sections.count, taken < left, !searchesByCommand(section: section),
              let plain = plainRows(section: section) {
            let count = sections[section].rows.count
            let limit = job.candidates?[section].count ?? count
            let end = next + min(left - taken, limit - next)  // (a budget may be .max)
            if end > next {
                let positions = job.candidates.map { Array($0[section][next..<end]) } ?? (next..<end).map { Int32($0) }
                runs.append(ParallelMatching.Run(positions: positions, count: count, rows: plain))
                ends.append((section, end))
                taken += end - next
            }
            if end < limit { break }
            section += 1
            next = 0
        }
        return runs.isEmpty ? nil : (runs, ends)
    }

    /// Filters every row left at once: Enter accepts the matches for the query as typed, never an
    /// older query's.
    mutating func finishFind(in viewport: Size) {
        if isFinding { continueFind(budget: .max, in: viewport) }
    }

    /// Lays out the current matches. The row `kept` (a section and position) stays selected if
    /// it shows; otherwise, as when the query changed, the first match is (as in fzf).
    private mutating func showMatches(in viewport: Size, keeping kept: (section: Int, position: Int)?) {
        // Under `--raw` every row stays where it was, and so does the selection.
        let kept = kept ?? (looks.raw ? selection.map(locate) : nil)
        layout = shownMatches.map { ListLayout(sections: sections, shownRows: $0.map(\.count)) } ?? fullLayout
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

