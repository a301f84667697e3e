/// Objects of several shapes told apart by one member's value (issue forms' `type`: an `allOf`
/// of `if: {properties: {type: {const: "input"}}}, then: {…}`, or a `oneOf` of objects each with
/// a `const` or one-value `enum` member): the shape an item is, by the value it holds.
extension SchemaNode {
    /// The member that tells the shapes apart, and for each of its values the object of that
    /// shape alone (its own properties and the branch's); `nil` when the shapes are not told
    /// apart so.
    var branches: (key: String, shapes: [(value: String, node: SchemaNode)])? {
        for keyword in ["allOf", "oneOf", "anyOf"] {
            let list = members[keyword]?.arrayValue ?? []
            guard list.count > 1 else { continue }
            var key: String?
            var shapes: [(value: String, node: SchemaNode)] = []
            for (index, branch) in list.enumerated() {
                // allOf: `if` names the value, `then` the shape; oneOf/anyOf: the branch does both.
                let tells = keyword == "allOf" ? branch.objectMembers?["if"] : branch
                guard let tells, let node = try? SchemaNode(tells, in: document),
                      let (member, value) = Self.constMember(of: node), key == nil || key == member else { return nil }
                key = member
                var shape = keyword == "allOf" ? self : object
                shape.onlyBranch = keyword + "/" + String(index)
                shapes.append((value, shape))
            }
            if let key, SchemaPlace.isSpellable(key) { return (key, shapes) }
        }
        return nil
    }

    /// The one member of an object schema whose value is one text (`{"properties": {"type":
    /// {"const": "input"}}}`), and that text.
    private static func constMember(of node: SchemaNode) -> (String, String)? {
        let properties = node.members["properties"]?.objectMembers ?? [:]
        let consts = properties.compactMap { key, value -> (String, String)? in
            guard let member = try? SchemaNode(value, in: node.document) else { return nil }
            if let text = member.members["const"]?.stringValue { return (key, text) }
            if let values = member.members["enum"]?.arrayValue, values.count == 1, let text = values[0].stringValue { return (key, text) }
            return nil
        }
        return consts.count == 1 ? consts[0] : nil
    }
}

/// A root that is a union of object shapes (azure-pipelines: stages, jobs, steps or extends;
/// snapcraft's, a union of unions): the branch the file is.
extension SchemaNode {
    /// The object of the branch of its union of objects that `value` is: the one the schema
    /// takes it by, else the one naming the most of its keys (the fewest problems breaking a
    /// tie), itself narrowed so when it is a union again; itself when it is no such union, or
    /// `value` has no keys to tell by.
    func matching(_ value: JSONValue, depth: Int = 0) -> SchemaNode {
        guard depth < 8, let keyword = joinedUnion, case .object(let members) = value, !members.isEmpty else { return self }
        let check = SchemaCheck(schema: document)
        let at = pointer(of: keyword)
        var best: (node: SchemaNode, score: (Int, Int, Int))?
        for (index, branch) in (self.members[keyword]?.arrayValue ?? []).enumerated() {
            guard let node = try? SchemaNode(branch, in: document, at: at.map { $0 + "/" + String(index) }) else { continue }
            let object = node.object
            let named = Set(object.properties.keys).union(object.joinedUnion == nil ? [] : object.unionProperties)
            let problems = check.problemCount(of: value, by: branch) ?? Int.max
            let score = (problems == 0 ? 1 : 0, members.keys.count { named.contains($0) }, -problems)
            if best.map({ score > $0.score }) ?? true { best = (object, score) }
        }
        return best?.node.matching(value, depth: depth + 1) ?? self
    }

    /// The properties its union's branches name, unions in them too.
    private var unionProperties: Set<String> {
        var memo = SchemaMemo<Set<String>>()
        return unionProperties(memo: &memo, depth: 0)
    }

    private func unionProperties(memo: inout SchemaMemo<Set<String>>, depth: Int) -> Set<String> {
        var names = Set(properties.keys)
        guard depth < 8, let keyword = joinedUnion else { return names }
        for branch in members[keyword]?.arrayValue ?? [] {
            names.formUnion(memo.answer(branch, none: []) { memo in
                (try? SchemaNode(branch, in: document))?.object.unionProperties(memo: &memo, depth: depth + 1) ?? []
            })
        }
        return names
    }
}
