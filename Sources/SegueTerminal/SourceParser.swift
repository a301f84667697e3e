import SegueCore

/// Turning a source's output into items, as it arrives: whole lines for `jsonl` and `lines`, the
/// whole output at the end for `json`.
struct SourceParser {
    let format: SourceSpec.Format
    private var pending: [UInt8] = []
    private var line = 0

    init(format: SourceSpec.Format) {
        self.format = format
    }

    /// The items in the complete lines of `bytes` (with what was left over before); `json` keeps
    /// everything for `finish`. A bad line throws, carrying the good items before it.
    mutating func feed(_ bytes: ArraySlice<UInt8>) throws(SourceParseError) -> [JSONValue] {
        pending += bytes
        guard format != .json, let lastNewline = pending.lastIndex(of: 0x0A) else { return [] }
        let complete = pending[...lastNewline]
        pending = Array(pending[(lastNewline + 1)...])
        return try items(in: complete)
    }

    /// The items left at the end of the output, and what the output said about the next page.
    mutating func finish() throws(SourceParseError) -> (items: [JSONValue], next: NextPage) {
        defer { pending = [] }
        guard format == .json else { return (try items(in: pending[...]), .unspecified) }
        // Nothing at all is an empty page, not a syntax error.
        if pending.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) { return ([], .unspecified) }
        let value: JSONValue
        do {
            value = try JSONParser.parse(pending)
        } catch {
            throw SourceParseError(message: "\(error.line):\(error.column): \(error.message)")
        }
        switch value {
        case .array(let items):
            return (items, .unspecified)
        case .object(let members):
            guard case .array(let items)? = members["items"] else {
                throw SourceParseError(message: "expected an array, or an object with an array at \"items\"")
            }
            switch members["next"] {
            case .null?: return (items, .end)
            case .string(let cursor)?: return (items, .cursor(cursor))
            default: return (items, .unspecified)
            }
        default:
            throw SourceParseError(message: "expected an array, or an object with an array at \"items\", found \(value.summary)")
        }
    }

    private mutating func items(in bytes: ArraySlice<UInt8>) throws(SourceParseError) -> [JSONValue] {
        var items: [JSONValue] = []
        var lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false)
        // What follows the last newline is not a line (it is empty, or kept for later).
        if bytes.isEmpty || bytes.last == 0x0A { lines.removeLast() }
        for raw in lines {
            line += 1
            var text = raw
            if text.last == 0x0D { text = text.dropLast() }
            if format == .lines {
                items.append(.object(["line": .string(String(decoding: text, as: UTF8.self))]))
                continue
            }
            guard text.contains(where: { $0 != 0x20 && $0 != 0x09 }) else { continue }
            do {
                items.append(try JSONParser.parse(Array(text)))
            } catch {
                throw SourceParseError(message: "line \(line), column \(error.column): \(error.message)", itemsBefore: items)
            }
        }
        return items
    }
}

/// Output a source's format does not allow, with where.
struct SourceParseError: Error {
    var message: String
    /// The items that parsed before the bad line, which are still shown.
    var itemsBefore: [JSONValue] = []
}
