/// What a find reads of a row, and which characters of a shown row it matched.
extension Screen {
    /// Section `section`'s rows as a find may read them without binding, from any thread: its
    /// lines, or its rows as written, where no cell type or hidden row may change what shows.
    /// Looked up once per pass.
    func plainRows(section: Int) -> PlainRows? {
        guard spec.cells.definitions[CellStyle.default.rawValue] == nil, !spec.hidesRows, searchMask(section: section) == nil,
              sections[section].columns == nil else { return nil }
        let rows = sections[section].rows
        return rows.plainLines.map(PlainRows.lines) ?? rows.specList.map(PlainRows.rows) ?? .joined(rows)
    }

    /// Loads the text row `position` of `section` is found by into `text` (see `searchText`);
    /// false for rows that are not found. A row `plain` (the section's `plainRows`) can read is
    /// read from its bytes without being decoded or bound.
    /// With `decoding` false only whether it is found is asked (counting rows for an empty query):
    /// a row read as written is, and its text is not decoded.
    func prepare(_ text: inout SearchText, section: Int, position: Int, plain: PlainRows?, bytes: inout [UInt8],
                 decoding: Bool = true) -> Bool {
        if let plain {
            bytes.removeAll(keepingCapacity: true)
            switch decoding ? plain.read(position, into: &bytes) : plain.reading(position, scratch: &bytes) {
            case .read:
                if decoding { text.load(shown: bytes) }
                return true
            case .statusRow: return false
            case .needsBinding: break
            }
        }
        guard let string = searchText(section: section, position: position) else { return false }
        text.load(string)
        return true
    }

    /// The text a row is found by: what the user sees of it. Its title and detail as bound, and
    /// the value a choice row shows. `nil` for rows that are not found (text, separators, the
    /// status rows of live sections).
    func searchText(section: Int, position: Int) -> String? {
        guard !sections[section].rows.isStatusRow(position) else { return nil }
        let bound = boundRow(section: section, position: position)
        if showsCells(bound, section: section, position: position) { return tableSearchText(of: bound, section: section, position: position)?.text }
        return Self.searchText(of: bound, settings: settings, mask: searchMask(section: section))
    }

    /// What a table's row is found by: the cells of its searched columns, a tab between each,
    /// with where each searched cell starts among the text's scalars, and every cell.
    func tableSearchText(of bound: BoundRow, section: Int, position: Int) -> (text: String, starts: [Int: Int], cells: [String])? {
        guard !bound.row.isHidden, bound.style.kind.isSearchable, let columns = sections[section].columns else { return nil }
        let cells = cells(of: bound, section: section, position: position)
        var text = ""
        var starts: [Int: Int] = [:]
        var scalars = 0
        for (index, column) in columns.enumerated() where column.searched {
            if !text.isEmpty {
                text += "\t"
                scalars += 1
            }
            starts[index] = scalars
            text += cells[index]
            scalars += cells[index].unicodeScalars.count
        }
        return (text, starts, cells)
    }

    /// The fields of section `section`'s titles a find reads, when not all (`--nth`).
    func searchMask(section: Int) -> FieldMask? {
        sections[section].rows.feeds.first?.feed.live.searchedFields
    }

    /// What a bound row is found by; `nil` for text and separators.
    static func searchText(of bound: BoundRow, settings: JSONValue, mask: FieldMask? = nil) -> String? {
        // A hidden row is not there to be found.
        if bound.row.isHidden { return nil }
        let kind = bound.style.kind
        guard kind.isSearchable else { return nil }
        let title = mask.map { $0.apply(to: EscapeSequences.removed(from: bound.row.title)) } ?? bound.row.title
        return searchText(title: title, detail: bound.row.detail, value: kind.searchedValue(of: bound.row, settings: settings))
    }

    /// Title, detail and value, one per line; a match's positions tell which part they fall in.
    static func searchText(title: String, detail: String?, value: String?) -> String {
        // Escape sequences are not what shows (drawing removes them, or draws them as colours).
        var text = EscapeSequences.removed(from: title)
        if let detail { text += "\n" + EscapeSequences.removed(from: detail) }
        if let value { text += "\n" + value }
        return text
    }

    /// The matched scalars of shown row `index`'s title, detail and value, for highlighting;
    /// none while nothing is typed.
    func highlights(ofRow index: Int, bound: BoundRow) -> FindHighlights {
        guard let query = find?.query, !query.isEmpty else { return FindHighlights() }
        let (section, position) = locate(index)
        if showsCells(bound, section: section, position: position) {
            guard let (text, starts, cells) = tableSearchText(of: bound, section: section, position: position),
                  let match = query.match(text) else { return FindHighlights() }
            var found = FindHighlights()
            for (column, start) in starts {
                let count = cells[column].unicodeScalars.count
                let mine = match.positions.filter { $0 >= start && $0 < start + count }.map { $0 - start }
                if !mine.isEmpty { found.cells[column] = Set(mine) }
            }
            return found
        }
        guard let text = Self.searchText(of: bound, settings: settings, mask: searchMask(section: locate(index).section)),
              let match = query.match(text) else { return FindHighlights() }
        // Each part's scalars start after the previous part and its line break (escape
        // sequences are not part of what is found).
        let titleEnd = EscapeSequences.removed(from: bound.row.title).unicodeScalars.count
        let detailEnd = bound.row.detail.map { titleEnd + 1 + $0.unicodeScalars.count } ?? titleEnd
        var found = FindHighlights()
        for position in match.positions {
            if position < titleEnd {
                found.title.insert(position)
            } else if bound.row.detail != nil, position > titleEnd, position < detailEnd {
                found.detail.insert(position - titleEnd - 1)
            } else if position > detailEnd {
                found.value.insert(position - detailEnd - 1)
            }
        }
        return found
    }
}

/// Which scalars of a row's title, detail and (choice) value a find matched.
struct FindHighlights: Equatable {
    var title = Set<Int>()
    var detail = Set<Int>()
    var value = Set<Int>()
    /// A table row's, by column.
    var cells: [Int: Set<Int>] = [:]
}
