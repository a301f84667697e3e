/// One screen of the navigation stack: a spec bound to its data, its title, and where the cursor
/// and scroll are.
///
/// The list state is two numbers, as in ratatui's `ListState`: the selected row and the first
/// visible item. Going back to a screen finds them as they were left.
///
/// Rows are numbered in two ways. A *row* (`selection`, `rowCount`, `boundRow(_:)`) counts the
/// rows shown: while a find filters the list, only its matches. A *full row* counts every row of
/// every section, shown or not; marks, hotkeys and live feeds are kept that way, so they stay on
/// their rows whatever is typed.
package struct Screen: Sendable {
    package let spec: Spec
    /// Tells this screen's source answers from those of others.
    package internal(set) var id = 0
    /// The title in the top line and the breadcrumb.
    package private(set) var title: String
    /// The spec's sections with their generated rows resolved against the screen's data, and
    /// the feeds their live parts load into: the screen owns what its sources bring.
    private(set) var sections: [ScreenSection]
    /// Where the shown rows are: every row, or a find's matches.
    var layout: ListLayout
    /// Where every row is, shown or not.
    var fullLayout: ListLayout
    /// The find line, while it is open.
    package internal(set) var find: FindState?
    /// A file the screen was read from changed while it was hidden: it loads again when shown.
    var isStale = false
    /// The error a failed reload of this screen showed (`--watch`): a good reload takes it away.
    var failedReload: StatusMessage?
    /// With `"saveSettings": "onSave"`: the settings changed here and not saved yet, with their
    /// values from before (`nil`: absent), for `discard`.
    var heldSettings: [String: JSONValue?] = [:]
    /// The keys on this screen: the session's, with the spec's `"keys"` over them.
    package internal(set) var keymap = Keymap.standard
    /// Commands its rows run (`progress` rows), by full row.
    var commands: [Int: RowCommand] = [:]
    /// The preview pane's state for this screen.
    package internal(set) var preview = PreviewState()
    /// Rows that a key activates from anywhere on the screen, where they are now (rows a live
    /// section brings move them). Rows that are never shown together (`"hidden"` conditions)
    /// may share a key: it is the shown one's.
    var hotkeys: [Character: Int] {
        var hotkeys: [Character: Int] = [:]
        for (index, section) in sections.enumerated() {
            for hotkey in section.rows.hotkeys where hotkeys[hotkey.key] == nil {
                let row = fullLayout.spans[index].firstRow + hotkey.position
                if spec.hidesRows, isHidden(row) { continue }
                hotkeys[hotkey.key] = row
            }
        }
        return hotkeys
    }
    /// Data from outside the spec (`env`, and what a segue passed in), outermost first.
    let incoming: DataContext
    /// What a segue passed in, kept so a reload can pass it again.
    let passed: [JSONValue]
    /// Rows marked for a multi-select emit, as full rows.
    package internal(set) var marks: Set<Int> = []
    /// The current settings, as templates see them under `settings`; `AppState` keeps them current.
    var settings: JSONValue {
        didSet { retitle() }
    }
    /// What exec actions captured into the session's data (`"capture": {"data": …}`), over the
    /// spec's data; `AppState` keeps it current.
    var captured: JSONValue {
        didSet { retitle() }
    }
    /// Renderers for custom cell types, registered from Swift; the session's, for its whole life.
    let renderers: CellRenderers
    /// The selected row, by index over all sections; `nil` when no row can be selected.
    package internal(set) var selection: Int?
    /// The first visible item of the list.
    package internal(set) var offset: Int = 0
    /// Whether the user has moved the selection (arriving rows then leave it where it is).
    var hasMoved = false
    /// The spec's `"select"` (bound) while no row has it yet: a live section's rows are looked
    /// at as they arrive, until one has it or the user moves.
    var wantedSelection: String?
    /// Tables sorted by a column (`s`), by section.
    package internal(set) var tableSorts: [Int: TableSort] = [:]
    /// Whether a section of the screen is a table: the list then gives its first line to the
    /// column header, which stays while the rows scroll. Known when the screen is made (asked
    /// for every layout, so never counted again).
    package let hasTable: Bool
    /// What each table's first rows measure, by section (`keepTableSamples`).
    var tableSamples: [Int: TableSample] = [:]
    /// How the rows are laid out and drawn beyond their kind: the spec's, as actions change them.
    package internal(set) var looks: RowLooks

    /// A screen showing `spec`.
    /// - Parameters:
    ///   - incoming: layers from outside the spec, outermost first: `env`, then a segue's data
    ///     and `sender`; the spec's `dataFile` and `data` go between them.
    ///   - settings: the settings object.
    ///   - title: the title when the spec has none (already final text: it is not a template).
    package init(spec: Spec, title: String, environment: JSONValue = .object([:]), passed: [JSONValue] = [],
                settings: JSONValue = .object([:]), captured: JSONValue = .object([:]), renderers: CellRenderers = CellRenderers()) {
        self.renderers = renderers
        // Cell types drawn by registered renderers resolve on every screen, however it was made.
        var spec = spec
        spec.cells.customNames.formUnion(renderers.names)
        self.spec = spec
        looks = spec.rowLooks
        var layers = [environment]
        if let fileData = spec.fileData { layers.append(fileData) }
        if let data = spec.data { layers.append(data) }
        incoming = DataContext(layers: layers + passed)
        self.passed = passed
        self.settings = settings
        self.captured = captured
        let context = incoming.adding(captured).adding("settings", settings)
        self.title = spec.title.map { Template($0).render(in: context) } ?? title
        sections = spec.sections.map { section in
            var resolved = Section(header: section.header, footer: section.footer, rows: section.rows.resolved(in: context),
                                   preview: section.preview, columns: section.columns)
            resolved.columnsFromHeader = section.columnsFromHeader
            return ScreenSection(resolved)
        }
        layout = ListLayout(sections: sections)
        fullLayout = layout
        hasTable = sections.contains { $0.columns != nil || $0.columnsFromHeader }
        selection = nil
        selection = enabledRow(from: 0, step: 1)
    }

    /// A title written as a template follows what it names (`"Hello {{settings.user}}"` after an
    /// `onOpen` question set it).
    private mutating func retitle() {
        guard let template = spec.title, Template.mightHavePlaceholders(template) else { return }
        title = Template(template).render(in: incoming.adding(captured).adding("settings", settings))
    }

    /// Puts each section's rows in `reordered` (the same rows, in another order) in its place,
    /// and lays the list out again, from the first row that can be selected unless the caller
    /// keeps the selection (`selectingFirst` false).
    mutating func replaceRows(_ reordered: [Int: RowList], selectingFirst: Bool = true) {
        guard !reordered.isEmpty else { return }
        find?.recent.forget()  // the matches name the rows' old places
        for (index, rows) in reordered {
            sections[index].rows = ScreenRows(rows)
            tableSamples[index] = nil
        }
        layout = ListLayout(sections: sections)
        fullLayout = layout
        if selectingFirst { selection = enabledRow(from: 0, step: 1) }
    }

    /// Makes again the rows generated from the settings (`"forEach": "settings.servers"`), which
    /// changed: a server added, removed or moved shows at once. The cursor stays at its place (on
    /// the row that took it, when rows went), marks are dropped as they named the old rows, and
    /// an open find matches again. Sections that also load from a source are left alone, and
    /// so is a list whose elements did not change.
    mutating func generateFromSettings(in viewport: Size) {
        defer { followHiddenSelection(in: viewport) }
        let context = incoming.adding(captured).adding("settings", settings)
        var made: [Int: RowList] = [:]
        for (index, section) in spec.sections.enumerated() where section.rows.generatesFromSettings && !section.rows.hasLiveParts {
            let rows = section.rows.resolved(in: context)
            // A setting the list does not hold changed: the rows, their marks and sort stay.
            if rows.generatedElements != sections[index].rows.generatedElements { made[index] = rows }
        }
        guard !made.isEmpty else { return }
        let kept = selection.map(fullRow)
        marks = []
        tableSorts = tableSorts.filter { made[$0.key] == nil }
        replaceRows(made, selectingFirst: false)
        if find != nil {
            find?.matches = nil
            find?.ranks = nil
            find?.recent.forget()
            queryChanged(in: viewport)
            finishFind(in: viewport)
        }
        if let kept, rowCount > 0 {
            let place = shownRow(full: min(kept, fullLayout.rowCount - 1)) ?? min(selection ?? 0, rowCount - 1)
            selection = isEnabled(place) ? place : (rowFollowingHidden(place) ?? enabledRow(from: place, step: -1) ?? enabledRow(from: place, step: 1))
        } else {
            selection = enabledRow(from: 0, step: 1)
        }
        scrollToSelection(in: viewport)
    }

    /// What templates on this screen see: the incoming layers with `settings` and `env` on top,
    /// and `query`, what the find line holds.
    package var context: DataContext {
        incoming.adding(captured).adding("settings", settings).adding("query", .string(find?.editor.text ?? ""))
    }

    /// Number of rows over all sections.
    package var rowCount: Int { layout.rowCount }

    /// The live feeds of the screen: their section and the row index of their first row.
    var feeds: [(section: Int, feed: LiveFeed, firstRow: Int)] {
        sections.indices.flatMap { section in
            sections[section].rows.feeds.map { (section, $0.feed, fullLayout.spans[section].firstRow + $0.start) }
        }
    }

    /// The live feed of section `section`, if it has one, and the row index of its first row.
    func feed(inSection section: Int) -> (feed: LiveFeed, firstRow: Int)? {
        guard section >= 0, section < sections.count, let entry = sections[section].rows.feeds.first else { return nil }
        return (entry.feed, fullLayout.spans[section].firstRow + entry.start)
    }

    /// Changes the live feed of section `section` in place; `nil` when it has none.
    mutating func updateFeed<Result>(section: Int, _ body: (inout LiveFeed) -> Result) -> Result? {
        guard section >= 0, section < sections.count else { return nil }
        find?.recent.forget()  // the rows a find's recent queries matched are changing
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
    /// rows arrived before it. While a find filters the list, arriving rows are matched as they
    /// come; with `refilter` (rows were replaced), the whole list is filtered again.
    mutating func relayout(in viewport: Size, change: FeedChange? = nil, refilter: Bool = false) {
        /// Where a full row is as (section, position), moved past the items that arrived before it.
        func anchored(_ full: Int) -> (section: Int, position: Int) {
            let section = fullLayout.section(ofRow: full)
            var position = full - fullLayout.spans[section].firstRow
            if let change, change.section == section, position >= change.start + change.oldItems,
               !(change.holdsCursor && full == selection.map(fullRow) && position == change.start + change.oldItems) {
                position += change.newItems - change.oldItems
            }
            return (section, position)
        }
        let anchor = hasMoved ? selection.map { anchored(fullRow($0)) } : nil
        let markAnchors = marks.map(anchored)
        let commandAnchors = commands.map { (anchored($0.key), $0.value) }
        fullLayout = ListLayout(sections: sections)
        // Row commands stay with their rows too; one whose row is gone is forgotten (its load ends
        // when the screen goes, and its answers find no row).
        commands = Dictionary(commandAnchors.compactMap { anchor, command in
            guard anchor.section < sections.count, anchor.position < sections[anchor.section].rows.count else { return nil }
            return (fullLayout.spans[anchor.section].firstRow + anchor.position, command)
        }, uniquingKeysWith: { first, _ in first })
        // Marks stay on their rows; a mark whose row is gone (a refresh replaced it) goes too.
        marks = Set(markAnchors.compactMap { mark in
            guard mark.section < sections.count, mark.position < sections[mark.section].rows.count,
                  isEnabled(section: mark.section, position: mark.position) else { return nil }
            return fullLayout.spans[mark.section].firstRow + mark.position
        })
        if find != nil { keepMatches(change: change, refilter: refilter, in: viewport) }
        layout = shownMatches.map { ListLayout(sections: sections, shownRows: $0.map(\.count)) } ?? fullLayout
        if let anchor, anchor.section < sections.count, shownMatches == nil {
            let row = layout.spans[anchor.section].firstRow + min(anchor.position, max(0, sections[anchor.section].rows.count - 1))
            selection = row < rowCount && isEnabled(row) ? row
                : enabledRow(from: min(row, rowCount - 1), step: -1) ?? enabledRow(from: 0, step: 1)
        } else if let anchor, let row = shownRow(section: anchor.section, position: anchor.position), isEnabled(row) {
            selection = row
        } else {
            selection = enabledRow(from: 0, step: 1)
        }
        scrollToSelection(in: viewport)
    }

    /// Section `index`'s header, bound to the data as it is now (settings change).
    func header(_ index: Int) -> String? { sections[index].header.map { Template($0).render(in: context) } }

    /// Section `index`'s lines from its source (`--header-lines`), as they came.
    func headerLines(_ index: Int) -> [String] { sections[index].headerLines }

    /// How many of its source's lines section `section` has taken for its header: those it shows,
    /// and the one that named its columns (`--columns header`).
    func headerLinesTaken(_ section: Int) -> Int {
        sections[section].headerLines.count + (sections[section].columnsFromHeader && sections[section].columns != nil ? 1 : 0)
    }

    /// Adds lines from section `section`'s source to its header.
    mutating func addHeaderLines(_ lines: [String], section: Int) {
        var lines = lines
        if sections[section].columnsFromHeader, sections[section].columns == nil, let first = lines.first,
           let delimiter = sections[section].rows.feeds.first?.feed.live.source.delimiter {
            // A blank first line names one column, untitled, rather than none.
            let titles = delimiter.fields(of: first)
            sections[section].columns = StandardInputPicker.fieldColumns(titles: titles.isEmpty ? [""] : titles)
            lines.removeFirst()
        }
        sections[section].headerLines += lines
    }

    /// The first section's header replaced by `text`, shown as it is (a `change-header` binding).
    mutating func changeHeader(to text: String, in viewport: Size) {
        guard !sections.isEmpty else { return }
        sections[0].header = text.isEmpty ? nil : Template.verbatim(text)
        relayout(in: viewport)
    }

    /// Section `section`'s header lines from its source let go, for a source that starts over
    /// with other lines (a `reload(cmd)` binding): its first lines are the header again, as fzf's.
    mutating func dropHeaderLines(section: Int) {
        sections[section].headerLines = []
        if sections[section].columnsFromHeader { sections[section].columns = nil }
    }

    /// Section `index`'s footer, bound to the data as it is now.
    func footer(_ index: Int) -> String? { sections[index].footer.map { Template($0).render(in: context) } }

    /// Number of list items (gaps, headers, rows, footers).
    var itemCount: Int { layout.itemCount }

    /// Lines the list takes when every row is known before it draws (one each); `nil` when rows
    /// are still to come from a source.
    package var knownListLines: Int? { feeds.isEmpty ? itemCount + (hasTable ? 1 : 0) : nil }

    /// Shown row `index`, bound to the screen's data.
    package func row(_ index: Int) -> Row { boundRow(index).row }

    /// Shown row `index` bound to the screen's data, with its cell style.
    package func boundRow(_ index: Int) -> BoundRow {
        let (section, position) = locate(index)
        return boundRow(section: section, position: position)
    }

    /// Full row `index` bound to the screen's data (marked rows are kept as full rows).
    func boundRow(full index: Int) -> BoundRow {
        let section = fullLayout.section(ofRow: index)
        return boundRow(section: section, position: index - fullLayout.spans[section].firstRow)
    }

    func boundRow(section: Int, position: Int) -> BoundRow {
        let rows = sections[section].rows
        return RowBinder.bind(rows[position], item: rows.binding(at: position), context: context, cells: spec.cells)
    }

    /// Shown row `index` as written, before binding.
    func rawRow(_ index: Int) -> Row {
        let (section, position) = locate(index)
        return sections[section].rows[position]
    }

    /// The selected row, if any.
    package var selectedRow: Row? { selection.map(row) }

    /// The selected row with its cell style, if any.
    package var selectedBoundRow: BoundRow? { selection.map { boundRow($0) } }

    /// Whether row `index` can take the cursor: from flags alone, unless the spec binds `enabled`
    /// to data (`enabledKeyPath`), when the row is bound to find out.
    package func isEnabled(_ index: Int) -> Bool {
        let (section, position) = locate(index)
        return isEnabled(section: section, position: position)
    }

    func isEnabled(section: Int, position: Int) -> Bool {
        let rows = sections[section].rows
        guard rows.isSelectable(position, cells: spec.cells) else { return false }
        guard spec.bindsEnabled || rows.binding(at: position) != nil else { return true }
        let row = boundRow(section: section, position: position).row
        return row.enabled && !row.isHidden
    }

    /// Whether shown row `index` is left out (`"hidden"`): it takes no lines and no cursor.
    func isHidden(_ index: Int) -> Bool {
        spec.hidesRows && boundRow(index).row.isHidden
    }

    /// The context shown row `index` binds in: the screen's, with a generated row's item.
    func context(ofRow index: Int) -> DataContext {
        let (section, position) = locate(index)
        guard let item = sections[section].rows.binding(at: position) else { return context }
        return context.adding(item)
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
