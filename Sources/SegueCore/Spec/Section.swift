/// A group of rows with an optional header above and footer below.
public struct Section: Sendable {
    public var header: String?
    public var footer: String?
    public var rows: RowList
    /// The `"preview"` of each row that has none of its own, as written: its templates are
    /// rendered for each row, with the row's attributes and item.
    public var preview: JSONValue?

    public init(header: String? = nil, footer: String? = nil, rows: RowList, preview: JSONValue? = nil) {
        self.header = header
        self.footer = footer
        self.rows = rows
        self.preview = preview
    }

    public init(header: String? = nil, footer: String? = nil, rows: [Row], preview: JSONValue? = nil) {
        self.init(header: header, footer: footer, rows: RowList(rows), preview: preview)
    }
}
