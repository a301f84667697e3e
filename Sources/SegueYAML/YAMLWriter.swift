import SegueSpec

/// JSON values written as YAML that reads back as the same values, by YAML 1.2's core schema and
/// by YAML 1.1 parsers too (what GitHub and most tools read dependabot.yml and CI files with):
/// collections in block style (`key: value` lines, `- item` lines) or in flow style (`{a: 1}`),
/// object members in key order, text plain when nothing could read it as another type or as YAML
/// syntax (`npm`, `/docs`, `weekly`), double-quoted with JSON's escapes otherwise (`"yes"`, `"1.0"`,
/// `"a: b"`, `""`).
package enum YAMLWriter {
    /// A whole document: `value` in block style, ending with a line break.
    package static func document(_ value: JSONValue, newline: String = "\n") -> String {
        (inline(value) ?? block(value, column: 0, newline: newline)) + newline
    }

    /// A scalar or an empty collection on one line; `nil` for a collection with something in it.
    static func inline(_ value: JSONValue) -> String? {
        switch value {
        case .null: return "null"
        case .bool(let flag): return flag ? "true" : "false"
        case .number(let text): return number(text)
        case .string(let text): return string(text)
        case .array(let items): return items.isEmpty ? "[]" : nil
        case .object(let members): return members.isEmpty ? "{}" : nil
        }
    }

    /// A number as JSON writes it, but with an exponent written as YAML 1.1 reads a float too
    /// (`1e5` is text to it; `1.0e+5` is a number to both).
    static func number(_ text: String) -> String {
        guard let e = text.firstIndex(where: { $0 == "e" || $0 == "E" }) else { return text }
        let mantissa = text[..<e], exponent = text[text.index(after: e)...]
        let point = mantissa.contains(".") ? String(mantissa) : mantissa + ".0"
        let signed = exponent.hasPrefix("+") || exponent.hasPrefix("-") ? String(exponent) : "+" + exponent
        return point + "e" + signed
    }

    /// A filled collection in block style, to be put at `column`: its first line has no indent,
    /// the next ones `column` spaces.
    static func block(_ value: JSONValue, column: Int, newline: String) -> String {
        let indent = newline + String(repeating: " ", count: column)
        switch value {
        case .object(let members) where !members.isEmpty:
            return members.keys.sorted().map { key in
                let member = members[key] ?? .null
                let head = string(key) + ":"
                if let text = inline(member) { return head + " " + text }
                let inner = column + 2
                return head + newline + String(repeating: " ", count: inner) + block(member, column: inner, newline: newline)
            }.joined(separator: indent)
        case .array(let items) where !items.isEmpty:
            return items.map { "- " + (inline($0) ?? block($0, column: column + 2, newline: newline)) }.joined(separator: indent)
        default:
            return inline(value) ?? ""
        }
    }

    /// A value in flow style, for a place inside `{…}` or `[…]`.
    static func flow(_ value: JSONValue) -> String {
        switch value {
        case .array(let items): return "[" + items.map(flow).joined(separator: ", ") + "]"
        case .object(let members):
            return "{" + members.keys.sorted().map { string($0) + ": " + flow(members[$0] ?? .null) }.joined(separator: ", ") + "}"
        default: return inline(value) ?? ""
        }
    }

    /// Text as a YAML scalar: plain when it reads back as this text, else double-quoted.
    static func string(_ text: String) -> String {
        isPlain(text) ? text : doubleQuoted(text)
    }

    /// Text in double quotes with JSON's escapes, and `\u` for what JSON leaves as it is but YAML
    /// may not hold raw or reads as a line break (DEL, C1 controls such as NEL, the line and
    /// paragraph separators, U+FEFF, U+FFFE, U+FFFF).
    static func doubleQuoted(_ text: String) -> String {
        let json = JSONValue.string(text).compactJSON
        guard json.unicodeScalars.contains(where: needsEscape) else { return json }
        var escaped = ""
        for scalar in json.unicodeScalars {
            if needsEscape(scalar) {
                let hex = String(scalar.value, radix: 16, uppercase: true)
                escaped += "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
            } else {
                escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }

    private static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        (0x7F...0x9F).contains(scalar.value) || [0x2028, 0x2029, 0xFEFF, 0xFFFE, 0xFFFF].contains(scalar.value)
    }

    /// Text in the quotes `quote` opens (`"` or `'`), for a value replacing one so written;
    /// `nil` for another first character, or single quotes around text they cannot hold.
    static func quoted(_ text: String, like quote: UInt8) -> String? {
        switch quote {
        case UInt8(ascii: "\""): return doubleQuoted(text)
        case UInt8(ascii: "'"):
            // Single quotes escape nothing but themselves (`''`); a line break or a control
            // character needs double quotes' escapes.
            guard !text.unicodeScalars.contains(where: { $0.value < 0x20 || needsEscape($0) }) else { return doubleQuoted(text) }
            return "'" + text.replacing("'", with: "''") + "'"
        default: return nil
        }
    }

    /// YAML 1.1's other words for booleans, which a 1.1 parser would read as one.
    private static let booleanWords: Set<String> = ["y", "n", "yes", "no", "on", "off", "true", "false"]

    /// Text that starts with a digit but is no number, date or time to any YAML reader: digits
    /// and letters alone, one letter no hex, octal, binary or exponent could hold (`10min`,
    /// `2xlarge`, `1password`, not `0x1F`, `1e3`, `2fa`, `1.5`, `2024-01-01`).
    private static func isUnit(_ text: String) -> Bool {
        guard text.unicodeScalars.allSatisfy({ $0.properties.isAlphabetic || ("0"..."9").contains($0) }) else { return false }
        return text.unicodeScalars.contains { $0.properties.isAlphabetic && !"abcdefxoABCDEFXO".unicodeScalars.contains($0) }
    }

    /// Whether `text` may be written without quotes: letters, digits, spaces inside and `_ . / -
    /// @ ~ ( ) + = $ %` only, starting with a letter, `_` or `/`, and not a word or number any YAML
    /// reads as another type.
    private static func isPlain(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, let last = text.unicodeScalars.last,
              first.properties.isAlphabetic || first == "_" || first == "/" || isUnit(text), last != " "
        else { return false }
        let allowed = text.unicodeScalars.allSatisfy { scalar in
            scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "_./-@~()+=$% ".unicodeScalars.contains(scalar)
        }
        guard allowed, !booleanWords.contains(text.lowercased()) else { return false }
        return YAMLScalar.typed(text) == nil
    }
}
