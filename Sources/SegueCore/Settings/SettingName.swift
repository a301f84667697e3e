/// How a setting's name finds its value in the settings object.
///
/// A name is one top-level key as written (`"darkMode"`, and `"editor.font"` too: a key with a
/// dot), or, when it starts with `/`, a JSON Pointer (RFC 6901) into nested objects and arrays:
/// `/editor/font` is `font` in the object `editor`, `/paths/0` the first item of `paths`, `~1`
/// and `~0` standing for `/` and `~` in a key. `segue edit` binds a schema's nested properties
/// with pointers; templates read the same values as `settings.editor.font`.
package enum SettingName {
    /// The keys a pointer name goes through; a plain name is one key.
    static func keys(_ name: String) -> [String] {
        guard name.hasPrefix("/") else { return [name] }
        return name.dropFirst().split(separator: "/", omittingEmptySubsequences: false).map {
            String($0).replacing("~1", with: "/").replacing("~0", with: "~")
        }
    }

    /// The pointer to `keys` (`["editor", "font"]` → `/editor/font`).
    package static func pointer(_ keys: [String]) -> String {
        keys.map { "/" + $0.replacing("~", with: "~0").replacing("/", with: "~1") }.joined()
    }

    /// The top-level key a setting lives under: what a save changes in the file.
    package static func topLevelKey(_ name: String) -> String {
        keys(name)[0]
    }
}

extension JSONValue {
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
    /// replaces it with an object.
    package mutating func setSetting(_ name: String, to value: JSONValue?) {
        self = Self.setting(SettingName.keys(name)[...], to: value, in: self)
    }

    private static func setting(_ keys: ArraySlice<String>, to value: JSONValue?, in container: JSONValue) -> JSONValue {
        guard let key = keys.first else { return value ?? .null }
        if case .array(var items) = container, let index = Int(key), index >= 0, index <= items.count {
            guard let value = keys.count > 1 ? setting(keys.dropFirst(), to: value, in: index < items.count ? items[index] : .null) : value else {
                if index < items.count { items.remove(at: index) }
                return .array(items)
            }
            if index < items.count { items[index] = value } else { items.append(value) }
            return .array(items)
        }
        var members: [String: JSONValue] = [:]
        if case .object(let existing) = container { members = existing }
        if keys.count > 1 {
            members[key] = setting(keys.dropFirst(), to: value, in: members[key] ?? .null)
        } else {
            members[key] = value
        }
        return .object(members)
    }
}
