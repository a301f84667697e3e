/// A value that takes several shapes (`oneOf`/`anyOf` branches, or `"type": [...]`): text (or
/// another plain value), a list, an object (GitHub's `runs-on` and `on`, GitLab's `image` and
/// `stage`, codecov's `comment`: `false` or an object).
extension SchemaNode {
    /// The shapes a value is edited as.
    enum Shape: Equatable {
        case plain, list, object

        init(_ type: String) {
            switch type {
            case "array": self = .list
            case "object": self = .object
            default: self = .plain
            }
        }
    }

    /// A shape and the schema it is edited by (`nil`: plain values of several types, typed as
    /// JSON), with where that schema is written.
    struct ShapeBranch {
        var shape: Shape
        var schema: JSONValue?
        var pointer: String?
    }

    /// Its shapes in the order the schema writes them, the first branch of each shape standing
    /// for it; `nil` unless it takes two shapes or more.
    var shapes: [ShapeBranch]? {
        var branches: [ShapeBranch] = []
        func take(_ shape: Shape, _ schema: JSONValue?, _ pointer: String?) {
            if let index = branches.firstIndex(where: { $0.shape == shape }) {
                // Plain values of two types (text or a number) are typed as JSON.
                if shape == .plain { branches[index].schema = nil }
                return
            }
            branches.append(ShapeBranch(shape: shape, schema: schema, pointer: pointer))
        }
        if case .array(let names)? = members["type"] {
            let types = names.compactMap(\.stringValue).filter { $0 != "null" }
            // `"type": [...]`: each type is the same schema narrowed to it (its keywords where it is written).
            for type in types {
                var narrowed = members
                narrowed["type"] = .string(type)
                take(Shape(type), .object(narrowed), origins["type"])
            }
        } else if members["type"] == nil {
            for keyword in ["oneOf", "anyOf"] {
                let at = pointer(of: keyword)
                for (index, branch) in (members[keyword]?.arrayValue ?? []).enumerated() {
                    let pointer = at.map { $0 + "/" + String(index) }
                    guard let node = try? SchemaNode(branch, in: document, at: pointer) else { continue }
                    if node.members["type"] == .string("null") { continue }
                    let types = node.choices.map { Set($0.values.map(\.typeName)).sorted() } ?? node.types
                    let kinds = Set(types.map(Shape.init))
                    // A branch of several shapes is no one shape's schema.
                    guard kinds.count == 1, let kind = kinds.first else { continue }
                    take(kind, branch, pointer)
                }
                if !branches.isEmpty { break }
            }
        }
        return branches.count > 1 ? branches : nil
    }
}
