/// Finding rows by typing: opening and closing the find line, filtering the rows as the query
/// changes, and keeping the matches right as live rows arrive.
///
/// Cost: a query change looks at every row once (or only at the previous matches, when the new
/// query narrows the old one), in slices of `FindMetrics.slice` rows, so a long list is filtered
/// between keystrokes rather than while they wait. Matches are 4 bytes a row.
extension Screen {
    /// Opens the find line with `query` typed in it.
    mutating func openFind(query: String = "", prompt: String, sortsByScore: Bool, in viewport: Size) {
        find = FindState(query: query, prompt: prompt, sortsByScore: sortsByScore)
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

    /// Changes the query line; filters again when the query itself changed.
    public mutating func editFind(in viewport: Size, _ edit: (inout LineEditor) -> Void) {
        guard var state = find else { return }
        let before = state.editor.text
        edit(&state.editor)
        find = state
        if state.editor.text != before { queryChanged(in: viewport) }
    }

    /// Starts filtering for the query as typed; a short list is done at once.
    mutating func queryChanged(in viewport: Size) {
        guard var state = find else { return }
        let query = FindQuery(state.editor.text)
        if query.isEmpty {
            state.job = nil
            state.query = query
            state.matches = nil
            find = state
            showMatches(in: viewport, selectingFirst: true)
            return
        }
        // Narrowing starts from the last finished matches, never from a half-done job's.
        let narrows = state.matches != nil && query.narrows(state.query)
        state.job = FilterJob(query: query, candidates: narrows ? state.matches : nil)
        find = state
        continueFind(budget: FindMetrics.slice, in: viewport)
    }

    /// Whether filtering is still under way.
    var isFinding: Bool { find?.job != nil }

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
                job.scores.append([])
                job.lengths.append([])
            }
            let rows = sections[job.section].rows
            let limit = job.candidates?[job.section].count ?? rows.count
            // A command-searched section shows what its command answered for the query.
            if searchesByCommand(section: job.section) {
                job.found[job.section] = (0..<rows.count).map { Int32($0) }
                job.next = limit
            }
            while job.next < limit, left > 0 {
                let position = job.candidates.map { Int($0[job.section][job.next]) } ?? job.next
                job.next += 1
                left -= 1
                guard position < rows.count,
                      prepare(&prepared, section: job.section, position: position, bytes: &bytes),
                      let match = job.query.match(prepared) else { continue }
                job.found[job.section].append(Int32(position))
                if sorts {
                    job.scores[job.section].append(Int32(clamping: match.score))
                    job.lengths[job.section].append(Int32(clamping: prepared.count))
                }
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
        if sorts {
            for section in job.found.indices where job.found[section].count > 1 {
                let (scores, lengths) = (job.scores[section], job.lengths[section])
                let order = job.found[section].indices.sorted { a, b in
                    scores[a] != scores[b] ? scores[a] > scores[b] : lengths[a] != lengths[b] ? lengths[a] < lengths[b] : a < b
                }
                job.found[section] = order.map { job.found[section][$0] }
            }
        }
        find?.query = job.query
        find?.matches = job.found
        showMatches(in: viewport, selectingFirst: true)
    }

    /// Lays out the current matches; the first match is selected when the query changed (as fzf
    /// does), otherwise the selected row stays if it still shows.
    private mutating func showMatches(in viewport: Size, selectingFirst: Bool) {
        layout = find?.matches.map { ListLayout(sections: sections, shownRows: $0.map(\.count)) } ?? fullLayout
        offset = 0
        selection = enabledRow(from: 0, step: 1)
        scrollToSelection(in: viewport)
    }

    /// Loads the text row `position` of `section` is found by into `text` (see `searchText`);
    /// false for rows that are not found. A row shown as written is read from the spec's bytes
    /// without being decoded or bound.
    func prepare(_ text: inout SearchText, section: Int, position: Int, bytes: inout [UInt8]) -> Bool {
        let rows = sections[section].rows
        if spec.cells.definitions[CellStyle.default.rawValue] == nil {
            bytes.removeAll(keepingCapacity: true)
            if rows.appendPlainText(at: position, to: &bytes) {
                text.load(utf8: bytes)
                return true
            }
        }
        guard let string = searchText(section: section, position: position) else { return false }
        text.load(string)
        return true
    }

    /// The text a row is found by: what the user sees of it. Its title and detail as bound, and
    /// the value a choice row shows. `nil` for rows that are not found (text, separators, the
    /// status rows of live sections).
    func searchText(section: Int, position: Int) -> String? {
        let rows = sections[section].rows
        guard !rows.isStatusRow(position) else { return nil }
        let bound = boundRow(section: section, position: position)
        switch bound.style {
        case .text, .separator: return nil
        case .choice:
            let value = bound.row.setting.flatMap { settings.member($0)?.stringValue } ?? bound.row.options.first
            return Self.searchText(title: bound.row.title, detail: bound.row.detail, value: value)
        default:
            return Self.searchText(title: bound.row.title, detail: bound.row.detail, value: nil)
        }
    }

    /// Title, detail and value, one per line; a match's positions tell which part they fall in.
    static func searchText(title: String, detail: String?, value: String?) -> String {
        var text = title
        if let detail { text += "\n" + detail }
        if let value { text += "\n" + value }
        return text
    }

    /// Keeps the matches right after rows changed: rows that arrived are matched as they come;
    /// replaced rows are filtered again from the start.
    mutating func keepMatches(change: FeedChange?, refilter: Bool, in viewport: Size) {
        guard var state = find else { return }
        if refilter {
            // Until the new filtering is done, the old matches show, minus rows that are gone.
            if var matches = state.matches {
                for section in matches.indices {
                    let rows = sections[section].rows
                    matches[section].removeAll { Int($0) >= rows.count || rows.isStatusRow(Int($0)) }
                }
                state.matches = matches
            }
            state.job = state.query.isEmpty ? state.job : FilterJob(query: state.job?.query ?? state.query)
            find = state
            continueFind(budget: FindMetrics.slice, in: viewport)
            return
        }
        guard let change, change.newItems > change.oldItems else { return }
        if searchesByCommand(section: change.section) {
            // Every row of the command's answer shows, its status row too.
            let all = (0..<sections[change.section].rows.count).map { Int32($0) }
            if state.matches != nil { state.matches?[change.section] = all }
            if var job = state.job, job.section > change.section, job.found.count > change.section {
                job.found[change.section] = all
                state.job = job
            }
            find = state
            return
        }
        let arrived = (change.start + change.oldItems)..<(change.start + change.newItems)
        let shift = Int32(change.newItems - change.oldItems)
        find = nil  // held here alone while it changes
        if var matches = state.matches {
            // Rows after the feed in the same section moved down.
            matches[change.section] = matches[change.section].map { $0 >= Int32(arrived.lowerBound) ? $0 + shift : $0 }
            matches[change.section] += matched(arrived, in: change.section, by: state.query)
            state.matches = matches
        }
        if var job = state.job, job.candidates == nil, job.section > change.section, job.found.count > change.section {
            job.found[change.section] += matched(arrived, in: change.section, by: job.query)
            state.job = job
        } else if var job = state.job, job.candidates != nil {
            // Narrowing cannot see rows the old matches never had: start over.
            job = FilterJob(query: job.query)
            state.job = job
        }
        find = state
    }

    private func matched(_ positions: Range<Int>, in section: Int, by query: FindQuery) -> [Int32] {
        var prepared = SearchText()
        var bytes: [UInt8] = []
        return positions.compactMap { position in
            guard prepare(&prepared, section: section, position: position, bytes: &bytes),
                  query.match(prepared) != nil else { return nil }
            return Int32(position)
        }
    }

    /// The matched scalars of shown row `index`'s title and detail, for highlighting; empty while
    /// nothing is typed.
    func highlights(ofRow index: Int, bound: BoundRow) -> (title: Set<Int>, detail: Set<Int>) {
        guard let query = find?.query, !query.isEmpty else { return ([], []) }
        let title = bound.row.title
        let text = Self.searchText(title: title, detail: bound.row.detail, value: nil)
        guard let match = query.match(text) else { return ([], []) }
        let titleCount = title.unicodeScalars.count
        var inTitle = Set<Int>()
        var inDetail = Set<Int>()
        for position in match.positions {
            if position < titleCount { inTitle.insert(position) } else if position > titleCount { inDetail.insert(position - titleCount - 1) }
        }
        return (inTitle, inDetail)
    }
}

/// Sizes of the find's work.
enum FindMetrics {
    /// Rows filtered before keys are read again.
    static let slice = 20_000
    /// Seconds typing must pause before a command search runs again with the query.
    static let commandSearchDelay = 0.15
}

extension Screen {
    /// Whether a find leaves section `section` to its source's command (`"search": "command"`).
    func searchesByCommand(section: Int) -> Bool {
        sections[section].rows.feeds.contains { $0.feed.live.source.searchesByCommand }
    }

    /// Whether any section of the screen is searched by its source's command.
    var searchesByCommand: Bool {
        sections.indices.contains { searchesByCommand(section: $0) }
    }

    /// Rows a find looks through, the denominator of `37/365`: every row but live sections'
    /// status rows. Counted per section, not per row.
    var searchableRowCount: Int {
        fullLayout.rowCount - sections.reduce(0) { total, section in
            total + section.rows.feeds.filter { $0.feed.hasStatusRow }.count
        }
    }
}
