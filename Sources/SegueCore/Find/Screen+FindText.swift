/// What a find reads of a row, and which characters of a shown row it matched.
extension Screen {
    /// Loads the text row `position` of `section` is found by into `text` (see `searchText`);
    /// false for rows that are not found. A row shown as written is read from the spec's bytes
    /// without being decoded or bound.
    func prepare(_ text: inout SearchText, section: Int, position: Int, bytes: inout [UInt8]) -> Bool {
        let rows = sections[section].rows
        if spec.cells.definitions[CellStyle.default.rawValue] == nil {
            bytes.removeAll(keepingCapacity: true)
            if rows.appendPlainText(at: position, to: &bytes) {
                text.load(utf8: bytes)
                return true
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
        let rows = sections[section].rows
        guard !rows.isStatusRow(position) else { return nil }
        let bound = boundRow(section: section, position: position)
        switch bound.style {
        case .text, .separator: return nil
        case .choice:
            let value = bound.row.setting.flatMap { settings.member($0)?.stringValue } ?? bound.row.options.first
            return Self.searchText(title: bound.row.title, detail: bound.row.detail, value: value)
        default:
            return Self.searchText(title: bound.row.title, detail: bound.row.detail, value: nil)
        }
    }

    /// Title, detail and value, one per line; a match's positions tell which part they fall in.
    static func searchText(title: String, detail: String?, value: String?) -> String {
        var text = title
        if let detail { text += "\n" + detail }
        if let value { text += "\n" + value }
        return text
    }

    /// The matched scalars of shown row `index`'s title and detail, for highlighting; empty while
    /// nothing is typed.
    func highlights(ofRow index: Int, bound: BoundRow) -> (title: Set<Int>, detail: Set<Int>) {
        guard let query = find?.query, !query.isEmpty else { return ([], []) }
        let title = bound.row.title
        let text = Self.searchText(title: title, detail: bound.row.detail, value: nil)
        guard let match = query.match(text) else { return ([], []) }
        let titleCount = title.unicodeScalars.count
        var inTitle = Set<Int>()
        var inDetail = Set<Int>()
        for position in match.positions {
            if position < titleCount { inTitle.insert(position) } else if position > titleCount { inDetail.insert(position - titleCount - 1) }
        }
        return (inTitle, inDetail)
    }
}
