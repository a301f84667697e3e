/// The rows of a section: an array, or rows decoded from a spec file only when they are needed.
///
/// A million-row spec keeps its bytes and an offset per row; `subscript` decodes one row, and
/// `isEnabled` answers from a flag table without decoding, so moving the cursor never decodes
/// rows it skips.
public struct RowList: RandomAccessCollection, Sendable {
    enum Storage: Sendable {
        case array([Row])
        case table(LazyRowTable, base: Int, count: Int)
    }

    let storage: Storage

    public init(_ rows: [Row] = []) { storage = .array(rows) }

    init(table: LazyRowTable, base: Int, count: Int) {
        storage = .table(table, base: base, count: count)
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int {
        switch storage {
        case .array(let rows): return rows.count
        case .table(_, _, let count): return count
        }
    }

    public subscript(position: Int) -> Row {
        switch storage {
        case .array(let rows): return rows[position]
        case .table(let table, let base, _): return table.row(at: base + position)
        }
    }

    /// Whether the row can take the cursor, without decoding it.
    public func isEnabled(_ position: Int) -> Bool {
        switch storage {
        case .array(let rows): return rows[position].enabled
        case .table(let table, let base, _): return table.isEnabled(base + position)
        }
    }
}
