/// `choice`: one of `options`, bound to a setting; Enter, → and Space step forward, ← back.
/// With `"other"`, a last step asks for a value of the user's own (select-or-type): the line
/// editor opens on the row, and what is typed is saved, checked as an input row's value is.
/// With a `"placeholder"`, an unset setting shows it (dim) rather than the first option, and
/// unset is a step of its own, after the last: stepping onto it takes the setting away.
struct ChoiceKind: RowKind {
    var name: String { "choice" }
    var enter: (hint: String, title: String)? { ("next", "Next choice") }
    var usesArrows: Bool { true }
    var keys: [SpecSchema.Declaration] {
        [.row("other", .mixed, "A choice row's last step asks for a value of the user's own; a string is its label.",
              schema: ##"{"type": ["boolean", "string", "null"]}"##),
         .row("placeholder", .string, "A choice row's dim text while its setting is unset, which is then a step of its own.")]
            + InputRules.declarations
    }

    func check(_ attributes: [String: JSONValue], path: String, complete: Bool) -> ShapeProblem? {
        switch attributes["other"] {
        case nil, .null?, .bool?: break
        case .string(let label)? where !label.isEmpty: break
        case let other?: return .expected("true, false or the last step's label (\"Other…\")", found: other, at: path + ".other")
        }
        if attributes["other"] != nil, case .failure(let problem) = InputRules.decode(attributes, path: path) { return problem }
        return nil
    }

    func drawFirstLine(_ drawing: RowDrawing, title: String, into grid: inout Grid, y: Int, start: Int, end: Int) {
        if drawing.drawEditorIfEditing(title: title, into: &grid, y: y, start: start, end: end) { return }
        let value = Self.value(of: drawing.bound.row, settings: drawing.settings)
        let unset = Self.placeholder(of: drawing.bound.row) != nil && Self.isUnset(drawing.bound.row, settings: drawing.settings)
        // The value's matches, moved past `‹ `.
        drawing.drawTitleAndDetail(title, detail: "‹ \(value) ›", into: &grid, y: y, start: start, end: end,
                                   detailStyle: unset ? drawing.quietStyle : drawing.lineStyle, detailMatches: Set(drawing.highlights.value.map { $0 + 2 })) { room in
            // Cut inside the brackets, so that a long value still reads as a choice.
            room >= 5 ? "‹ \(TextFitting.truncate(value, to: room - 4)) ›" : TextFitting.truncate("‹ \(value) ›", to: room)
        }
    }

    func activate(_ state: inout AppState) -> [Effect]? { move(1, &state) }

    func step(_ direction: Int, _ state: inout AppState) -> [Effect]? { move(direction, &state) }

    /// As plain mode reads it: an unset value's placeholder in brackets, as an input's is.
    func value(of row: Row, settings: JSONValue) -> String? {
        if let placeholder = Self.placeholder(of: row), Self.isUnset(row, settings: settings) { return "(\(placeholder))" }
        return Self.value(of: row, settings: settings)
    }

    /// Found by what it shows: the placeholder as drawn, without the brackets.
    func searchedValue(of row: Row, settings: JSONValue) -> String? { Self.value(of: row, settings: settings) }

    /// A value none of the options is, where the row takes no value of the user's own.
    func settingProblem(_ value: JSONValue, row: Row) -> String? {
        guard value != .null, Self.otherLabel(of: row) == nil, !row.options.isEmpty,
              !row.options.contains(where: { Template.text(of: $0) == Template.text(of: value) }) else { return nil }
        return "holds \(value.summary), which is none of its options (\(row.options.map(\.summary).joined(separator: ", ")))"
    }

    /// The current option as shown: the setting's value, else the placeholder, else the first option.
    static func value(of row: Row, settings: JSONValue) -> String {
        if !isUnset(row, settings: settings), let name = row.setting, let value = settings.setting(name) { return Template.text(of: value) }
        return placeholder(of: row) ?? row.options.first.map(Template.text) ?? ""
    }

    static func isUnset(_ row: Row, settings: JSONValue) -> Bool {
        guard let name = row.setting, let value = settings.setting(name) else { return true }
        return value == .null
    }

    /// What an unset choice shows, when the row says (`"placeholder"`).
    static func placeholder(of row: Row) -> String? {
        row.extras["placeholder"]?.stringValue.map(TextFitting.sanitize)
    }

    /// The last step's label when the row takes a value of the user's own (`"other"`).
    static func otherLabel(of row: Row) -> String? {
        switch row.extras["other"] {
        case .bool(true)?: return "Other…"
        case .string(let label)? where !label.isEmpty: return label
        default: return nil
        }
    }

    /// Steps the selected row's setting to the next (`step` 1) or previous (-1) option; with
    /// `"other"`, the step past the last opens the editor for a value of the user's own.
    private func move(_ step: Int, _ state: inout AppState) -> [Effect] {
        guard let row = state.current.selectedRow else { return [] }
        let options = row.options
        guard let name = row.setting, !options.isEmpty else {
            state.setStatus(.error("this choice needs a \"setting\" and \"options\""))
            return []
        }
        let other = Self.otherLabel(of: row)
        // With a placeholder, unset is the last step: the options, the user's own, then unset;
        // never for an item of a list, which taking away would take out of the list.
        let unsettable = Self.placeholder(of: row) != nil && Settings.listItem(name, in: state.settings.values) == nil
        let unsetStep: Int? = unsettable ? options.count + (other == nil ? 0 : 1) : nil
        let steps = options.count + (other == nil ? 0 : 1) + (unsetStep == nil ? 0 : 1)
        // Unset shows the first option (or the placeholder, its own step). A value not among the
        // options is the user's own (the "other" step), else steps to the first (forward) or the
        // last (back) option.
        var current = unsetStep ?? 0
        var own: JSONValue?
        if let value = state.settings.value(for: name), value != .null {
            if let index = options.firstIndex(where: { Template.text(of: $0) == Template.text(of: value) }) {
                current = index
            } else if other != nil {
                current = options.count
                own = value
            } else {
                current = step > 0 ? -1 : options.count
            }
        }
        let next = ((current + step) % steps + steps) % steps
        if next == unsetStep { return SettingChanges.change(name, to: nil, &state) }
        guard next < options.count else {
            state.entry = TextEntry(purpose: .setting(name), editor: LineEditor(own.map(Template.text) ?? ""),
                                    rules: InputRules(row.extras), screen: state.current.id)
            state.setStatus(StatusMessage((other ?? "Other…") + " ⏎ saves, Esc keeps \(Self.value(of: row, settings: state.settings.values))"))
            return []
        }
        return SettingChanges.change(name, to: options[next], &state)
    }
}
