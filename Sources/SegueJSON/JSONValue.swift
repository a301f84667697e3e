/// A JSON value as the spec loader decodes it.
///
/// Numbers keep their source text so nothing is lost in a round trip; `doubleValue` reads them.
public enum JSONValue: Equatable, Hashable, Sendable {
    case null
    case bool(Bool)
    case number(String)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    /// The number as a `Double`, when this is a number.
    public var doubleValue: Double? {
        if case .number(let text) = self { return Double(text) }
        return nil
    }

    /// The string, when this is a string.
    public var stringValue: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    /// A short rendering for error messages: `12`, `"abc"`, `an object`, `an array`; a long
    /// string cut, its size said (`"aaaaaaaa…" (48 MB)`: `QuotedText`).
    public var summary: String {
        switch self {
        case .null: return "null"
        case .bool(let value): return value ? "true" : "false"
        case .number(let text): return QuotedText.bounded(text)
        case .string(let text):
            return QuotedText.quoted(text)
        case .array: return "an array"
        case .object: return "an object"
        }
    }
}

extension JSONValue {
    /// The value as compact JSON text, object members in key order.
    public var compactJSON: String {
        switch self {
        case .null: return "null"
        case .bool(let flag): return flag ? "true" : "false"
        case .number(let text): return text
        case .string(let text): return Self.quoted(text)
        case .array(let elements): return "[" + elements.map(\.compactJSON).joined(separator: ",") + "]"
        case .object(let members):
            return "{" + members.keys.sorted().map { Self.quoted($0) + ":" + (members[$0]?.compactJSON ?? "null") }
                .joined(separator: ",") + "}"
        }
    }

    /// `text` as a JSON string literal.
    static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16)
                    result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }
}
