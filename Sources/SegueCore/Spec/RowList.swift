/// The rows of a section: an array, rows decoded from a spec file only when needed, rows generated
/// from data, or runs of these one after another.
///
/// A million-row spec keeps its bytes and an offset per row; `subscript` decodes one row, and
/// `isSelectable` answers from a flag table without decoding, so moving the cursor never decodes
/// rows it skips. Generated rows are the template plus the element they are made from, bound only
/// when drawn.
public struct RowList: RandomAccessCollection, Sendable {
    enum Storage: Sendable {
        case array([Row])
        case table(LazyRowTable, base: Int, count: Int)
        /// `items` is empty until the list is resolved against a screen's data.
        case generated(RowGenerator, items: [JSONValue])
        /// `starts[i]` is the index of part `i`'s first row.
        case joined([RowList], starts: [Int], count: Int)
    }

    let storage: Storage

    public init(_ rows: [Row] = []) { storage = .array(rows) }

    /// Rows made from the array at the generator's key path, once resolved.
    public init(generator: RowGenerator) { storage = .generated(generator, items: []) }

    /// The rows of `parts`, one after another.
    public init(joining parts: [RowList]) {
        if parts.count == 1 {
            storage = parts[0].storage
            return
        }
        var starts: [Int] = []
        var count = 0
        for part in parts {
            starts.append(count)
            count += part.count
        }
        storage = .joined(parts, starts: starts, count: count)
    }

    init(table: LazyRowTable, base: Int, count: Int) {
        storage = .table(table, base: base, count: count)
    }

    private init(_ storage: Storage) { self.storage = storage }

    public var startIndex: Int { 0 }
    public var endIndex: Int {
        switch storage {
        case .array(let rows): return rows.count
        case .table(_, _, let count): return count
        case .generated(_, let items): return items.count
        case .joined(_, _, let count): return count
        }
    }

    /// Row `position` as written: for a generated row, the template (see `binding(at:)`).
    public subscript(position: Int) -> Row {
        switch storage {
        case .array(let rows): return rows[position]
        case .table(let table, let base, _): return table.row(at: base + position)
        case .generated(let generator, _): return generator.template
        case .joined(let parts, let starts, _):
            let part = Self.part(holding: position, starts: starts)
            return parts[part][position - starts[part]]
        }
    }

    /// For a generated row, the name its element is bound to and the element.
    public func binding(at position: Int) -> (name: String, value: JSONValue)? {
        switch storage {
        case .array, .table: return nil
        case .generated(let generator, let items): return (generator.name, items[position])
        case .joined(let parts, let starts, _):
            let part = Self.part(holding: position, starts: starts)
            return parts[part].binding(at: position - starts[part])
        }
    }

    /// Whether row `position` can take the cursor (enabled, and of a style that can), without
    /// decoding a row from a file.
    public func isSelectable(_ position: Int, cells: CellLibrary) -> Bool {
        switch storage {
        case .array(let rows):
            return rows[position].enabled && cells.style(of: rows[position].cellName).isSelectable
        case .table(let table, let base, _):
            return table.isSelectable(base + position)
        case .generated(let generator, _):
            return generator.template.enabled && cells.style(of: generator.template.cellName).isSelectable
        case .joined(let parts, let starts, _):
            let part = Self.part(holding: position, starts: starts)
            return parts[part].isSelectable(position - starts[part], cells: cells)
        }
    }

    /// The list with every generator's elements taken from `context`; a key path that does not
    /// lead to an array generates nothing.
    public func resolved(in context: DataContext) -> RowList {
        switch storage {
        case .array, .table:
            return self
        case .generated(let generator, _):
            guard case .array(let items) = context.value(at: generator.forEach) else {
                return RowList(.generated(generator, items: []))
            }
            return RowList(.generated(generator, items: items))
        case .joined(let parts, _, _):
            return RowList(joining: parts.map { $0.resolved(in: context) })
        }
    }

    /// Whether some generated row takes `enabled` from its data.
    var generatesEnabledFromData: Bool {
        switch storage {
        case .array, .table: return false
        case .generated(let generator, _): return generator.template.extras["enabledKeyPath"] != nil
        case .joined(let parts, _, _): return parts.contains { $0.generatesEnabledFromData }
        }
    }

    /// The rows with a hotkey, as (key, position); generated rows have none.
    public var hotkeys: [(key: Character, position: Int)] {
        switch storage {
        case .array(let rows):
            return rows.indices.compactMap { index in rows[index].hotkey.map { ($0, index) } }
        case .table(let table, let base, let count):
            return table.hotkeys(in: base..<(base + count)).map { ($0.key, $0.row - base) }
        case .generated:
            return []
        case .joined(let parts, let starts, _):
            return parts.indices.flatMap { part in parts[part].hotkeys.map { ($0.key, $0.position + starts[part]) } }
        }
    }

    /// The part of a joined list that holds `position`: the last one starting at or before it.
    private static func part(holding position: Int, starts: [Int]) -> Int {
        var low = 0
        var high = starts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if starts[middle] <= position { low = middle } else { high = middle - 1 }
        }
        return low
    }
}
