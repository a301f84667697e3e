extension JSONValue {
    /// The value as indented JSON text for files people read and diff: one member or element per
    /// line, object members in key order, empty containers as `{}` and `[]`, no trailing newline.
    ///
    /// Sorted keys keep a rewritten file's diff down to the members that changed.
    public func prettyPrinted(indent: Int = 2) -> String {
        var text = ""
        appendPretty(to: &text, unit: String(repeating: " ", count: max(0, indent)), depth: 0)
        return text
    }

    /// The value on one line as people write it by hand, a blank after each `:` and `,`
    /// (`{"host": "a", "ports": [22, 80]}`), object members in key order.
    public var oneLineJSON: String {
        switch self {
        case .array(let elements): return "[" + elements.map(\.oneLineJSON).joined(separator: ", ") + "]"
        case .object(let members):
            return "{" + members.keys.sorted().map { Self.quoted($0) + ": " + (members[$0]?.oneLineJSON ?? "null") }.joined(separator: ", ") + "}"
        default: return compactJSON
        }
    }

    private func appendPretty(to text: inout String, unit: String, depth: Int) {
        let inner = String(repeating: unit, count: depth + 1)
        let closing = String(repeating: unit, count: depth)
        switch self {
        case .array(let elements) where !elements.isEmpty:
            text += "[\n"
            for (index, element) in elements.enumerated() {
                text += inner
                element.appendPretty(to: &text, unit: unit, depth: depth + 1)
                text += index < elements.count - 1 ? ",\n" : "\n"
            }
            text += closing + "]"
        case .object(let members) where !members.isEmpty:
            text += "{\n"
            let keys = members.keys.sorted()
            for (index, key) in keys.enumerated() {
                text += inner + Self.quoted(key) + ": "
                (members[key] ?? .null).appendPretty(to: &text, unit: unit, depth: depth + 1)
                text += index < keys.count - 1 ? ",\n" : "\n"
            }
            text += closing + "}"
        default:
            text += compactJSON
        }
    }
}
