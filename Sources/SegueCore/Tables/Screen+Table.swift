/// A screen's tables: sections with `"columns"`, their rows' cells, their layout at a width, and
/// their order by a column.
extension Screen {
    func columns(ofSection section: Int) -> [TableColumn]? { sections[section].columns }

    /// Whether a bound row shows as cells: a row of the default kind in a table (rows of other
    /// kinds, and a live section's status row, show as they do elsewhere). Drawing, plain mode,
    /// the find and the widths all ask this.
    func showsCells(_ bound: BoundRow, section: Int, position: Int) -> Bool {
        sections[section].columns != nil && bound.style == .default && !sections[section].rows.isStatusRow(position)
    }

    /// The cells of a bound row of a table section: each column's value rendered with the row as
    /// bound, its item and the screen's data, on one line.
    /// `context` is the screen's, when the caller has it already (made once for many rows).
    func cells(of bound: BoundRow, section: Int, position: Int, context: DataContext? = nil) -> [String] {
        guard let columns = sections[section].columns else { return [] }
        return Self.cells(of: bound, item: sections[section].rows.binding(at: position), columns: columns, context: context ?? self.context)
    }

    /// `columns`' cells of a bound row with its item, in `context`: what shows, on one line.
    static func cells(of bound: BoundRow, item: RowItem?, columns: [TableColumn],
                      context: DataContext) -> [String] {
        var rowContext = context
        if let item { rowContext = rowContext.adding(item) }
        rowContext = rowContext.adding(.object(bound.attributes))
        return columns.map { TextFitting.sanitize($0.value.render(in: rowContext)) }
    }

    /// The section whose columns the header line names: the table the first row on screen
    /// belongs to, else the nearest one above it, else the first.
    var headerSection: Int? {
        guard hasTable else { return nil }
        let top = layout.itemCount == 0 ? 0 : topSection
        return (0...top).reversed().first { sections[$0].columns != nil } ?? sections.indices.first { sections[$0].columns != nil }
    }

    private var topSection: Int {
        for index in offset..<layout.itemCount {
            switch layout.item(at: index) {
            case .row(let row): return locate(row).section
            case .header(let section), .footer(let section): return section
            case .gap: continue
            }
        }
        return max(0, sections.count - 1)
    }

    /// Columns a table's cells have at a width: from the rows' text column to the `›` column.
    static func tableRoom(width: Int) -> Int { max(1, width - ScreenMetrics.textColumn - ScreenMetrics.chevronSpace) }

    /// The layout of each table with a row in `viewport` from the list's offset, and of the one
    /// the header line names, with the cells of its rows on screen (by position), which drawing
    /// uses as they are. Rows the table's sample holds are not bound again.
    func tableLayouts(viewport: Size) -> [Int: TableOnScreen] {
        guard hasTable else { return [:] }
        let context = self.context
        var onScreen: [Int: [Int: TableSample.Measured]] = [:]
        var index = offset
        while index < min(layout.itemCount, offset + viewport.height) {
            if case .row(let row) = layout.item(at: index) {
                let (section, position) = locate(row)
                if sections[section].columns != nil {
                    onScreen[section, default: [:]][position] = keptSample(section: section)?.rows[position]
                        ?? measure(section: section, position: position, context: context)
                }
            }
            index += 1
        }
        if let header = headerSection, onScreen[header] == nil { onScreen[header] = [:] }
        var layouts: [Int: TableOnScreen] = [:]
        for (section, rows) in onScreen {
            guard let columns = sections[section].columns else { continue }
            // Without a sample kept by the last event, what is on screen is the sample.
            var measured = keptSample(section: section) ?? TableSample(key: [], columns: columns.count)
            for row in rows.values { if let cells = row.cells { measured.measure(cells, columns: columns) } }
            let table = TableLayout(columns: columns, widest: measured.widest, numeric: measured.numeric.map { $0 == true },
                                    room: Self.tableRoom(width: viewport.width), sorted: tableSorts[section]?.column)
            layouts[section] = TableOnScreen(layout: table, rows: rows)
        }
        return layouts
    }

    /// A table as a frame draws it: its layout, and its rows on screen bound, with their cells.
    struct TableOnScreen {
        var layout: TableLayout
        /// By position; `cells` is `nil` for a row that does not show as cells.
        var rows: [Int: TableSample.Measured]
    }

    /// Table `section`'s sample kept by the last event, while it still holds: the same first
    /// rows, and the same data their templates see.
    private func keptSample(section: Int) -> TableSample? {
        guard let kept = tableSamples[section], kept.key == sampleKey(section: section, limit: kept.limit),
              kept.seen == sampleData else { return nil }
        return kept
    }

    /// Measures each table's first `limit` shown rows (a screenful: the first screen costs no
    /// more than its rows) where they changed, keeping them bound with their cells, so a frame
    /// measures only the rows on screen it has not seen.
    mutating func keepTableSamples(rows limit: Int) {
        guard hasTable else { return }
        let limit = min(max(1, limit), TableLayout.sampleLimit)
        for section in sections.indices where sections[section].columns != nil {
            if let kept = tableSamples[section], kept.limit == limit, keptSample(section: section) != nil { continue }
            let key = sampleKey(section: section, limit: limit)
            var sample = TableSample(key: key, columns: sections[section].columns?.count ?? 0)
            sample.limit = limit
            sample.seen = sampleData
            let context = self.context
            // A live section's status row changes with no change of rows: never kept.
            for position in key.dropFirst(2) where !sections[section].rows.isStatusRow(position) {
                let row = measure(section: section, position: position, context: context)
                sample.rows[position] = row
                if let cells = row.cells, let columns = sections[section].columns { sample.measure(cells, columns: columns) }
            }
            tableSamples[section] = sample
        }
    }

    /// Row `position` of table `section` bound, with its cells when it shows as cells.
    private func measure(section: Int, position: Int, context: DataContext) -> TableSample.Measured {
        let bound = boundRow(section: section, position: position)
        let drawn = showsCells(bound, section: section, position: position) && !(spec.hidesRows && bound.row.isHidden)
        return TableSample.Measured(bound: bound, cells: drawn ? cells(of: bound, section: section, position: position, context: context) : nil)
    }

    /// What a row's binding depends on besides the row: the settings, what was captured, the query.
    private var sampleData: [JSONValue] { [settings, captured, .string(find?.editor.text ?? "")] }

    /// Which rows are the first of a table: their count, the generation of the rows a source
    /// brought, and their places (a find or rows arriving change them; a sort forgets the sample).
    private func sampleKey(section: Int, limit: Int) -> [Int] {
        let span = layout.spans[section]
        let first = min(span.rowCount, limit)
        let generation = sections[section].rows.feeds.first?.feed.generation ?? 0
        return [span.rowCount, generation] + (0..<first).map { locate(span.firstRow + $0).position }
    }
}

/// The widest cell of each column among some rows, and whether the cells are numbers (`nil`:
/// none seen that is not empty).
struct TableSample: Sendable {
    /// A row as measured: bound, and its cells when it shows as cells.
    struct Measured: Sendable {
        var bound: BoundRow
        var cells: [String]?
    }

    var key: [Int]
    var widest: [Int]
    var numeric: [Bool?]
    /// How many first rows it measures; and what their templates saw.
    var limit = 0
    var seen: [JSONValue] = []
    /// The rows it measured, by position, for a frame to draw without binding them again.
    var rows: [Int: Measured] = [:]

    init(key: [Int], columns: Int) {
        self.key = key
        widest = Array(repeating: 0, count: columns)
        numeric = Array(repeating: nil, count: columns)
    }

    mutating func measure(_ cells: [String], columns: [TableColumn]) {
        for (index, cell) in cells.enumerated() where index < widest.count {
            widest[index] = max(widest[index], TextWidth.of(cell))
            if columns[index].align == nil, numeric[index] != false, !cell.isEmpty {
                numeric[index] = TableSortKey.number(cell) != nil
            }
        }
    }
}

/// How a table is sorted: by which column, which way.
package struct TableSort: Equatable, Sendable {
    package var column: Int
    package var descending: Bool
}
