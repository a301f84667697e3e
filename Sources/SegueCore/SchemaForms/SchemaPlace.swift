/// Where a value a schema describes lives in the file: keys, and positions in lists. A list's
/// items are edited on screens made once for every item, so a position is written as a
/// placeholder the screen's data fills: `/updates/{{i0}}/directory` (the first list's item
/// `i0`, passed by the row that opened the screen), or `{{loop.index}}` on the list's own rows. A
/// member of a map (an object of keys of one's own) is a position too, its key written into the
/// pointer: `/jobs/{{i0}}/runs-on`, or `{{pointerKey(item.key)}}` on the map's own rows.
struct SchemaPlace: Equatable {
    enum Step: Equatable {
        case key(String)
        /// A position in the list of depth `depth` (0: the outermost list).
        case index(depth: Int)
        /// A member of the map of depth `depth` (counted with lists), whichever its key.
        case member(depth: Int)
    }

    var steps: [Step] = []

    /// The place of member `key` of the object here.
    func appending(_ key: String) -> SchemaPlace {
        SchemaPlace(steps: steps + [.key(key)])
    }

    /// The place of an item of the list here.
    func item() -> SchemaPlace {
        SchemaPlace(steps: steps + [.index(depth: depth)])
    }

    /// The place of a member of the map here.
    func member() -> SchemaPlace {
        SchemaPlace(steps: steps + [.member(depth: depth)])
    }

    /// How many lists and maps it lies in.
    var depth: Int {
        steps.count { if case .key = $0 { return false } else { return true } }
    }

    /// What names the innermost position on a list's or map's own generated rows: the item's
    /// index, or the member's key written for a pointer.
    var loopPosition: String {
        for step in steps.reversed() {
            switch step {
            case .key: continue
            case .index: return "{{loop.index}}"
            case .member: return "{{pointerKey(item.key)}}"
            }
        }
        return "{{loop.index}}"
    }

    /// The last key on the way, for naming a screen.
    var lastKey: String? {
        for step in steps.reversed() { if case .key(let key) = step { return key } }
        return nil
    }

    /// The keys when it lies in no list.
    var keys: [String]? {
        var keys: [String] = []
        for step in steps {
            guard case .key(let key) = step else { return nil }
            keys.append(key)
        }
        return keys
    }

    /// The data name a screen gets the position in the list of `depth` by.
    static func indexName(_ depth: Int) -> String { "i\(depth)" }

    /// The setting name (a JSON Pointer) as a template: positions as placeholders, the innermost
    /// as `{{loop.index}}` when `loop` (a list's own generated rows), keys with `{{` kept as text.
    func pointer(loop: Bool = false) -> String {
        let innermost = depth - 1
        return steps.map { step in
            switch step {
            case .key(let key):
                return "/" + key.replacing("~", with: "~0").replacing("/", with: "~1").replacing("{{", with: "\\{{")
            case .index(let level):
                return "/{{" + (loop && level == innermost ? "loop.index" : Self.indexName(level)) + "}}"
            case .member(let level):
                return "/{{" + (loop && level == innermost ? "pointerKey(item.key)" : Self.indexName(level)) + "}}"
            }
        }.joined()
    }

    /// The key path templates read it by (`settings.updates.{{i0}}.ignore`, a placeholder that
    /// renders a position); `nil` when a key cannot be written in a key path (a dot, a blank,
    /// a quote…).
    var keyPath: String? {
        var components = ["settings"]
        for step in steps {
            switch step {
            case .key(let key):
                guard Self.isSpellable(key) else { return nil }
                components.append(key)
            case .index(let level), .member(let level):
                // A member's key as its pointer writes it: the same unless it holds `~` or `/`,
                // which a key path cannot spell either.
                components.append("{{" + Self.indexName(level) + "}}")
            }
        }
        return components.joined(separator: ".")
    }

    /// The positions a screen here knows, passed on to the screens it opens.
    var positions: [String: JSONValue] {
        Dictionary(uniqueKeysWithValues: (0..<depth).map { (Self.indexName($0), JSONValue.string("{{" + Self.indexName($0) + "}}")) })
    }

    /// Whether `key` can be a component of a template's key path.
    static func isSpellable(_ key: String) -> Bool {
        guard let first = key.first, first.isLetter || first == "_" else { return false }
        return key.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" }
    }
}

extension SchemaPlace {
    /// An expression reading the value here from the settings, whatever its keys and positions
    /// (`member(member(settings, 'jobs'), i0)`: a key path cannot spell a position's
    /// placeholder inside a placeholder); `nil` for a key a quoted literal cannot hold.
    var valueExpression: String? {
        var expression = "settings"
        for step in steps {
            switch step {
            case .key(let key):
                guard !key.contains(where: { "'\\{}|".contains($0) }) else { return nil }
                expression = "member(\(expression), '\(key)')"
            case .index(let level), .member(let level):
                expression = "member(\(expression), \(Self.indexName(level)))"
            }
        }
        return expression
    }
}
