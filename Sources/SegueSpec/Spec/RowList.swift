/// The rows of a section as the spec says them: an array, rows decoded from a spec file only when
/// needed, rows generated from data, rows a source brings, or runs of these one after another.
///
/// A million-row spec keeps its bytes and an offset per row; `subscript` decodes one row, and
/// `isSelectable` answers from a flag table without decoding, so moving the cursor never decodes
/// rows it skips. Generated rows are the template plus the element they are made from, bound only
/// when drawn.
///
/// The list is spec only: a live part says where its rows come from (`LiveSource`) and has no
/// rows of its own here. What a source has loaded is the screen's (`ScreenRows`, which holds a
/// feed for each live part and answers for all the rows a screen shows).
package struct RowList: RandomAccessCollection, Sendable {
    package enum Storage: Sendable {
        case array([Row])
        case table(LazyRowTable, base: Int, count: Int)
        /// `items` is empty until the list is resolved against a screen's data. Boxed, like
        /// `live`: inline, these made every section 550 bytes, and a million sections a copy of
        /// 550 MB wherever their array was copied.
        indirect case generated(RowGenerator, items: [JSONValue])
        /// Parts one after another; where each starts is counted when asked, since a live part
        /// grows as its source loads.
        case joined([RowList])
        /// Rows from a source, which a screen loads into a feed of its own (`ScreenRows`); here,
        /// no rows.
        indirect case live(LiveSource)
        /// The rows of a list in another order (a table sorted by a column): position `n` is the
        /// list's row `order[n]`, and its row `r` is at `places[r]`. Never holds live rows, which keep the order they arrive in.
        indirect case ordered(RowList, order: [Int32], places: [Int32])
    }

    package private(set) var storage: Storage

    package init(_ rows: [Row] = []) { storage = .array(rows) }

    /// Rows made from the array at the generator's key path, once resolved.
    package init(generator: RowGenerator) { storage = .generated(generator, items: []) }

    /// The rows of `parts`, one after another.
    package init(joining parts: [RowList]) {
        storage = parts.count == 1 ? parts[0].storage : .joined(parts)
    }

    /// Rows from a source, loaded once a screen shows them.
    package init(live: LiveSource) { storage = .live(live) }

    package init(table: LazyRowTable, base: Int, count: Int) {
        storage = .table(table, base: base, count: count)
    }

    private init(_ storage: Storage) { self.storage = storage }

    package var startIndex: Int { 0 }
    package var endIndex: Int {
        switch storage {
        case .array(let rows): return rows.count
        case .table(_, _, let count): return count
        case .generated(_, let items): return items.count
        case .joined(let parts): return parts.reduce(0) { $0 + $1.count }
        case .live: return 0
        case .ordered(_, let order, _): return order.count
        }
    }

    /// Row `position` as written: for a generated row, the template (see `binding(at:)`).
    package subscript(position: Int) -> Row {
        switch storage {
        case .array(let rows): return rows[position]
        case .table(let table, let base, _): return table.row(at: base + position)
        case .generated(let generator, _): return generator.template
        case .joined(let parts):
            let (part, start) = Self.part(holding: position, in: parts)
            return parts[part][position - start]
        case .live(let live): return live.template
        case .ordered(let list, let order, _): return list[Int(order[position])]
        }
    }

    /// Whether row `position` is sure to give no binding warning, known without decoding it
    /// (rows of a spec file only; any other row may).
    package func isQuiet(at position: Int) -> Bool {
        switch storage {
        case .table(let table, let base, _): return table.isQuiet(base + position)
        case .joined(let parts):
            let (part, start) = Self.part(holding: position, in: parts)
            return parts[part].isQuiet(at: position - start)
        case .ordered(let list, let order, _): return list.isQuiet(at: Int(order[position]))
        default: return false
        }
    }

    /// For a generated row, the name its element is bound to and the element.
    package func binding(at position: Int) -> RowItem? {
        switch storage {
        case .array, .table, .live: return nil
        case .generated(let generator, let items):
            return RowItem(name: generator.name, value: items[position], position: (position, items.count))
        case .joined(let parts):
            let (part, start) = Self.part(holding: position, in: parts)
            return parts[part].binding(at: position - start)
        case .ordered(let list, let order, _): return list.binding(at: Int(order[position]))
        }
    }

    /// Row `position`'s title and detail as bytes when it shows them as written (see
    /// `LazyRowTable.appendPlainText`); false when it must be bound to know.
    package func appendPlainText(at position: Int, to text: inout [UInt8]) -> Bool {
        switch storage {
        case .table(let table, let base, _): return table.appendPlainText(at: base + position, to: &text)
        case .joined(let parts):
            let (part, start) = Self.part(holding: position, in: parts)
            return parts[part].appendPlainText(at: position - start, to: &text)
        case .ordered(let list, let order, _): return list.appendPlainText(at: Int(order[position]), to: &text)
        default: return false
        }
    }

    /// Where row `position` is written in its spec, for rows read from a spec file.
    package func location(at position: Int) -> (line: Int, column: Int)? {
        switch storage {
        case .table(let table, let base, _): return table.location(at: base + position)
        case .joined(let parts):
            let (part, start) = Self.part(holding: position, in: parts)
            return parts[part].location(at: position - start)
        case .ordered(let list, let order, _): return list.location(at: Int(order[position]))
        default: return nil
        }
    }

    /// Whether row `position` can take the cursor (enabled, and of a style that can), without
    /// decoding a row from a file.
    package func isSelectable(_ position: Int, cells: CellLibrary) -> Bool {
        switch storage {
        case .array(let rows):
            return rows[position].enabled && cells.isSelectable(rows[position].cellName)
        case .table(let table, let base, _):
            return table.isSelectable(base + position)
        case .generated(let generator, _):
            return generator.template.enabled && cells.isSelectable(generator.template.cellName)
        case .joined(let parts):
            let (part, start) = Self.part(holding: position, in: parts)
            return parts[part].isSelectable(position - start, cells: cells)
        case .live(let live):
            return live.template.enabled && cells.isSelectable(live.template.cellName)
        case .ordered(let list, let order, _): return list.isSelectable(Int(order[position]), cells: cells)
        }
    }

    /// The list with every generator's elements taken from `context`; a key path that does not
    /// lead to an array or an object generates nothing. An object's members are elements
    /// `{"key": …, "value": …}`, in the order of their keys (a `JSONValue` forgets the file's).
    package func resolved(in context: DataContext) -> RowList {
        switch storage {
        case .array, .table, .ordered, .live:
            // A live part's rows are loaded by each screen into a feed of its own (`ScreenRows`).
            return self
        case .generated(let generator, _):
            switch context.value(at: generator.path(in: context)) {
            case .array(let items)?:
                return RowList(.generated(generator, items: items))
            case .object(let members)?:
                let items = members.keys.sorted().map { key in JSONValue.object(["key": .string(key), "value": members[key] ?? .null]) }
                return RowList(.generated(generator, items: items))
            default:
                return RowList(.generated(generator, items: []))
            }
        case .joined(let parts):
            return RowList(joining: parts.map { $0.resolved(in: context) })
        }
    }

    /// Whether some generator reads the settings (`"forEach": "settings.servers"`): its rows are
    /// made again when they change.
    package var generatesFromSettings: Bool {
        switch storage {
        case .array, .table, .live: return false
        case .ordered(let list, _, _): return list.generatesFromSettings
        case .generated(let generator, _): return generator.readsSettings
        case .joined(let parts): return parts.contains { $0.generatesFromSettings }
        }
    }

    /// The elements each generator made rows of, in order: what tells whether a list made again
    /// changed.
    package var generatedElements: [[JSONValue]] {
        switch storage {
        case .array, .table, .live: return []
        case .ordered(let list, _, _): return list.generatedElements
        case .generated(_, let items): return [items]
        case .joined(let parts): return parts.flatMap(\.generatedElements)
        }
    }

    /// Whether some generated row takes `enabled` from its data.
    package var generatesEnabledFromData: Bool {
        switch storage {
        case .array, .table: return false
        case .ordered(let list, _, _): return list.generatesEnabledFromData
        case .generated(let generator, _): return generator.template.takesEnabledFromData
        case .live(let live): return live.template.takesEnabledFromData
        case .joined(let parts): return parts.contains { $0.generatesEnabledFromData }
        }
    }

    /// Whether the rows come from a source (a live section).
    package var isLive: Bool {
        if case .live = storage { return true }
        return false
    }

    /// Whether some generated row has `hidden`.
    package var generatesHidden: Bool {
        switch storage {
        case .array, .table: return false
        case .ordered(let list, _, _): return list.generatesHidden
        case .generated(let generator, _): return generator.template.extras["hidden"] != nil
        case .live(let live): return live.template.extras["hidden"] != nil
        case .joined(let parts): return parts.contains { $0.generatesHidden }
        }
    }

    /// What row `position` goes by in a memory (its `id`, else its title), when the spec's bytes
    /// say it plainly (no template, nothing binding could change): so ordering a long list does
    /// not decode it. `nil` when the row must be bound to know.
    package func plainMemoryKey(at position: Int) -> String?? {
        guard case .table(let table, let base, _) = storage else { return nil }
        return table.plainIDOrTitle(at: base + position)
    }

    /// The list with the rows at `positions` first, in that order, and the others after them as
    /// they were: how frecency orders a screen. Rows written in the spec are moved as runs of
    /// the same storage, never decoded or copied; generated and live rows are left as they are
    /// (`nil`).
    package func moving(toFront positions: [Int]) -> RowList? {
        guard !positions.isEmpty else { return self }
        switch storage {
        case .array(let rows):
            let moved = Set(positions)
            return RowList(positions.map { rows[$0] } + rows.indices.filter { !moved.contains($0) }.map { rows[$0] })
        case .table(let table, let base, let count):
            var parts = positions.map { RowList(table: table, base: base + $0, count: 1) }
            var start = 0
            for position in positions.sorted() + [count] {
                if position > start { parts.append(RowList(table: table, base: base + start, count: position - start)) }
                start = position + 1
            }
            return RowList(joining: parts)
        case .generated, .live, .joined, .ordered:
            return nil
        }
    }

    /// The rows in `order` (each position once), for a table sorted by a column; `nil` for rows
    /// from a source, which keep the order they arrive in.
    package func reordered(_ order: [Int32]) -> RowList? {
        guard !hasLiveParts, order.count == count else { return nil }
        var base = self
        var order = order
        if case .ordered(let list, let old, _) = storage { (base, order) = (list, order.map { old[Int($0)] }) }
        var places = [Int32](repeating: 0, count: order.count)
        for (position, row) in order.enumerated() { places[Int(row)] = Int32(position) }
        return RowList(.ordered(base, order: order, places: places))
    }

    /// Where each of the rows' own positions is now (`nil` unless `reordered`).
    package var places: [Int32]? {
        if case .ordered(_, _, let places) = storage { return places }
        return nil
    }

    /// The rows in their own order, before any `reordered`, with where each position came from.
    package var unordered: (rows: RowList, order: [Int32]?) {
        if case .ordered(let list, let order, _) = storage { return (list, order) }
        return (self, nil)
    }

    /// The rows with a hotkey, as (key, position); generated rows have none.
    package var hotkeys: [(key: Character, position: Int)] {
        switch storage {
        case .array(let rows):
            return rows.indices.compactMap { index in rows[index].hotkey.map { ($0, index) } }
        case .table(let table, let base, let count):
            return table.hotkeys(in: base..<(base + count)).map { ($0.key, $0.row - base) }
        case .generated, .live:
            return []
        case .ordered(let list, _, let places):
            return list.hotkeys.map { ($0.key, Int(places[$0.position])) }
        case .joined(let parts):
            return Self.starts(of: parts).flatMap { part, start in parts[part].hotkeys.map { ($0.key, $0.position + start) } }
        }
    }

    /// The files its file sources read, as the spec wrote them (for `segue check`).
    package var sourceFiles: [String] {
        liveSources.compactMap { live in
            guard case .file(let target) = live.source.origin else { return nil }
            return target
        }
    }

    /// The sources of the live parts, in order.
    package var liveSources: [LiveSource] {
        switch storage {
        case .live(let live): return [live]
        case .joined(let parts): return parts.flatMap(\.liveSources)
        default: return []
        }
    }

    /// Whether some part of the list is live (counted without making a list, as a screen asks
    /// it of each of a million sections).
    package var hasLiveParts: Bool {
        switch storage {
        case .live: return true
        case .joined(let parts): return parts.contains { $0.hasLiveParts }
        default: return false
        }
    }

    /// The source of a live list (not of one joined of parts).
    package var liveSource: LiveSource? {
        if case .live(let live) = storage { return live }
        return nil
    }

    /// The list as runs one after another: a joined list's parts (theirs, where they are joined
    /// too), else the list itself. A live part is a run of its own.
    package var runs: [RowList] {
        if case .joined(let parts) = storage { return parts.flatMap(\.runs) }
        return [self]
    }

    /// The part of a joined list that holds `position`, and where that part starts.
    private static func part(holding position: Int, in parts: [RowList]) -> (Int, Int) {
        PartPositions.part(holding: position, in: parts, count: \.count)
    }

    /// Each part's index with the position of its first row.
    private static func starts(of parts: [RowList]) -> [(Int, Int)] {
        PartPositions.starts(of: parts, count: \.count)
    }
}
