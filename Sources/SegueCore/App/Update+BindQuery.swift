/// fzf's actions on the query, the cursor and the marks that Segue's keys do not do alone:
/// `search(…)`, `change-nth(…)`, the line's edits by name (`kill-line`), `prev-history`,
/// `pos(N)`, `change-multi`, `down-selected`, `exclude`, `close`; each through the state's own owner (the
/// find line's editor, the screen's selection and marks, the preview).
extension Bindings {
    /// One of these actions; `nil` for any other.
    static func runOnQueryOrCursor(_ action: BindAction, trigger: String, _ state: inout AppState) -> [Effect]? {
        let viewport = state.listViewport
        switch action {
        case .search(let text):
            state.current.search(for: text, in: viewport)
            return []
        case .changeNth(let text):
            return changeNth(text, &state)
        case .edit(let key, let orAbort):
            if orAbort, state.current.find?.editor.text.isEmpty ?? true { return [.quit(.interrupted)] }
            return editQuery(trigger, &state) { _ = $0.apply(key) }
        case .history(let step):
            guard state.current.find != nil, Find.hasPastQueries(state) else { return [] }
            Find.browseHistory(step, &state)
            return state.current.find == nil ? [] : changed(&state)
        case .position(let number):
            let count = state.current.rowCount
            guard count > 0 else { return [] }
            let row = min(count - 1, max(0, number > 0 ? number - 1 : count + number))
            state.current.hasMoved = true
            state.current.select(row, in: viewport)
            return []
        case .changeMulti(let limit):
            // fzf's: with 0, marking is off and the marks go; else on, with the limit.
            state.multiChanged = (limit != 0, limit == 0 ? nil : limit)
            if limit == 0 { state.current.marks.removeAll() }
            return []
        case .moveToMarked(let step):
            guard let selection = state.current.selection else { return [] }
            var row = selection + step
            while row >= 0, row < state.current.rowCount {
                if state.current.isMarked(row) {
                    state.current.hasMoved = true
                    state.current.select(row, in: viewport)
                    break
                }
                row += step
            }
            return []
        case .exclude(let multi):
            let screen = state.current
            let rows = multi && !screen.marks.isEmpty ? screen.marks : Set(screen.selection.map { [screen.fullRow($0)] } ?? [])
            _ = state.current.exclude(rows, in: viewport)
            return []
        case .close:
            let shows = state.current.preview.spec != nil && !state.previewHidden
            return shows ? Preview.toggle(&state) : [.quit(.interrupted)]
        default:
            return nil
        }
    }

    /// `change-nth(…)`: the piped lines' fields a find reads, the next of its `|` alternatives
    /// each time (nothing: the whole line); the query filtered again.
    private static func changeNth(_ text: String, _ state: inout AppState) -> [Effect] {
        let alternatives = text.split(separator: "|", omittingEmptySubsequences: false).map { String($0.filter { $0 != " " }) }
        let turn = state.rotations[text, default: 0]
        state.rotations[text] = turn + 1
        let chosen = alternatives[turn % alternatives.count]
        guard chosen.isEmpty || FieldIndexes.isValid(chosen) else {
            state.setStatus(.error("change-nth: expected field indexes (1, -1, 2.., 1,3), found \"\(TextFitting.sanitize(chosen))\""))
            return []
        }
        for section in pipedSections(state) {
            state.current.updateFeed(section: section) { feed in
                var live = feed.live
                live.searchedFields = chosen.isEmpty ? nil : FieldMask(indexes: FieldIndexes(chosen), delimiter: live.source.delimiter)
                feed.live = live
            }
        }
        state.current.refilter(in: state.listViewport)
        return []
    }
}
