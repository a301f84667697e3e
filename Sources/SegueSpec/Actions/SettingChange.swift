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
/// { "type": "reshape", "setting": "/runs-on", "shapes": ["", [], {}] }
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
    /// Gives the value the next of `shapes` (a value of each shape it may take, in order: text,
    /// a list, an object), after the one it has: kept where it can be (`"a"` becomes `["a"]`,
    /// a list of one value that value), else that shape's value. One that drops a value asks
    /// first, unless `drops` (asked already).
    case reshape(setting: String, shapes: [JSONValue], drops: Bool = false)

    /// The action types that make one.
    package static let types: Set<String> = ["append", "remove", "move", "add", "rename", "reshape"]

    /// The setting it changes, as written.
    public var setting: String {
        switch self {
        case .append(let setting, _), .remove(let setting), .move(let setting, _), .add(let setting, _), .rename(let setting, _),
             .reshape(let setting, _, _):
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
        case "reshape":
            guard case .array(let shapes)? = members["shapes"], shapes.count > 1 else {
                return .failure(.expected("\"shapes\": a value of each shape the setting takes, at least two ([\"\", []])",
                                          found: members["shapes"], at: path + ".shapes"))
            }
            let drops = members["drops"] ?? .bool(false)
            guard case .bool(let dropping) = drops else {
                return .failure(.expected("\"drops\": true or false", found: drops, at: path + ".drops"))
            }
            return .success(.reshape(setting: setting, shapes: shapes, drops: dropping))
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
        case .reshape(let setting, let shapes, let drops):
            return ["type": "reshape", "setting": .string(setting), "shapes": .array(shapes)].merging(drops ? ["drops": true] : [:]) { a, _ in a }
        }
    }

    package var hasPlaceholders: Bool {
        if Template.mightHavePlaceholders(setting) { return true }
        switch self {
        case .append(_, let value), .add(_, let value): return value.allStrings.contains("{{")
        case .reshape(_, let shapes, _): return shapes.contains { $0.allStrings.contains("{{") }
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
        case .reshape: return ("shape", "Change shape")
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
        case .reshape(let name, let shapes, let drops):
            let value = settings.value(for: name)
            let (next, kept) = Self.reshaped(value, shapes: shapes)
            guard kept || drops || !Self.holdsSomething(value) else {
                let question = "\(Self.lastKey(name)) holds \(Self.described(value)): drop it to make it \(Self.shapeName(next))?"
                return .asks(question, then: .reshape(setting: name, shapes: shapes, drops: true))
            }
            return .set((name, next))
        }
    }

    /// The shape after `value`'s among `shapes` (unset counts as the first), and whether
    /// `value` is kept in it.
    static func reshaped(_ value: JSONValue?, shapes: [JSONValue]) -> (JSONValue, kept: Bool) {
        let current = value.flatMap { value in shapes.firstIndex { Self.sameShape($0, value) } } ?? 0
        let next = shapes[(current + 1) % shapes.count]
        switch (value, next) {
        case (let scalar?, .array) where !isContainer(scalar) && scalar != .null && scalar != .string(""):
            return (.array([scalar]), true)
        case (.array(let items)?, let scalar) where items.count == 1 && !isContainer(scalar) && sameScalarType(items[0], scalar):
            return (items[0], true)
        default:
            return (next, false)
        }
    }

    private static func isContainer(_ value: JSONValue) -> Bool {
        switch value {
        case .array, .object: return true
        default: return false
        }
    }

    private static func sameScalarType(_ a: JSONValue, _ b: JSONValue) -> Bool {
        switch (a, b) {
        case (.string, .string), (.number, .number), (.bool, .bool): return true
        default: return false
        }
    }

    private static func sameShape(_ a: JSONValue, _ b: JSONValue) -> Bool {
        switch (a, b) {
        case (.array, .array), (.object, .object): return true
        case (.array, _), (.object, _), (_, .array), (_, .object): return false
        default: return true
        }
    }

    /// Whether dropping it loses something: not unset, `null`, `""`, `[]` nor `{}`.
    private static func holdsSomething(_ value: JSONValue?) -> Bool {
        switch value {
        case nil, .null?, .string("")?: return false
        case .array(let items)?: return !items.isEmpty
        case .object(let members)?: return !members.isEmpty
        default: return true
        }
    }

    /// What a value dropped is, in a question: the value when short, else its size.
    private static func described(_ value: JSONValue?) -> String {
        guard let value else { return "nothing" }
        let written = value.compactJSON
        if written.count <= 30 { return written }
        switch value {
        case .array(let items): return "a list of \(items.count)"
        case .object(let members): return "\(members.count) key\(members.count == 1 ? "" : "s")"
        default: return value.summary
        }
    }

    /// What a shape is called in a question.
    static func shapeName(_ value: JSONValue) -> String {
        switch value {
        case .array: return "a list"
        case .object: return "an object"
        case .bool: return "true or false"
        case .number: return "a number"
        default: return "text"
        }
    }

    package enum Outcome {
        /// Set `name` to `value` (`nil`: take it away); an item moved went `shift` places.
        case set((name: String, value: JSONValue?), shift: Int = 0)
        /// Take `from` away and set `to` to `value`.
        case renamed(from: String, to: String, value: JSONValue)
        /// Nothing done yet: `question` is asked first, and yes makes `then`.
        case asks(String, then: SettingChange)
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
