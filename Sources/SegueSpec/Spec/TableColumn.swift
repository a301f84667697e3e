/// One column of a table section (`"columns"`): its title in the header, the template each row's
/// cell renders, and how it gives way when the terminal is narrow.
package struct TableColumn: Sendable, Equatable {
    package enum Alignment: String, Sendable, CaseIterable {
        case left, right, center
    }

    /// The column's name in the header line.
    package var title: String
    /// What each row shows in the column, rendered with the row as bound (`{{pid}}`), its item
    /// (`{{item.pid}}`) and, for lines, its fields (`{{fields.2}}`).
    package var value: Template
    /// `value` as written.
    package var valueText: String
    /// `nil`: to the right when every cell on screen is a number, else to the left.
    package var align: Alignment?
    /// The fewest columns it keeps (or what its cells need, when less) before columns hide; by
    /// default its title's width, at most 6. It never widens a column.
    package var minWidth: Int?
    /// The most columns it takes, however long its cells.
    package var maxWidth: Int?
    /// Columns with a higher `shrink` give up room first (down to their minimum); ties give from
    /// the widest.
    package var shrink: Int = 1
    /// When even the minimums do not fit, columns with a `hide` hide, the highest first; columns
    /// without one never hide (what then does not fit is cut at the edge).
    package var hide: Int?
    /// Whether the find line reads this column (fzf's `--nth`, by column).
    package var searched = true
    /// How the column sorts (`s`): as numbers when every value is one, else as text; `"text"`
    /// or `"number"` force one.
    package var sortsAs: SortKind = .automatic

    package enum SortKind: String, Sendable, CaseIterable {
        case automatic = "auto", text, number
    }

    package init(title: String, value: String, align: Alignment? = nil) {
        self.title = title
        self.value = Template(value)
        valueText = value
        self.align = align
    }

    /// The least width the column keeps: `min`, else its title's width (at most 6, at least 1).
    package var floor: Int { minWidth ?? max(1, min(6, TextWidth.of(title))) }

    package static let keys = ["title", "value", "align", "min", "max", "shrink", "hide", "search", "sortAs"]

    /// A section's `"columns"`: an array of column objects, or of strings (a column named by the
    /// string, showing the row's attribute of the same name: `"pid"` is `{{pid}}`).
    package static func decode(_ value: JSONValue, path: String) -> Result<[TableColumn], ShapeProblem> {
        guard case .array(let items) = value, !items.isEmpty else {
            return .failure(.expected("a non-empty array of columns", found: value, at: path))
        }
        var columns: [TableColumn] = []
        for (index, item) in items.enumerated() {
            switch decodeOne(item, path: "\(path)[\(index)]") {
            case .success(let column): columns.append(column)
            case .failure(let problem): return .failure(problem)
            }
        }
        return .success(columns)
    }

    /// A name that reads as an attribute in a template (`pid`, `item.size`).
    private static func isAttributeName(_ name: String) -> Bool {
        !name.isEmpty && name.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." || $0 == "-" }
    }

    private static func decodeOne(_ item: JSONValue, path: String) -> Result<TableColumn, ShapeProblem> {
        if case .string(let name) = item {
            guard isAttributeName(name) else {
                return .failure(ShapeProblem(path: path, message: "a column named by a string shows the attribute of that name; \(item.summary) is not a key path (write {\"title\": …, \"value\": …})"))
            }
            return .success(TableColumn(title: name, value: "{{\(name)}}"))
        }
        guard case .object(let members) = item else {
            return .failure(.expected("a column: an object or a string", found: item, at: path))
        }
        guard let title = members["title"]?.stringValue else {
            return .failure(.expected("a string", found: members["title"], at: path + ".title"))
        }
        let valueText: String
        switch members["value"] {
        case nil, .null?:
            guard isAttributeName(title) else {
                return .failure(.expected("a template: the column's \"title\" is not an attribute name", found: nil, at: path + ".value"))
            }
            valueText = "{{\(title)}}"
        case .string(let text)?: valueText = text
        case let other?: return .failure(.expected("a template string", found: other, at: path + ".value"))
        }
        var column = TableColumn(title: title, value: valueText)
        if let align = members["align"], align != .null {
            guard let name = align.stringValue, let parsed = Alignment(rawValue: name == "centre" ? "center" : name) else {
                return .failure(.expected("\"left\", \"right\" or \"center\"", found: align, at: path + ".align"))
            }
            column.align = parsed
        }
        func count(_ key: String, least: Int) -> Result<Int?, ShapeProblem> {
            guard let value = members[key], value != .null else { return .success(nil) }
            guard let number = value.doubleValue, number == number.rounded(), number >= Double(least), number <= 10_000 else {
                return .failure(.expected("a whole number from \(least)", found: value, at: path + "." + key))
            }
            return .success(Int(number))
        }
        do {
            column.minWidth = try count("min", least: 1).get()
            column.maxWidth = try count("max", least: 1).get()
            column.shrink = try count("shrink", least: 0).get() ?? 1
            column.hide = try count("hide", least: 0).get()
        } catch {
            return .failure(error)
        }
        if let minimum = column.minWidth, let maximum = column.maxWidth, minimum > maximum {
            return .failure(ShapeProblem(path: path + ".min", message: "\"min\" (\(minimum)) is more than \"max\" (\(maximum))"))
        }
        if let search = members["search"], search != .null {
            guard case .bool(let flag) = search else { return .failure(.expected("true or false", found: search, at: path + ".search")) }
            column.searched = flag
        }
        if let sort = members["sortAs"], sort != .null {
            guard let name = sort.stringValue, let kind = SortKind(rawValue: name) else {
                return .failure(.expected("\"auto\", \"text\" or \"number\"", found: sort, at: path + ".sortAs"))
            }
            column.sortsAs = kind
        }
        return .success(column)
    }
}
