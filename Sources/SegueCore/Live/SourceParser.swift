@_spi(Scanning) import SegueJSON
/// Turning a source's output into items, as it arrives: whole lines for `jsonl` and `lines`
/// (kept as their text, validated), the whole output at the end for `json`.
///
/// Pure: the terminal's source runner feeds it what it reads. Each byte is looked at a bounded
/// number of times (searched for a newline once, then split and validated with its line), so a
/// stream costs what its size does however it is chunked.
package struct SourceParser: Sendable {
    package let format: SourceSpec.Format
    /// What ends a line: a line feed, or NUL (`--read0`); only a line feed drops a CR before it.
    package let itemEnd: UInt8
    private var pending: [UInt8] = []
    private var line = 0
    /// Whether the bytes coming are the rest of a line too long to keep, dropped up to its end.
    private var droppingLongLine = false
    /// Lines of `lines` output longer than `lineLimit`, left out (fzf keeps going past them too):
    /// how many, and the first one's number. `jsonl` and `json` fail on one instead.
    package private(set) var skippedLines: (count: Int, first: Int)?

    /// What to tell the user about the lines left out, if any.
    package var skippedNote: String? {
        guard let (count, first) = skippedLines else { return nil }
        let which = count == 1 ? "line \(first)" : "\(count) lines (the first: \(first))"
        return "\(which) left out: longer than \(Self.lineLimit >> 20) MB, the longest a line can be"
    }

    package init(format: SourceSpec.Format, itemEnd: UInt8 = 0x0A) {
        self.format = format
        self.itemEnd = format == .lines ? itemEnd : 0x0A
    }

    /// The longest line of `jsonl` or `lines` output: a longer one fails its page, so a source that
    /// prints an endless line cannot grow memory without end.
    package static let lineLimit = 16 << 20
    /// The most a source gives in one page: a `json` page's whole output, a file source's file.
    package static let outputLimit = 256 << 20

    /// The items in the complete lines of `bytes` (with what was left over before); `json` keeps
    /// everything for `finish`. A bad line throws, carrying the good items before it.
    package mutating func feed(_ bytes: ArraySlice<UInt8>) throws(SourceParseError) -> RawItems {
        var bytes = bytes
        if droppingLongLine {
            guard let end = bytes.firstIndex(of: itemEnd) else { return RawItems(kind: kind) }
            droppingLongLine = false
            bytes = bytes[(end + 1)...]
        }
        let start = pending.count
        pending += bytes
        if format == .json, pending.count > Self.outputLimit {
            throw SourceParseError(message: "the output is larger than \(Self.outputLimit >> 20) MB, the most a json page can be")
        }
        // Only the new bytes are searched: a long line arriving in many chunks costs its length once.
        guard format != .json, let lastNewline = pending[start...].lastIndex(of: itemEnd) else {
            if format == .lines, pending.count > Self.lineLimit {
                // Too long to keep: what has come is dropped, and the rest of it as it comes.
                line += 1
                skip(line)
                pending = []
                droppingLongLine = true
            } else if format != .json, pending.count > Self.lineLimit {
                throw SourceParseError(message: "line \(line + 1) is longer than \(Self.lineLimit >> 20) MB, the longest a line can be")
            }
            return RawItems(kind: kind)
        }
        let complete = pending[...lastNewline]
        pending = Array(pending[(lastNewline + 1)...])
        return try items(in: complete)
    }

    /// Bytes kept for `finish`: a `json` page's whole output.
    package var pendingCount: Int { pending.count }

    /// What is left at the end of the output: the last lines, or for `json` the whole output's
    /// items and what it said about the next page.
    package mutating func finish() throws(SourceParseError) -> (raw: RawItems, values: [JSONValue], next: NextPage) {
        defer { pending = [] }
        guard format == .json else { return (try items(in: pending[...]), [], .unspecified) }
        // Nothing at all is an empty page, not a syntax error.
        if pending.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) {
            return (RawItems(kind: .json), [], .unspecified)
        }
        do {
            let (items, next) = try Self.rawItems(of: pending)
            return (items, [], next)
        } catch let problem as SourceParseError {
            throw problem
        } catch {
            // A syntax error: told with its line and column, as the whole output's.
            do {
                _ = try JSONParser.parse(pending)
            } catch let syntax {
                throw SourceParseError(message: "\(syntax.line):\(syntax.column): \(syntax.message)"
                                       + Self.notJSONHint(line: syntax.line, column: syntax.column))
            }
            throw SourceParseError(message: "\(error)")
        }
    }

    /// The elements of a `json` page — an array, or an object with the array at `"items"` (and
    /// the next page's cursor at `"next"`) — kept as their bytes, checked but not decoded, as
    /// `jsonl` lines are: a million items cost what their bytes do, not a million values.
    static func rawItems(of bytes: [UInt8]) throws -> (RawItems, NextPage) {
        try bytes.withUnsafeBufferPointer { buffer in
            var items = RawItems(kind: .json)
            items.reserve(bytes: buffer.count)
            var next = NextPage.unspecified
            var scanner = JSONScanner(buffer)
            scanner.skipByteOrderMark()
            scanner.skipWhitespace()
            func readArray(depth: Int) throws(JSONScanError) {
                guard try scanner.enterArray(depth: depth) else { return }
                repeat {
                    let start = scanner.position
                    try scanner.skipValue(depth: depth)
                    items.append(UnsafeBufferPointer(rebasing: buffer[start..<scanner.position]))
                } while try scanner.nextElement()
            }
            switch scanner.current {
            case UInt8(ascii: "["):
                try readArray(depth: 1)
            case UInt8(ascii: "{"):
                var sawItems = false
                if try scanner.enterObject(depth: 1) {
                    repeat {
                        let key = try scanner.readKey()
                        if key.equals("items", in: buffer), scanner.current == UInt8(ascii: "[") {
                            items = RawItems(kind: .json)
                            try readArray(depth: 2)
                            sawItems = true
                        } else if key.equals("items", in: buffer) {
                            // The last of duplicate keys wins, as everywhere: a later non-array.
                            try scanner.skipValue(depth: 1)
                            sawItems = false
                        } else if key.equals("next", in: buffer) {
                            switch try JSONParser.readValue(&scanner, depth: 1) {
                            case .null: next = .end
                            case .string(let cursor): next = .cursor(cursor)
                            default: next = .unspecified
                            }
                        } else {
                            try scanner.skipValue(depth: 1)
                        }
                    } while try scanner.nextMember()
                }
                guard sawItems else {
                    throw SourceParseError(message: "expected an array, or an object with an array at \"items\"")
                }
            default:
                // Not JSON at all is a syntax error, told as such; other JSON is the wrong kind.
                let value = try JSONParser.parse(bytes)
                throw SourceParseError(message: "expected an array, or an object with an array at \"items\", found \(value.summary)")
            }
            try scanner.expectEnd()
            return (items, next)
        }
    }

    private var kind: RawItems.Kind { format == .lines ? .line : .json }

    private mutating func skip(_ number: Int) {
        skippedLines = (count: (skippedLines?.count ?? 0) + 1, first: skippedLines?.first ?? number)
    }

    private mutating func items(in bytes: ArraySlice<UInt8>) throws(SourceParseError) -> RawItems {
        var items = RawItems(kind: kind)
        items.reserve(bytes: bytes.count)
        let format = format
        let itemEnd = itemEnd
        var number = line
        defer { line = number }
        // In place, one pass: a million lines a second must not allocate a line each.
        try bytes.withUnsafeBufferPointer { (buffer) throws(SourceParseError) in
            var start = 0
            while start < buffer.count {
                // A text without a last newline (at the end of the output) is a line too.
                let end = buffer[start...].firstIndex(of: itemEnd) ?? buffer.count
                defer { start = end + 1 }
                number += 1
                if end - start > Self.lineLimit, format == .lines {
                    skip(number)
                    continue
                }
                if end - start > Self.lineLimit {
                    throw SourceParseError(message: "line \(number) is longer than \(Self.lineLimit >> 20) MB, the longest a line can be",
                                           itemsBefore: items)
                }
                var textEnd = end
                if itemEnd == 0x0A, textEnd > start, buffer[textEnd - 1] == 0x0D { textEnd -= 1 }
                let text = UnsafeBufferPointer(rebasing: buffer[start..<textEnd])
                if format == .lines {
                    items.append(text)
                    continue
                }
                guard text.contains(where: { $0 != 0x20 && $0 != 0x09 }) else { continue }
                do throws(JSONSyntaxError) {
                    try JSONParser.validate(text)
                } catch {
                    throw SourceParseError(message: "line \(number), column \(error.column): \(error.message)"
                                           + Self.notJSONHint(line: 1, column: error.column), itemsBefore: items)
                }
                items.append(text)
            }
        }
        return items
    }
}

extension SourceParser {
    /// Output that is not JSON from its first character is most likely plain text (`ls`, `find`):
    /// the message says how to read it as lines.
    static func notJSONHint(line: Int, column: Int) -> String {
        line == 1 && column == 1 ? "; this is not JSON: for plain text, use \"format\": \"lines\"" : ""
    }
}

/// Output a source's format does not allow, with where.
package struct SourceParseError: Error, Equatable {
    package var message: String
    /// The items that came before the bad line, which are still shown.
    package var itemsBefore: RawItems?
}
