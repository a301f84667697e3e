/// The rows of a loaded spec, kept as the file's bytes plus an offset per row, decoded on demand.
///
/// A `Row` holds several `String`s and a dictionary; a million of them would cost far more than
/// the file itself. The table costs the file plus five bytes a row, and a screen decodes only the
/// rows it draws. `SpecIndexer` has validated every row, so decoding cannot fail; if it somehow
/// did, the row comes back empty rather than crashing the browser. Immutable after load.
final class LazyRowTable: Sendable {
    private let bytes: [UInt8]
    private let offsets: [UInt32]
    private let enabledFlags: [Bool]

    /// `offsets[i]` is where row `i`'s `{` is in `bytes`; `enabledFlags[i]` its `enabled` value.
    init(bytes: [UInt8], offsets: [UInt32], enabledFlags: [Bool]) {
        self.bytes = bytes
        self.offsets = offsets
        self.enabledFlags = enabledFlags
    }

    var count: Int { offsets.count }

    /// Whether row `index` can take the cursor, from the flag table alone.
    func isEnabled(_ index: Int) -> Bool {
        enabledFlags.indices.contains(index) && enabledFlags[index]
    }

    /// Row `index`, decoded from the spec's bytes.
    func row(at index: Int) -> Row {
        guard offsets.indices.contains(index) else { return Row() }
        let start = Int(offsets[index])
        let decoded = bytes.withUnsafeBufferPointer { buffer in
            var scanner = JSONScanner(buffer, position: start)
            return try? Self.decodeRow(&scanner)
        }
        return decoded ?? Row(enabled: isEnabled(index))
    }

    /// Decodes the row object at the scanner's position. Null means absent, and the last of
    /// duplicate keys wins, as in `SpecIndexer`, so `enabled` agrees with the flag table.
    private static func decodeRow(_ scanner: inout JSONScanner) throws(JSONScanError) -> Row {
        var row = Row()
        guard scanner.current == UInt8(ascii: "{"), try scanner.enterObject(depth: 1) else { return row }
        repeat {
            let key = try scanner.readKey()
            let value = try JSONParser.readValue(&scanner, depth: 1)
            switch SpecKey(key, in: scanner.bytes) {
            case .title: row.title = value.stringValue ?? ""
            case .detail: row.detail = value.stringValue
            case .segue: row.segue = value.stringValue
            case .action: row.action = value.stringValue.map(RowAction.init(name:))
            case .enabled:
                if case .bool(let enabled) = value { row.enabled = enabled } else { row.enabled = true }
            default:
                row.extras[key.decode(in: scanner.bytes)] = value
            }
        } while try scanner.nextMember()
        return row
    }
}
