/// A row ready to draw: attributes filled from data, its cell type applied.
public struct BoundRow: Equatable, Sendable {
    /// The row with key paths and templates resolved and the cell type's attributes merged in.
    public var row: Row
    /// The built-in style it draws as.
    public var style: CellStyle
    /// The custom renderer that draws it instead, if its cell type has one.
    public var renderer: String?

    /// The bound attributes: what a segue passes on as `sender`.
    public var attributes: [String: JSONValue] { row.attributes }
}

/// Binding rows to data: the terminal counterpart of configuring a cell with its model.
public enum RowBinder {
    /// Attributes that are always text, so a template in them renders to a string.
    static let textAttributes: Set<String> = ["title", "detail", "setting", "key", "cell", "nib", "class", "action"]

    /// Binds `row` in `context`, with `item` (a generated row's element) innermost.
    ///
    /// Order: the cell type's attributes fill in what the row does not set; `xKeyPath` attributes
    /// set `x` from the context; then every template is rendered with the row's own attributes as
    /// the innermost layer, so a cell definition's `{{name}}` finds the row's `name`.
    public static func bind(_ row: Row, item: (name: String, value: JSONValue)?, context: DataContext,
                            cells: CellLibrary) -> BoundRow {
        if item == nil, row.cellName == nil, cells.definitions[CellStyle.default.rawValue] == nil, !needsBinding(row) {
            return BoundRow(row: row, style: .default)
        }
        let (attributes, resolved, rowContext) = prepare(row, item: item, context: context, cells: cells)
        var bound: [String: JSONValue] = [:]
        for (key, value) in attributes {
            if key.hasSuffix("KeyPath") {
                bound[key] = value
            } else if textAttributes.contains(key), let text = value.stringValue {
                bound[key] = .string(Template(text).render(in: rowContext))
            } else if key == "action" || key == "segue" {
                // Paths, commands and values are text even when one placeholder fills them; only
                // `data` carries whole values.
                bound[key] = bindText(value, in: rowContext)
            } else {
                bound[key] = bind(value, in: rowContext)
            }
        }
        return BoundRow(row: Row(attributes: bound), style: resolved.style, renderer: resolved.renderer)
    }

    /// A row's attributes before its templates are rendered: the cell type's defaults filled in
    /// and key paths resolved; with its style and the context its templates see (the row's own
    /// attributes innermost).
    static func prepare(_ row: Row, item: (name: String, value: JSONValue)?, context: DataContext,
                        cells: CellLibrary) -> (attributes: [String: JSONValue], cell: CellLibrary.Resolved, context: DataContext) {
        var context = context
        if let item { context = context.adding(item.name, item.value) }
        let resolved = (try? cells.resolve(row.cellName)) ?? CellLibrary.Resolved(style: .default, attributes: [:], renderer: nil)
        var attributes = row.attributes
        for (key, value) in resolved.attributes where attributes[key] == nil {
            attributes[key] = value
        }
        for (key, value) in attributes where key.hasSuffix("KeyPath") && key.count > 7 {
            guard let path = value.stringValue else { continue }
            attributes[String(key.dropLast(7))] = context.value(at: path) ?? .null
        }
        return (attributes, resolved, context.adding(.object(attributes)))
    }

    /// Whether any attribute could change in binding: a key path or a template somewhere.
    static func needsBinding(_ row: Row) -> Bool {
        if Template.mightHavePlaceholders(row.title) { return true }
        if let detail = row.detail, Template.mightHavePlaceholders(detail) { return true }
        if let segue = row.segue, Template.mightHavePlaceholders(segue.spec) || segue.data != nil { return true }
        if let action = row.action, containsTemplate(action.json) { return true }
        return row.extras.contains { key, value in key.hasSuffix("KeyPath") || containsTemplate(value) }
    }

    private static func containsTemplate(_ value: JSONValue) -> Bool {
        switch value {
        case .string(let text): return Template.mightHavePlaceholders(text)
        case .array(let elements): return elements.contains(where: containsTemplate)
        case .object(let members): return members.values.contains(where: containsTemplate)
        default: return false
        }
    }

    /// `value` with its strings rendered as text, except under `data`, bound as values.
    static func bindText(_ value: JSONValue, in context: DataContext) -> JSONValue {
        switch value {
        case .string(let text):
            return Template.mightHavePlaceholders(text) ? .string(Template(text).render(in: context)) : value
        case .array(let elements):
            return .array(elements.map { bindText($0, in: context) })
        case .object(let members):
            var result: [String: JSONValue] = [:]
            for (key, member) in members {
                result[key] = key == "data" ? bind(member, in: context) : bindText(member, in: context)
            }
            return .object(result)
        default:
            return value
        }
    }

    /// `value` with templates in every string rendered; a string that is one placeholder becomes
    /// the value it names.
    static func bind(_ value: JSONValue, in context: DataContext) -> JSONValue {
        switch value {
        case .string(let text):
            return Template.mightHavePlaceholders(text) ? Template(text).value(in: context) : value
        case .array(let elements):
            return .array(elements.map { bind($0, in: context) })
        case .object(let members):
            return .object(members.mapValues { bind($0, in: context) })
        default:
            return value
        }
    }
}
