/// `choice`: one of `options`, bound to a setting; Enter, → and Space step forward, ← back.
struct ChoiceKind: RowKind {
    var name: String { "choice" }
    var enter: (hint: String, title: String)? { ("next", "Next choice") }
    var usesArrows: Bool { true }

    func drawFirstLine(_ drawing: RowDrawing, title: String, into grid: inout Grid, y: Int, start: Int, end: Int) {
        let value = Self.value(of: drawing.bound.row, settings: drawing.settings)
        // The value's matches, moved past `‹ `.
        drawing.drawTitleAndDetail(title, detail: "‹ \(value) ›", into: &grid, y: y, start: start, end: end,
                                   detailStyle: drawing.lineStyle, detailMatches: Set(drawing.highlights.value.map { $0 + 2 })) { room in
            // Cut inside the brackets, so that a long value still reads as a choice.
            room >= 5 ? "‹ \(TextFitting.truncate(value, to: room - 4)) ›" : TextFitting.truncate("‹ \(value) ›", to: room)
        }
    }

    func activate(_ state: inout AppState) -> [Effect]? { move(1, &state) }

    func step(_ direction: Int, _ state: inout AppState) -> [Effect]? { move(direction, &state) }

    func value(of row: Row, settings: JSONValue) -> String? { Self.value(of: row, settings: settings) }

    /// The current option as shown: the setting's value, else the first option.
    static func value(of row: Row, settings: JSONValue) -> String {
        if let name = row.setting, let value = settings.member(name), value != .null { return Template.text(of: value) }
        return row.options.first.map(Template.text) ?? ""
    }

    /// Steps the selected row's setting to the next (`step` 1) or previous (-1) option.
    private func move(_ step: Int, _ state: inout AppState) -> [Effect] {
        guard let row = state.current.selectedRow else { return [] }
        let options = row.options
        guard let name = row.setting, !options.isEmpty else {
            state.setStatus(.error("this choice needs a \"setting\" and \"options\""))
            return []
        }
        // Unset shows the first option; a value not among the options steps to the first (forward)
        // or the last (back) option.
        var current = 0
        if let value = state.settings.value(for: name), value != .null {
            current = options.firstIndex(where: { Template.text(of: $0) == Template.text(of: value) }) ?? (step > 0 ? -1 : options.count)
        }
        let next = ((current + step) % options.count + options.count) % options.count
        return change(name, to: options[next], &state)
    }
}
