/// Template paths that resolve to nothing on a screen: they draw as empty text, so the loader's
/// validation reports them, with the JSON path of the attribute, as warnings.
public enum BindingWarnings {
    /// Rows looked at per screen: enough for hand-written specs, and bounded so a huge spec still
    /// opens at once.
    static let rowLimit = 1_000

    /// The warnings for `screen`, e.g. `sections[0].rows[2].title: {{user.nmae}} resolves to nothing`.
    public static func check(_ screen: Screen) -> [String] {
        // Paths read `sections[0].rows[2]` whichever top-level form the spec used.
        var warnings: [String] = []
        let context = screen.context
        let prefix = "sections"
        if let title = screen.spec.title {
            warnings += missing(in: .string(title), at: "title", context: context)
        }
        var checked = 0
        for (index, section) in screen.sections.enumerated() {
            let sectionPath = "\(prefix)[\(index)]"
            let original = section
            if let header = original.header { warnings += missing(in: .string(header), at: sectionPath + ".header", context: context) }
            if let footer = original.footer { warnings += missing(in: .string(footer), at: sectionPath + ".footer", context: context) }
            for position in section.rows.indices {
                guard checked < rowLimit else { return warnings }
                checked += 1
                warnings += check(section.rows, position, at: "\(sectionPath).rows[\(position)]", screen: screen)
            }
        }
        return warnings
    }

    /// The row's templates, checked in the context its binding uses: the row's own attributes
    /// (after its cell type and key paths) innermost.
    private static func check(_ rows: RowList, _ position: Int, at path: String, screen: Screen) -> [String] {
        let row = rows[position]
        let item = rows.binding(at: position)
        if let name = row.cellName, case .unknown? = Result(catching: { () throws(CellLibrary.Problem) in
            try screen.spec.cells.resolve(name) }).failure {
            let key = row.extras["cell"] != nil ? "cell" : row.extras["nib"] != nil ? "nib" : "class"
            return ["\(path).\(key): unknown cell type \(JSONValue.string(name).summary), drawn as default"]
        }
        if item == nil, row.cellName == nil, !RowBinder.needsBinding(row) { return [] }
        let plan = RowBinder.prepare(row, item: item, context: screen.context, cells: screen.spec.cells)
        var warnings: [String] = []
        for attribute in plan.attributes.sorted(by: { $0.key < $1.key }) where attribute.isTemplate {
            warnings += missing(in: attribute.value, at: path + "." + attribute.key, context: attribute.context)
        }
        return warnings
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
            return Template(text).missingPaths(in: context).map { "\(path): {{\($0)}} resolves to nothing" }
        case .array(let elements):
            return elements.indices.flatMap { missing(in: elements[$0], at: "\(path)[\($0)]", context: context) }
        case .object(let members):
            return members.keys.sorted().flatMap { missing(in: members[$0] ?? .null, at: "\(path).\($0)", context: context) }
        default:
            return []
        }
    }
}
