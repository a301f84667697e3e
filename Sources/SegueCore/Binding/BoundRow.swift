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
        // An action with nothing to bind is kept as decoded (the row's own wins over its cell type's).
        var unbound = row
        let fixedAction = row.action.flatMap { $0.hasPlaceholders ? nil : $0 }
        if fixedAction != nil { unbound.action = nil }
        // So is a segue with nothing to bind (a spec built in code has no JSON form to go through).
        let fixedSegue = row.segue.flatMap { $0.built != nil || !RowAction(.segue($0)).hasPlaceholders ? $0 : nil }
        if fixedSegue != nil { unbound.segue = nil }
        let plan = prepare(unbound, item: item, context: context, cells: cells)
        var bound: [String: JSONValue] = [:]
        for attribute in plan.attributes {
            bound[attribute.key] = attribute.isTemplate ? render(attribute.key, attribute.value, in: attribute.context)
                : attribute.value
        }
        if fixedAction != nil { bound["action"] = nil }
        if fixedSegue != nil { bound["segue"] = nil }
        var result = Row(attributes: bound)
        if let fixedAction { result.action = fixedAction }
        if let fixedSegue { result.segue = fixedSegue }
        return BoundRow(row: result, style: plan.cell.style, renderer: plan.cell.renderer)
    }

    /// One attribute of a row as binding sees it: its value, whether it is a template, and the
    /// context it is rendered in.
    struct PlannedAttribute {
        var key: String
        var value: JSONValue
        var isTemplate: Bool
        var context: DataContext
    }

    /// How a row binds. The row's own attributes are rendered in the screen's context (with a
    /// generated row's item); `xKeyPath` attributes set `x` from data, as it is; the cell type's
    /// attributes that the row does not set are rendered with the row's bound attributes as the
    /// innermost layer, so a definition's `{{name}}` sees the row's `name` as drawn.
    static func prepare(_ row: Row, item: (name: String, value: JSONValue)?, context: DataContext,
                        cells: CellLibrary) -> (attributes: [PlannedAttribute], cell: CellLibrary.Resolved) {
        var context = context
        if let item { context = context.adding(item.name, item.value) }
        let resolved = (try? cells.resolve(row.cellName)) ?? CellLibrary.Resolved(style: .default, attributes: [:], renderer: nil)
        let own = row.attributes
        var fromData: [String: JSONValue] = [:]
        for (key, value) in own.merging(resolved.attributes, uniquingKeysWith: { mine, _ in mine }) {
            guard let name = Row.attribute(setByKeyPath: key), let path = value.stringValue else { continue }
            if own[name] == nil { fromData[name] = context.value(at: path) ?? .null }
        }
        // The row's own attributes see each other as written; the cell type's see them as bound.
        let ownContext = context.adding(.object(own.merging(fromData, uniquingKeysWith: { _, data in data })))
        var planned: [PlannedAttribute] = []
        var layer: [String: JSONValue] = fromData
        for (key, value) in own where fromData[key] == nil {
            let isTemplate = Row.attribute(setByKeyPath: key) == nil
            planned.append(PlannedAttribute(key: key, value: value, isTemplate: isTemplate, context: ownContext))
            layer[key] = isTemplate ? render(key, value, in: ownContext) : value
        }
        for (key, value) in fromData {
            planned.append(PlannedAttribute(key: key, value: value, isTemplate: false, context: context))
        }
        let rowContext = context.adding(.object(layer))
        for (key, value) in resolved.attributes where layer[key] == nil && Row.attribute(setByKeyPath: key) == nil {
            planned.append(PlannedAttribute(key: key, value: value, isTemplate: true, context: rowContext))
        }
        return (planned, resolved)
    }

    /// One attribute rendered: text attributes as text; actions and segues as text but for their
    /// `data`; anything else with whole-value placeholders kept as values.
    static func render(_ key: String, _ value: JSONValue, in context: DataContext) -> JSONValue {
        if textAttributes.contains(key), let text = value.stringValue {
            return .string(Template(text).render(in: context))
        }
        if key == "action" || key == "segue" { return bindText(value, in: context) }
        // A condition's answer, by the truth rules (a missing value is false).
        if key == "enabled" || key == "hidden" { return .bool(bind(value, in: context).isTrue) }
        return bind(value, in: context)
    }

    /// Whether any attribute could change in binding: a key path or a template somewhere.
    static func needsBinding(_ row: Row) -> Bool {
        if Template.mightHavePlaceholders(row.title) { return true }
        if let detail = row.detail, Template.mightHavePlaceholders(detail) { return true }
        if let segue = row.segue, Template.mightHavePlaceholders(segue.spec) || segue.data != nil { return true }
        if let action = row.action, containsTemplate(action.json) { return true }
        return row.extras.contains { key, value in Row.attribute(setByKeyPath: key) != nil || containsTemplate(value) }
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
