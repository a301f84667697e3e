/// Turning a source's output into items, as it arrives: whole lines for `jsonl` and `lines`
/// (kept as their text, validated), the whole output at the end for `json`.
///
/// Pure: the terminal's source runner feeds it what it reads. Each byte is looked at a bounded
/// number of times (searched for a newline once, then split and validated with its line), so a
/// stream costs what its size does however it is chunked.
public struct SourceParser {
    public let format: SourceSpec.Format
    private var pending: [UInt8] = []
    private var line = 0

    public init(format: SourceSpec.Format) {
        self.format = format
    }

    /// The items in the complete lines of `bytes` (with what was left over before); `json` keeps
    /// everything for `finish`. A bad line throws, carrying the good items before it.
    public mutating func feed(_ bytes: ArraySlice<UInt8>) throws(SourceParseError) -> RawItems {
        let start = pending.count
        pending += bytes
        // Only the new bytes are searched: a long line arriving in many chunks costs its length once.
        guard format != .json, let lastNewline = pending[start...].lastIndex(of: 0x0A) else { return RawItems(kind: kind) }
        let complete = pending[...lastNewline]
        pending = Array(pending[(lastNewline + 1)...])
        return try items(in: complete)
    }

    /// What is left at the end of the output: the last lines, or for `json` the whole output's
    /// items and what it said about the next page.
    public mutating func finish() throws(SourceParseError) -> (raw: RawItems, values: [JSONValue], next: NextPage) {
        defer { pending = [] }
        guard format == .json else { return (try items(in: pending[...]), [], .unspecified) }
        let none = RawItems(kind: .json)
        // Nothing at all is an empty page, not a syntax error.
        if pending.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) { return (none, [], .unspecified) }
        let value: JSONValue
        do {
            value = try JSONParser.parse(pending)
        } catch {
            throw SourceParseError(message: "\(error.line):\(error.column): \(error.message)"
                                   + Self.notJSONHint(line: error.line, column: error.column))
        }
        switch value {
        case .array(let items):
            return (none, items, .unspecified)
        case .object(let members):
            guard case .array(let items)? = members["items"] else {
                throw SourceParseError(message: "expected an array, or an object with an array at \"items\"")
            }
            switch members["next"] {
            case .null?: return (none, items, .end)
            case .string(let cursor)?: return (none, items, .cursor(cursor))
            default: return (none, items, .unspecified)
            }
        default:
            throw SourceParseError(message: "expected an array, or an object with an array at \"items\", found \(value.summary)")
        }
    }

    private var kind: RawItems.Kind { format == .lines ? .line : .json }

    private mutating func items(in bytes: ArraySlice<UInt8>) throws(SourceParseError) -> RawItems {
        var items = RawItems(kind: kind)
        items.reserve(bytes: bytes.count)
        let format = format
        var number = line
        defer { line = number }
        // In place, one pass: a million lines a second must not allocate a line each.
        try bytes.withUnsafeBufferPointer { (buffer) throws(SourceParseError) in
            var start = 0
            while start < buffer.count {
                // A text without a last newline (at the end of the output) is a line too.
                let end = buffer[start...].firstIndex(of: 0x0A) ?? buffer.count
                defer { start = end + 1 }
                number += 1
                var textEnd = end
                if textEnd > start, buffer[textEnd - 1] == 0x0D { textEnd -= 1 }
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
public struct SourceParseError: Error, Equatable {
    public var message: String
    /// The items that came before the bad line, which are still shown.
    public var itemsBefore: RawItems?
}
