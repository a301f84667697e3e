/// A dotted path into JSON data: `user.name`, `items.0.title`, `fields.-1` (the last element).
///
/// Each component names an object member, or, on an array, an index. This is the terminal
/// counterpart of the seed format's `valueForKeyPath:`.
package struct DataPath: Hashable, Sendable, CustomStringConvertible {
    package let components: [String]

    package init(_ text: String) {
        // Split and trimmed as UTF-8 bytes ('.', spaces and tabs are single bytes that never occur
        // inside another character's encoding): a path of a million components is read in a
        // fraction of the time splitting by Character took.
        var components: [String] = []
        var contiguous = text  // `withUTF8` may make the string contiguous first: it mutates
        contiguous.withUTF8 { bytes in
            var start = 0
            for index in 0...bytes.count where index == bytes.count || bytes[index] == UInt8(ascii: ".") {
                var low = start, high = index
                while low < high, bytes[low] == 0x20 || bytes[low] == 0x09 { low += 1 }
                while high > low, bytes[high - 1] == 0x20 || bytes[high - 1] == 0x09 { high -= 1 }
                components.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[low..<high]), as: UTF8.self))
                start = index + 1
            }
        }
        self.components = components
    }

    package var description: String { components.joined(separator: ".") }

    /// The path as written, its start only when it is longer than `limit` characters (`a.b.c…`):
    /// a path of a million components is quoted without being written out whole first.
    package func quoted(limit: Int) -> String {
        var text = ""
        for (index, component) in components.enumerated() {
            if index > 0 { text += "." }
            text += component
            if text.count > limit { return String(text.prefix(limit - 1)) + "…" }
        }
        return text
    }

    /// The value at this path in `value`, or `nil` when any step is missing.
    package func resolve(in value: JSONValue) -> JSONValue? {
        var current = value
        for component in components {
            switch current {
            case .object(let members):
                guard let next = members[component] else { return nil }
                current = next
            case .array(let elements):
                // A negative index counts from the end: `fields.-1` is the last field.
                guard let given = Int(component) else { return nil }
                let index = given < 0 ? elements.count + given : given
                guard elements.indices.contains(index) else { return nil }
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
    package func trimmingSpaces() -> String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else {
            return ""
        }
        return String(self[first...last])
    }
}
