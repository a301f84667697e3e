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
