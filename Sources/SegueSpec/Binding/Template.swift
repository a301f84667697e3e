#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
/// A string with `{{…}}` placeholders filled from a data context.
///
/// `{{user.name}}` is replaced by the value at that key path, `{{user.name | Guest}}` falls back to
/// `Guest` when the path resolves to nothing, and `\{{` (`"\\{{"` in JSON) writes a literal `{{`. Inside the braces
/// stands an expression (`TemplateExpressionParser`): comparisons, `!`, `&&`, `||`, literals and
/// functions such as `shell(x)`. A string that is exactly one placeholder can stand for a whole
/// value (an object, a number, a condition's answer) where a value is expected, as in a segue's
/// `data`.
package struct Template: Sendable, Equatable {
    package enum Part: Sendable, Equatable {
        case text(String)
        case placeholder(TemplateExpression, fallback: String?)
        /// A placeholder that cannot be read: drawn as written, and told by the loader and `check`.
        case invalid(String, TemplateProblem)
    }

    package let parts: [Part]

    package init(_ source: String) {
        parts = Self.parse(source)
    }

    /// Why placeholders cannot be read, each with the text as written between the braces.
    package var problems: [(inside: String, problem: TemplateProblem)] {
        parts.compactMap { if case .invalid(let inside, let problem) = $0 { return (inside, problem) } else { return nil } }
    }

    /// Whether the string has any placeholder; strings without one need no binding.
    package var hasPlaceholders: Bool {
        parts.contains { if case .placeholder = $0 { return true } else { return false } }
    }

    /// A template that writes `text` as it is, for text a user gave as text (fzf's `--header`,
    /// `--prompt`, a preview command around its placeholders): a `{` before another `{` and a `\`
    /// before a `{` (which would open a placeholder, or escape one) are written by placeholders of
    /// their own. `beforePlaceholder` says a placeholder will follow it.
    package static func verbatim(_ text: String, beforePlaceholder: Bool = false) -> String {
        guard text.contains("{") || (beforePlaceholder && text.hasSuffix("\\")) else { return text }
        var output = ""
        let characters = Array(text)
        for (index, character) in characters.enumerated() {
            let next = index + 1 < characters.count ? characters[index + 1] : (beforePlaceholder ? "{" : nil)
            switch (character, next) {
            case ("{", "{"): output += "{{'{'}}"
            case ("\\", "{"): output += "{{'\\\\'}}"
            default: output.append(character)
            }
        }
        return output
    }

    /// Whether `text` holds `word`, byte for byte (`memchr` to each candidate's first byte): a
    /// name looked for in a value of megabytes, as fast as the bytes can be read.
    package static func contains(_ word: String, in text: String) -> Bool {
        let found = text.utf8.withContiguousStorageIfAvailable { haystack in
            word.utf8.withContiguousStorageIfAvailable { needle -> Bool in
                guard let first = needle.first, let pattern = needle.baseAddress, var start = haystack.baseAddress else { return needle.isEmpty }
                let end = start + haystack.count
                while end - start >= needle.count, let hit = memchr(start, Int32(first), end - start) {
                    let candidate = UnsafePointer(hit.assumingMemoryBound(to: UInt8.self))
                    if end - candidate >= needle.count, memcmp(candidate, pattern, needle.count) == 0 { return true }
                    start = candidate + 1
                }
                return false
            }
        }
        return found.flatMap { $0 } ?? text.contains(word)
    }

    /// Whether `text` could hold a placeholder, without parsing it.
    package static func mightHavePlaceholders(_ text: String) -> Bool {
        // Over the UTF-8 bytes: it runs for every string of every row drawn, and String's
        // `contains` goes through the generic string-processing search. With `memchr` from
        // brace to brace, a value of megabytes costs a fraction of a millisecond.
        if let found = text.utf8.withContiguousStorageIfAvailable({ buffer -> Bool in
            guard var start = buffer.baseAddress else { return false }
            let end = start + buffer.count
            while start < end, let hit = memchr(start, Int32(UInt8(ascii: "{")), end - start) {
                let brace = UnsafePointer(hit.assumingMemoryBound(to: UInt8.self))
                if brace + 1 < end, brace[1] == UInt8(ascii: "{") { return true }
                start = brace + 1
            }
            return false
        }) {
            return found
        }
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

    /// The key paths whose values placeholders without a fallback show, but which resolve to
    /// nothing. A path only asked a question of (`{{!x}}`, `{{x == 1}}`) is not one of them.
    package func missingPaths(in context: DataContext) -> [DataPath] {
        parts.flatMap { part -> [DataPath] in
            guard case .placeholder(let expression, nil) = part else { return [] }
            return expression.paths().compactMap { $0.isCondition || !isAbsent(context.value(at: $0.path)) ? nil : $0.path }
        }
    }

    /// The key paths placeholders only ask a question of, as in a condition (`{{!x}}`,
    /// `{{x == 'pi5'}}`): there, nothing is a fine answer.
    package var conditionPaths: [DataPath] {
        parts.flatMap { part -> [DataPath] in
            guard case .placeholder(let expression, _) = part else { return [] }
            return expression.paths().compactMap { $0.isCondition ? $0.path : nil }
        }
    }

    /// Every key path the placeholders read.
    package var paths: [DataPath] {
        parts.flatMap { part -> [DataPath] in
            guard case .placeholder(let expression, _) = part else { return [] }
            return expression.paths().map(\.path)
        }
    }

    /// Placeholders whose fallback text is a function's name (`{{x | upper}}`): the text is
    /// what shows when `x` is missing, which is rarely what was meant.
    package var fallbacksNamingFunctions: [String] {
        parts.compactMap { part in
            guard case .placeholder(_, let fallback?) = part, TemplateFunction(rawValue: fallback) != nil else { return nil }
            return fallback
        }
    }

    /// The text with every placeholder replaced; a missing value renders as its fallback or empty.
    package func render(in context: DataContext) -> String {
        var result = ""
        for part in parts {
            switch part {
            case .text(let text):
                result += text
            case .placeholder(let expression, let fallback):
                let value = expression.evaluate(in: context)
                result += isAbsent(value) ? (fallback ?? "") : Self.text(of: value ?? .null)
            case .invalid(let inside, _):
                result += "{{" + inside + "}}"
            }
        }
        return result
    }

    /// The value this template stands for: the value itself when the template is one placeholder,
    /// otherwise the rendered string.
    package func value(in context: DataContext) -> JSONValue {
        if parts.count == 1, case .placeholder(let expression, let fallback) = parts[0] {
            let value = expression.evaluate(in: context)
            if !isAbsent(value), let value { return value }
            return fallback.map { .string($0) } ?? .null
        }
        return .string(render(in: context))
    }

    /// How a value reads inside text: strings as they are, numbers as written, `true`/`false`,
    /// null as nothing, arrays and objects as compact JSON.
    package static func text(of value: JSONValue) -> String {
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

    /// Over the UTF-8 bytes (every syntax character is ASCII, and never part of another
    /// character's encoding): a title of a hundred thousand placeholders parses at once.
    private static func parse(_ source: String) -> [Part] {
        guard mightHavePlaceholders(source) else { return [.text(source)] }
        let bytes = Array(source.utf8)
        let open = UInt8(ascii: "{"), close = UInt8(ascii: "}")
        // A `{{` after the last `}}` closes nowhere: knowing where that is keeps a text of many
        // unclosed `{{` linear (each would otherwise be searched to the end).
        var lastClose: Int?
        var back = bytes.count - 2
        while back >= 0 {
            if bytes[back] == close, bytes[back + 1] == close { lastClose = back; break }
            back -= 1
        }
        var parts: [Part] = []
        var text: [UInt8] = []
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\\"), index + 2 < bytes.count, bytes[index + 1] == open, bytes[index + 2] == open {
                text += [open, open]
                index += 3
            } else if byte == open, index + 1 < bytes.count, bytes[index + 1] == open, let lastClose, index + 2 <= lastClose,
                      let end = closingBraces(in: bytes, from: index + 2) {
                if !text.isEmpty { parts.append(.text(String(decoding: text, as: UTF8.self))) }
                text = []
                parts.append(placeholder(String(decoding: bytes[(index + 2)..<end], as: UTF8.self)))
                index = end + 2
            } else {
                text.append(byte)
                index += 1
            }
        }
        if !text.isEmpty || parts.isEmpty { parts.append(.text(String(decoding: text, as: UTF8.self))) }
        return parts
    }

    /// Where the first `}}` at or after `start` begins.
    private static func closingBraces(in bytes: [UInt8], from start: Int) -> Int? {
        var index = start
        while index + 1 < bytes.count {
            if bytes[index] == UInt8(ascii: "}"), bytes[index + 1] == UInt8(ascii: "}") { return index }
            index += 1
        }
        return nil
    }

    private static func placeholder(_ inside: String) -> Part {
        switch TemplateExpressionParser.parse(inside) {
        case .success(let (expression, fallback)): return .placeholder(expression, fallback: fallback)
        case .failure(let problem): return .invalid(inside, problem)
        }
    }
}
