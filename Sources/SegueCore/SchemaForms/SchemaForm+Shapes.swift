/// Values of several shapes in `segue edit`'s screens (text, a list or an object: GitHub's
/// `runs-on` and `on`, GitLab's `image` and `stage`): a row for each shape, shown while the value
/// has it, each edited as that shape is (text on its row, a list or an object on a screen), and
/// `S` to change the shape (the `reshape` action: text and a list of it keep the value; anything
/// else dropped is asked about first).
extension SchemaForm {
    /// The rows of the property `key` when its schema takes several shapes; `nil` when it takes one.
    static func shapeRows(for value: JSONValue, at pointer: String?, key: String, place: SchemaPlace, required: Bool,
                          node parent: SchemaNode, way: Way, into screens: inout Registry) -> [JSONValue]? {
        guard let node = try? SchemaNode(value, in: parent.document, at: pointer), node.choices == nil, let shapes = node.shapes,
              let read = place.valueExpression else { return nil }
        let title = escaped(node.text("title") ?? key)
        let words = shapes.map { branch in
            branch.shape != .plain ? shapeWord(branch.shape)
                : branch.schema.flatMap { try? SchemaNode($0, in: node.document) }.map { plainWord($0.types) } ?? shapeWord(.plain)
        }
        let said = "Takes \(words.dropLast().joined(separator: ", ")) or \(words.last ?? ""): S changes which (asking before a value is dropped)."
        let own = preview(of: node, key: key, required: required)?.member("text")?.stringValue
        let fresh = shapes.map { branch in branch.schema.map { freshValue($0, in: node.document) } ?? .string("") }
        var taken = screens.takenKeys
        let reshape = listAction("Change shape", keys: "S", .object([
            "type": "reshape", "setting": .string(place.pointer()), "shapes": .array(fresh.map(literalStrings)),
        ]), taken: &taken)
        return shapes.enumerated().map { index, branch in
            var members: [String: JSONValue]
            if let schema = branch.schema {
                members = row(for: schema, at: branch.pointer, key: key, place: place, required: required, node: parent, way: way,
                              title: title, into: &screens).objectMembers ?? [:]
            } else {
                members = valueInput(["title": .string(title), "setting": .string(place.pointer())], types: node.types.filter { SchemaNode.Shape($0) == .plain })
                    .objectMembers ?? [:]
            }
            // The property's words, else the shape's own (GitLab's `image` says them in each branch).
            let about = own ?? members["preview"]?.member("text")?.stringValue
            members["preview"] = .object(["text": .string((about.map { $0 + "\n\n" } ?? "") + said), "wrap": .bool(true)])
            // Shown while the value has this shape; the first while it is unset too.
            let shape = "shape(\(read))"
            let others = branch.shape == .plain ? "\(shape) == 'list' || \(shape) == 'object'" : "\(shape) != '\(shapeWord(branch.shape, short: true))'"
            members["hidden"] = .string("{{" + (index == 0 ? "(\(others)) && \(shape) != ''" : "\(others) || \(shape) == ''") + "}}")
            if members["enabled"] != .bool(false) {
                members["actions"] = .array((members["actions"]?.arrayValue ?? []) + [reshape])
            }
            return .object(members)
        }
    }

    /// What plain values of `types` are called in the preview.
    static func plainWord(_ types: [String]) -> String {
        switch types {
        case ["string"]: return "text"
        case ["boolean"]: return "true or false"
        case ["number"], ["integer"]: return "a number"
        default: return "a value"
        }
    }

    /// What a shape is called: in the preview's words, or as `shape()` names it.
    static func shapeWord(_ shape: SchemaNode.Shape, short: Bool = false) -> String {
        switch shape {
        case .plain: return short ? "text" : "a value"
        case .list: return short ? "list" : "a list"
        case .object: return short ? "object" : "an object"
        }
    }
}
