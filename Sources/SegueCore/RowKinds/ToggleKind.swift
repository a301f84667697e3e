/// `toggle`: `[x]`/`[ ]` bound to a boolean setting; Enter or Space flips it.
struct ToggleKind: RowKind {
    var name: String { "toggle" }
    var enter: (hint: String, title: String)? { ("flip", "Flip") }
    var space: String? { "flip" }

    func drawFirstLine(_ drawing: RowDrawing, title: String, into grid: inout Grid, y: Int, start: Int, end: Int) {
        let mark = isOn(drawing.bound.row, settings: drawing.settings) ? "[x] " : "[ ] "
        let after = grid.put(mark, x: start, y: y, style: drawing.lineStyle)
        drawing.drawTitleAndDetail(title, detail: drawing.layout.sideDetail, into: &grid, y: y, start: after, end: end)
    }

    func activate(_ state: inout AppState) -> [Effect]? { flip(&state) }

    /// Space flips it (it has no arrows: ← and → go back and open, as on any row).
    func step(_ direction: Int, _ state: inout AppState) -> [Effect]? { flip(&state) }

    /// Shown in plain mode; the find looks at the title and detail only.
    func value(of row: Row, settings: JSONValue) -> String? { isOn(row, settings: settings) ? "on" : "off" }

    func searchedValue(of row: Row, settings: JSONValue) -> String? { nil }

    private func isOn(_ row: Row, settings: JSONValue) -> Bool {
        guard let name = row.setting else { return false }
        return settings.setting(name) == .bool(true)
    }

    private func flip(_ state: inout AppState) -> [Effect] {
        guard let row = state.current.selectedRow else { return [] }
        guard let name = row.setting else {
            state.setStatus(.error("this toggle has no \"setting\" to change"))
            return []
        }
        return SettingChanges.change(name, to: .bool(!state.settings.bool(name)), &state)
    }
}
