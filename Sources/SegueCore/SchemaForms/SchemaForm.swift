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

    /// The screens of `schema` (its root an object schema): the first is the top one. `folder`
    /// is where their names live (`FOLDER/main.json`, `FOLDER/editor.json`…), and `title` the
    /// top screen's title (the file's name).
    /// Every screen is made, up front: for tests and small schemas; `segue edit` makes each as it
    /// opens (`SchemaScreens`).
    package static func screens(schema: JSONValue, order: JSONKeyOrder = JSONKeyOrder(), folder: String, title: String) -> [Screen] {
        let made = SchemaScreens(schema: schema, order: order, folder: folder, title: title)
        return made.all()
    }

    /// The screens named so far: each made, or waiting to be made when it is first opened (a
    /// big schema such as renovate's has thousands, of which a session opens a few).
    struct Registry: Sendable {
        let folder: String
        /// Keys the user's keymap gives the screen (`config.json`'s `"keys"`): a list's actions
        /// take others.
        var takenKeys: Set<Character> = []
        /// The file breaks its schema as it opens: the top screen's first row counts its
        /// problems (`✗ 13 problems`) and opens their list.
        var listsProblems = false
        /// Names in the order they were given.
        var names: [String] = []
        var waiting: [String: Waiting] = [:]
        var made: [String: JSONValue] = [:]
        /// Names asked for by a template that renders a member's value into them (an item's
        /// shape: `…/3-body~input.json`), by their start: the screen a value with no shape of
        /// its own opens (the item of every shape's properties).
        var fallbacks: [String: String] = [:]

        /// What makes a screen not made yet.
        enum Waiting: Sendable {
            case object(SchemaNode, place: SchemaPlace, title: String, way: Way)
            case list(items: SchemaNode, itemsValue: JSONValue, list: SchemaNode, place: SchemaPlace, keyPath: String, title: String, way: Way)
            case map(SchemaNode, members: MapMembers, place: SchemaPlace, keyPath: String, title: String, way: Way)
        }

        /// Names a screen (numbered, as keys may hold any character; the key is there for a
        /// person reading an error), to be made by `waiting` when it is first asked for.
        mutating func name(_ waiting: Waiting, at place: SchemaPlace) -> String {
            // A root map's member is named by no key: "member" (only the top screen is "main").
            let key = place.lastKey ?? (place.steps.isEmpty ? nil : "member")
            let name = folder + "/" + (key.map { "\(names.count)-" + String($0.map { $0.isLetter || $0.isNumber ? $0 : "_" }.prefix(40)) } ?? "main") + ".json"
            names.append(name)
            self.waiting[name] = waiting
            return name
        }

        /// Names `waiting` exactly `name` (a shape's screen, which a template names).
        mutating func name(_ waiting: Waiting, exactly name: String) {
            names.append(name)
            self.waiting[name] = waiting
        }

        /// The spec of screen `name`, made now if it waits; `nil` for a name never given.
        mutating func spec(_ name: String) -> JSONValue? {
            if let spec = made[name] { return spec }
            if waiting[name] == nil, let fallback = fallbacks.first(where: { name.hasPrefix($0.key) })?.value { return spec(fallback) }
            guard let waiting = waiting.removeValue(forKey: name) else { return nil }
            let spec: JSONValue
            switch waiting {
            case .object(let node, let place, let title, let way):
                spec = SchemaForm.objectScreen(node, place: place, title: title, way: way, into: &self)
            case .list(let items, let itemsValue, let list, let place, let keyPath, let title, let way):
                spec = SchemaForm.listScreen(items, itemsValue: itemsValue, list: list, place: place, keyPath: keyPath, title: title,
                                             way: way, into: &self)
            case .map(let node, let members, let place, let keyPath, let title, let way):
                spec = SchemaForm.mapScreen(node, members: members, place: place, keyPath: keyPath, title: title, way: way, into: &self)
            }
            made[name] = spec
            return spec
        }
    }

    /// What a screen being made knows of the screens above it.
    struct Way: Sendable {
        var order: JSONKeyOrder
        /// How many screens on the way here are each schema (by pointer).
        var opened: [String: Int] = [:]

        /// A schema may open a screen inside itself once (renovate's `major` is a whole config
        /// again, `$ref: "#"`; a tree's items hold items), not twice: a `$ref` cycle would make
        /// screens without end.
        func repeats(_ node: SchemaNode) -> Bool {
            node.sources.contains { opened[$0, default: 0] >= 2 }
        }

        func entering(_ node: SchemaNode) -> Way {
            var way = self
            for source in Set(node.sources) { way.opened[source, default: 0] += 1 }
            return way
        }
    }

    static let repeatsReason = "it repeats a screen above it: edit it in the file"

    /// The spec of the screen of an object schema at `place`, naming the screens its rows open.
    /// `title` is a template (an item's screen is titled by the row that opened it).
    static func objectScreen(_ node: SchemaNode, place: SchemaPlace, title: String, way: Way, into screens: inout Registry) -> JSONValue {
        let required = Set(node.members["required"]?.arrayValue?.compactMap(\.stringValue) ?? [])
        var rows: [JSONValue] = []
        if place.steps.isEmpty, screens.listsProblems {
            // Its detail shows once they are fixed; `✗ 13 problems` in its place until then.
            rows.append(.object(["title": "Problems", "cell": "value", "detail": "none now", "settingsUnder": "",
                                 "action": .object(["type": "help"]),
                                 "preview": .object(["text": "The file's problems by its schema: Enter (or ?) lists them.", "wrap": .bool(true)])]))
        }
        let properties = node.orderedProperties(way.order)
        for (key, value, pointer) in properties {
            // A value of several shapes is a row for each, the one it has shown.
            if let shaped = shapeRows(for: value, at: pointer, key: key, place: place.appending(key), required: required.contains(key),
                                      node: node, way: way, into: &screens) {
                rows += shaped
                continue
            }
            rows.append(row(for: value, at: pointer, key: key, place: place.appending(key), required: required.contains(key), node: node,
                            way: way, into: &screens))
        }
        // Keys beside the named ones (GitLab's jobs at the top, compose's `x-…`, scripts of
        // one's own) are listed after them, never hidden.
        var extras: [JSONValue] = []
        // Keys a closed object does not allow are listed too, each with its problem and a way out.
        if let members = mapMembers(of: node) ?? (properties.isEmpty ? nil : .forbidden), let keyPath = place.keyPath {
            extras = mapSections(node, members: members, place: place, keyPath: keyPath, except: properties.map(\.key), way: way, into: &screens)
        }
        if rows.isEmpty, extras.isEmpty { rows.append(readOnly(title: "(nothing to edit)", reason: "the schema names no properties here")) }
        var section: [String: JSONValue] = ["rows": .array(rows)]
        if let description = node.text("description") ?? (place.steps.isEmpty ? node.text("title") : nil) {
            section["header"] = literal(firstLine(description))
        }
        var screen: [String: JSONValue] = ["title": .string(title), "sections": .array([.object(section)] + extras)]
        if !extras.isEmpty {
            screen["data"] = .object([namedKeysData: .object(Dictionary(properties.map { ($0.key, JSONValue.bool(true)) }) { a, _ in a })])
        }
        return .object(screen)
    }

    /// The row that edits the property `key` (at `place`) whose schema is `value`. `loop`: the
    /// row is a list's own generated row, its item at `{{loop.index}}`, titled `title` as written.
    static func row(for value: JSONValue, at pointer: String?, key: String, place: SchemaPlace, required: Bool,
                            node parent: SchemaNode, way: Way, loop: Bool = false, title written: String? = nil,
                            into screens: inout Registry) -> JSONValue {
        let setting = place.pointer(loop: loop)
        let node: SchemaNode
        do {
            node = try SchemaNode(value, in: parent.document, at: pointer)
        } catch {
            return readOnly(title: written ?? escaped(key), reason: error.reason, place: place)
        }
        let title = written ?? escaped(node.text("title") ?? key)
        var members: [String: JSONValue] = ["title": .string(title), "setting": .string(setting)]
        if let preview = preview(of: node, key: key, required: required) { members["preview"] = preview }
        if let (choices, other) = node.choices {
            guard choices.allSatisfy({ !$0.isContainer }) else {
                return readOnly(title: title, reason: "its choices are objects or arrays", place: place)
            }
            // Unset shows the first option: the default, which is what an unset value means.
            // Without a default, unset says so, and is a step that takes the key out again;
            // not for a required value, nor a list's item (which `d` removes, after asking).
            let first = node.members["default"].flatMap { choices.contains($0) ? $0 : nil }
            members["cell"] = "choice"
            members["options"] = .array(first.map { [$0] + choices.filter { $0 != first } } ?? choices)
            if first == nil, !required, !loop { members["placeholder"] = "unset" }
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
                // Bounded so that a schema's 1e400 is no crash (the regex repeat count stops far below).
                func count(_ keyword: String) -> Int? { node.number(keyword).map { Int(min(max($0, 0), 100_000)) } }
                let least = count("minLength") ?? 0, most = count("maxLength").flatMap { $0 >= least ? String($0) : nil } ?? ""
                members["pattern"] = .string("(?s).{\(least),\(most)}")
                members["invalid"] = .string("expected \(most.isEmpty ? "at least \(least)" : "\(least) to \(most)") characters")
            }
            if node.members["default"]?.stringValue != nil, let fallback = defaultText(node) { members["placeholder"] = literal("default: " + fallback) }
        case ["object"]:
            guard !way.repeats(node) else { return readOnly(title: title, reason: repeatsReason, place: place) }
            let count = node.object.properties.count
            guard count > 0 else {
                // An object of keys of one's own, or of any keys: a screen of its members.
                guard let mapped = mapMembers(of: node.object) else {
                    return readOnly(title: title, reason: "the schema names none of its keys: edit it in the file", place: place)
                }
                return mapRow(node.object, members: mapped, title: title, preview: members["preview"], place: place, loop: loop,
                              way: way, into: &screens)
            }
            // A list's or map's own row names its item's screen by the row's title, passed on.
            let screen = screens.name(.object(node.object, place: place, title: loop ? "{{heading}}" : title, way: way.entering(node)),
                                      at: place)
            var row: [String: JSONValue] = ["title": .string(title), "detail": .string("\(count) setting\(count == 1 ? "" : "s")"),
                                            "segue": segue(to: screen, from: place, loop: loop, extra: loop ? ["heading": .string(title)] : [:]),
                                            "settingsUnder": .string(setting)]
            row["preview"] = members["preview"]
            return .object(row)
        case ["array"]:
            return listRow(node, title: title, members: members, place: place, loop: loop, way: way, into: &screens)
        case let types where Set(types) == ["array", "string"]:
            // One string or a list of them (renovate's `schedule`): a list input, which saves a list.
            guard let items = node.listItems, items.types == ["string"], items.choices?.other ?? true else {
                return valueInput(members, types: types)
            }
            return listInput(members, items: items)
        default:
            // No type, or several: the value is typed as JSON, whatever it is (the check says
            // whether the schema takes it).
            return valueInput(members, types: node.types)
        }
        return .object(members)
    }

    /// A segue to `screen`, passing on the positions in lists the screens under `place` need.
    static func segue(to screen: String, from place: SchemaPlace, loop: Bool, extra: [String: JSONValue] = [:]) -> JSONValue {
        var data = place.positions.merging(extra) { _, new in new }
        if loop, place.depth > 0 { data[SchemaPlace.indexName(place.depth - 1)] = .string(place.loopPosition) }
        return data.isEmpty ? .string(screen) : .object(["spec": .string(screen), "data": .object(data)])
    }

    /// JSON Schema's `pattern` matches anywhere in the text; the editor matches the whole of it.
    static func unanchored(_ pattern: String) -> String {
        (pattern.hasPrefix("^") ? "" : ".*") + pattern + (pattern.hasSuffix("$") ? "" : ".*")
    }

    /// A row that shows a value it cannot edit, and why. `title` is a template.
    static func readOnly(title: String, reason: String, place: SchemaPlace? = nil) -> JSONValue {
        var members: [String: JSONValue] = ["cell": "value", "title": .string(title), "enabled": .bool(false)]
        // The reason first, then the value through a template (when its keys are names a key path
        // can spell), which a long object would otherwise push the reason off the row with.
        let shown = place?.keyPath.map { " — {{\($0) | unset}}" } ?? ""
        members["detail"] = .string(escaped(reason) + (place?.depth == 0 ? shown : ""))
        // Problems the schema finds in the value show here, as it is edited in the file.
        if let place { members["settingsUnder"] = .string(place.pointer()) }
        return .object(members)
    }

    /// The preview pane's text for a property: its description, default, format and whether it
    /// is required; `nil` when the schema says none of it.
    static func preview(of node: SchemaNode, key: String, required: Bool) -> JSONValue? {
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
    static func defaultText(_ node: SchemaNode) -> String? {
        guard let fallback = node.members["default"], fallback != .null, !fallback.isObject else { return nil }
        return fallback == .string("") ? #""""# : InputRules.text(of: fallback)
    }

    static func rangeMessage(_ what: String, _ node: SchemaNode) -> String {
        switch (node.number("minimum"), node.number("maximum")) {
        case (let low?, let high?): return "expected \(what) from \(InputRules.text(low)) to \(InputRules.text(high))"
        case (let low?, nil): return "expected \(what) of at least \(InputRules.text(low))"
        case (nil, let high?): return "expected \(what) of at most \(InputRules.text(high))"
        case (nil, nil): return "expected \(what)"
        }
    }

    static func firstLine(_ text: String) -> String {
        String(text.split(separator: "\n", maxSplits: 1).first ?? "")
    }

    /// `text` as a template that renders as itself.
    static func literal(_ text: String) -> JSONValue {
        .string(escaped(text))
    }

    /// `value` with every string in it a template that renders as itself.
    static func literalStrings(_ value: JSONValue) -> JSONValue {
        switch value {
        case .string(let text): return .string(escaped(text))
        case .array(let items): return .array(items.map(literalStrings))
        case .object(let members): return .object(members.mapValues(literalStrings))
        default: return value
        }
    }

    static func escaped(_ text: String) -> String {
        // Looked for by byte first: `replacing` costs as much as the rest of a row (renovate's 50,000).
        guard text.utf8.contains(UInt8(ascii: "{")) else { return text }
        return text.replacing("{{", with: "\\{{")
    }
}

extension JSONValue {
    /// The members, when this is an object.
    var objectMembers: [String: JSONValue]? {
        if case .object(let members) = self { return members }
        return nil
    }

    var isContainer: Bool {
        switch self {
        case .array, .object: return true
        default: return false
        }
    }
}
