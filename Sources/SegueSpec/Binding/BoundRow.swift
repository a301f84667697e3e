/// A row ready to draw: attributes filled from data, its cell type applied.
package struct BoundRow: Equatable, Sendable {
    /// The row with key paths and templates resolved and the cell type's attributes merged in.
    package var row: Row
    /// The built-in style it draws as.
    package var style: CellStyle
    /// The custom renderer that draws it instead, if its cell type has one.
    package var renderer: String?

    package init(row: Row, style: CellStyle, renderer: String? = nil) {
        self.row = row
        self.style = style
        self.renderer = renderer
    }

    /// The bound attributes: what a segue passes on as `sender`.
    package var attributes: [String: JSONValue] { row.attributes }
}

/// Binding rows to data: the terminal counterpart of configuring a cell with its model.
///
/// The order, the same for spec rows, generated rows, live rows and a handler's rows: key paths
/// (`xKeyPath`) set their attributes from data; the row's own attributes are rendered in the order
/// their templates use each other (`"p": "{{env.HOME}}/x"` before `"action": … "{{p}}"`), each
/// seeing the ones rendered before it; then the cell type's attributes the row does not set,
/// in the same order, seeing the whole bound row and the type's attributes bound before them. An attribute that uses itself sees the value from outside the row.
package enum RowBinder {
    /// Attributes whose templates render to text, whatever type the value they name has.
    package static let textAttributes: Set<String> = ["title", "detail", "setting", "settingsUnder", "key", "cell", "nib", "class",
                                              "placeholder", "invalid", "pattern", "kind", "as"]
    /// Attributes holding actions or a preview: their strings render to text, but for a segue's
    /// `data` (values) and a prompt's `then` (bound when the answer is in).
    package static let actionAttributes: Set<String> = ["action", "segue", "actions", "preview"]

    /// Binds `row` in `context`, with `item` (a generated row's element) innermost.
    package static func bind(_ row: Row, item: RowItem?, context: DataContext,
                            cells: CellLibrary) -> BoundRow {
        if item == nil, row.cellName == nil, cells.definitions[cells.kinds.defaultName] == nil, !needsBinding(row) {
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
        for attribute in plan.attributes { bound[attribute.key] = attribute.bound }
        if fixedAction != nil { bound["action"] = nil }
        if fixedSegue != nil { bound["segue"] = nil }
        var result = Row(attributes: bound)
        if let fixedAction { result.action = fixedAction }
        if let fixedSegue { result.segue = fixedSegue }
        return BoundRow(row: result, style: plan.cell.style, renderer: plan.cell.renderer)
    }

    /// One attribute of a row as binding sees it: its value as written, whether it is a template,
    /// the context it is rendered in, and its value bound.
    package struct PlannedAttribute {
        package var key: String
        package var value: JSONValue
        package var isTemplate: Bool
        package var context: DataContext
        package var bound: JSONValue
    }

    /// How a row binds, attribute by attribute, in the order described on `RowBinder`.
    package static func prepare(_ row: Row, item: RowItem?, context: DataContext,
                        cells: CellLibrary) -> (attributes: [PlannedAttribute], cell: CellLibrary.Resolved) {
        var context = context
        if let item { context = context.adding(item) }
        let resolved = (try? cells.resolve(row.cellName)) ?? CellLibrary.Resolved(style: .default, attributes: [:], renderer: nil)
        let own = row.attributes
        var layer: [String: JSONValue] = [:]
        var planned: [PlannedAttribute] = []
        for (key, value) in own.merging(resolved.attributes, uniquingKeysWith: { mine, _ in mine }) {
            guard let name = Row.attribute(setByKeyPath: key), own[name] == nil, let path = value.stringValue else { continue }
            let found = context.value(at: path) ?? .null
            layer[name] = found
            planned.append(PlannedAttribute(key: name, value: found, isTemplate: false, context: context, bound: found))
        }
        for (key, value) in own where Row.attribute(setByKeyPath: key) != nil {
            planned.append(PlannedAttribute(key: key, value: value, isTemplate: false, context: context, bound: value))
            layer[key] = value
        }
        for key in renderingOrder(own.filter { Row.attribute(setByKeyPath: $0.key) == nil && layer[$0.key] == nil }) {
            let value = own[key] ?? .null
            // The attribute itself is not in `layer` yet: `{{title}}` in a title means the title
            // from outside.
            let attributeContext = context.adding(.object(layer))
            let bound = render(key, value, in: attributeContext)
            planned.append(PlannedAttribute(key: key, value: value, isTemplate: true, context: attributeContext, bound: bound))
            layer[key] = bound
        }
        // The cell type's attributes the row does not set, in the order their templates use each
        // other: each sees the bound row and the type's attributes bound before it (a type's
        // `action` asking its own `{{question}}`).
        let inherited = resolved.attributes.filter { layer[$0.key] == nil && Row.attribute(setByKeyPath: $0.key) == nil }
        for key in renderingOrder(inherited) {
            let value = inherited[key] ?? .null
            let cellContext = context.adding(.object(layer))
            let bound = render(key, value, in: cellContext)
            planned.append(PlannedAttribute(key: key, value: value, isTemplate: true, context: cellContext, bound: bound))
            layer[key] = bound
        }
        return (planned, resolved)
    }

    /// The keys of `attributes` in an order where each comes after the attributes its templates
    /// use; keys in a cycle come last, in name order (the loader refuses cycles it can see,
    /// `attributeCycle`).
    package static func renderingOrder(_ attributes: [String: JSONValue]) -> [String] {
        let keys = attributes.keys.sorted()
        guard keys.count > 1, mayUseEachOther(attributes) else { return keys }
        let (order, rest) = dependencyOrder(uses(in: attributes))
        return order + rest
    }

    /// The first keys in a cycle of attributes whose templates use each other (`["a", "b", "a"]`),
    /// or `nil`; an attribute using itself is no cycle (it sees the value from outside the row).
    package static func attributeCycle(in attributes: [String: JSONValue]) -> [String]? {
        let uses = uses(in: attributes.filter { Row.attribute(setByKeyPath: $0.key) == nil })
        let (_, rest) = dependencyOrder(uses)
        guard let first = rest.first else { return nil }
        // Every key left over is in a cycle or after one: walking what it uses among those left
        // comes back to a key already walked, and from there round is the cycle.
        let left = Set(rest)
        var walked: [String] = [first]
        var position = [first: 0]
        var current = first
        while let next = uses[current]?.first(where: left.contains) {
            if let start = position[next] { return Array(walked[start...]) + [next] }
            position[next] = walked.count
            walked.append(next)
            current = next
        }
        return nil
    }

    /// Whether a template of one attribute could name another: the name written anywhere in its
    /// strings. Most rows' attributes never do, and are ordered without parsing a template.
    private static func mayUseEachOther(_ attributes: [String: JSONValue]) -> Bool {
        let templated = attributes.filter { containsTemplate($0.value) }
        guard !templated.isEmpty else { return false }
        // Past a few attributes, comparing every name with every text costs more than parsing.
        guard attributes.count <= 16 else { return true }
        for (key, value) in templated {
            let text = value.allStrings
            for other in attributes.keys where other != key && text.utf8.contains(subsequence: other.utf8) { return true }
        }
        return false
    }

    /// For each key, the other keys of `attributes` its templates use, in name order.
    private static func uses(in attributes: [String: JSONValue]) -> [String: [String]] {
        var uses: [String: [String]] = [:]
        for (key, value) in attributes {
            uses[key] = references(value).filter { $0 != key && attributes[$0] != nil }.sorted()
        }
        return uses
    }

    /// The keys ordered so each comes after those it uses (Kahn's algorithm: no recursion, so
    /// a chain of a hundred thousand attributes is no deeper than one), and the keys left over
    /// because they are in, or after, a cycle.
    private static func dependencyOrder(_ uses: [String: [String]]) -> (order: [String], rest: [String]) {
        var waiting = uses.mapValues(\.count)
        var usedBy: [String: [String]] = [:]
        for (key, used) in uses { for other in used { usedBy[other, default: []].append(key) } }
        var ready = waiting.filter { $0.value == 0 }.keys.sorted(by: >)
        var order: [String] = []
        while let key = ready.popLast() {
            order.append(key)
            var freed: [String] = []
            for user in usedBy[key] ?? [] {
                waiting[user, default: 0] -= 1
                if waiting[user] == 0 { freed.append(user) }
            }
            // Name order among keys that are ready together, so binding is deterministic.
            if !freed.isEmpty { ready = (ready + freed).sorted(by: >) }
        }
        let placed = Set(order)
        return (order, uses.keys.filter { !placed.contains($0) }.sorted())
    }

    /// The first components of the key paths the templates in `value` read (a prompt's `then`
    /// included: it is bound with the row too, later).
    package static func references(_ value: JSONValue) -> Set<String> {
        switch value {
        case .string(let text):
            guard Template.mightHavePlaceholders(text) else { return [] }
            return Set(Template(text).paths.compactMap(\.components.first))
        case .array(let elements):
            return elements.reduce(into: Set()) { $0.formUnion(references($1)) }
        case .object(let members):
            return members.values.reduce(into: Set()) { $0.formUnion(references($1)) }
        default:
            return []
        }
    }

    /// One attribute rendered: text attributes as text; actions, segues and previews as text but
    /// for a segue's `data`; conditions as true or false; anything else (the row's own data,
    /// `options`, `min`, `max`) with a placeholder that is the whole string kept as its value.
    package static func render(_ key: String, _ value: JSONValue, in context: DataContext) -> JSONValue {
        if textAttributes.contains(key), let text = value.stringValue {
            return .string(Template(text).render(in: context))
        }
        if actionAttributes.contains(key) { return bindText(value, in: context) }
        // A condition's answer, by the truth rules (a missing value is false).
        if key == "enabled" || key == "hidden" { return .bool(bind(value, in: context).isTrue) }
        return bind(value, in: context)
    }

    /// Whether any attribute could change in binding: a key path or a template somewhere.
    package static func needsBinding(_ row: Row) -> Bool {
        if Template.mightHavePlaceholders(row.title) { return true }
        if let detail = row.detail, Template.mightHavePlaceholders(detail) { return true }
        if let segue = row.segue, Template.mightHavePlaceholders(segue.spec) || segue.data != nil
            || segue.command?.contains(where: Template.mightHavePlaceholders) == true { return true }
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

    /// `value` with its strings rendered as text, except under `data`, bound as values, and a
    /// prompt's `then`, an exec's `then` and `onFailure` and an if's `then` and `else`, kept as
    /// written: each is bound when it runs (the answer in, the command ended, the actions before
    /// it in its list done).
    package static func bindText(_ value: JSONValue, in context: DataContext) -> JSONValue {
        switch value {
        case .string(let text):
            return Template.mightHavePlaceholders(text) ? .string(Template(text).render(in: context)) : value
        case .array(let elements):
            // A list placeholder alone in a list stands for its elements: a command's
            // `"{{marked}}"` is one argument per marked row.
            return .array(elements.flatMap { element -> [JSONValue] in
                if case .string(let text) = element, Template.mightHavePlaceholders(text),
                   case .array(let values) = Template(text).value(in: context) {
                    return values.map { .string(Template.text(of: $0)) }
                }
                return [bindText(element, in: context)]
            })
        case .object(let members):
            let isPrompt = members["type"] == .string("prompt")
            // An exec's follow-ups see what it captured and how it ended; an if's lists what the
            // actions before them did.
            let bindsLater: Set<String> = switch members["type"] {
            case .string("exec")?: ["then", "onFailure"]
            case .string("if")?: ["then", "else"]
            default: []
            }
            let isSet = members["type"] == .string("set")
            let isAppend = members["type"] == .string("append")
            let isReshape = members["type"] == .string("reshape")
            var result: [String: JSONValue] = [:]
            for (key, member) in members {
                if key == "then", isPrompt {
                    result[key] = member
                } else if bindsLater.contains(key) {
                    result[key] = member
                } else {
                    // A segue's data and the values set, append and reshape actions write keep their types.
                    let keepsTypes = key == "data" || (isSet && key == "settings") || (isAppend && key == "value") || (isReshape && key == "shapes")
                    result[key] = keepsTypes ? bind(member, in: context) : bindText(member, in: context)
                    // A set's names are templates too: one yes/no screen sets the setting it is given.
                    if isSet, key == "settings", case .object(let values)? = result[key] {
                        result[key] = .object(Dictionary(values.map { name, value in
                            (Template.mightHavePlaceholders(name) ? Template(name).render(in: context) : name, value)
                        }, uniquingKeysWith: { _, last in last }))
                    }
                }
            }
            return .object(result)
        default:
            return value
        }
    }

    /// `value` with templates in every string rendered; a string that is one placeholder becomes
    /// the value it names.
    package static func bind(_ value: JSONValue, in context: DataContext) -> JSONValue {
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

extension Collection where Element == UInt8 {
    /// Whether `needle` occurs in these bytes.
    package func contains<Needle: Collection>(subsequence needle: Needle) -> Bool where Needle.Element == UInt8 {
        guard let first = needle.first else { return true }
        var index = startIndex
        while let found = self[index...].firstIndex(of: first) {
            if self[found...].starts(with: needle) { return true }
            index = self.index(after: found)
        }
        return false
    }
}

extension JSONValue {
    /// Every string in the value, a line each: where templates are.
    package var allStrings: String {
        switch self {
        case .string(let text): return text
        case .array(let elements): return elements.map(\.allStrings).joined(separator: "\n")
        case .object(let members): return members.values.map(\.allStrings).joined(separator: "\n")
        default: return ""
        }
    }
}
