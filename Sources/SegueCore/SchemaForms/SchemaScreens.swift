/// `segue edit`'s screens, made from the schema as they are opened: the top one at once, each
/// other one when a segue first asks for it. Renovate's schema names thousands (each manager's
/// options are the whole config again, with lists of rules in it); a session opens a few.
package final class SchemaScreens: SpecMaker {
    private let registry: Locked<SchemaForm.Registry>
    /// The top screen's name.
    package let first: String

    /// The screens of `schema` (its root an object schema), named under `folder`; `title` is
    /// the top screen's (the file's name), `order` the key order of the schema's bytes,
    /// `takenKeys` the characters the user's keymap gives the screen (no action may take them).
    /// A root that is a union of object shapes shows the branch `value` (the file's settings) is.
    package init(schema: JSONValue, order: JSONKeyOrder = JSONKeyOrder(), folder: String, title: String,
                 takenKeys: Set<Character> = [], matching value: JSONValue = .null) {
        var registry = SchemaForm.Registry(folder: folder, takenKeys: takenKeys)
        registry.listsProblems = value.isObject && !SchemaCheck(schema: schema).problems(of: value).isEmpty
        let root = ((try? SchemaNode(schema, in: schema, at: "")) ?? SchemaNode(members: [:], document: schema)).object.matching(value)
        let way = SchemaForm.Way(order: order)
        // The file's name, which says what is edited; the schema's title is the header when it has no description.
        first = registry.name(.object(root, place: SchemaPlace(), title: SchemaForm.escaped(title), way: way.entering(root)),
                              at: SchemaPlace())
        _ = registry.spec(first)
        self.registry = Locked(registry)
    }

    package func spec(named name: String) -> JSONValue? {
        registry.withLock { $0.spec(name) }
    }

    package func makes(_ name: String) -> Bool {
        registry.withLock { registry in
            registry.made[name] != nil || registry.waiting[name] != nil || registry.fallbacks.keys.contains { name.hasPrefix($0) }
        }
    }

    /// How many screens are made so far.
    package var madeCount: Int {
        registry.withLock { $0.made.count }
    }

    /// Every screen, each made now, in the order they were named: the top one first.
    package func all() -> [SchemaForm.Screen] {
        registry.withLock { registry in
            var index = 0
            var screens: [SchemaForm.Screen] = []
            while index < registry.names.count {
                let name = registry.names[index]
                screens.append(SchemaForm.Screen(name: name, spec: registry.spec(name) ?? .null))
                index += 1
            }
            return screens
        }
    }
}
