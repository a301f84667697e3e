/// A group of rows with an optional header above and footer below.
public struct Section: Sendable {
    public var header: String?
    public var footer: String?
    public var rows: RowList

    public init(header: String? = nil, footer: String? = nil, rows: RowList) {
        self.header = header
        self.footer = footer
        self.rows = rows
    }

    public init(header: String? = nil, footer: String? = nil, rows: [Row]) {
        self.init(header: header, footer: footer, rows: RowList(rows))
    }
}
