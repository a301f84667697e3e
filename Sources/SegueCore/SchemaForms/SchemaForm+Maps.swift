/// Maps in `segue edit`'s screens: an object whose keys are names of one's own
/// (`patternProperties`, `additionalProperties`: GitHub's `jobs`, compose's `services`, an `env`)
/// is a list of its members, each a row edited by the members' schema, added (asking the name,
/// checked against `propertyNames` or the one pattern), renamed and removed. Keys beside an
/// object's named properties are listed after them the same way, never hidden.
extension SchemaForm {
    /// What the members of a map are: the schema each is edited by, and the rule a new key keeps.
    struct MapMembers {
        /// The members' schema (`true` when the schema says nothing of them), and where it is written.
        var schema: JSONValue
        var pointer: String?
        /// What a key must match (`propertyNames`' `pattern`, else the one `patternProperties`
        /// key when no other key is allowed).
        var keyPattern: String?

        /// The keys of an object that allows none beside its named ones (`"additionalProperties":
        /// false`): a file that has some breaks its schema, and each is listed to be removed or renamed.
        static let forbidden = MapMembers(schema: .bool(false), pointer: nil, keyPattern: nil)
    }

    /// The members of the object `node` beyond its named properties; `nil` when it allows none
    /// (`"additionalProperties": false` and no patterns). Of several schemas the one the most
    /// members take: `additionalProperties` when it is a schema (GitLab's jobs, beside its
    /// `^[.]` templates), else the one pattern's (the first, of several).
    static func mapMembers(of node: SchemaNode) -> MapMembers? {
        let patterns = (node.members["patternProperties"]?.objectMembers ?? [:]).sorted { $0.key < $1.key }
        let additional = node.members["additionalProperties"]
        let namesPattern = node.members["propertyNames"]?.objectMembers?["pattern"]?.stringValue
        if let additional, additional.isObject {
            return MapMembers(schema: additional, pointer: node.pointer(of: "additionalProperties"), keyPattern: namesPattern)
        }
        if let (pattern, schema) = patterns.first {
            let closed = additional == .bool(false)
            return MapMembers(schema: schema, pointer: node.pointer(of: "patternProperties").map { JSONKeyOrder.pointer($0, pattern) },
                              keyPattern: namesPattern ?? (closed && patterns.count == 1 ? pattern : nil))
        }
        guard additional != .bool(false) else { return nil }
        return MapMembers(schema: .bool(true), pointer: nil, keyPattern: namesPattern)
    }

    /// Whether the object is a map: it names no properties, and its schema says what its members are.
    static func isMap(_ node: SchemaNode) -> Bool {
        node.members["additionalProperties"]?.isObject == true || node.members["patternProperties"] != nil
    }

    /// The row of a map: it opens a screen of its members, counting them.
    static func mapRow(_ node: SchemaNode, members: MapMembers, title: String, preview: JSONValue?, place: SchemaPlace, loop: Bool,
                       way: Way, into screens: inout Registry) -> JSONValue {
        guard let keyPath = place.keyPath else {
            return readOnly(title: title, reason: "its key cannot be written in a template: edit it in the file", place: place)
        }
        // A list's or map's own row names the screen by the row's title, passed on.
        let screen = screens.name(.map(node, members: members, place: place, keyPath: keyPath, title: loop ? "{{heading}}" : title,
                                       way: way.entering(node)), at: place)
        // A count reads the map by its key path, which must not hold a position's placeholder.
        let detail = place.depth == 0 ? "map of {{count(\(keyPath)) | 0}}" : "map"
        var row: [String: JSONValue] = ["title": .string(title), "detail": .string(detail),
                                        "segue": segue(to: screen, from: place, loop: loop, extra: loop ? ["heading": .string(title)] : [:]),
                                        "settingsUnder": .string(place.pointer(loop: loop))]
        row["preview"] = preview
        return .object(row)
    }

    /// The screen of a map's members, and a last row that adds one.
    static func mapScreen(_ node: SchemaNode, members: MapMembers, place: SchemaPlace, keyPath: String, title: String, way: Way,
                          into screens: inout Registry) -> JSONValue {
        var sections = mapSections(node, members: members, place: place, keyPath: keyPath, except: [], way: way, into: &screens)
        if let description = node.text("description"), case .object(var first) = sections[0] {
            first["header"] = literal(firstLine(description))
            sections[0] = .object(first)
        }
        return .object(["title": .string(title), "sections": .array(sections)])
    }

    /// A section of the map's members (but those `named`, which have rows of their own), one
    /// row each, and a section adding one.
    static func mapSections(_ node: SchemaNode, members: MapMembers, place: SchemaPlace, keyPath: String, except named: [String],
                            way: Way, into screens: inout Registry) -> [JSONValue] {
        let member = place.member()
        let memberPointer = member.pointer(loop: true)
        var template = row(for: members.schema, at: members.pointer, key: "member", place: member, required: false, node: node,
                           way: way, loop: true, title: "{{item.key}}", into: &screens).objectMembers ?? [:]
        if members.schema == .bool(false) {
            // Not allowed: its value shown, its problem in its place (`✗ not allowed: …`).
            template = ["cell": "value", "title": "{{item.key}}", "detail": "{{json(item.value)}}", "settingsUnder": .string(memberPointer)]
        } else if template["enabled"] == .bool(false) {
            // What cannot be edited on its row shows its value after the reason.
            template["detail"] = .string((template["detail"]?.stringValue ?? "") + " — {{json(item.value)}}")
            template["settingsUnder"] = .string(memberPointer)
        }
        // The key a new or renamed member takes: checked as the schema checks it.
        var rules: [String: JSONValue] = [:]
        if let pattern = members.keyPattern {
            rules["pattern"] = .string(unanchored(pattern))
            rules["invalid"] = literal("expected a key matching \(pattern)")
        }
        let fresh = freshValue(members.schema, in: node.document)
        func prompt(_ question: String, default text: String? = nil, then: JSONValue) -> JSONValue {
            var members = rules
            members["type"] = "prompt"
            members["question"] = .string(question)
            if let text { members["default"] = .string(text) }
            members["then"] = then
            return .object(members)
        }
        let add = prompt("Key of the new member?", then: .object([
            "type": "add", "setting": .string(place.pointer() + "/{{pointerKey(input)}}"), "value": literalStrings(fresh),
        ]))
        // Keys of one's own are added where the schema says what they hold; others (beside an
        // object's named properties, which allows any) are only listed, renamed and removed.
        let adds = isMap(node) || named.isEmpty
        var taken = screens.takenKeys
        template["actions"] = .array([
            listAction("Rename", keys: "RE", prompt("Rename {{item.key}} to?", default: "{{item.key}}", then: .object([
                "type": "rename", "setting": .string(memberPointer), "to": "{{input}}",
            ])), taken: &taken),
            listAction("Remove", keys: "dxD", .object(["type": "remove", "setting": .string(memberPointer), "confirm": "Remove {{item.key}}?"]),
                       taken: &taken),
        ] + (adds ? [listAction("Add", keys: "aA+", add, taken: &taken)] : []))
        // Keys with rows of their own are left out of the members: the screen's data names them
        // (`objectScreen` puts them there), which the condition looks each key up in.
        if !named.isEmpty { template["hidden"] = .string("{{member(\(namedKeysData), item.key) == true}}") }
        let section: [String: JSONValue] = ["forEach": .string(keyPath), "as": "item", "row": .object(template), "rows": .array([])]
        guard adds else { return [.object(section)] }
        let adding: JSONValue = .object(["title": named.isEmpty ? "+ Add a key" : "+ Add a key of your own", "action": add])
        return [.object(section), .object(["rows": .array([adding])])]
    }

    /// The name of the screen data that holds the keys with rows of their own.
    static let namedKeysData = "namedKeys"

    /// A new member or item: an object with the defaults of its required members, else the
    /// schema's `default`, its first choice, `false`, its `minimum` or `0`, or empty text.
    static func freshValue(_ schema: JSONValue, in document: JSONValue) -> JSONValue {
        guard let node = try? SchemaNode(schema, in: document) else { return .string("") }
        if !node.object.properties.isEmpty { return .object(defaults(of: node.object)) }
        if let fallback = node.members["default"] { return fallback }
        if let first = node.choices?.values.first { return first }
        switch node.types.first {
        case "boolean": return .bool(false)
        case "number", "integer": return .number(InputRules.text(node.number("minimum") ?? 0))
        case "object": return .object([:])
        case "array": return .array([])
        default: return .string("")
        }
    }

    /// An action a list's or map's rows carry, on the first of `keys` no one else took (else in
    /// the row's menu alone, Tab).
    static func listAction(_ title: String, keys: String, _ action: JSONValue, taken: inout Set<Character>) -> JSONValue {
        var members: [String: JSONValue] = ["title": .string(title), "action": action]
        if let key = keys.first(where: { !taken.contains($0) }) {
            members["key"] = .string(String(key))
            taken.insert(key)
        }
        return .object(members)
    }
}
