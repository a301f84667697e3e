/// JSON values written as Swift literals, as they would be in JSON: `["percent": 70, "options":
/// ["System", "Dark"], "darkMode": true]` is an object of a number, an array and a bool.
extension JSONValue: ExpressibleByStringLiteral, ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral,
                     ExpressibleByFloatLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral {
    public init(stringLiteral value: String) { self = .string(value) }

    public init(booleanLiteral value: Bool) { self = .bool(value) }

    /// A number as JSON writes it: `70` keeps its text, `"70"`.
    public init(integerLiteral value: Int) { self = .number(String(value)) }

    public init(floatLiteral value: Double) { self = .number(String(value)) }

    public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }

    /// Keys written twice keep the last value, as JSON parsers do.
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self = .object(Dictionary(elements, uniquingKeysWith: { _, last in last }))
    }
}
