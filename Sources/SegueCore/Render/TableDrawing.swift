/// Drawing tables: a row's cells in their columns, and the header line naming the columns, with
/// an arrow by the one the table is sorted by.
struct TableRow {
    var layout: TableLayout
    var cells: [String]
}

extension RowDrawing {
    /// The row's cells, each fitted to its column and aligned in it, find matches marked.
    func drawCells(_ table: TableRow, into grid: inout Grid, y: Int, start: Int) {
        for placed in table.layout.placed where placed.column < table.cells.count {
            let cell = table.cells[placed.column]
            let (shown, indent) = TableLayout.fit(cell, width: placed.width, align: placed.align)
            let x = start + placed.x + indent
            grid.put(shown, x: x, y: y, style: lineStyle)
            mark(shown, of: cell, matched: highlights.cells[placed.column] ?? [], shift: 0, x: x, y: y, into: &grid)
        }
    }
}

/// The header line over a table's rows: each column's title where its cells go (aligned as they
/// are), `↑` or `↓` after the title of the column the rows are sorted by.
func drawTableHeader(_ table: TableLayout, screen: Screen, section: Int, y: Int, into grid: inout Grid, theme: Theme) {
    guard let columns = screen.columns(ofSection: section) else { return }
    let sort = screen.tableSorts[section]
    for placed in table.placed {
        var title = TextFitting.sanitize(columns[placed.column].title)
        if let sort, sort.column == placed.column {
            // The arrow stays when the title is cut.
            title = TextFitting.truncate(title, to: max(0, placed.width - 2)) + (sort.descending ? " ↓" : " ↑")
        }
        let (shown, indent) = TableLayout.fit(title, width: placed.width, align: placed.align)
        grid.put(shown, x: ScreenMetrics.textColumn + placed.x + indent, y: y, style: theme.header)
    }
}
