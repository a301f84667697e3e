/// The named values `toggle` and `choice` rows change, as templates see them under `settings.*`.
///
/// A plain value: `SettingsFile` loads and saves it. It remembers which names the app set, so a
/// save can merge them into whatever the file holds by then instead of replacing it wholesale.
public struct Settings: Equatable, Sendable {
    /// The settings as a JSON object, including keys the app does not know.
    public private(set) var values: JSONValue
    /// The file they are saved to; `nil` keeps them for this session only.
    public let path: String?
    /// Why they could not be read, when they could not.
    public private(set) var problem: SettingsProblem?
    /// The names `set` changed since loading: these win over the file when saving.
    public private(set) var changedNames: Set<String> = []
    /// This save may write the file anew even where that loses what a patch would keep (a YAML
    /// file's comments and anchors): the user said yes to it, for this save alone.
    package var rewritesWhole = false

    /// Settings as loaded from `path`; a `values` that is not an object counts as empty.
    public init(path: String?, values: JSONValue = .object([:]), problem: SettingsProblem? = nil) {
        if case .object = values {
            self.values = values
        } else {
            self.values = .object([:])
        }
        self.path = path
        self.problem = problem
    }

    /// The value named `name` (a top-level key, dots and all, or a JSON Pointer: `SettingName`),
    /// or `nil` when it is not set.
    public func value(for name: String) -> JSONValue? {
        values.setting(name)
    }

    /// Whether the setting is `true`; anything but the JSON literal `true` reads as off.
    public func bool(_ name: String) -> Bool {
        value(for: name) == .bool(true)
    }

    /// The setting when it is a string.
    public func string(_ name: String) -> String? {
        value(for: name)?.stringValue
    }

    /// Sets one value in memory (`nil` takes it away), keeping every other key. A `held` value (a
    /// screen that saves on `save`) shows everywhere but is not written by any save until
    /// `release`d.
    public mutating func set(_ name: String, to value: JSONValue?, held: Bool = false) {
        // An item taken out of a list moves those after it: the list is what changed.
        if value == nil, let (list, remaining) = Self.listWithout(name, in: values) {
            return set(list, to: .array(remaining), held: held)
        }
        values.setSetting(name, to: value)
        // A value set whole holds what was changed inside it: saving those again would write
        // them at places that may no longer be theirs (an item removed from a list).
        if name.hasPrefix("/") {
            let inside = name + "/"
            changedNames = changedNames.filter { !$0.hasPrefix(inside) }
        }
        if held {
            // Written already if it was changed before: the file has that value, not this one.
            heldNames.insert(name)
            changedNames.remove(name)
        } else {
            heldNames.remove(name)
            changedNames.insert(name)
        }
    }

    /// Removes a value, as a change: a save takes the key out of the file (`segue edit`'s emptied
    /// input, where a JSON `null` would be a value of the wrong type).
    package mutating func remove(_ name: String) {
        // Nothing to take away is no change (and makes no objects on the way to it).
        guard value(for: name) != nil else { return }
        if let (list, remaining) = Self.listWithout(name, in: values) { return set(list, to: .array(remaining)) }
        values.setSetting(name, to: nil)
        heldNames.remove(name)
        changedNames.insert(name)
    }

    /// When `name` is a pointer to an item of a list: the list's name and its items without it.
    package static func listWithout(_ name: String, in values: JSONValue) -> (String, [JSONValue])? {
        guard let item = listItem(name, in: values) else { return nil }
        var items = item.items
        items.remove(at: item.index)
        return (item.list, items)
    }

    /// When `name` is a pointer to an item of a list that is set (`/servers/2`): the list's name,
    /// its items and the item's place.
    package static func listItem(_ name: String, in values: JSONValue) -> (list: String, items: [JSONValue], index: Int)? {
        guard name.hasPrefix("/") else { return nil }
        var keys = SettingName.keys(name)
        guard let last = keys.popLast(), !keys.isEmpty, let index = Int(last), index >= 0 else { return nil }
        let list = SettingName.pointer(keys)
        guard case .array(let items)? = values.setting(list), index < items.count else { return nil }
        return (list, items, index)
    }

    /// Sets a value the file changed at without this session setting it (an alias following its
    /// YAML anchor): shown as the file holds it, not a change of this session's to save.
    package mutating func follow(_ pointer: String, to value: JSONValue?) {
        values.setSetting(pointer, to: value)
    }

    /// Names set but held back from saves.
    public private(set) var heldNames: Set<String> = []

    /// Lets held values be saved: they count as changed from now on.
    public mutating func release(_ names: some Sequence<String>) {
        for name in names where heldNames.remove(name) != nil { changedNames.insert(name) }
    }

    /// Puts a value back as it was before this session changed it (`nil`: absent), and forgets
    /// the change, so a save leaves the file's own value for it alone.
    public mutating func restore(_ name: String, to value: JSONValue?) {
        values.setSetting(name, to: value)
        changedNames.remove(name)
        heldNames.remove(name)
    }

    /// The settings as `file` holds them now (read again: a command may have changed them), with
    /// this session's held values still over them, unsaved; a file that could not be read
    /// changes nothing, and says why.
    public func readAgain(as file: Settings) -> Settings {
        guard file.problem == nil else {
            var kept = self
            kept.problem = file.problem
            return kept
        }
        var updated = Settings(path: path, values: file.values)
        for name in heldNames.sorted() { updated.set(name, to: value(for: name) ?? .null, held: true) }
        return updated
    }

    /// Whether a save may write the file: never without a path, and never over a file that could
    /// not be read, since its contents would be lost.
    public var isWritable: Bool {
        guard path != nil else { return false }
        if case .corrupt = problem { return false }
        return true
    }
}
