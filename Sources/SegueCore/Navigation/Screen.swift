/// One screen of the navigation stack: a spec bound to its data, its title, and where the cursor
/// and scroll are.
///
/// The list state is two numbers, as in ratatui's `ListState`: the selected row and the first
/// visible item. Going back to a screen finds them as they were left.
public struct Screen: Sendable {
    public let spec: Spec
    /// Tells this screen's source answers from those of others.
    public internal(set) var id = 0
    /// The title in the top line and the breadcrumb.
    public let title: String
    /// The spec's sections with their generated rows resolved against the screen's data.
    private(set) var sections: [Section]
    private(set) var layout: ListLayout
    /// Rows that a key activates from anywhere on the screen, where they are now (rows a live
    /// section brings move them).
    var hotkeys: [Character: Int] {
        var hotkeys: [Character: Int] = [:]
        for (index, section) in sections.enumerated() {
            for hotkey in section.rows.hotkeys where hotkeys[hotkey.key] == nil {
                hotkeys[hotkey.key] = layout.spans[index].firstRow + hotkey.position
            }
        }
        return hotkeys
    }
    /// Data from outside the spec (`env`, and what a segue passed in), outermost first.
    let incoming: DataContext
    /// What a segue passed in, kept so a reload can pass it again.
    let passed: [JSONValue]
    /// Rows marked for a multi-select emit.
    public internal(set) var marks: Set<Int> = []
    /// The current settings, as templates see them under `settings`; `AppState` keeps them current.
    var settings: JSONValue
    /// Renderers for custom cell types, registered from Swift; the session's, for its whole life.
    let renderers: CellRenderers
    /// The selected row, by index over all sections; `nil` when no row can be selected.
    public internal(set) var selection: Int?
    /// The first visible item of the list.
    public internal(set) var offset: Int = 0
    /// Whether the user has moved the selection (arriving rows then leave it where it is).
    var hasMoved = false

    /// A screen showing `spec`.
    /// - Parameters:
    ///   - incoming: layers from outside the spec, outermost first: `env`, then a segue's data
    ///     and `sender`; the spec's `dataFile` and `data` go between them.
    ///   - settings: the settings object.
    ///   - title: the title when the spec has none (already final text: it is not a template).
    public init(spec: Spec, title: String, environment: JSONValue = .object([:]), passed: [JSONValue] = [],
                settings: JSONValue = .object([:]), renderers: CellRenderers = CellRenderers()) {
        self.renderers = renderers
        // Cell types drawn by registered renderers resolve on every screen, however it was made.
        var spec = spec
        spec.cells.customNames.formUnion(renderers.names)
        self.spec = spec
        var layers = [environment]
        if let fileData = spec.fileData { layers.append(fileData) }
        if let data = spec.data { layers.append(data) }
        incoming = DataContext(layers: layers + passed)
        self.passed = passed
        self.settings = settings
        let context = incoming.adding("settings", settings)
        self.title = spec.title.map { Template($0).render(in: context) } ?? title
        sections = spec.sections.map { section in
            Section(header: section.header, footer: section.footer, rows: section.rows.resolved(in: context))
        }
        layout = ListLayout(sections: sections)
        selection = nil
        selection = enabledRow(from: 0, step: 1)
    }

    /// What templates on this screen see: the incoming layers with `settings` and `env` on top.
    public var context: DataContext {
        incoming.adding("settings", settings)
    }

    /// Number of rows over all sections.
    public var rowCount: Int { layout.rowCount }

    /// The live feeds of the screen: their section and the row index of their first row.
    var feeds: [(section: Int, feed: LiveFeed, firstRow: Int)] {
        sections.indices.flatMap { section in
            sections[section].rows.feeds.map { (section, $0.feed, layout.spans[section].firstRow + $0.start) }
        }
    }

    /// The live feed of section `section`, if it has one, and the row index of its first row.
    func feed(inSection section: Int) -> (feed: LiveFeed, firstRow: Int)? {
        guard section >= 0, section < sections.count, let entry = sections[section].rows.feeds.first else { return nil }
        return (entry.feed, layout.spans[section].firstRow + entry.start)
    }

    /// Changes the live feed of section `section` in place; `nil` when it has none.
    mutating func updateFeed<Result>(section: Int, _ body: (inout LiveFeed) -> Result) -> Result? {
        guard section >= 0, section < sections.count else { return nil }
        return sections[section].rows.updateFeed(body)
    }

    /// What changed in a feed, so `relayout` can keep the selection and marks on their rows.
    struct FeedChange {
        var section: Int
        /// Where the feed's rows start within its section.
        var start: Int
        var oldItems: Int
        var newItems: Int
        /// The cursor is on the feed's status row and stays at that position as items arrive.
        var holdsCursor: Bool
    }

    /// Lays the list out again after a feed's rows changed. Until the user moves, the selection
    /// stays on the first row that can take it; after, it stays on the same row, however many
    /// rows arrived before it.
    mutating func relayout(in viewport: Size, change: FeedChange? = nil) {
        /// Where a row is as (section, position), moved past the items that arrived before it.
        func anchored(_ row: Int) -> (section: Int, position: Int) {
            let section = layout.section(ofRow: row)
            var position = row - layout.spans[section].firstRow
            if let change, change.section == section, position >= change.start + change.oldItems,
               !(change.holdsCursor && row == selection && position == change.start + change.oldItems) {
                position += change.newItems - change.oldItems
            }
            return (section, position)
        }
        let anchor = hasMoved ? selection.map(anchored) : nil
        let markAnchors = marks.map(anchored)
        layout = ListLayout(sections: sections)
        // Marks stay on their rows; a mark whose row is gone (a refresh replaced it) goes too.
        marks = Set(markAnchors.compactMap { mark in
            guard mark.section < sections.count, mark.position < sections[mark.section].rows.count else { return nil }
            let row = layout.spans[mark.section].firstRow + mark.position
            return isEnabled(row) ? row : nil
        })
        if let anchor, anchor.section < sections.count {
            let row = layout.spans[anchor.section].firstRow + min(anchor.position, max(0, sections[anchor.section].rows.count - 1))
            selection = row < rowCount && isEnabled(row) ? row
                : enabledRow(from: min(row, rowCount - 1), step: -1) ?? enabledRow(from: 0, step: 1)
        } else {
            selection = enabledRow(from: 0, step: 1)
        }
        scrollToSelection(in: viewport)
    }

    /// Section `index`'s header, bound to the data as it is now (settings change).
    func header(_ index: Int) -> String? { sections[index].header.map { Template($0).render(in: context) } }

    /// Section `index`'s footer, bound to the data as it is now.
    func footer(_ index: Int) -> String? { sections[index].footer.map { Template($0).render(in: context) } }

    /// Number of list items (gaps, headers, rows, footers).
    var itemCount: Int { layout.itemCount }

    /// Row `index` (over all sections), bound to the screen's data.
    public func row(_ index: Int) -> Row { boundRow(index).row }

    /// Row `index` bound to the screen's data, with its cell style.
    public func boundRow(_ index: Int) -> BoundRow {
        let section = layout.section(ofRow: index)
        let rows = sections[section].rows
        let position = index - layout.spans[section].firstRow
        return RowBinder.bind(rows[position], item: rows.binding(at: position), context: context, cells: spec.cells)
    }

    /// Row `index` as written, before binding.
    func rawRow(_ index: Int) -> Row {
        let section = layout.section(ofRow: index)
        return sections[section].rows[index - layout.spans[section].firstRow]
    }

    /// The selected row, if any.
    public var selectedRow: Row? { selection.map(row) }

    /// The selected row with its cell style, if any.
    public var selectedBoundRow: BoundRow? { selection.map(boundRow) }

    /// Marks or unmarks the selected row for a multi-select emit.
    mutating func toggleMark() {
        guard let selection else { return }
        if marks.remove(selection) == nil { marks.insert(selection) }
    }

    /// Takes over the selection and scroll of `old` (the same spec before a reload), as far as
    /// they still fit.
    mutating func keepPosition(of old: Screen) {
        guard let previous = old.selection, rowCount > 0 else { return }
        let row = min(previous, rowCount - 1)
        selection = enabledRow(from: row, step: 1) ?? enabledRow(from: row, step: -1)
        offset = old.offset
        hasMoved = old.hasMoved
    }

    /// Whether row `index` can take the cursor: from flags alone, unless the spec binds `enabled`
    /// to data (`enabledKeyPath`), when the row is bound to find out.
    func isEnabled(_ index: Int) -> Bool {
        let section = layout.section(ofRow: index)
        let rows = sections[section].rows
        let position = index - layout.spans[section].firstRow
        guard rows.isSelectable(position, cells: spec.cells) else { return false }
        guard spec.bindsEnabled || rows.binding(at: position) != nil else { return true }
        return boundRow(index).row.enabled
    }

    /// The first enabled row at or after `start` going in `step` (+1 or -1) direction.
    func enabledRow(from start: Int, step: Int) -> Int? {
        var index = start
        while index >= 0, index < rowCount {
            if isEnabled(index) { return index }
            index += step
        }
        return nil
    }
}
