/// Where a table's columns go at a width: each column's start and width, which are hidden.
///
/// Widths come from the column titles and the cells of a bounded sample of rows (those on screen
/// and the section's first screenful, at most `sampleLimit`), never from all the rows: a
/// million-row table costs a frame what a screenful does. A wider cell further down is cut with
/// `…` until it scrolls into view, when its column widens.
struct TableLayout: Equatable {
    /// The most first rows of a section (beyond those on screen) whose cells size its columns: a
    /// screenful (`Screen.keepTableSamples`), up to this.
    static let sampleLimit = 64
    /// Columns between two cells.
    static let gap = 2

    struct Placed: Equatable {
        var column: Int
        var x: Int
        var width: Int
        var align: TableColumn.Alignment = .left
    }

    /// The shown columns, left to right, at offsets from the row's text column.
    var placed: [Placed]

    /// Lays out `columns` in `room` columns, given the widest cell of each in the sample and
    /// whether its cells there are all numbers (a column without an `align` then goes right);
    /// the column the rows are `sorted` by has room for its arrow.
    init(columns: [TableColumn], widest: [Int], numeric: [Bool]? = nil, room: Int, sorted: Int? = nil) {
        var widths = columns.indices.map { index -> Int in
            let column = columns[index]
            let title = TextWidth.of(column.title) + (index == sorted ? 2 : 0)
            let natural = max(title, widest[index])
            return min(natural, column.maxWidth ?? natural)
        }
        // A column keeps its `min`, or all it needs when that is less.
        let floors = columns.indices.map { min(columns[$0].floor, widths[$0]) }
        var shown = Array(columns.indices)
        func total(_ width: (Int) -> Int) -> Int { shown.reduce(0) { $0 + width($1) } + Self.gap * max(0, shown.count - 1) }
        func total() -> Int { total { widths[$0] } }
        // Hide: while even the minimums do not fit, the highest `hide` first; the room a hidden
        // column leaves goes to the others.
        while total({ floors[$0] }) > room,
              let hidden = shown.filter({ columns[$0].hide != nil }).max(by: { (columns[$0].hide ?? 0, $0) < (columns[$1].hide ?? 0, $1) }) {
            shown.removeAll { $0 == hidden }
        }
        // Shrink: the highest `shrink` first, the widest among equals, a column at a time down to its floor.
        var excess = total() - room
        while excess > 0 {
            let candidates = shown.filter { widths[$0] > floors[$0] && columns[$0].shrink > 0 }
            guard let next = candidates.max(by: { (columns[$0].shrink, widths[$0]) < (columns[$1].shrink, widths[$1]) }) else { break }
            let peers = candidates.filter { columns[$0].shrink == columns[next].shrink }
            let second = peers.map { widths[$0] }.filter { $0 < widths[next] }.max() ?? floors[next]
            let give = min(excess, widths[next] - max(second, floors[next]), widths[next] - floors[next])
            widths[next] -= max(1, give)
            excess = total() - room
        }
        var x = 0
        placed = []
        for index in shown where x < room {
            let align = columns[index].align ?? (numeric?[index] == true ? .right : .left)
            placed.append(Placed(column: index, x: x, width: min(widths[index], room - x), align: align))
            x += widths[index] + Self.gap
        }
    }

    /// `text` fitted into `width` columns as `align` places it: cut with `…` when too long.
    static func fit(_ text: String, width: Int, align: TableColumn.Alignment) -> (text: String, indent: Int) {
        let shown = TextFitting.truncate(text, to: width)
        let spare = max(0, width - TextWidth.of(shown))
        switch align {
        case .left: return (shown, 0)
        case .right: return (shown, spare)
        case .center: return (shown, spare / 2)
        }
    }
}
