/// Lists in `segue edit`'s screens: a list of strings typed on its row as `a, b, c`; any other
/// list a screen of its items (added, opened, moved with `K`/`J`, removed with `d`), each item
/// named on its row by its members, a new one holding the defaults of its required members.
extension SchemaForm {
    /// A list of strings typed as `a, b, c`, its items checked by their `pattern`.
    static func listInput(_ members: [String: JSONValue], items: SchemaNode) -> JSONValue {
        var members = members
        members["cell"] = "input"
        members["kind"] = "list"
        members["placeholder"] = "items, separated by commas"
        if let pattern = items.text("pattern") {
            members["pattern"] = .string(unanchored(pattern))
            members["invalid"] = literal("expected items matching \(pattern)")
        }
        return .object(members)
    }

    /// A value of any type (the schema gives none, or several), typed as JSON: `8080`, `true`,
    /// `{"a": 1}`, or text.
    static func valueInput(_ members: [String: JSONValue], types: [String]) -> JSONValue {
        var members = members
        members["cell"] = "input"
        members["kind"] = "json"
        members["placeholder"] = "a value, as JSON or text"
        // The preview says which shapes the value may take.
        let shapes = types.isEmpty ? "a value of any type" : types.joined(separator: " or ")
        let said = "Takes \(shapes), typed as JSON ({\"key\": 1}, [\"a\"], true), or text as it is."
        // The description there is a template already (its `{{` escaped): only the words are added.
        let before = members["preview"]?.member("text")?.stringValue.map { $0 + "\n\n" } ?? ""
        members["preview"] = .object(["text": .string(before + said), "wrap": .bool(true)])
        return .object(members)
    }

    /// The row of a list: a list of strings is typed as `a, b, c`; a list of anything else opens a
    /// screen of its items, where they are added, edited, moved and removed.
    static func listRow(_ node: SchemaNode, title: String, members: [String: JSONValue], place: SchemaPlace, loop: Bool,
                                way: Way, into screens: inout Registry) -> JSONValue {
        let itemsValue = node.members["items"] ?? .null
        let items: SchemaNode
        do {
            items = try SchemaNode(itemsValue, in: node.document, at: node.pointer(of: "items"))
        } catch {
            return readOnly(title: title, reason: "its items: " + error.reason, place: place)
        }
        if items.types == ["string"], items.choices == nil { return listInput(members, items: items) }
        // Items of any kind are edited as their values are: objects of no named properties as
        // screens of their keys, values of no type or several typed as JSON.
        if let choices = items.choices, !choices.values.allSatisfy({ !$0.isContainer }) {
            return readOnly(title: title, reason: "a list of \(itemsDescription(node)): edit it in the file", place: place)
        }
        // Inside a list's own row, the list's place names the row's item by `loop`, which the
        // list screen's rows cannot see: the screen gets the position by its data instead.
        guard let keyPath = place.keyPath else {
            return readOnly(title: title, reason: "its key cannot be written in a template: edit it in the file", place: place)
        }
        guard !way.repeats(items) else { return readOnly(title: title, reason: repeatsReason, place: place) }
        let screen = screens.name(.list(items: items, itemsValue: itemsValue, list: node, place: place, keyPath: keyPath, title: title,
                                        way: way.entering(items)), at: place)
        // A count reads the list by its key path, which must not hold a position's placeholder.
        let detail = place.depth == 0 ? "list of {{count(\(keyPath)) | 0}}" : "list"
        var row: [String: JSONValue] = ["title": .string(title), "detail": .string(detail),
                                        "segue": segue(to: screen, from: place, loop: loop), "settingsUnder": .string(place.pointer(loop: loop))]
        row["preview"] = members["preview"]
        return .object(row)
    }

    /// The screen of a list's items: one row per item (an object's opens its own screen; a
    /// value is edited on its row), each with keys to move it (`K`, `J`) and remove it (`d`), and
    /// a last row that adds one.
    static func listScreen(_ items: SchemaNode, itemsValue: JSONValue, list: SchemaNode, place: SchemaPlace, keyPath: String,
                           title: String, way: Way, into screens: inout Registry) -> JSONValue {
        let item = place.item()
        let listPointer = place.pointer()
        let itemPointer = item.pointer(loop: true)
        var template: [String: JSONValue]
        let fresh: JSONValue
        if !items.object.properties.isEmpty {
            let object = items.object
            // The list entered the items' schema already: its screen is the same schema.
            var itemScreen = screens.name(.object(object, place: item, title: "{{heading}}", way: way), at: item)
            // Items of shapes told apart by a member's value open the screen of their shape.
            if let (key, shapes) = object.branches {
                let family = String(itemScreen.dropLast(".json".count)) + "~"
                for (value, shape) in shapes {
                    screens.name(.object(shape, place: item, title: "{{heading}}", way: way), exactly: family + value + ".json")
                }
                screens.fallbacks[family] = itemScreen
                itemScreen = family + "{{item.\(key) | none}}.json"
            }
            let (summary, more) = summaryKeys(of: object, order: way.order)
            let shown = summary.map { "{{either(item.\($0), '(no \($0))')}}" } ?? "item {{loop.number}}"
            template = ["title": .string("{{loop.number}}. " + shown), "settingsUnder": .string(itemPointer),
                        "segue": segue(to: itemScreen, from: item, loop: true, extra: ["heading": .string("{{loop.number}}. " + shown)])]
            // The first of the others that the item sets (an unset one is no warning).
            if !more.isEmpty { template["detail"] = .string("{{either(" + more.map { "item." + $0 }.joined(separator: ", ") + ", '')}}") }
            fresh = .object(defaults(of: object))
        } else {
            template = row(for: itemsValue, at: list.pointer(of: "items"), key: "item", place: item, required: false, node: list,
                           way: way, loop: true, title: "{{loop.number}}.", into: &screens).objectMembers ?? [:]
            fresh = freshValue(itemsValue, in: list.document)
        }
        // The value is bound as the row is: a default's `{{` stays text.
        let add: JSONValue = .object(["type": "append", "setting": .string(listPointer), "value": literalStrings(fresh)])
        // K and J move as vi's keys do, d deletes, a adds; a key the user's keymap took gives way
        // to the next that is free, else the action is in the row's menu (Tab) alone.
        var taken = screens.takenKeys
        template["actions"] = .array([
            listAction("Move up", keys: "KU", .object(["type": "move", "setting": .string(itemPointer), "by": .number("-1")]), taken: &taken),
            listAction("Move down", keys: "JN", .object(["type": "move", "setting": .string(itemPointer), "by": .number("1")]), taken: &taken),
            listAction("Remove", keys: "dxD", .object(["type": "remove", "setting": .string(itemPointer), "confirm": "Remove item {{loop.number}}?"]),
                       taken: &taken),
            listAction("Add an item", keys: "aA+", add, taken: &taken),
        ])
        var section: [String: JSONValue] = ["forEach": .string(keyPath), "as": "item", "row": .object(template),
                                            "rows": .array([])]
        if let description = list.text("description") { section["header"] = literal(firstLine(description)) }
        let adding: JSONValue = .object(["title": "+ Add an item", "action": add])
        return .object([
            "title": .string(title),
            "sections": .array([.object(section), .object(["rows": .array([adding])])]),
        ])
    }

    /// The properties an item's row shows: its name (a required text member, else one named like
    /// a name, else the first text member in the schema's order), and the next ones, the first
    /// of which the item sets shows beside it.
    static func summaryKeys(of object: SchemaNode, order: JSONKeyOrder) -> (String?, [String]) {
        let required = object.members["required"]?.arrayValue?.compactMap(\.stringValue) ?? []
        let properties = object.properties
        func isText(_ key: String) -> Bool {
            guard SchemaPlace.isSpellable(key), let value = properties[key], let node = try? SchemaNode(value, in: object.document) else { return false }
            return node.types == ["string"] || (node.choices?.values.allSatisfy { $0.stringValue != nil } ?? false)
        }
        let named = ["name", "title", "id", "key", "label"].filter(isText)
        let written = object.orderedProperties(order).map(\.key)
        let texts = (required.filter(isText) + named + written.filter(isText)).reduce(into: [String]()) {
            if !$0.contains($1) { $0.append($1) }
        }
        return (texts.first, Array(texts.dropFirst().prefix(4)))
    }

    /// A new item of a list of objects: the defaults the schema gives its required properties
    /// (the others' defaults are what leaving them unset means, and stay out of the file).
    static func defaults(of object: SchemaNode) -> [String: JSONValue] {
        let required = Set(object.members["required"]?.arrayValue?.compactMap(\.stringValue) ?? [])
        var values: [String: JSONValue] = [:]
        for (key, value) in object.properties where required.contains(key) {
            if let fallback = (try? SchemaNode(value, in: object.document))?.members["default"] { values[key] = fallback }
        }
        return values
    }

    /// What a list holds, in a few words: `objects`, `numbers`, `values of any kind`.
    static func itemsDescription(_ node: SchemaNode) -> String {
        guard let items = try? SchemaNode(node.members["items"] ?? .null, in: node.document) else { return "values of any kind" }
        if items.choices != nil { return "choices" }
        switch items.types {
        case ["object"]: return "objects"
        case ["array"]: return "lists"
        case ["number"], ["integer"]: return "numbers"
        case ["boolean"]: return "booleans"
        default: return "values of any kind"
        }
    }
}
