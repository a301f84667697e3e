/// Marked rows (`--multi`), and binding a row for acting on it with `marked` (fzf's `{+}`): the
/// values Enter would print for the marked rows.
extension Screen {
    /// Marks or unmarks the selected row for a multi-select emit.
    mutating func toggleMark() {
        guard let selection else { return }
        let full = fullRow(selection)
        if marks.remove(full) == nil { marks.insert(full) }
    }

    /// Whether shown row `index` is marked.
    func isMarked(_ index: Int) -> Bool { !marks.isEmpty && marks.contains(fullRow(index)) }

    /// Shown row `index` bound for acting on it (its action, its extra actions, its preview):
    /// when what it says mentions `marked`, that is bound too — the values Enter would print for
    /// the marked rows, in row order, or for the row itself when none is marked (fzf's `{+}`).
    func boundRowActing(_ index: Int) -> BoundRow {
        let (section, position) = locate(index)
        let rows = sections[section].rows
        let raw = rows[position]
        guard raw.mentionsMarked || sections[section].preview?.mentions("marked") == true else {
            return boundRow(section: section, position: position)
        }
        return RowBinder.bind(raw, item: rows.binding(at: position), context: actingContext(onRow: index), cells: spec.cells)
    }

    /// Whether shown row `index` is still the row `asked` (bound when a question or a prompt
    /// was asked about it), so a yes never runs an action for another row that arrived in its
    /// place. It may have been bound for acting, with `marked`: the marks' own binding is no
    /// change of the row.
    func stillShows(_ asked: BoundRow?, at index: Int) -> Bool {
        guard let asked, index < rowCount else { return false }
        return boundRow(index) == asked || boundRowActing(index) == asked
    }

    /// The screen's context with `marked` for row `index`.
    func actingContext(onRow index: Int) -> DataContext {
        let values = marks.isEmpty ? [fullRow(index)] : marks.sorted()
        return context.adding("marked", .array(values.map { .string(boundRow(full: $0).row.emittedValue) }))
    }
}

extension Row {
    /// What Enter prints for the row: its emit action's value, else its title.
    var emittedValue: String {
        if case .emit(let value?)? = action?.kind { return value }
        return title
    }

    /// Whether the row's action, segue or other attributes name `marked` (a cheap test, so the
    /// marked rows are bound only for a row that can use them).
    var mentionsMarked: Bool {
        action?.json.mentions("marked") == true || extras.values.contains { $0.mentions("marked") }
    }
}

extension JSONValue {
    /// Whether a string in the value contains `word`.
    func mentions(_ word: String) -> Bool {
        switch self {
        case .string(let text): return Template.contains(word, in: text)
        case .array(let elements): return elements.contains { $0.mentions(word) }
        case .object(let members): return members.values.contains { $0.mentions(word) }
        default: return false
        }
    }
}
