/// The actions that change a setting holding a list, or take a setting away: what the list
/// screens `segue edit` makes do to their items, and what any spec can do to a list of its own
/// (`"forEach": "settings.servers"` shows it, and follows each change).
///
/// ```json
/// { "type": "append", "setting": "/servers", "value": { "host": "new" } }
/// { "type": "remove", "setting": "/servers/{{loop.index}}" }
/// { "type": "move", "setting": "/servers/{{loop.index}}", "by": -1 }
/// { "type": "add", "setting": "/env/{{pointerKey(input)}}", "value": "" }
/// { "type": "rename", "setting": "/env/{{pointerKey(item.key)}}", "to": "{{input}}" }
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
    /// Sets `value` where nothing is set yet (a new member of a map); refused when it is set, so
    /// a name given twice never overwrites what the first holds.
    case add(setting: String, value: JSONValue)
    /// Gives a member of an object the key `to` (as written, not a pointer), its value kept;
    /// refused when the object has that key already.
    case rename(setting: String, to: String)

    /// The action types that make one.
    package static let types: Set<String> = ["append", "remove", "move", "add", "rename"]

    /// The setting it changes, as written.
    public var setting: String {
        switch self {
        case .append(let setting, _), .remove(let setting), .move(let setting, _), .add(let setting, _), .rename(let setting, _):
            return setting
        }
    }

    /// Read from an action's members (its `type` one of `types`); a problem names the path.
    package static func decode(_ members: [String: JSONValue], type: String, path: String) -> Result<SettingChange, ShapeProblem> {
        guard let setting = members["setting"]?.stringValue, !setting.isEmpty else {
            return .failure(.expected("the \"setting\" to change (a name, or a JSON Pointer such as \"/servers/0\")",
                                      found: members["setting"], at: path + ".setting"))
        }
        switch type {
        case "append", "add":
            guard let value = members["value"] else {
                return .failure(.expected(type == "add" ? "the \"value\" to set" : "the \"value\" to add to the list", found: nil, at: path + ".value"))
            }
            return .success(type == "add" ? .add(setting: setting, value: value) : .append(setting: setting, value: value))
        case "rename":
            guard setting.hasPrefix("/") else {
                return .failure(.expected("a JSON Pointer to a member (\"/env/HOME\")", found: members["setting"], at: path + ".setting"))
            }
            guard let to = members["to"]?.stringValue else {
                return .failure(.expected("the key \"to\" give the member", found: members["to"], at: path + ".to"))
            }
            return .success(.rename(setting: setting, to: to))
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
        case .add(let setting, let value): return ["type": "add", "setting": .string(setting), "value": value]
        case .rename(let setting, let to): return ["type": "rename", "setting": .string(setting), "to": .string(to)]
        }
    }

    package var hasPlaceholders: Bool {
        if Template.mightHavePlaceholders(setting) { return true }
        switch self {
        case .append(_, let value), .add(_, let value): return value.allStrings.contains("{{")
        case .rename(_, let to): return Template.mightHavePlaceholders(to)
        default: return false
        }
    }

    /// The action menu's words for it.
    package var label: (hint: String, title: String) {
        switch self {
        case .append: return ("add", "Add an item")
        case .add: return ("add", "Add")
        case .rename: return ("rename", "Rename")
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
        case .add(let name, let value):
            guard settings.value(for: name) == nil else { return .refused(.error("\(Self.lastKey(name)) is there already")) }
            return .set((name, value))
        case .rename(let name, let to):
            var keys = SettingName.keys(name)
            guard let from = keys.popLast(), case .object(let members)? = settings.value(for: SettingName.pointer(keys)),
                  let value = members[from] else {
                return .refused(StatusMessage("\(Self.spelled(name)) is not set"))
            }
            guard !to.isEmpty else { return .refused(.error("a key cannot be empty")) }
            guard to != from else { return .refused(StatusMessage("already \(to)")) }
            guard members[to] == nil else { return .refused(.error("\(to) is there already")) }
            return .renamed(from: name, to: SettingName.pointer(keys + [to]), value: value)
        }
    }

    package enum Outcome {
        /// Set `name` to `value` (`nil`: take it away); an item moved went `shift` places.
        case set((name: String, value: JSONValue?), shift: Int = 0)
        /// Take `from` away and set `to` to `value`.
        case renamed(from: String, to: String, value: JSONValue)
        /// Nothing to do, and why.
        case refused(StatusMessage)
    }

    private static func lastKey(_ name: String) -> String {
        SettingName.keys(name).last ?? name
    }

    private static func spelled(_ name: String) -> String {
        "settings." + SettingName.keys(name).joined(separator: ".")
    }
}
