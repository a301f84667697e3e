/// How a setting's name finds its value in the settings object.
///
/// A name is one top-level key as written (`"darkMode"`, and `"editor.font"` too: a key with a
/// dot), or, when it starts with `/`, a JSON Pointer (RFC 6901) into nested objects and arrays:
/// `/editor/font` is `font` in the object `editor`, `/paths/0` the first item of `paths`, `~1`
/// and `~0` standing for `/` and `~` in a key. `segue edit` binds a schema's nested properties
/// with pointers; templates read the same values as `settings.editor.font`.
package enum SettingName {
    /// The keys a pointer name goes through; a plain name is one key.
    package static func keys(_ name: String) -> [String] {
        guard name.hasPrefix("/") else { return [name] }
        return name.dropFirst().split(separator: "/", omittingEmptySubsequences: false).map {
            // Looked for by byte first: `replacing` is slow, and few keys hold a `~`.
            $0.utf8.contains(UInt8(ascii: "~")) ? String($0).replacing("~1", with: "/").replacing("~0", with: "~") : String($0)
        }
    }

    /// The pointer to `keys` (`["editor", "font"]` → `/editor/font`).
    package static func pointer(_ keys: [String]) -> String {
        keys.map { JSONKeyOrder.pointer("", $0) }.joined()
    }
}

extension JSONValue {
    /// Whether `other` is the same value by JSON Schema's equality (what a schema's `enum` and
    /// `const` mean, and what a settings file must read back as): numbers by value (`1` is
    /// `1.0`, `1E5` is `1.0e+5` as YAML writes it back), objects whatever their order.
    package func isSame(as other: JSONValue) -> Bool {
        switch (self, other) {
        case (.number(let first), .number(let second)):
            // Whole numbers by their digits (a Double cannot tell 2^53 + 1 from 2^53).
            let whole = { (text: String) in !text.contains { ".eE".contains($0) } }
            if whole(first), whole(second) { return first.drop { $0 == "+" } == second.drop { $0 == "+" } }
            return first == second || (Double(first) != nil && Double(first) == Double(second))
        case (.array(let first), .array(let second)):
            return first.count == second.count && zip(first, second).allSatisfy { $0.isSame(as: $1) }
        case (.object(let first), .object(let second)):
            return first.count == second.count && first.allSatisfy { key, value in second[key].map { value.isSame(as: $0) } ?? false }
        default:
            return self == other
        }
    }

    /// The setting `name` (see `SettingName`) in these settings; `nil` when it is not set.
    package func setting(_ name: String) -> JSONValue? {
        var value = self
        for key in SettingName.keys(name) {
            switch value {
            case .object(let members):
                guard let member = members[key] else { return nil }
                value = member
            case .array(let items):
                guard let index = Int(key), items.indices.contains(index) else { return nil }
                value = items[index]
            default:
                return nil
            }
        }
        return value
    }

    /// Sets (or, with `nil`, removes) the setting `name`, making the objects on the way to a
    /// pointer's value; a step through something that is not an object (or an array, by index)
    /// replaces it with an object. In place: a save sets every name changed in a session, so
    /// each costs what one dictionary assignment does, not a copy of the settings.
    package mutating func setSetting(_ name: String, to value: JSONValue?) {
        // Taking away what is not there changes nothing: no objects are made on the way to it.
        if value == nil, setting(name) == nil { return }
        Self.set(SettingName.keys(name)[...], to: value, in: &self)
    }

    private static func set(_ keys: ArraySlice<String>, to value: JSONValue?, in container: inout JSONValue) {
        guard let key = keys.first else {
            container = value ?? .null
            return
        }
        if case .array(var items) = container, let index = Int(key), index >= 0, index <= items.count {
            container = .null  // so that `items` is the only reference, and changes in place
            if keys.count > 1 {
                var item = index < items.count ? items[index] : .null
                set(keys.dropFirst(), to: value, in: &item)
                if index < items.count { items[index] = item } else { items.append(item) }
            } else if let value {
                if index < items.count { items[index] = value } else { items.append(value) }
            } else if index < items.count {
                items.remove(at: index)
            }
            container = .array(items)
            return
        }
        var members: [String: JSONValue] = [:]
        if case .object(let existing) = container { members = existing }
        container = .null  // so that `members` is the only reference, and changes in place
        if keys.count > 1 {
            var member = members.removeValue(forKey: key) ?? .null
            set(keys.dropFirst(), to: value, in: &member)
            members[key] = member
        } else {
            members[key] = value
        }
        container = .object(members)
    }
}
