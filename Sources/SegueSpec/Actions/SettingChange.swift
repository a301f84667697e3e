/// The actions that change a setting holding a list, or take a setting away: what the list
/// screens `segue edit` makes do to their items, and what any spec can do to a list of its own
/// (`"forEach": "settings.servers"` shows it, and follows each change).
///
/// ```json
/// { "type": "append", "setting": "/servers", "value": { "host": "new" } }
/// { "type": "remove", "setting": "/servers/{{loop.index}}" }
/// { "type": "move", "setting": "/servers/{{loop.index}}", "by": -1 }
/// ```
///
/// `setting` is a template (a generated row names its own item with `{{loop.index}}`); a change
/// is saved as a toggle's is, the list written whole.
public enum SettingChange: Equatable, Sendable {
    /// Adds `value` at the end of the list (made when the setting is unset).
    case append(setting: String, value: JSONValue)
    /// Takes the setting away: an item of a list (those after it move up), a member of an
    /// object, or a top-level setting.
    case remove(setting: String)
    /// Moves an item of a list `by` places (-1: up), stopping at either end.
    case move(setting: String, by: Int)

    /// The action types that make one.
    package static let types: Set<String> = ["append", "remove", "move"]

    /// The setting it changes, as written.
    public var setting: String {
        switch self {
        case .append(let setting, _), .remove(let setting), .move(let setting, _): return setting
        }
    }

    /// Read from an action's members (its `type` one of `types`); a problem names the path.
    package static func decode(_ members: [String: JSONValue], type: String, path: String) -> Result<SettingChange, ShapeProblem> {
        guard let setting = members["setting"]?.stringValue, !setting.isEmpty else {
            return .failure(.expected("the \"setting\" to change (a name, or a JSON Pointer such as \"/servers/0\")",
                                      found: members["setting"], at: path + ".setting"))
        }
        switch type {
        case "append":
            guard let value = members["value"] else {
                return .failure(.expected("the \"value\" to add to the list", found: nil, at: path + ".value"))
            }
            return .success(.append(setting: setting, value: value))
        case "move":
            guard let by = members["by"]?.doubleValue, by == by.rounded(), by != 0, abs(by) <= 1_000_000 else {
                return .failure(.expected("\"by\": a whole number of places other than 0 (-1: up, 1: down)",
                                          found: members["by"], at: path + ".by"))
            }
            return .success(.move(setting: setting, by: Int(by)))
        default:
            return .success(.remove(setting: setting))
        }
    }

    /// Its members as a spec writes them.
    package var members: [String: JSONValue] {
        switch self {
        case .append(let setting, let value): return ["type": "append", "setting": .string(setting), "value": value]
        case .remove(let setting): return ["type": "remove", "setting": .string(setting)]
        case .move(let setting, let by): return ["type": "move", "setting": .string(setting), "by": .number(String(by))]
        }
    }

    package var hasPlaceholders: Bool {
        if Template.mightHavePlaceholders(setting) { return true }
        if case .append(_, let value) = self { return value.allStrings.contains("{{") }
        return false
    }

    /// The action menu's words for it.
    package var label: (hint: String, title: String) {
        switch self {
        case .append: return ("add", "Add an item")
        case .remove: return ("remove", "Remove")
        case .move(_, let by): return by < 0 ? ("up", "Move up") : ("down", "Move down")
        }
    }

    /// The setting to set and its new value (`nil`: taken away), from `settings`; or why it
    /// cannot be done. Removing or moving an item sets the whole list, so every row showing it
    /// follows.
    package func outcome(in settings: Settings) -> Outcome {
        switch self {
        case .append(let name, let value):
            switch settings.value(for: name) {
            case nil, .null?: return .set((name, .array([value])))
            case .array(let items)?: return .set((name, .array(items + [value])))
            case let other?: return .refused(.error("cannot add to \(Self.spelled(name)): it holds \(other.summary), not a list"))
            }
        case .remove(let name):
            guard settings.value(for: name) != nil else { return .refused(StatusMessage("\(Self.spelled(name)) is not set")) }
            // An item of a list is taken out by setting the list whole, so that a screen holding
            // its changes holds (and puts back) the list, not an index that now names another item.
            if let (list, remaining) = Settings.listWithout(name, in: settings.values) { return .set((list, .array(remaining))) }
            return .set((name, nil))
        case .move(let name, let by):
            guard let (list, items, index) = Settings.listItem(name, in: settings.values) else {
                return .refused(.error("cannot move \(Self.spelled(name)): it is not an item of a list"))
            }
            let target = min(max(index + by, 0), items.count - 1)
            guard target != index else { return .refused(StatusMessage(by < 0 ? "already the first" : "already the last")) }
            var moved = items
            moved.insert(moved.remove(at: index), at: target)
            return .set((list, .array(moved)), shift: target - index)
        }
    }

    package enum Outcome {
        /// Set `name` to `value` (`nil`: take it away); an item moved went `shift` places.
        case set((name: String, value: JSONValue?), shift: Int = 0)
        /// Nothing to do, and why.
        case refused(StatusMessage)
    }

    private static func spelled(_ name: String) -> String {
        "settings." + SettingName.keys(name).joined(separator: ".")
    }
}
