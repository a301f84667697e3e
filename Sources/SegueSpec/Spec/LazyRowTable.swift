@_spi(Scanning) import SegueJSON
/// The rows of a loaded spec, kept as the file's bytes plus an offset per row, decoded on demand.
///
/// A `Row` holds several `String`s and a dictionary; a million of them would cost far more than
/// the file itself. The table costs the file plus thirteen bytes a row, and a screen decodes only the
/// rows it draws. `SpecIndexer` has validated every row, so decoding cannot fail; if it somehow
/// did, the row comes back empty rather than crashing the browser. Immutable after load.
package final class LazyRowTable: Sendable {
    private let bytes: [UInt8]
    /// Where the rows were written, for `location(at:)`: the bytes themselves, or the YAML they
    /// were converted from.
    private let text: JSONText
    private let offsets: [UInt32]
    private let selectable: [Bool]
    /// Rows with a hotkey, by row, in row order.
    private let hotkeyRows: [(row: Int, key: Character)]
    /// For the first rows, whether binding could warn of nothing in them (`isQuiet`).
    private let quiet: [Bool]
    /// Per row, where its title and detail are (noted by the indexer), or empty.
    private let texts: [PlainRowText]
    /// Rows of more than `largeRow` bytes, once decoded: a row is decoded each time it is drawn
    /// or bound, and one holding a value of megabytes would cost that on every key.
    /// At most `largeRowsKept` of them and `largeBytesKept` of their bytes in all (a row larger
    /// than that is decoded each time, as any row was).
    private let large = Locked<(rows: [Int: Row], bytes: Int)>(([:], 0))
    package static let largeRow = 64 << 10
    package static let largeRowsKept = 16
    package static let largeBytesKept = 128 << 20

    /// `offsets[i]` is where row `i`'s `{` is in `bytes`; `selectable[i]` whether it can take the
    /// cursor (enabled and of a selectable cell type).
    package init(text: JSONText, offsets: [UInt32], selectable: [Bool], hotkeys: [(row: Int, key: Character)] = [],
         quiet: [Bool] = [], texts: [PlainRowText] = []) {
        self.text = text
        bytes = text.bytes
        self.offsets = offsets
        self.selectable = selectable
        hotkeyRows = hotkeys
        self.quiet = quiet
        self.texts = texts.count == offsets.count ? texts : []
    }

    /// The same table reading every row's text from its JSON, as before the indexer noted where
    /// it is: what the noted places must agree with.
    package func readingTextsFromJSON() -> LazyRowTable {
        LazyRowTable(text: text, offsets: offsets, selectable: selectable, hotkeys: hotkeyRows, quiet: quiet)
    }

    /// What the indexer noted of row `index`'s text (`.unknown` when nothing).
    package func notedText(at index: Int) -> PlainRowText {
        texts.indices.contains(index) ? texts[index] : .unknown
    }

    /// Whether row `index` is sure to give no binding warning (no cell type, no attribute or key
    /// path, no template): known for the rows warnings look at, without decoding them.
    package func isQuiet(_ index: Int) -> Bool {
        quiet.indices.contains(index) && quiet[index]
    }

    package var count: Int { offsets.count }

    /// Where row `index` is written in the spec's text, as line and column.
    package func location(at index: Int) -> (line: Int, column: Int)? {
        guard offsets.indices.contains(index) else { return nil }
        let location = text.location(of: Int(offsets[index]))
        return (location.line, location.column)
    }

    /// Whether row `index` can take the cursor, from the flag table alone.
    package func isSelectable(_ index: Int) -> Bool {
        selectable.indices.contains(index) && selectable[index]
    }

    /// The hotkeys of rows in `range`.
    package func hotkeys(in range: Range<Int>) -> [(row: Int, key: Character)] {
        hotkeyRows.filter { range.contains($0.row) }
    }

    /// Row `index`, decoded from the spec's bytes.
    package func row(at index: Int) -> Row {
        guard offsets.indices.contains(index) else { return Row() }
        if let kept = large.withLock({ $0.rows[index] }) { return kept }
        let start = Int(offsets[index])
        let (decoded, end) = bytes.withUnsafeBufferPointer { buffer in
            var scanner = JSONScanner(buffer, position: start)
            let row = try? Self.decodeRow(&scanner)
            return (row, scanner.position)
        }
        let row = decoded ?? Row()
        let size = end - start
        if size > Self.largeRow, size <= Self.largeBytesKept {
            large.withLock { kept in
                if kept.rows.count >= Self.largeRowsKept || kept.bytes + size > Self.largeBytesKept { kept = ([:], 0) }
                kept.rows[index] = row
                kept.bytes += size
            }
        }
        return row
    }

    /// What row `index` goes by in a memory (its `id`, else its title), read from the bytes
    /// without decoding the row when both are written plainly (no escapes, no `{{`, no key
    /// path or cell type that could change them); `nil` when the row must be decoded to know.
    package func plainIDOrTitle(at index: Int) -> String?? {
        guard offsets.indices.contains(index) else { return .some(nil) }
        return plainMembers(at: index) { key, buffer in
            if !key.hasEscapes, key.end - key.start == 2, buffer[key.start] == UInt8(ascii: "i"), buffer[key.start + 1] == UInt8(ascii: "d") {
                return 0
            }
            return SpecKey(key, in: buffer) == .title ? 1 : nil
        } result: { members, buffer -> String? in
            // An empty id is no id (`RowMemory.key`).
            guard let name = members.0.flatMap({ $0.end > $0.start ? $0 : nil }) ?? members.1, name.end > name.start else { return nil }
            return String(decoding: buffer[name.start..<name.end], as: UTF8.self)
        }
    }

    /// The title and detail of row `index` as bytes, `title \n detail`, appended to `text`, when
    /// they are shown as written (see `plainMembers`); false (leaving `text` as it was) when the
    /// row must be bound to know what it shows. This is how a find reads a million rows without
    /// decoding them.
    package func appendPlainText(at index: Int, to text: inout [UInt8]) -> Bool {
        guard offsets.indices.contains(index) else { return false }
        if !texts.isEmpty {
            let noted = texts[index]
            if noted == .needsBinding { return false }
            if noted != .unknown {
                return bytes.withUnsafeBufferPointer { noted.append(rowStart: Int(offsets[index]), from: $0, to: &text) }
            }
        }
        // Straight into `text` once both are known to be plain: a million rows read with no
        // allocation of their own.
        let read = plainMembers(at: index) { key, buffer in
            switch SpecKey(key, in: buffer) {
            case .title: return 0
            case .detail: return 1
            default: return nil
            }
        } result: { members, buffer -> Bool in
            if let title = members.0 { text += buffer[title.start..<title.end] }
            if let detail = members.1 {
                text.append(0x0A)
                text += buffer[detail.start..<detail.end]
            }
            return true
        }
        return read ?? false
    }

    /// Reads row `index`'s two members that `slot` gives a place (0 or 1, by their key) from the
    /// bytes, and hands them to `result`; `nil` when what they say is known only by binding the
    /// row: one of them is not a plain string (an escape, a `{{`, another type), or the row has a
    /// key binding could change them with (a cell type, a key path). Two places, held as a pair:
    /// a find calls this for every row, and an array would be an allocation each time.
    private func plainMembers<Result>(at index: Int,
                                      slot: (JSONStringToken, UnsafeBufferPointer<UInt8>) -> Int?,
                                      result: ((JSONStringToken?, JSONStringToken?), UnsafeBufferPointer<UInt8>) -> Result) -> Result? {
        bytes.withUnsafeBufferPointer { buffer -> Result? in
            var scanner = JSONScanner(buffer, position: Int(offsets[index]))
            var members: (JSONStringToken?, JSONStringToken?) = (nil, nil)
            do {
                guard scanner.current == UInt8(ascii: "{"), try scanner.enterObject(depth: 1) else { return nil }
                repeat {
                    let key = try scanner.readKey()
                    if let place = slot(key, buffer) {
                        guard scanner.current == UInt8(ascii: "\"") else { return nil }
                        let value = try scanner.scanString()
                        guard !value.hasEscapes, !Self.hasPlaceholder(value, in: buffer) else { return nil }
                        if place == 0 { members.0 = value } else { members.1 = value }
                        continue
                    }
                    switch SpecKey(key, in: buffer) {
                    case .cell, .nib, .class, .enabledKeyPath:
                        return nil
                    default:
                        if !key.hasEscapes, key.end - key.start > 7,
                           buffer[(key.end - 7)..<key.end].elementsEqual("KeyPath".utf8) { return nil }
                        try scanner.skipValue(depth: 1)
                    }
                } while try scanner.nextMember()
            } catch {
                return nil
            }
            return result(members, buffer)
        }
    }

    private static func hasPlaceholder(_ token: JSONStringToken, in buffer: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = token.start
        while index + 1 < token.end {
            if buffer[index] == UInt8(ascii: "{"), buffer[index + 1] == UInt8(ascii: "{") { return true }
            index += 1
        }
        return false
    }

    /// Decodes the row object at the scanner's position. Null means absent, and the last of
    /// duplicate keys wins, as in `SpecIndexer`.
    private static func decodeRow(_ scanner: inout JSONScanner) throws(JSONScanError) -> Row {
        var row = Row()
        guard scanner.current == UInt8(ascii: "{"), try scanner.enterObject(depth: 1) else { return row }
        repeat {
            let key = try scanner.readKey()
            let value = try JSONParser.readValue(&scanner, depth: 1)
            row.set(key.decode(in: scanner.bytes), value)
        } while try scanner.nextMember()
        return row
    }
}
