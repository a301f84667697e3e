/// A row of a cell type that a Swift program draws (`CellRenderers`, by the name specs give in
/// `cell`): its lines are the renderer's styled spans at the width the list gives it. Enter, the
/// find, plain mode and the help treat it as a default row: the renderer only draws.
///
/// Specs never name this kind; they name the renderer, and the cell library resolves that name
/// here (`CellLibrary.resolve`).
struct RenderedKind: RowKind {
    var name: String { "rendered by Swift" }
    var namedBySpecs: Bool { false }
    var drawsRegisteredCells: Bool { true }

    /// Its height is the renderer's to say.
    func fixedHeight(wraps: Bool) -> Int? { nil }

    func layOut(_ layout: inout RowLayout, title: String, detail: String?, row: Row, viewport: Size) {
        guard let renderer = layout.renderer else {
            // A renderer the session does not have (a spec checked without the program): a default row.
            DefaultKind().layOut(&layout, title: title, detail: detail, row: row, viewport: viewport)
            return
        }
        let room = max(1, viewport.width - ScreenMetrics.textColumn - 1)
        let lines = renderer(row.attributes, room)
        layout.customLines = Array((lines.isEmpty ? [[]] : lines).prefix(max(1, viewport.height - 2)))
    }

    func draw(_ drawing: RowDrawing, into grid: inout Grid, y: Int, bottom: Int) -> Int? {
        guard let custom = drawing.layout.customLines else { return nil }
        let theme = drawing.theme
        let row = drawing.bound.row
        var line = y
        for (index, spans) in custom.enumerated() where line < bottom {
            grid.fill(y: line, style: drawing.lineStyle)
            if index == 0, drawing.selected || drawing.marked {
                grid.put(drawing.pointerText, x: ScreenMetrics.pointerColumn, y: line, style: drawing.lineStyle)
            }
            var x = ScreenMetrics.textColumn
            for span in spans {
                // Selection and disabling show over the renderer's own styles; its colours are the
                // program's, drawn as `--ansi` rows' are: not without colour (`NO_COLOR`).
                let own = theme.drawsProgramColours ? span.style : Style(attributes: span.style.attributes)
                let style = drawing.selected ? theme.selected : (row.enabled ? own : theme.disabled)
                x = grid.put(TextFitting.sanitize(span.text), x: x, y: line, style: style, limit: grid.width - 1)
            }
            line += 1
        }
        if drawing.leadsSomewhere, y < bottom {
            grid.put("›", x: grid.width - 2, y: y, style: drawing.selected ? drawing.lineStyle : theme.chevron)
        }
        return line
    }
}
