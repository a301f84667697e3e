/// A string with `{{path}}` placeholders filled from a data context.
///
/// `{{user.name}}` is replaced by the value at that key path, `{{user.name | Guest}}` falls back to
/// `Guest` when the path resolves to nothing, and `\{{` writes a literal `{{`. A string that is
/// exactly one placeholder can stand for a whole value (an object, a number) where a value is
/// expected, as in a segue's `data`.
public struct Template: Sendable, Equatable {
    enum Part: Sendable, Equatable {
        case text(String)
        case placeholder(DataPath, fallback: String?)
    }

    let parts: [Part]

    public init(_ source: String) {
        parts = Self.parse(source)
    }

    /// Whether the string has any placeholder; strings without one need no binding.
    public var hasPlaceholders: Bool {
        parts.contains { if case .placeholder = $0 { return true } else { return false } }
    }

    /// Whether `text` could hold a placeholder, without parsing it.
    public static func mightHavePlaceholders(_ text: String) -> Bool {
        // Over the UTF-8 bytes: it runs for every string of every row drawn, and String's
        // `contains` goes through the generic string-processing search.
        var previousWasBrace = false
        for byte in text.utf8 {
            if byte == UInt8(ascii: "{") {
                if previousWasBrace { return true }
                previousWasBrace = true
            } else {
                previousWasBrace = false
            }
        }
        return false
    }

    /// The key paths of the placeholders that resolve to nothing and have no fallback.
    public func missingPaths(in context: DataContext) -> [DataPath] {
        parts.compactMap {
            guard case .placeholder(let path, nil) = $0, isAbsent(context.value(at: path)) else { return nil }
            return path
        }
    }

    /// The text with every placeholder replaced; a missing value renders as its fallback or empty.
    public func render(in context: DataContext) -> String {
        var result = ""
        for part in parts {
            switch part {
            case .text(let text):
                result += text
            case .placeholder(let path, let fallback):
                let value = context.value(at: path)
                result += isAbsent(value) ? (fallback ?? "") : Self.text(of: value ?? .null)
            }
        }
        return result
    }

    /// The value this template stands for: the value itself when the template is one placeholder,
    /// otherwise the rendered string.
    public func value(in context: DataContext) -> JSONValue {
        if parts.count == 1, case .placeholder(let path, let fallback) = parts[0] {
            let value = context.value(at: path)
            if !isAbsent(value), let value { return value }
            return fallback.map { .string($0) } ?? .null
        }
        return .string(render(in: context))
    }

    /// How a value reads inside text: strings as they are, numbers as written, `true`/`false`,
    /// null as nothing, arrays and objects as compact JSON.
    public static func text(of value: JSONValue) -> String {
        switch value {
        case .null: return ""
        case .bool(let flag): return flag ? "true" : "false"
        case .number(let text): return text
        case .string(let text): return text
        case .array, .object: return value.compactJSON
        }
    }

    private func isAbsent(_ value: JSONValue?) -> Bool {
        value == nil || value == .null
    }

    private static func parse(_ source: String) -> [Part] {
        guard mightHavePlaceholders(source) else { return [.text(source)] }
        var parts: [Part] = []
        var text = ""
        // A `{{` after the last `}}` closes nowhere: knowing where that is keeps a text of many
        // unclosed `{{` linear (each would otherwise be searched to the end).
        let lastClose = source.lastPairStart(of: "}")
        var index = source.startIndex
        while index < source.endIndex {
            let rest = source[index...]
            if rest.hasPrefix("\\{{") {
                text += "{{"
                index = source.index(index, offsetBy: 3)
            } else if rest.hasPrefix("{{"), let lastClose, source.index(index, offsetBy: 2) <= lastClose,
                      let close = closingBraces(in: rest) {
                let inside = rest[rest.index(rest.startIndex, offsetBy: 2)..<close]
                if !text.isEmpty { parts.append(.text(text)) }
                text = ""
                parts.append(placeholder(String(inside)))
                index = source.index(close, offsetBy: 2)
            } else {
                text.append(source[index])
                index = source.index(after: index)
            }
        }
        if !text.isEmpty || parts.isEmpty { parts.append(.text(text)) }
        return parts
    }

    /// Where the `}}` closing a placeholder that opens at the start of `text` begins (the first
    /// after the `{{`).
    private static func closingBraces(in text: Substring) -> String.Index? {
        var index = text.index(text.startIndex, offsetBy: 2)
        while index < text.endIndex {
            let next = text.index(after: index)
            if text[index] == "}", next < text.endIndex, text[next] == "}" { return index }
            index = next
        }
        return nil
    }

    private static func placeholder(_ inside: String) -> Part {
        // Searched as bytes: a Character walk over a placeholder of megabytes took most of its parse.
        guard let bar = inside.utf8.firstIndex(of: UInt8(ascii: "|")) else {
            return .placeholder(DataPath(inside.trimmingSpaces()), fallback: nil)
        }
        let path = String(inside[..<bar]).trimmingSpaces()
        let fallback = String(inside[inside.index(after: bar)...]).trimmingSpaces()
        return .placeholder(DataPath(path), fallback: fallback)
    }
}

private extension String {
    /// Where the last two `character`s in a row start (in `}}}`, the second).
    func lastPairStart(of character: Character) -> String.Index? {
        var index = endIndex
        var after: String.Index?
        while index > startIndex {
            index = self.index(before: index)
            if self[index] == character {
                if after != nil { return index }
                after = index
            } else {
                after = nil
            }
        }
        return nil
    }
}
