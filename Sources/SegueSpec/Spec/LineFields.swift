/// How a `lines` source's lines split into `fields` (`{{item.fields.0}}`, fzf's `{1}`,
/// television's `{split: :0}`): runs of blanks, as awk splits (the default); a fixed text
/// (`"delimiter": ":"`); or a regular expression (`"delimiter": {"pattern": "\\s*:\\s*"}`).
public struct LineDelimiter: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        case blanks
        case text(String)
        case pattern(String)
    }

    public let kind: Kind
    /// The pattern compiled once; checked when the spec loads.
    private let regex: CompiledPattern?

    public init(_ kind: Kind) {
        self.kind = kind
        if case .pattern(let pattern) = kind, let compiled = try? Regex(pattern) {
            regex = CompiledPattern(regex: compiled)
        } else {
            regex = nil
        }
    }

    public static let blanks = LineDelimiter(.blanks)

    public static func == (left: LineDelimiter, right: LineDelimiter) -> Bool { left.kind == right.kind }

    /// The fields of `line`. Blanks at either end of a line make no empty field (as awk); a text
    /// or pattern delimiter keeps empty fields (`a::b` by `:` is `a`, ``, `b`).
    public func fields(of line: String) -> [String] {
        fieldRanges(of: line).map { String(line[$0]) }
    }

    /// Where each of `line`'s fields is.
    func fieldRanges(of line: String) -> [Range<String.Index>] {
        switch kind {
        case .blanks:
            return line.split(whereSeparator: { $0 == " " || $0 == "\t" }).map { $0.startIndex..<$0.endIndex }
        case .text(let separator):
            guard !separator.isEmpty else { return [line.startIndex..<line.endIndex] }
            return line.split(separator: separator, omittingEmptySubsequences: false).map { $0.startIndex..<$0.endIndex }
        case .pattern:
            guard let regex = regex?.regex else { return [line.startIndex..<line.endIndex] }
            var fields: [Range<String.Index>] = []
            var start = line.startIndex
            for match in line.matches(of: regex) where !match.range.isEmpty {
                fields.append(start..<match.range.lowerBound)
                start = match.range.upperBound
            }
            fields.append(start..<line.endIndex)
            return fields
        }
    }

    /// The fields of a line that holds colours (`--ansi --with-nth`), split where the text
    /// without its escape codes splits (as `fields(of:)` of that text), each with its colours:
    /// the codes within it and around it, after the colour codes (SGR) met before it since the
    /// last reset, so a field shows in the colours it had in the line.
    public func colouredFields(of line: String) -> [String] {
        let sequences = EscapeSequences.ranges(in: line)
        guard !sequences.isEmpty else { return fields(of: line) }
        let raw = Array(line.utf8)
        let plain = EscapeSequences.removed(from: line)
        // Each sequence's place in the text without them: the text's bytes before it.
        var places: [Int] = []
        var removed = 0
        for range in sequences {
            places.append(range.lowerBound - removed)
            removed += range.count
        }
        // Where the text's byte `offset` is in the line, past the sequences before it (and
        // those at it, when `including`).
        func lineOffset(_ offset: Int, including: Bool) -> Int {
            offset + zip(places, sequences).reduce(0) { sum, pair in
                pair.0 < offset || (including && pair.0 == offset) ? sum + pair.1.count : sum
            }
        }
        return fieldRanges(of: plain).map { range in
            let start = plain.utf8.distance(from: plain.startIndex, to: range.lowerBound)
            let end = plain.utf8.distance(from: plain.startIndex, to: range.upperBound)
            // The colours set before the field, since the last reset (`ESC[m`, `ESC[0m`).
            var bytes: [UInt8] = []
            for (place, sequence) in zip(places, sequences) where place < start && raw[sequence.upperBound - 1] == UInt8(ascii: "m") {
                let code = raw[sequence]
                if code.elementsEqual("\u{1B}[m".utf8) || code.elementsEqual("\u{1B}[0m".utf8) { bytes = [] } else { bytes += code }
            }
            bytes += raw[lineOffset(start, including: false)..<lineOffset(end, including: true)]
            return String(decoding: bytes, as: UTF8.self)
        }
    }

    /// Where a pattern delimiter matches in `line` (none for the other kinds).
    package func separators(in line: String) -> [Range<String.Index>] {
        guard case .pattern = kind, let regex = regex?.regex else { return [] }
        return line.matches(of: regex).map(\.range).filter { !$0.isEmpty }
    }

    /// The delimiter a source's `"delimiter"` describes, checked.
    package static func decode(_ value: JSONValue, path: String) -> Result<LineDelimiter, ShapeProblem> {
        switch value {
        case .string(let text) where !text.isEmpty:
            return .success(LineDelimiter(.text(text)))
        case .object(let members) where members.count == 1:
            guard let pattern = members["pattern"]?.stringValue, !pattern.isEmpty else {
                return .failure(.expected("a regular expression as a string", found: members["pattern"], at: path + ".pattern"))
            }
            do {
                _ = try Regex(pattern)
            } catch {
                return .failure(ShapeProblem(path: path + ".pattern", message: "not a regular expression: \(error)"))
            }
            return .success(LineDelimiter(.pattern(pattern)))
        default:
            return .failure(.expected("a text to split lines at, or {\"pattern\": \"a regular expression\"}", found: value, at: path))
        }
    }
}

/// A compiled regular expression, shared by copies of its delimiter (it is never changed).
private final class CompiledPattern: @unchecked Sendable {
    package let regex: Regex<AnyRegexOutput>

    package init(regex: Regex<AnyRegexOutput>) {
        self.regex = regex
    }
}
