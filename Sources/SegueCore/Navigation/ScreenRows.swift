/// The rows of a section as a screen shows them: the spec's list (`RowList`, spec only), with a
/// feed for each of its live parts (`LiveFeed`: what the source has loaded so far, then a status
/// row while loading, on failure, or when nothing came).
///
/// The feeds are the screen's runtime data: each screen loads into feeds of its own, made blank
/// when it is made, and only `update` changes them, in place, through `Screen.updateFeed`. A
/// list with no live part is the spec's list as it is, every question passed on to it.
package struct ScreenRows: RandomAccessCollection, Sendable {
    /// A run of rows: the spec's, or a live part's.
    enum Part: Sendable {
        case rows(RowList)
        case feed(LiveFeed)

        var count: Int {
            switch self {
            case .rows(let rows): return rows.count
            case .feed(let feed): return feed.items.count + (feed.hasStatusRow ? 1 : 0)
            }
        }
    }

    enum Storage: Sendable {
        /// No live part: the spec's list answers.
        case list(RowList)
        /// Runs one after another, live ones with their feeds; where each starts is counted when
        /// asked, since a feed grows as its source loads.
        case parts([Part])
    }

    private var storage: Storage

    /// The rows of `list` on a screen, each live part with a blank feed of its own.
    init(_ list: RowList) {
        guard list.hasLiveParts else {
            storage = .list(list)
            return
        }
        storage = .parts(list.runs.map { run in run.liveSource.map { .feed(LiveFeed($0)) } ?? .rows(run) })
    }

    package var startIndex: Int { 0 }
    package var endIndex: Int {
        switch storage {
        case .list(let list): return list.count
        case .parts(let parts): return parts.reduce(0) { $0 + $1.count }
        }
    }

    /// Row `position` as written: for a generated or live row, the template (see `binding(at:)`).
    package subscript(position: Int) -> Row {
        switch storage {
        case .list(let list): return list[position]
        case .parts(let parts):
            let (part, start) = Self.part(holding: position, in: parts)
            switch parts[part] {
            case .rows(let rows): return rows[position - start]
            case .feed(let feed):
                return position - start < feed.items.count ? feed.live.template : (feed.statusRow ?? Row())
            }
        }
    }

    /// Whether row `position` is sure to give no binding warning, known without decoding it
    /// (rows of a spec file only; any other row may).
    func isQuiet(at position: Int) -> Bool {
        answer(at: position, rows: { $0.isQuiet(at: $1) }, feed: { _, _ in false })
    }

    /// For a generated or live row, the name its element is bound to and the element.
    package func binding(at position: Int) -> RowItem? {
        answer(at: position, rows: { $0.binding(at: $1) }, feed: { feed, position in
            position < feed.items.count ? RowItem(name: feed.live.name, value: feed.live.item(feed.items[position])) : nil
        })
    }

    /// Row `position`'s title and detail as bytes when it shows them as written (see
    /// `LazyRowTable.appendPlainText`; a streamed line, as it came); false when it must be bound
    /// to know.
    func appendPlainText(at position: Int, to text: inout [UInt8]) -> Bool {
        switch storage {
        case .list(let list): return list.appendPlainText(at: position, to: &text)
        case .parts(let parts):
            let (part, start) = Self.part(holding: position, in: parts)
            switch parts[part] {
            case .rows(let rows): return rows.appendPlainText(at: position - start, to: &text)
            case .feed(let feed):
                guard feed.live.showsLinesAsTheyAre, position - start < feed.items.count else { return false }
                return feed.items.appendLine(at: position - start, to: &text)
            }
        }
    }

    /// The items of a live section whose rows show their lines as they are (`cmd | segue`), for a
    /// find to read each row's text straight from them, the feed looked up once per pass.
    var plainLines: FeedItems? {
        guard case .parts(let parts) = storage, parts.count == 1, case .feed(let feed) = parts[0],
              feed.live.showsLinesAsTheyAre else { return nil }
        return feed.items
    }

    /// The spec's list, when it has no live part: what a find on another thread reads rows as
    /// written from (`PlainRows`), as there is nothing else to ask.
    var specList: RowList? {
        guard case .list(let list) = storage else { return nil }
        return list
    }

    /// Whether row `position` is a live section's status row ("Loading…", a failure, "nothing
    /// here"), which is not data.
    func isStatusRow(_ position: Int) -> Bool {
        guard case .parts = storage else { return false }
        return answer(at: position, rows: { _, _ in false }, feed: { feed, position in position >= feed.items.count })
    }

    /// Whether row `position` can take the cursor (enabled, and of a style that can), without
    /// decoding a row from a file.
    package func isSelectable(_ position: Int, cells: CellLibrary) -> Bool {
        answer(at: position, rows: { $0.isSelectable($1, cells: cells) }, feed: { feed, position in
            guard position < feed.items.count else { return feed.hasStatusRow && feed.statusRowIsEnabled }
            return feed.live.template.enabled && cells.style(of: feed.live.template.cellName).isSelectable
        })
    }

    /// What row `position` goes by in a memory when the spec's bytes say it plainly (see
    /// `RowList.plainMemoryKey`).
    func plainMemoryKey(at position: Int) -> String?? {
        guard case .list(let list) = storage else { return nil }
        return list.plainMemoryKey(at: position)
    }

    /// The spec's rows with those at `positions` first (see `RowList.moving`); `nil` for rows
    /// with a live part.
    func moving(toFront positions: [Int]) -> RowList? {
        guard case .list(let list) = storage else { return nil }
        return list.moving(toFront: positions)
    }

    /// The spec's rows in `order` (see `RowList.reordered`); `nil` for rows with a live part,
    /// which keep the order they arrive in.
    func reordered(_ order: [Int32]) -> RowList? {
        guard case .list(let list) = storage else { return nil }
        return list.reordered(order)
    }

    /// The elements each generator made rows of, in order (see `RowList.generatedElements`);
    /// none for rows with a live part.
    var generatedElements: [[JSONValue]] {
        guard case .list(let list) = storage else { return [] }
        return list.generatedElements
    }

    /// Where each of the rows' own positions is now (`nil` unless `reordered`).
    var places: [Int32]? {
        guard case .list(let list) = storage else { return nil }
        return list.places
    }

    /// The spec's rows in their own order, before any `reordered`, with where each position came
    /// from; `nil` for rows with a live part.
    var unordered: (rows: RowList, order: [Int32]?)? {
        guard case .list(let list) = storage else { return nil }
        return list.unordered
    }

    /// The rows with a hotkey, as (key, position); generated and live rows have none.
    package var hotkeys: [(key: Character, position: Int)] {
        switch storage {
        case .list(let list): return list.hotkeys
        case .parts(let parts):
            return Self.starts(of: parts).flatMap { part, start -> [(key: Character, position: Int)] in
                guard case .rows(let rows) = parts[part] else { return [] }
                return rows.hotkeys.map { ($0.key, $0.position + start) }
            }
        }
    }

    /// The live feeds among the rows, with the position of each one's first row.
    var feeds: [(feed: LiveFeed, start: Int)] {
        guard case .parts(let parts) = storage else { return [] }
        return Self.starts(of: parts).compactMap { part, start in
            guard case .feed(let feed) = parts[part] else { return nil }
            return (feed, start)
        }
    }

    /// Changes the rows' live feed (the first, where parts hold several) in place.
    ///
    /// The storage lets go of the parts, and they of the feed, while `body` runs, so the feed's
    /// items are uniquely held and appending to them never copies what has loaded.
    mutating func updateFeed<Result>(_ body: (inout LiveFeed) -> Result) -> Result? {
        guard case .parts(var parts) = storage else { return nil }
        storage = .list(RowList())
        defer { storage = .parts(parts) }
        for index in parts.indices {
            guard case .feed(var feed) = parts[index] else { continue }
            parts[index] = .rows(RowList())
            defer { parts[index] = .feed(feed) }
            return body(&feed)
        }
        return nil
    }

    /// What `rows` answers for a spec's run, or `feed` for a live one, about row `position`
    /// (its position within the run passed on).
    private func answer<Answer>(at position: Int, rows: (RowList, Int) -> Answer, feed: (LiveFeed, Int) -> Answer) -> Answer {
        switch storage {
        case .list(let list): return rows(list, position)
        case .parts(let parts):
            let (part, start) = Self.part(holding: position, in: parts)
            switch parts[part] {
            case .rows(let list): return rows(list, position - start)
            case .feed(let live): return feed(live, position - start)
            }
        }
    }

    /// The part that holds `position`, and where that part starts.
    private static func part(holding position: Int, in parts: [Part]) -> (Int, Int) {
        PartPositions.part(holding: position, in: parts, count: \.count)
    }

    /// Each part's index with the position of its first row.
    private static func starts(of parts: [Part]) -> [(Int, Int)] {
        PartPositions.starts(of: parts, count: \.count)
    }
}

/// A section as a screen shows it: the spec's section (its generated rows resolved against the
/// screen's data), with its rows as the screen holds them, live parts and all (`ScreenRows`).
struct ScreenSection: Sendable, LaidOutSection {
    /// The section as the spec says it; its rows are `rows`'.
    private var written: Section
    var rows: ScreenRows

    init(_ section: Section) {
        rows = ScreenRows(section.rows)
        written = section
        written.rows = RowList()
    }

    var header: String? {
        get { written.header }
        set { written.header = newValue }
    }
    var footer: String? { written.footer }
    var preview: JSONValue? { written.preview }
    var headerLines: [String] {
        get { written.headerLines }
        set { written.headerLines = newValue }
    }
    var columns: [TableColumn]? {
        get { written.columns }
        set { written.columns = newValue }
    }
    var columnsFromHeader: Bool { written.columnsFromHeader }
    var hasHeader: Bool { written.hasHeader }
    var rowCount: Int { rows.count }
}
