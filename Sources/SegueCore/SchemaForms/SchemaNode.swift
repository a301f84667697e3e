/// One schema of a JSON Schema document (draft 2020-12 or draft-07), its `$ref` followed, read
/// for what a settings screen needs: the types it allows, its choices, bounds and words.
struct SchemaNode {
    /// The schema's own keywords, `$ref` resolved (the referring schema's own keywords win).
    let members: [String: JSONValue]
    /// The whole document, where `$ref`s point.
    let document: JSONValue
    /// Where each keyword is written (the JSON Pointer of the schema object holding it: its own,
    /// or a `$ref`'s target), when known: what finds the written order of its `properties`.
    let origins: [String: String]
    /// The schemas it is, by pointer: its own (when known) and each `$ref`'s target.
    let sources: [String]
    /// The `oneOf`/`anyOf` whose object branches it lists the properties of, all of them (a
    /// GitHub job runs steps or calls a workflow): set by `object`.
    private(set) var joinedUnion: String?
    /// The one branch (`allOf/2`, `oneOf/1`) of a union told apart by a member's value whose
    /// properties it lists, the others left out: set by `branches` (`SchemaNode+Branches`).
    var onlyBranch: String?

    /// How many `$ref`s are followed in a row before a cycle is assumed.
    static let referenceLimit = 32

    init(members: [String: JSONValue], document: JSONValue) {
        joinedUnion = nil
        self.members = members
        self.document = document
        origins = [:]
        sources = []
    }

    /// `value` as a schema of `document`, written at `pointer` when that is known; a `$ref` that
    /// cannot be followed (outside the document, missing, or a cycle) is a problem that says so.
    init(_ value: JSONValue, in document: JSONValue, at pointer: String? = nil) throws(SchemaProblem) {
        self.document = document
        guard case .object(var members) = value else {
            // `true` allows anything, `false` nothing: neither says what to edit.
            self.members = [:]
            origins = [:]
            sources = pointer.map { [$0] } ?? []
            return
        }
        var origins: [String: String] = [:]
        var sources: [String] = []
        if let pointer {
            origins = members.mapValues { _ in pointer }
            sources.append(pointer)
        }
        var seen = 0
        while let reference = members["$ref"]?.stringValue {
            seen += 1
            guard seen <= Self.referenceLimit else { throw SchemaProblem(reason: "$ref \(reference) leads round in a cycle") }
            let at = SchemaCheck.percentDecoded(String(reference.dropFirst()))
            guard case .object(let target)? = SchemaCheck.target(of: reference, in: document) else {
                throw SchemaProblem(reason: "$ref \(reference) is not in this schema (only local references are followed)")
            }
            members["$ref"] = nil
            origins["$ref"] = nil
            // The root's title and description are the document's, not a property's that is a
            // whole config again (renovate's `major`: `$ref: "#"`).
            let words: Set<String> = at.isEmpty ? ["title", "description"] : []
            // An anchor's (`#name`) place is not known: its properties keep the order of no file.
            if at.isEmpty || at.hasPrefix("/") {
                for key in target.keys where members[key] == nil && !words.contains(key) { origins[key] = at }
                sources.append(at)
            }
            members.merge(target.filter { !words.contains($0.key) }) { own, _ in own }
        }
        self.members = members
        self.origins = origins
        self.sources = sources
    }

    /// Where the value of `keyword` is written, when that is known.
    func pointer(of keyword: String) -> String? {
        origins[keyword].map { JSONKeyOrder.pointer($0, keyword) }
    }

    /// The types it allows, without `null` (a value may always be left unset).
    var types: [String] {
        var memo = SchemaMemo<[String]>()
        return types(memo: &memo, depth: 0)
    }

    /// How deep schemas in schemas are read for their types and properties: each is read once
    /// (`SchemaMemo`), and a chain of thousands of `$ref`s, each to the next, stops here, not at
    /// the end of the stack.
    static let branchDepthLimit = 128

    private func types(memo: inout SchemaMemo<[String]>, depth: Int) -> [String] {
        switch members["type"] {
        case .string(let name)?: return name == "null" ? [] : [name]
        case .array(let names)?: return names.compactMap(\.stringValue).filter { $0 != "null" }
        default:
            if members["properties"] != nil || members["additionalProperties"]?.isObject == true || members["patternProperties"] != nil {
                return ["object"]
            }
            if members["items"] != nil { return ["array"] }
            var types: [String] = []
            guard depth < Self.branchDepthLimit else { return types }
            // What each schema of an `allOf` allows, it does: the first that says.
            for branch in members["allOf"]?.arrayValue ?? [] {
                let own = memo.answer(branch, none: []) { memo in
                    (try? SchemaNode(branch, in: document))?.types(memo: &memo, depth: depth + 1) ?? []
                }
                if !own.isEmpty { return own }
            }
            // A `oneOf`/`anyOf` of shapes allows what its branches do (a list of strings or one
            // string); a branch of choices, the types of its values.
            for keyword in ["oneOf", "anyOf"] {
                for branch in members[keyword]?.arrayValue ?? [] {
                    let own = memo.answer(.array([.string(keyword), branch]), none: []) { memo in
                        guard let node = try? SchemaNode(branch, in: document) else { return [] }
                        let values = (node.members["enum"]?.arrayValue ?? []) + (node.members["const"].map { [$0] } ?? [])
                        return node.members["type"] == nil && !values.isEmpty ? values.map(\.typeName) : node.types(memo: &memo, depth: depth + 1)
                    }
                    for type in own where type != "null" && !types.contains(type) { types.append(type) }
                }
            }
            return types
        }
    }

    /// The schema of its items when it is a list: its `items`, else those of its one
    /// `oneOf`/`anyOf` branch that is a list (a string or a list of strings).
    var listItems: SchemaNode? {
        if let items = members["items"] { return try? SchemaNode(items, in: document) }
        for keyword in ["oneOf", "anyOf"] {
            let lists = (members[keyword]?.arrayValue ?? []).compactMap { try? SchemaNode($0, in: document) }.filter { $0.types == ["array"] }
            if lists.count == 1, let items = lists[0].members["items"] { return try? SchemaNode(items, in: document) }
        }
        return nil
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
                } else if !other, node.types == ["string"] || (node.types.isEmpty && members["type"] == .string("string")) {
                    // Any text (a branch of string keywords alone, `{"minLength": 1}`, under a
                    // `"type": "string"`: dependabot's package-ecosystem) is a value of one's own.
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
    /// config that may also be a string, as `.prettierrc`'s); of several, itself with the
    /// properties of them all (the check applies the branch the value matches).
    var object: SchemaNode { object(depth: 0) }

    private func object(depth: Int) -> SchemaNode {
        guard members["properties"] == nil, members["allOf"] == nil else { return self }
        for keyword in ["oneOf", "anyOf"] {
            let at = pointer(of: keyword)
            let objects = (members[keyword]?.arrayValue ?? []).enumerated()
                .compactMap { try? SchemaNode($1, in: document, at: at.map { [offset = $0] in $0 + "/" + String(offset) }) }
                .filter { $0.types == ["object"] || $0.members["allOf"] != nil }
            // The one object may itself be a union of objects (azure-pipelines: a pipeline, or
            // empty text; a pipeline is one of seven shapes).
            if objects.count == 1 { return depth < 8 ? objects[0].object(depth: depth + 1) : objects[0] }
            if objects.count > 1 {
                var joined = self
                joined.joinedUnion = keyword
                return joined
            }
        }
        return self
    }

    /// Its properties, with those of the schemas it is `allOf` (its own winning).
    var properties: [String: JSONValue] {
        var memo = SchemaMemo<[String: JSONValue]>()
        return properties(memo: &memo, depth: 0)
    }

    private func properties(memo: inout SchemaMemo<[String: JSONValue]>, depth: Int) -> [String: JSONValue] {
        var properties: [String: JSONValue] = [:]
        if case .object(let own)? = members["properties"] { properties = own }
        guard depth < Self.branchDepthLimit else { return properties }
        for (branch, _) in joinedBranches {
            let joined = memo.answer(branch, none: [:]) { memo in
                (try? SchemaNode(branch, in: document))?.properties(memo: &memo, depth: depth + 1) ?? [:]
            }
            properties.merge(joined) { own, _ in own }
        }
        return properties
    }

    /// The schemas whose properties are this object's too: each of `allOf`'s, and the `then` and
    /// `else` of an `if` (a property only some values need, as dependabot's `cronjob` when the
    /// interval is `cron`, is a row whatever the condition), each with the pointer's tail.
    private var joinedBranches: [(schema: JSONValue, tail: String)] {
        var branches = (members["allOf"]?.arrayValue ?? []).enumerated().map { ($0.element, "allOf/\($0.offset)") }
        // JSON Schema ignores `then` and `else` without an `if`.
        if members["if"] != nil {
            for keyword in ["then", "else"] { if let branch = members[keyword] { branches.append((branch, keyword)) } }
        }
        if let joinedUnion {
            branches += (members[joinedUnion]?.arrayValue ?? []).enumerated().map { ($0.element, "\(joinedUnion)/\($0.offset)") }
        }
        if let onlyBranch {
            let keyword = String(onlyBranch.prefix { $0 != "/" })
            branches.removeAll { $0.1.hasPrefix(keyword + "/") && $0.1 != onlyBranch }
        }
        return branches
    }

    /// Its properties in the order `order` says they are written: its own, then each `allOf`
    /// schema's in turn (and an `if`'s `then` and `else`) (a key already listed keeps its place and schema); keys whose order is
    /// not known (a schema made in code) follow in alphabetical order. Each with its pointer,
    /// when known.
    func orderedProperties(_ order: JSONKeyOrder) -> [(key: String, schema: JSONValue, pointer: String?)] {
        var memo = SchemaMemo<[(key: String, schema: JSONValue, pointer: String?)]>()
        return orderedProperties(order, memo: &memo, depth: 0)
    }

    private func orderedProperties(_ order: JSONKeyOrder, memo: inout SchemaMemo<[(key: String, schema: JSONValue, pointer: String?)]>,
                                   depth: Int) -> [(key: String, schema: JSONValue, pointer: String?)] {
        var listed: [(key: String, schema: JSONValue, pointer: String?)] = []
        var seen: Set<String> = []
        if case .object(let own)? = members["properties"] {
            let at = pointer(of: "properties")
            let written = (at.flatMap(order.keys(at:)) ?? []).filter { own[$0] != nil }
            let rest = Set(own.keys).subtracting(written).sorted()
            for key in written + rest {
                guard let schema = own[key], seen.insert(key).inserted else { continue }
                listed.append((key, schema, at.map { JSONKeyOrder.pointer($0, key) }))
            }
        }
        guard depth < Self.branchDepthLimit else { return listed }
        for (branch, tail) in joinedBranches {
            let keyword = String(tail.prefix { $0 != "/" })
            let at = pointer(of: keyword).map { tail.contains("/") ? $0 + tail.drop { $0 != "/" } : $0 }
            let joined = memo.answer(branch, at: at, none: []) { memo in
                (try? SchemaNode(branch, in: document, at: at))?.orderedProperties(order, memo: &memo, depth: depth + 1) ?? []
            }
            for property in joined where seen.insert(property.key).inserted {
                listed.append(property)
            }
        }
        return listed
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
