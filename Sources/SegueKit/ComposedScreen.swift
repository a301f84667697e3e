import Synchronization

/// A screen built in code rather than JSON: add sections, give them headers and footers, add rows
/// with a title, detail, cell type and an action closure; reset and build again.
///
/// The terminal counterpart of SJMComposedTableViewController:
/// ```swift
/// var screen = ComposedScreen(title: "Settings")
/// screen.addSection(header: "General", footer: "Changes apply at once.")
/// screen.addRow(title: "Version", detail: "1.0", cell: "value")
/// screen.addRow(title: "About") { context in context.push(aboutScreen()) }
/// ```
public struct ComposedScreen {
    public var title: String?
    private var sections: [Section] = []
    private var rows: [[Row]] = []
    /// Row closures by the action name their rows carry.
    private(set) var closures: [String: HandlerRegistry.Handler] = [:]
    /// Cell types defined for this screen, as a spec's `"cells"` would.
    public var cells: [String: CellDefinition] = [:]
    /// Data for the screen's templates, as a spec's `"data"` would.
    public var data: [String: JSONValue] = [:]

    public init(title: String? = nil) {
        self.title = title
    }

    /// Starts a new section; the rows added next go into it.
    public mutating func addSection(header: String? = nil, footer: String? = nil) {
        sections.append(Section(header: header, footer: footer, rows: []))
        rows.append([])
    }

    /// Adds a row to the last section (starting one if there is none).
    /// - Parameters:
    ///   - title: the row's text.
    ///   - detail: secondary text.
    ///   - cell: a built-in cell type, one defined in `cells`, or a registered renderer's name.
    ///   - enabled: false draws the row dim and skips it.
    ///   - attributes: any other attributes (data for templates, `setting`, `options`, …).
    ///   - action: what activating the row runs; it can navigate, show a message, emit or quit.
    public mutating func addRow(title: String, detail: String? = nil, cell: String? = nil, enabled: Bool = true,
                                attributes: [String: JSONValue] = [:], action: HandlerRegistry.Handler? = nil) {
        var row = Row(title: title, detail: detail, enabled: enabled, extras: attributes)
        if let cell { row.extras["cell"] = .string(cell) }
        if let action {
            let name = Self.closureName()
            closures[name] = action
            row.action = .named(name)
        }
        if sections.isEmpty { addSection() }
        rows[rows.count - 1].append(row)
    }

    /// Adds a row that opens a spec file, as a spec's `segue` would.
    public mutating func addRow(title: String, detail: String? = nil, segue: SegueTarget) {
        if sections.isEmpty { addSection() }
        rows[rows.count - 1].append(Row(title: title, detail: detail, segue: segue))
    }

    /// Removes every section and row, to build the screen again.
    public mutating func reset() {
        sections = []
        rows = []
        closures = [:]
    }

    /// The screen as a spec the core shows.
    public var spec: Spec {
        let built = zip(sections, rows).map { section, rows in
            Section(header: section.header, footer: section.footer, rows: rows)
        }
        return Spec(title: title, sections: built, data: data.isEmpty ? nil : .object(data), cells: CellLibrary(cells))
    }

    private static let closureCount = Atomic<Int>(0)

    /// A name for a row closure, unique within the process; screens may be built on any thread.
    private static func closureName() -> String {
        "segue.closure.\(closureCount.add(1, ordering: .relaxed).newValue)"
    }
}
