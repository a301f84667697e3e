import SegueJSON

/// A YAML scalar's JSON value, by YAML 1.2's core schema.
///
/// Only a plain (unquoted) scalar without a tag is typed by its text: `null`, `Null`, `NULL`, `~`
/// and nothing are null; `true`/`false` (and their capitalised forms) booleans; decimal, `0o`
/// octal and `0x` hexadecimal integers and decimal floats numbers, written as JSON writes them
/// (`+1` is 1, `0x1F` is 31, `.5` is 0.5). A quoted, literal or folded scalar is a string, as is a
/// plain one of any other text (YAML 1.1's `yes`, `no`, `on`, `off`: Segue says "expected a
/// boolean" where one is meant). The tags `!!str`, `!!int`, `!!float`, `!!bool` and `!!null`
/// say the type; `.inf` and `.nan`, which JSON has no number for, are refused.
enum YAMLScalar: Equatable {
    case null
    case bool(Bool)
    case number(String)
    case string(String)

    /// YAML's own tags, as libyaml resolves `!!str`…
    private static let strTag = "tag:yaml.org,2002:str", nullTag = "tag:yaml.org,2002:null", boolTag = "tag:yaml.org,2002:bool",
                       intTag = "tag:yaml.org,2002:int", floatTag = "tag:yaml.org,2002:float"

    init(_ scalar: YAMLScalarNode) throws(JSONSyntaxError) {
        let text = scalar.string
        let tag = scalar.tag
        let plain = scalar.plain
        switch tag {
        case "" where plain:
            self = Self.typed(text) ?? .string(text)
        case "", "!", Self.strTag:
            self = .string(text)
        case Self.nullTag, Self.boolTag, Self.intTag, Self.floatTag:
            // An integer is a float too (`!!float 1`).
            guard let value = Self.typed(text), value.tagName == tag || (tag == Self.floatTag && value.tagName == Self.intTag) else {
                throw YAMLToJSON.problem(at: scalar.mark, "\"\(text)\" is not a \(Self.typeName(tag)), as its tag says")
            }
            self = value
        default:
            throw YAMLToJSON.problem(at: scalar.mark, "unknown tag \(tag): a spec holds JSON's types (tags !!str, !!int, !!float, !!bool, !!null)")
        }
        if case .number(let number) = self, number.isEmpty {
            throw YAMLToJSON.problem(at: scalar.mark, "\(text) has no JSON number; quote it for a string")
        }
    }

    private var tagName: String {
        switch self {
        case .null: return Self.nullTag
        case .bool: return Self.boolTag
        case .number(let text): return text.contains(where: { ".eE".contains($0) }) ? Self.floatTag : Self.intTag
        case .string: return Self.strTag
        }
    }

    private static func typeName(_ tag: String) -> String {
        String(tag.split(separator: ":").last ?? "")
    }

    /// The value `text` means when plain, or nil for a string. A number JSON cannot hold
    /// (`.inf`, `.nan`) is an empty `.number`, for the caller to refuse.
    static func typed(_ text: String) -> YAMLScalar? {
        switch text {
        case "", "~", "null", "Null", "NULL": return .null
        case "true", "True", "TRUE": return .bool(true)
        case "false", "False", "FALSE": return .bool(false)
        case ".inf", ".Inf", ".INF", "+.inf", "+.Inf", "+.INF", "-.inf", "-.Inf", "-.INF", ".nan", ".NaN", ".NAN":
            return .number("")
        default:
            return number(Array(text.utf8)).map { .number($0) }
        }
    }

    /// `[-+]?` then `0o` octal, `0x` hexadecimal, or decimal digits with an optional fraction
    /// and exponent, as JSON writes the same number; nil for any other text.
    private static func number(_ bytes: [UInt8]) -> String? {
        var index = 0
        var negative = false
        if index < bytes.count, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") {
            negative = bytes[index] == UInt8(ascii: "-")
            index += 1
        }
        let sign = negative ? "-" : ""
        let rest = bytes[index...]
        if rest.starts(with: "0x".utf8) || rest.starts(with: "0o".utf8) {
            let digits = String(decoding: rest.dropFirst(2), as: UTF8.self)
            guard !digits.isEmpty, let value = UInt64(digits, radix: rest.starts(with: "0x".utf8) ? 16 : 8) else { return nil }
            return sign + String(value)
        }
        func digits() -> ArraySlice<UInt8> {
            let start = index
            while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
            return bytes[start..<index]
        }
        var whole = digits()
        var fraction: ArraySlice<UInt8> = []
        var hasPoint = false
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            hasPoint = true
            index += 1
            fraction = digits()
        }
        guard !whole.isEmpty || !fraction.isEmpty else { return nil }
        var exponent = ""
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            var exponentSign = ""
            if index < bytes.count, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") {
                if bytes[index] == UInt8(ascii: "-") { exponentSign = "-" }
                index += 1
            }
            let power = digits()
            guard !power.isEmpty else { return nil }
            exponent = "e" + exponentSign + String(decoding: power, as: UTF8.self)
        }
        guard index == bytes.count else { return nil }
        // JSON allows no leading zeros, no bare point and no empty whole part.
        while whole.count > 1, whole.first == UInt8(ascii: "0") { whole = whole.dropFirst() }
        let wholeText = whole.isEmpty ? "0" : String(decoding: whole, as: UTF8.self)
        let fractionText = hasPoint && !fraction.isEmpty ? "." + String(decoding: fraction, as: UTF8.self) : ""
        return sign + wholeText + fractionText + exponent
    }
}
