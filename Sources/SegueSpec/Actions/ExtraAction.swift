/// One of a row's extra actions (`"actions"`): a key that runs it on the selected row, a title
/// for the action menu (Tab) and the hint line, and what it does, bound as the row's own action is.
package struct ExtraAction: Equatable, Sendable {
    /// A character, or a key that types nothing (`ctrl-y`, `alt-e`, `f5`): those also work while
    /// the find line is open, as a picker's actions do.
    package var key: Key?
    package var title: String
    package var action: RowAction

    package init(key: Key? = nil, title: String, action: RowAction) {
        self.key = key
        self.title = title
        self.action = action
    }
}

extension ExtraAction {
    /// A row's `"actions"`, checked: an array of `{"key": "e", "title": "Edit", "action": …}`
    /// (`key` optional). `names` are the registered handlers a named action may use.
    package static func decodeList(_ value: JSONValue, path: String, names: Set<String>) -> Result<[ExtraAction], ShapeProblem> {
        guard case .array(let elements) = value else {
            return value == .null ? .success([]) : .failure(.expected("an array of actions", found: value, at: path))
        }
        var actions: [ExtraAction] = []
        for (index, element) in elements.enumerated() {
            let at = "\(path)[\(index)]"
            guard case .object(let members) = element else { return .failure(.expected("an object", found: element, at: at)) }
            for key in members.keys.sorted() where !["key", "title", "action"].contains(key) {
                return .failure(ShapeProblem(path: at + "." + key, message: "expected \"key\", \"title\" or \"action\", found \(JSONValue.string(key).summary)"))
            }
            var shortcut: Key?
            if let key = members["key"], key != .null {
                guard let name = key.stringValue, let parsed = Self.key(named: name) else {
                    return .failure(.expected("a single character, or ctrl-X, alt-X or F1…F12", found: key, at: at + ".key"))
                }
                // A terminal sends these as the bytes of Tab and Enter: they never arrive as themselves.
                if let same = [Key.ctrl("i"): "Tab", .ctrl("j"): "Enter", .ctrl("m"): "Enter"][parsed] {
                    return .failure(ShapeProblem(path: at + ".key", message: "\(parsed.label) reaches Segue as \(same); pick another key"))
                }
                shortcut = parsed
            }
            guard let title = members["title"]?.stringValue, !title.isEmpty else {
                return .failure(.expected("a title", found: members["title"], at: at + ".title"))
            }
            guard let actionValue = members["action"] else { return .failure(ShapeProblem(path: at + ".action", message: "expected an action")) }
            switch RowAction.decode(actionValue, path: at + ".action", names: names) {
            case .success(let action): actions.append(ExtraAction(key: shortcut, title: title, action: action))
            case .failure(let problem): return .failure(problem)
            }
        }
        return .success(actions)
    }

    /// The extra actions of a bound row (its spec was checked when it loaded; what does not read
    /// as an action is left out).
    package static func of(_ row: Row) -> [ExtraAction] {
        guard case .array(let elements)? = row.extras["actions"] else { return [] }
        return elements.compactMap { element in
            guard let title = element.member("title")?.stringValue, let value = element.member("action"),
                  let action = RowAction(value) else { return nil }
            let key = element.member("key")?.stringValue.flatMap(Self.key(named:))
            return ExtraAction(key: key, title: title, action: action)
        }
    }

    /// The keys no row's action may take: Ctrl-C, the last way out. Any other wins over the find
    /// line's and the screen's use of it, as fzf's `--bind` does.
    package static let keptKeys: Set<Key> = [Keymap.lastWayOut]

    /// The key an action's `"key"` names: one character, `ctrl-` and a letter, `alt-` and a
    /// character, or `f1`…`f12`.
    package static func key(named name: String) -> Key? {
        switch Key(name: name) {
        case let key? where name.count == 1: return key
        case let key?:
            switch key {
            case .ctrl, .alt, .function: return key
            default: return nil
            }
        case nil: return nil
        }
    }
}
