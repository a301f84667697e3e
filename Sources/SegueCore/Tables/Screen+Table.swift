/// A screen's tables: sections with `"columns"`, their rows' cells, their layout at a width, and
/// their order by a column.
extension Screen {
    /// Whether a section of the screen is a table: the list then gives its first line to the
    /// column header, which stays while the rows scroll.
    package var hasTable: Bool { sections.contains { $0.columns != nil || $0.columnsFromHeader } }

    func columns(ofSection section: Int) -> [TableColumn]? { sections[section].columns }

    /// The cells of a bound row of a table section: each column's value rendered with the row as
    /// bound, its item and the screen's data, on one line.
    func cells(of bound: BoundRow, section: Int, position: Int) -> [String] {
        guard let columns = sections[section].columns else { return [] }
        var rowContext = context
        if let item = sections[section].rows.binding(at: position) { rowContext = rowContext.adding(item.name, item.value) }
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
    /// the header line names; each sized by its rows on screen and its first rows.
    func tableLayouts(viewport: Size) -> [Int: TableLayout] {
        guard hasTable else { return [:] }
        var onScreen: [Int: [Int]] = [:]
        var index = offset
        while index < min(layout.itemCount, offset + viewport.height) {
            if case .row(let row) = layout.item(at: index) {
                let (section, position) = locate(row)
                if sections[section].columns != nil { onScreen[section, default: []].append(position) }
            }
            index += 1
        }
        if let header = headerSection, onScreen[header] == nil { onScreen[header] = [] }
        var layouts: [Int: TableLayout] = [:]
        for (section, positions) in onScreen {
            layouts[section] = tableLayout(section: section, room: Self.tableRoom(width: viewport.width), onScreen: positions)
        }
        return layouts
    }

    /// Section `section`'s table laid out in `room` columns, sized by the titles and the cells of
    /// the rows `onScreen` (positions) and of its first `TableLayout.sampleLimit` shown rows.
    func tableLayout(section: Int, room: Int, onScreen: [Int]) -> TableLayout? {
        guard let columns = sections[section].columns else { return nil }
        var widest = [Int](repeating: 0, count: columns.count)
        // Whether each column's cells are numbers (`nil`: none seen yet that is not empty).
        var numeric = [Bool?](repeating: nil, count: columns.count)
        let span = layout.spans[section]
        var positions = Set(onScreen)
        for shown in 0..<min(span.rowCount, TableLayout.sampleLimit) {
            positions.insert(locate(span.firstRow + shown).position)
        }
        for position in positions where !sections[section].rows.isStatusRow(position) {
            let bound = boundRow(section: section, position: position)
            if spec.hidesRows, bound.row.isHidden { continue }
            for (index, cell) in cells(of: bound, section: section, position: position).enumerated() {
                widest[index] = max(widest[index], TextWidth.of(cell))
                if columns[index].align == nil, numeric[index] != false, !cell.isEmpty {
                    numeric[index] = TableSortKey.number(cell) != nil
                }
            }
        }
        return TableLayout(columns: columns, widest: widest, numeric: numeric.map { $0 == true }, room: room,
                           sorted: tableSorts[section]?.column)
    }
}

/// How a table is sorted: by which column, which way.
package struct TableSort: Equatable, Sendable {
    package var column: Int
    package var descending: Bool
}
