/// Template paths that resolve to nothing on a screen: they draw as empty text, so the loader's
/// validation reports them, with the JSON path of the attribute, as warnings.
public enum BindingWarnings {
    /// Rows, and sections, looked at per screen: enough for hand-written specs, and bounded so a
    /// huge spec still opens at once.
    static let rowLimit = 1_000
    static let sectionLimit = 1_000

    /// The warnings for `screen`, e.g. `sections[0].rows[2].title: {{user.nmae}} resolves to nothing`.
    public static func check(_ screen: Screen) -> [String] {
        // Paths read `sections[0].rows[2]` whichever top-level form the spec used.
        // Unknown and misplaced keys first: they change what the spec does.
        var warnings: [String] = screen.spec.keyWarnings
        let context = screen.context
        let prefix = "sections"
        if let title = screen.spec.title {
            warnings += missing(in: .string(title), at: "title", context: context)
        }
        var checked = 0
        for (index, section) in screen.sections.prefix(sectionLimit).enumerated() {
            let sectionPath = "\(prefix)[\(index)]"
            let original = section
            if let header = original.header { warnings += missing(in: .string(header), at: sectionPath + ".header", context: context) }
            if let footer = original.footer { warnings += missing(in: .string(footer), at: sectionPath + ".footer", context: context) }
            for position in section.rows.indices {
                guard checked < rowLimit else { return warnings }
                checked += 1
                // The path is written only for a row that has something to say.
                warnings += check(section.rows, position, at: { "\(sectionPath).rows[\(position)]" }, screen: screen)
            }
        }
        return warnings
    }

    /// An input row whose setting holds a value of another type than it saves (text where a
    /// number is expected): it shows as text, and is only replaced when the user saves a new one.
    /// A password's value is never quoted.
    private static func settingMismatch(_ row: Row, item: (name: String, value: JSONValue)?, at path: String, screen: Screen) -> String? {
        guard row.cellName != nil else { return nil }
        let bound = RowBinder.bind(row, item: item, context: screen.context, cells: screen.spec.cells)
        guard bound.style == .input, let name = bound.row.setting, let value = screen.settings.member(name) else { return nil }
        let rules = InputRules(bound.row.extras)
        guard !rules.accepts(value) else { return nil }
        let found = rules.kind == .password ? "a \(value.typeName)" : value.summary
        let expected = rules.kind == .number ? "a number" : "text"
        return "\(path).setting: settings.\(name) holds \(found) where \(expected) is expected; shown as text"
    }

    /// The row's templates, checked in the context its binding uses: the row's own attributes
    /// (after its cell type and key paths) innermost.
    ///
    /// A row is decoded from the spec's bytes once here (each `rows[position]` decodes it anew).
    private static func check(_ rows: RowList, _ position: Int, at writePath: () -> String, screen: Screen) -> [String] {
        if rows.isQuiet(at: position) { return [] }
        let row = rows[position]
        let item = rows.binding(at: position)
        if row.cellName == nil, row.extras.isEmpty, item == nil, !RowBinder.needsBinding(row) { return [] }
        let path = writePath()
        if let name = row.cellName, case .unknown? = Result(catching: { () throws(CellLibrary.Problem) in
            try screen.spec.cells.resolve(name) }).failure {
            let key = row.extras["cell"] != nil ? "cell" : row.extras["nib"] != nil ? "nib" : "class"
            return ["\(path).\(key): unknown cell type \(JSONValue.string(name).summary), drawn as default"]
        }
        var warnings = typos(in: row, at: path, cells: screen.spec.cells)
        if let mismatch = settingMismatch(row, item: item, at: path, screen: screen) { warnings.append(mismatch) }
        if item == nil, row.cellName == nil, !RowBinder.needsBinding(row) { return warnings }
        let plan = RowBinder.prepare(row, item: item, context: screen.context, cells: screen.spec.cells)
        // A condition on a value that is not there is false, as documented: nothing to warn about.
        for attribute in plan.attributes.sorted(by: { $0.key < $1.key })
        where attribute.isTemplate && attribute.key != "enabled" && attribute.key != "hidden" {
            warnings += missing(in: attribute.value, at: path + "." + attribute.key, context: attribute.context)
        }
        return warnings
    }

    /// A row's own keys that look like misspelt row keys (`titel`), unless a template of the row
    /// or its cell type uses them (`caption` in `{{caption}}` is an attribute, not a typo).
    private static func typos(in row: Row, at path: String, cells: CellLibrary) -> [String] {
        let suspects = row.extras.keys.filter { key in
            key.count >= 4 && !key.hasSuffix("KeyPath") && !SpecIndexer.rowKeys.contains(key)
        }
        guard !suspects.isEmpty else { return [] }
        let definition = (try? cells.resolve(row.cellName))?.attributes ?? [:]
        let templates = (Array(row.attributes.values) + Array(definition.values)).map(strings).joined(separator: "\n")
        return suspects.sorted().compactMap { key in
            guard !templates.contains(key), let guess = SpecIndexer.closest(to: key, among: SpecIndexer.rowKeys) else { return nil }
            return "\(path).\(key): unknown key, kept as an attribute; did you mean \(JSONValue.string(guess).summary)?"
        }
    }

    /// Every string in `value`, where templates are.
    private static func strings(_ value: JSONValue) -> String {
        switch value {
        case .string(let text): return text
        case .array(let elements): return elements.map(strings).joined(separator: "\n")
        case .object(let members): return members.values.map(strings).joined(separator: "\n")
        default: return ""
        }
    }

    /// One line for the status line: the first warning and how many more there are.
    public static func summary(_ warnings: [String]) -> String? {
        guard let first = warnings.first else { return nil }
        return "warning: " + first + (warnings.count > 1 ? " (and \(warnings.count - 1) more)" : "")
    }

    private static func missing(in value: JSONValue, at path: String, context: DataContext) -> [String] {
        switch value {
        case .string(let text):
            guard Template.mightHavePlaceholders(text) else { return [] }
            return Template(text).missingPaths(in: context).map { missing in
                // A path of thousands of components is quoted by its start.
                "\(path): {{\(missing.quoted(limit: 60))}} resolves to nothing"
            }
        case .array(let elements):
            return elements.indices.flatMap { missing(in: elements[$0], at: "\(path)[\($0)]", context: context) }
        case .object(let members):
            return members.keys.sorted().flatMap { key in
                // A prompt's `then` is bound with the answer as `{{input}}`.
                let isAnswered = key == "then" && members["type"] == .string("prompt")
                return missing(in: members[key] ?? .null, at: "\(path).\(key)",
                               context: isAnswered ? context.adding("input", .string("")) : context)
            }
        default:
            return []
        }
    }
}

private extension JSONValue {
    /// What kind of value it is, without the value.
    var typeName: String {
        switch self {
        case .null: return "null"
        case .bool: return "boolean"
        case .number: return "number"
        case .string: return "string"
        case .array: return "array"
        case .object: return "object"
        }
    }
}
