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
        switch kind {
        case .blanks:
            return line.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
        case .text(let separator):
            guard !separator.isEmpty else { return [line] }
            return line.split(separator: separator, omittingEmptySubsequences: false).map(String.init)
        case .pattern:
            guard let regex = regex?.regex else { return [line] }
            var fields: [String] = []
            var start = line.startIndex
            for match in line.matches(of: regex) where !match.range.isEmpty {
                fields.append(String(line[start..<match.range.lowerBound]))
                start = match.range.upperBound
            }
            fields.append(String(line[start...]))
            return fields
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
