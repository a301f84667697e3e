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
    /// `"columns"`: the section is a table, its rows drawn as aligned cells under a header line.
    package var columns: [TableColumn]?
    /// The first line a source gives for the header names the columns (`--columns header`),
    /// split into fields where the source's lines are. (A flag, not the delimiter: a million
    /// sections are copied whole, so a section stays small.)
    package var columnsFromHeader = false

    /// Whether the section has a header to draw.
    package var hasHeader: Bool { header != nil || !headerLines.isEmpty }

    package init(header: String? = nil, footer: String? = nil, rows: RowList, preview: JSONValue? = nil,
                 columns: [TableColumn]? = nil) {
        self.header = header
        self.footer = footer
        self.rows = rows
        self.preview = preview
        self.columns = columns
    }

    package init(header: String? = nil, footer: String? = nil, rows: [Row], preview: JSONValue? = nil,
                 columns: [TableColumn]? = nil) {
        self.init(header: header, footer: footer, rows: RowList(rows), preview: preview, columns: columns)
    }
}
