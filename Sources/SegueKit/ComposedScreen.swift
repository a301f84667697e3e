import Synchronization

/// A screen built in code rather than JSON: add sections, give them headers and footers, add rows
/// with a title, detail, cell type and an action closure; sections whose rows come a page at a
/// time from an `async` closure; reset and build again.
///
/// The terminal counterpart of SJMComposedTableViewController (and, with a source, of
/// JTTableViewController's paged loading):
/// ```swift
/// var screen = ComposedScreen(title: "Settings")
/// screen.addSection(header: "General", footer: "Changes apply at once.")
/// screen.addRow(title: "Version", detail: "1.0", cell: .value)
/// screen.addRow(title: "About") { context in context.push(aboutScreen()) }
/// screen.addSection(header: "Users", pageSize: 50) { request in
///     try await api.users(page: request.page)
/// }
/// ```
public struct ComposedScreen: Sendable {
    /// The screen's title, in the top line and the breadcrumb: `screen.title = "Settings"`.
    public var title: String?
    private var sections: [Section] = []
    private var rows: [[Row]] = []
    /// Row closures by the action name their rows carry.
    private(set) var closures: [String: HandlerRegistry.Entry] = [:]
    /// Section sources by the name their sections carry.
    private(set) var sources: [String: SourceHandler] = [:]
    /// Cell types defined for this screen, as a spec's `"cells"` would:
    /// `screen.cells["Person"] = CellDefinition(base: "subtitle", attributes: ["title": "{{name}}"])`.
    public var cells: [String: CellDefinition] = [:]
    /// Data for the screen's templates, as a spec's `"data"` would: `screen.data["user"] = ["name": "Ann"]`.
    public var data: [String: JSONValue] = [:]

    /// An empty screen: `var screen = ComposedScreen(title: "Settings")`.
    public init(title: String? = nil) {
        self.title = title
    }

    /// Starts a new section; the rows added next go into it.
    ///
    /// ```swift
    /// screen.addSection(header: "General", footer: "Changes apply at once.")
    /// ```
    public mutating func addSection(header: String? = nil, footer: String? = nil) {
        sections.append(Section(header: header, footer: footer, rows: []))
        rows.append([])
    }

    /// Adds a section whose rows `source` gives, a page at a time, as a live section of a spec
    /// does: a spinner while it loads, `empty` when it gives nothing, an error row with retry
    /// when it throws, the next page as the cursor nears the end, `r` to load again (keeping
    /// the selected row by its `id`). The task is cancelled when the user leaves the screen or
    /// refreshes, and a late answer is dropped.
    ///
    /// ```swift
    /// screen.addSection(header: "Users", pageSize: 50, row: ["title": "{{user.name}}"], as: "user") { request in
    ///     SourcePage(rows: try await api.users(page: request.page).map { ["name": .string($0.name)] })
    /// }
    /// ```
    /// - Parameters:
    ///   - header: the section's header.
    ///   - footer: the section's footer.
    ///   - pageSize: items per page; `nil` asks once for everything.
    ///   - prefetch: how near the end (in rows) the cursor may come before the next page loads.
    ///   - empty: the text shown when the source gives nothing.
    ///   - row: each row's attributes, templates over the item (`{{item.name}}`, or the `as` name).
    ///   - name: what the item is called in `row`'s templates.
    ///   - action: what activating a row runs; `context.item` is its item.
    ///   - source: answers a page; its items are objects (or anything `row` can bind).
    public mutating func addSection(header: String? = nil, footer: String? = nil, pageSize: Int? = nil, prefetch: Int = 3,
                                    empty: String? = nil, row: [String: JSONValue] = [:], as name: String = "item",
                                    action: HandlerRegistry.Handler? = nil, source: @escaping SourceHandler) {
        let sourceName = Self.uniqueName("source")
        sources[sourceName] = source
        var template = row
        if template["title"] == nil { template["title"] = .string("{{\(name).title}}") }
        if template["id"] == nil { template["id"] = .string("{{\(name).id}}") }
        if let action {
            let closure = Self.uniqueName("closure")
            closures[closure] = .immediate(action)
            template["action"] = .string(closure)
            // The item, whole, for the closure; a key with a dot, which no template path reaches.
            template[HandlerContext.itemKey] = .string("{{\(name)}}")
        }
        let live = LiveSource(source: SourceSpec(origin: .handler(sourceName), pageSize: pageSize, prefetch: prefetch),
                              name: name, template: Row(attributes: template), empty: empty)
        sections.append(Section(header: header, footer: footer, rows: RowList(live: live)))
        rows.append([])
    }

    /// Adds a row to the last section (starting one if there is none).
    ///
    /// ```swift
    /// screen.addRow(title: "Version", detail: "1.0", cell: .value)
    /// screen.addRow(title: "Dark mode", cell: .toggle, attributes: ["setting": "darkMode"])
    /// screen.addRow(title: "About") { context in context.push(aboutScreen()) }
    /// ```
    /// - Parameters:
    ///   - title: the row's text.
    ///   - detail: secondary text.
    ///   - cell: a built-in kind (`.toggle`), or a type defined in `cells` or a registered
    ///     renderer's name (`.named("Meter")`).
    ///   - enabled: false draws the row dim and skips it.
    ///   - attributes: any other attributes (data for templates, `setting`, `options`, …).
    ///   - action: what activating the row runs; it can navigate, show a message, emit or quit.
    ///   - confirm: a question answered with y before the action runs (any other key cancels).
    public mutating func addRow(title: String, detail: String? = nil, cell: Cell? = nil, enabled: Bool = true,
                                attributes: [String: JSONValue] = [:], confirm: String? = nil, action: HandlerRegistry.Handler? = nil) {
        add(Row(title: title, detail: detail, enabled: enabled, extras: attributes), cell: cell, entry: action.map { .immediate($0) },
            confirm: confirm)
    }

    /// Adds a row whose action runs as a task: the app keeps answering keys while it runs, the
    /// status line shows a spinner with the row's title, and Esc cancels it.
    ///
    /// ```swift
    /// screen.addRow(title: "Sync now") { context async throws in
    ///     context.show("synced \(try await api.sync()) items")
    /// }
    /// ```
    public mutating func addRow(title: String, detail: String? = nil, cell: Cell? = nil, enabled: Bool = true,
                                attributes: [String: JSONValue] = [:], confirm: String? = nil,
                                action: @escaping HandlerRegistry.AsyncHandler) {
        add(Row(title: title, detail: detail, enabled: enabled, extras: attributes), cell: cell, entry: .task(action), confirm: confirm)
    }

    /// Adds a row for each of `items`, as `row` makes it from the item (a title, a detail, any
    /// attributes), each running `action` with its own item: the item stays a Swift value, where
    /// a section's row template sees JSON.
    ///
    /// ```swift
    /// screen.addRows(releases) { Row(title: $0.version, detail: $0.date) } action: { release, context in
    ///     context.finish(with: release)
    /// }
    /// ```
    public mutating func addRows<Item: Sendable>(_ items: some Sequence<Item>, row: (Item) -> Row,
                                                 action: (@Sendable (Item, HandlerContext) -> Void)? = nil) {
        for item in items {
            add(row(item), cell: nil, entry: action.map { action in .immediate { context in action(item, context) } })
        }
    }

    /// Adds a row for each of `items`, each running `action` with its own item as a task (a
    /// spinner while it runs, Esc stops it; it may ask the user through its context).
    ///
    /// ```swift
    /// screen.addRows(releases) { Row(title: $0.version) } action: { release, context async throws in
    ///     guard await context.confirm("Deploy \(release.version)?") else { return }
    ///     context.finish(with: release)
    /// }
    /// ```
    public mutating func addRows<Item: Sendable>(_ items: some Sequence<Item>, row: (Item) -> Row,
                                                 action: @escaping @Sendable (Item, HandlerContext) async throws -> Void) {
        for item in items {
            add(row(item), cell: nil, entry: .task { context in try await action(item, context) })
        }
    }

    /// Adds a row that opens a spec file, as a spec's `segue` would.
    ///
    /// ```swift
    /// screen.addRow(title: "Docs", segue: "docs.json")
    /// ```
    public mutating func addRow(title: String, detail: String? = nil, segue: SegueTarget) {
        add(Row(title: title, detail: detail, segue: segue), cell: nil, entry: nil)
    }

    private mutating func add(_ row: Row, cell: Cell?, entry: HandlerRegistry.Entry?, confirm: String? = nil) {
        var row = row
        if let cell { row.extras["cell"] = .string(cell.name) }
        if let entry {
            let name = Self.uniqueName("closure")
            closures[name] = entry
            row.action = RowAction(.named(name), confirm: confirm)
        }
        if sections.isEmpty || sections[sections.count - 1].rows.isLive { addSection() }
        rows[rows.count - 1].append(row)
    }

    /// Removes every section and row, to build the screen again.
    ///
    /// ```swift
    /// screen.reset()
    /// compose(into: &screen)
    /// ```
    public mutating func reset() {
        sections = []
        rows = []
        closures = [:]
        sources = [:]
    }

    /// The screen as a spec the core shows, e.g. for `HeadlessSession` or `AppState(root:size:)`.
    ///
    /// ```swift
    /// let state = AppState(root: screen.spec, size: Size(width: 80, height: 24))
    /// ```
    public var spec: Spec {
        let built = zip(sections, rows).map { section, rows in
            section.rows.isLive ? section : Section(header: section.header, footer: section.footer, rows: rows)
        }
        return Spec(title: title, sections: built, data: data.isEmpty ? nil : .object(data), cells: CellLibrary(cells))
    }

    private static let count = Atomic<Int>(0)

    /// A name for a closure or a source, unique within the process; screens may be built on any thread.
    private static func uniqueName(_ kind: String) -> String {
        "\(RowAction.madeUpNamePrefix)\(kind).\(count.add(1, ordering: .relaxed).newValue)"
    }
}
