/// Settings screens made from a JSON Schema, for `segue edit FILE --schema SCHEMA`: pure, a
/// schema in and specs out, which the app runs as any spec, their rows bound to FILE's values.
///
/// Each object is a screen of its properties, in the order the schema writes them (`order`: a
/// `JSONValue` forgets it): a boolean is a
/// `toggle`, a list of values (`enum`, `const`, a `oneOf` of consts) a `choice`, a number or an
/// integer a number `input` with its `minimum`/`maximum`, a string an `input` with its `pattern`
/// (or `minLength`/`maxLength`), a list of strings a `"list"` input; `title` names the row,
/// `description` (and `default`, `format`, whether it is required) is its preview; a nested
/// object is a row that opens its own screen.
/// What it cannot edit (other lists, a value of several types, a `$ref` outside the schema) is a
/// read-only row that shows the value and says why, never left out. Rows are bound by JSON
/// Pointer (`/editor/font`: `SettingName`), so nested values are read and saved in place.
package enum SchemaForm {
    /// One generated screen: the name segues use for it, and its spec.
    package struct Screen: Equatable, Sendable {
        package var name: String
        package var spec: JSONValue
    }

    /// The screens of `schema` (its root an object schema): the first is the top one. `order`
    /// is the key order of the schema's source (`JSONKeyOrder` of its bytes), which lists
    /// properties as written; without it they are in alphabetical order. `folder` is where their
    /// names live (`FOLDER/main.json`, `FOLDER/editor.json`…), and `title` the top screen's title
    /// (the file's name).
    package static func screens(schema: JSONValue, order: JSONKeyOrder = JSONKeyOrder(), folder: String, title: String) -> [Screen] {
        var screens: [Screen] = []
        let root = ((try? SchemaNode(schema, in: schema, at: "")) ?? SchemaNode(members: [:], document: schema)).object
        let way = Way(order: order)
        // The file's name, which says what is edited; the schema's title is the header when it has no description.
        _ = addScreen(root, keys: [], title: title, folder: folder, way: way.entering(root), into: &screens)
        return screens
    }

    /// What a screen being made knows of the screens above it.
    private struct Way {
        var order: JSONKeyOrder
        /// How many screens on the way here are each schema (by pointer).
        var opened: [String: Int] = [:]

        /// A schema may open a screen inside itself once (renovate's `major` is a whole config
        /// again, `$ref: "#"`), not twice: screens are made up front, and a `$ref` cycle would
        /// never end.
        func repeats(_ node: SchemaNode) -> Bool {
            node.sources.contains { opened[$0, default: 0] >= 2 }
        }

        func entering(_ node: SchemaNode) -> Way {
            var way = self
            for source in Set(node.sources) { way.opened[source, default: 0] += 1 }
            return way
        }
    }

    /// The screen of an object schema at `keys`, and those of the objects under it; its name.
    private static func addScreen(_ node: SchemaNode, keys: [String], title: String, folder: String, way: Way,
                                  into screens: inout [Screen]) -> String {
        let index = screens.count
        // Numbered, as keys may hold any character; the key is there for a person reading an error.
        let name = folder + "/" + (keys.last.map { "\(index)-" + String($0.map { $0.isLetter || $0.isNumber ? $0 : "_" }.prefix(40)) } ?? "main") + ".json"
        screens.append(Screen(name: name, spec: .null))
        let required = Set(node.members["required"]?.arrayValue?.compactMap(\.stringValue) ?? [])
        var rows: [JSONValue] = []
        for (key, value, pointer) in node.orderedProperties(way.order) {
            let path = keys + [key]
            rows.append(row(for: value, at: pointer, key: key, path: path, required: required.contains(key), node: node, folder: folder,
                            way: way, into: &screens))
        }
        if rows.isEmpty { rows.append(readOnly(title: "(nothing to edit)", reason: "the schema names no properties here")) }
        var spec: [String: JSONValue] = ["title": literal(title), "sections": .array([.object(["rows": .array(rows)])])]
        if let description = node.text("description") ?? (keys.isEmpty ? node.text("title") : nil) { spec["sections"] = .array([.object(["header": literal(firstLine(description)), "rows": .array(rows)])]) }
        screens[index].spec = .object(spec)
        return name
    }

    /// The row that edits the property `key` (at `path`) whose schema is `value`, written at
    /// `pointer` in the schema.
    private static func row(for value: JSONValue, at pointer: String?, key: String, path: [String], required: Bool,
                            node parent: SchemaNode, folder: String, way: Way, into screens: inout [Screen]) -> JSONValue {
        let setting = SettingName.pointer(path)
        let node: SchemaNode
        do {
            node = try SchemaNode(value, in: parent.document, at: pointer)
        } catch {
            return readOnly(title: key, reason: error.reason, setting: setting)
        }
        let title = node.text("title") ?? key
        var members: [String: JSONValue] = ["title": literal(title), "setting": .string(setting)]
        if let preview = preview(of: node, key: key, required: required) { members["preview"] = preview }
        if let (choices, other) = node.choices {
            guard choices.allSatisfy({ !$0.isContainer }) else {
                return readOnly(title: title, reason: "its choices are objects or arrays", setting: setting)
            }
            // Unset shows the first option: the default, which is what an unset value means.
            let first = node.members["default"].flatMap { choices.contains($0) ? $0 : nil }
            members["cell"] = "choice"
            members["options"] = .array(first.map { [$0] + choices.filter { $0 != first } } ?? choices)
            if other { members["other"] = .bool(true) }
            return .object(members)
        }
        switch node.types {
        case ["boolean"]:
            members["cell"] = "toggle"
            // Unset shows off: a default of true is said beside it.
            if node.members["default"] == .bool(true) { members["detail"] = "default: on" }
        case ["integer"], ["number"]:
            members["cell"] = "input"
            members["kind"] = "number"
            if let minimum = node.number("minimum") { members["min"] = .number(InputRules.text(minimum)) }
            if let maximum = node.number("maximum") { members["max"] = .number(InputRules.text(maximum)) }
            if node.types == ["integer"] {
                members["pattern"] = "-?[0-9]+"
                members["invalid"] = .string(rangeMessage("a whole number", node))
            }
            if let fallback = defaultText(node) { members["placeholder"] = literal("default: " + fallback) }
        case ["string"]:
            members["cell"] = "input"
            if let pattern = node.text("pattern") {
                members["pattern"] = .string(unanchored(pattern))
                members["invalid"] = literal("expected a value matching \(pattern)")
            } else if node.number("minLength") != nil || node.number("maxLength") != nil {
                let least = Int(node.number("minLength") ?? 0), most = node.number("maxLength").map { String(Int($0)) } ?? ""
                members["pattern"] = .string("(?s).{\(least),\(most)}")
                members["invalid"] = .string("expected \(most.isEmpty ? "at least \(least)" : "\(least) to \(most)") characters")
            }
            if node.members["default"]?.stringValue != nil, let fallback = defaultText(node) { members["placeholder"] = literal("default: " + fallback) }
        case ["object"]:
            guard !way.repeats(node) else {
                return readOnly(title: title, reason: "it repeats a screen above it: edit it in the file", setting: setting)
            }
            let count = node.object.properties.count
            guard count > 0 else {
                let named = node.members["additionalProperties"]?.isObject == true || node.members["patternProperties"] != nil
                return readOnly(title: title, reason: named ? "its keys are names of your own: edit it in the file"
                                                            : "the schema names none of its keys: edit it in the file", setting: setting)
            }
            let screen = addScreen(node.object, keys: path, title: title, folder: folder, way: way.entering(node), into: &screens)
            return .object(["title": literal(title), "detail": .string("\(count) setting\(count == 1 ? "" : "s")"),
                            "segue": .string(screen)].merging(members.filter { $0.key == "preview" }) { own, _ in own })
        case ["array"]:
            // A list of strings is typed as `a, b, c`; lists of anything else are left to the file.
            guard let items = try? SchemaNode(node.members["items"] ?? .null, in: node.document), items.types == ["string"], items.choices == nil else {
                return readOnly(title: title, reason: "a list of \(itemsDescription(node)): edit it in the file", setting: setting)
            }
            members["cell"] = "input"
            members["kind"] = "list"
            members["placeholder"] = "items, separated by commas"
            if let pattern = items.text("pattern") {
                members["pattern"] = .string(unanchored(pattern))
                members["invalid"] = literal("expected items matching \(pattern)")
            }
        case let types where Set(types) == ["array", "string"]:
            // One string or a list of them (renovate's `schedule`): a list input, which saves a list.
            guard let items = node.listItems, items.types == ["string"], items.choices?.other ?? true else {
                return readOnly(title: title, reason: "it may be \(types.joined(separator: " or ")): edit it in the file", setting: setting)
            }
            members["cell"] = "input"
            members["kind"] = "list"
            members["placeholder"] = "items, separated by commas"
            if let pattern = items.text("pattern") {
                members["pattern"] = .string(unanchored(pattern))
                members["invalid"] = literal("expected items matching \(pattern)")
            }
        case []:
            return readOnly(title: title, reason: "the schema gives it no type", setting: setting)
        case let types:
            return readOnly(title: title, reason: "it may be \(types.joined(separator: " or ")): edit it in the file", setting: setting)
        }
        return .object(members)
    }

    /// JSON Schema's `pattern` matches anywhere in the text; the editor matches the whole of it.
    private static func unanchored(_ pattern: String) -> String {
        (pattern.hasPrefix("^") ? "" : ".*") + pattern + (pattern.hasSuffix("$") ? "" : ".*")
    }

    /// What a list holds, in a few words: `objects`, `numbers`, `values of any kind`.
    private static func itemsDescription(_ node: SchemaNode) -> String {
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

    /// A row that shows a value it cannot edit, and why.
    private static func readOnly(title: String, reason: String, setting: String? = nil) -> JSONValue {
        var members: [String: JSONValue] = ["cell": "value", "title": literal(title), "enabled": .bool(false)]
        // The value through a template, when its keys are names a key path can spell.
        let keys = setting.map(SettingName.keys) ?? []
        let spelled = !keys.isEmpty && keys.allSatisfy { key in key.first?.isLetter == true && key.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" } }
        let shown = spelled ? "{{settings.\(keys.joined(separator: ".")) | unset}} — " : ""
        members["detail"] = .string(shown + escaped(reason))
        return .object(members)
    }

    /// The preview pane's text for a property: its description, default, format and whether it
    /// is required; `nil` when the schema says none of it.
    private static func preview(of node: SchemaNode, key: String, required: Bool) -> JSONValue? {
        var lines: [String] = []
        if let description = node.text("description") { lines.append(description) }
        if let fallback = defaultText(node) { lines.append("Default: " + fallback) }
        if let format = node.text("format") { lines.append("Format: " + format) }
        if required { lines.append("Required.") }
        guard !lines.isEmpty else { return nil }
        return .object(["text": literal(lines.joined(separator: "\n\n")), "wrap": .bool(true)])
    }

    /// The schema's `default` as the row and its preview say it: `""` for empty text, none for
    /// `null` (renovate's `"default": null`: unset, as any value may be) nor for an object (its
    /// screen says its settings' defaults; renovate's `npm` would preview a page of JSON).
    private static func defaultText(_ node: SchemaNode) -> String? {
        guard let fallback = node.members["default"], fallback != .null, !fallback.isObject else { return nil }
        return fallback == .string("") ? #""""# : InputRules.text(of: fallback)
    }

    private static func rangeMessage(_ what: String, _ node: SchemaNode) -> String {
        switch (node.number("minimum"), node.number("maximum")) {
        case (let low?, let high?): return "expected \(what) from \(InputRules.text(low)) to \(InputRules.text(high))"
        case (let low?, nil): return "expected \(what) of at least \(InputRules.text(low))"
        case (nil, let high?): return "expected \(what) of at most \(InputRules.text(high))"
        case (nil, nil): return "expected \(what)"
        }
    }

    private static func firstLine(_ text: String) -> String {
        String(text.split(separator: "\n", maxSplits: 1).first ?? "")
    }

    /// `text` as a template that renders as itself.
    private static func literal(_ text: String) -> JSONValue {
        .string(escaped(text))
    }

    private static func escaped(_ text: String) -> String {
        // Looked for by byte first: `replacing` costs as much as the rest of a row (renovate's 50,000).
        guard text.utf8.contains(UInt8(ascii: "{")) else { return text }
        return text.replacing("{{", with: "\\{{")
    }
}

extension JSONValue {
    var isContainer: Bool {
        switch self {
        case .array, .object: return true
        default: return false
        }
    }
}
