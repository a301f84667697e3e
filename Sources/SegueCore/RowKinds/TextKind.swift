/// `text`: a paragraph, wrapped to the width, that the cursor skips; its line breaks are kept.
struct TextKind: RowKind {
    var name: String { "text" }
    var isSelectable: Bool { false }
    var drawsChevron: Bool { false }

    func fixedHeight(wraps: Bool) -> Int? { nil }

    func layOut(_ layout: inout RowLayout, title: String, detail: String?, row: Row, viewport: Size) {
        // The title as written: `title` had its line breaks made spaces, as one-line titles need.
        layout.titleLines = ScreenMetrics.paragraph(row.title, width: max(1, viewport.width - ScreenMetrics.textColumn - 1), viewport: viewport)
    }

    func drawFirstLine(_ drawing: RowDrawing, title: String, into grid: inout Grid, y: Int, start: Int, end: Int) {
        grid.put(TextFitting.truncate(title, to: grid.width - 1 - start), x: start, y: y, style: drawing.lineStyle)
    }

    func plainLine(title: String, row: Row) -> String? { "   " + title }
}

/// `separator`: a rule across the list, with its title in it; the cursor skips it.
struct SeparatorKind: RowKind {
    var name: String { "separator" }
    var isSelectable: Bool { false }
    var drawsChevron: Bool { false }

    func fixedHeight(wraps: Bool) -> Int? { 1 }

    func layOut(_ layout: inout RowLayout, title: String, detail: String?, row: Row, viewport: Size) {
        layout.titleLines = [title]
    }

    func drawFirstLine(_ drawing: RowDrawing, title: String, into grid: inout Grid, y: Int, start: Int, end: Int) {
        let width = max(0, grid.width - 1 - start)
        guard !title.isEmpty, width > 6 else {
            grid.put(String(repeating: "─", count: width), x: start, y: y, style: drawing.theme.disabled)
            return
        }
        let label = " " + TextFitting.truncate(title, to: width - 4) + " "
        let left = 2
        let right = max(0, width - left - TextWidth.of(label))
        grid.put(String(repeating: "─", count: left) + label + String(repeating: "─", count: right), x: start, y: y,
                 style: drawing.theme.disabled)
    }

    func plainLine(title: String, row: Row) -> String? { "   ----" + (title.isEmpty ? "" : " \(title) ----") }
}
