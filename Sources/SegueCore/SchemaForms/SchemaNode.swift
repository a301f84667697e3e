/// One schema of a JSON Schema document (draft 2020-12 or draft-07), its `$ref` followed, read
/// for what a settings screen needs: the types it allows, its choices, bounds and words.
struct SchemaNode {
    /// The schema's own keywords, `$ref` resolved (the referring schema's own keywords win).
    let members: [String: JSONValue]
    /// The whole document, where `$ref`s point.
    let document: JSONValue

    /// How many `$ref`s are followed in a row before a cycle is assumed.
    static let referenceLimit = 32

    init(members: [String: JSONValue], document: JSONValue) {
        self.members = members
        self.document = document
    }

    /// `value` as a schema of `document`; a `$ref` that cannot be followed (outside the
    /// document, missing, or a cycle) is a problem that says so.
    init(_ value: JSONValue, in document: JSONValue) throws(SchemaProblem) {
        self.document = document
        guard case .object(var members) = value else {
            // `true` allows anything, `false` nothing: neither says what to edit.
            self.members = [:]
            return
        }
        var seen = 0
        while let reference = members["$ref"]?.stringValue {
            seen += 1
            guard seen <= Self.referenceLimit else { throw SchemaProblem(reason: "$ref \(reference) leads round in a cycle") }
            guard reference.hasPrefix("#"), case .object(let target)? = document.setting(String(reference.dropFirst())) ?? (reference == "#" ? document : nil) else {
                throw SchemaProblem(reason: "$ref \(reference) is not in this schema (only local references are followed)")
            }
            members["$ref"] = nil
            members.merge(target) { own, _ in own }
        }
        self.members = members
    }

    /// The types it allows, without `null` (a value may always be left unset).
    var types: [String] {
        switch members["type"] {
        case .string(let name)?: return name == "null" ? [] : [name]
        case .array(let names)?: return names.compactMap(\.stringValue).filter { $0 != "null" }
        default:
            if members["properties"] != nil { return ["object"] }
            if members["items"] != nil { return ["array"] }
            return []
        }
    }

    /// The values it allows when it is a list of them: `enum`, `const`, or a `oneOf`/`anyOf`
    /// whose branches are each a `const` or an `enum` (choices with descriptions), `null` left
    /// out; `other` when one branch is any string besides (a choice that takes a value of one's own).
    var choices: (values: [JSONValue], other: Bool)? {
        if case .array(let values)? = members["enum"] { return (values.filter { $0 != .null }, false) }
        if let value = members["const"] { return ([value], false) }
        for keyword in ["oneOf", "anyOf"] {
            guard case .array(let branches)? = members[keyword] else { continue }
            var values: [JSONValue] = []
            var other = false
            for branch in branches {
                guard let node = try? SchemaNode(branch, in: document) else { return nil }
                if node.types == [] && node.members["type"] == .string("null") { continue }
                if let own = node.members["const"].map({ [$0] }) ?? node.members["enum"].flatMap(\.arrayValue) {
                    values += own.filter { $0 != .null }
                } else if node.types == ["string"], !other {
                    other = true
                } else {
                    return nil
                }
            }
            return values.isEmpty ? nil : (values, other)
        }
        return nil
    }

    /// The object it describes: itself, or its one `oneOf`/`anyOf` branch that is an object (a
    /// config that may also be a string, as `.prettierrc`'s).
    var object: SchemaNode {
        guard members["properties"] == nil, members["allOf"] == nil else { return self }
        for keyword in ["oneOf", "anyOf"] {
            let objects = (members[keyword]?.arrayValue ?? []).compactMap { try? SchemaNode($0, in: document) }
                .filter { $0.types == ["object"] || $0.members["allOf"] != nil }
            if objects.count == 1 { return objects[0] }
        }
        return self
    }

    /// Its properties, with those of the schemas it is `allOf` (its own winning).
    var properties: [String: JSONValue] {
        var properties: [String: JSONValue] = [:]
        if case .object(let own)? = members["properties"] { properties = own }
        for branch in members["allOf"]?.arrayValue ?? [] {
            guard let node = try? SchemaNode(branch, in: document) else { continue }
            properties.merge(node.properties) { own, _ in own }
        }
        return properties
    }

    /// The keyword's number, when it has one.
    func number(_ keyword: String) -> Double? {
        members[keyword]?.doubleValue
    }

    /// The keyword's text, when it is a string.
    func text(_ keyword: String) -> String? {
        members[keyword]?.stringValue
    }
}

/// Why a schema (or a part of it) cannot be edited: shown at its row, read-only.
struct SchemaProblem: Error, Equatable {
    var reason: String
}

extension JSONValue {
    /// The elements, when this is an array.
    var arrayValue: [JSONValue]? {
        if case .array(let elements) = self { return elements }
        return nil
    }
}
