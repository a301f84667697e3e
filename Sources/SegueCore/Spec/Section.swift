/// A group of rows with an optional header above and footer below.
package struct Section: Sendable {
    package var header: String?
    package var footer: String?
    package var rows: RowList
    /// The `"preview"` of each row that has none of its own, as written: its templates are
    /// rendered for each row, with the row's attributes and item.
    package var preview: JSONValue?
    /// Lines a source gave for the header (`--header-lines`): data, never templates, drawn under
    /// the header as they are (their blanks kept, cut at the edge, not wrapped), as fzf's.
    package var headerLines: [String] = []

    /// Whether the section has a header to draw.
    var hasHeader: Bool { header != nil || !headerLines.isEmpty }

    package init(header: String? = nil, footer: String? = nil, rows: RowList, preview: JSONValue? = nil) {
        self.header = header
        self.footer = footer
        self.rows = rows
        self.preview = preview
    }

    package init(header: String? = nil, footer: String? = nil, rows: [Row], preview: JSONValue? = nil) {
        self.init(header: header, footer: footer, rows: RowList(rows), preview: preview)
    }
}
