/// `value`: key and value, the values lined up in a column down the section.
struct ValueKind: RowKind {
    var name: String { "value" }

    func drawFirstLine(_ drawing: RowDrawing, title: String, into grid: inout Grid, y: Int, start: Int, end: Int) {
        // Keys take a fixed share of the width, so values line up down the whole section.
        let keyWidth = max(8, (end - start) * 2 / 5)
        let key = TextFitting.truncate(title, to: keyWidth)
        grid.put(key, x: start, y: y, style: drawing.lineStyle)
        drawing.mark(key, of: title, matched: drawing.highlights.title, shift: drawing.prefixScalars, x: start, y: y, into: &grid)
        drawing.underlineHotkey(key, of: title, x: start, y: y, into: &grid)
        // A problem the settings' schema finds in the value is said in its place.
        let value = drawing.problem.map { (drawing.theme.ascii ? "x " : "✗ ") + TextFitting.sanitize($0) } ?? drawing.layout.sideDetail ?? ""
        let shownValue = TextFitting.truncate(value, to: max(0, end - start - keyWidth - 2))
        grid.put(shownValue, x: start + keyWidth + 2, y: y, style: drawing.problem != nil ? drawing.theme.error
                 : drawing.selected ? drawing.lineStyle : drawing.theme.row)
        drawing.mark(shownValue, of: value, matched: drawing.highlights.detail, shift: 0, x: start + keyWidth + 2, y: y, into: &grid)
    }
}
