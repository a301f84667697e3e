/// A dotted path into JSON data: `user.name`, `items.0.title`.
///
/// Each component names an object member, or, on an array, an index. This is the terminal
/// counterpart of the seed format's `valueForKeyPath:`.
public struct DataPath: Hashable, Sendable, CustomStringConvertible {
    public let components: [String]

    public init(_ text: String) {
        components = text.split(separator: ".", omittingEmptySubsequences: false).map {
            String($0).trimmingSpaces()
        }
    }

    public var description: String { components.joined(separator: ".") }

    /// The value at this path in `value`, or `nil` when any step is missing.
    public func resolve(in value: JSONValue) -> JSONValue? {
        var current = value
        for component in components {
            switch current {
            case .object(let members):
                guard let next = members[component] else { return nil }
                current = next
            case .array(let elements):
                guard let index = Int(component), elements.indices.contains(index) else { return nil }
                current = elements[index]
            default:
                return nil
            }
        }
        return current
    }
}

extension String {
    /// The string without leading and trailing spaces and tabs.
    func trimmingSpaces() -> String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else {
            return ""
        }
        return String(self[first...last])
    }
}
