/// One check's walk of a document by its schema (`SchemaCheck.problems(of:)`): the problems
/// found, and what it has spent. Here the walk itself (`$ref`s, `type`, `enum`/`const` by JSON
/// Schema's equality, `JSONValue.isSame`, and the combinations); the keywords of a value's own
/// type are in `SchemaWalk+Keywords`.
struct SchemaWalk {
    let check: SchemaCheck
    /// The problems found, each once: a schema met twice at a value (both branches of a `oneOf`
    /// naming one schema) finds the same again, which would double at each level of a `$ref` bomb.
    var problems: [SchemaCheck.Problem] = []
    private var found: Set<SchemaCheck.Problem> = []
    var steps = 0
    /// The pointer of the value the walk was at when it passed `SchemaCheck.stepLimit`.
    var gaveUpAt: String?
    /// Patterns compiled once per check; `nil` for one Swift cannot read.
    var regexes: [String: Regex<AnyRegexOutput>?] = [:]
    /// What each `$ref` found at each value it was followed at: a schema naming one schema twice
    /// at a value (a `$ref` bomb: 40 levels, each naming the next twice in a `oneOf`) checks it
    /// once, where it took 2⁴⁰ steps (cut short at `stepLimit`, after seconds).
    var referenced: [Referenced: [SchemaCheck.Problem]] = [:]
    /// Whether the value checked is a property's name (`propertyNames`), which has its value's keys.
    var checkingNames = false

    /// A `$ref` followed at a value: the value by its keys (one value per keys in a check).
    struct Referenced: Hashable {
        var reference: String
        var keys: [String]
        var name: Bool
    }

    init(check: SchemaCheck) {
        self.check = check
    }

    mutating func report(_ keys: [String], _ message: String) {
        add([.init(pointer: SettingName.pointer(keys), message: message)])
    }

    mutating func add(_ more: [SchemaCheck.Problem]) {
        for problem in more where found.insert(problem).inserted { problems.append(problem) }
    }

    /// Whether `value` has no problems by `schema`, reporting none.
    mutating func matches(_ schema: JSONValue, _ value: JSONValue, at keys: [String], references: Int) -> Bool {
        problemsOf(schema, value, at: keys, references: references).isEmpty
    }

    /// `value`'s problems by `schema` alone, not reported.
    mutating func problemsOf(_ schema: JSONValue, _ value: JSONValue, at keys: [String], references: Int) -> [SchemaCheck.Problem] {
        let kept = (problems, found)
        (problems, found) = ([], [])
        apply(schema, to: value, at: keys, references: references)
        let branch = problems
        (problems, found) = kept
        return branch
    }

    /// Reports `value`'s problems (at `keys`) by `schema`; `references` counts the `$ref`s
    /// followed in a row at this value.
    mutating func apply(_ schema: JSONValue, to value: JSONValue, at keys: [String], references: Int) {
        steps += 1
        guard steps <= SchemaCheck.stepLimit else {
            if gaveUpAt == nil { gaveUpAt = SettingName.pointer(keys) }
            return
        }
        switch schema {
        case .bool(false):
            report(keys, "not allowed here")
            return
        case .object(let members):
            if let reference = members["$ref"]?.stringValue {
                // A cycle, or a reference outside the schema, checks nothing more here.
                if references < SchemaNode.referenceLimit, let target = check.resolve(reference) {
                    let followed = Referenced(reference: reference, keys: keys, name: checkingNames)
                    // Found apart, so that what is kept is all it found, not only what was new here.
                    let found = referenced[followed] ?? problemsOf(target, value, at: keys, references: references + 1)
                    referenced[followed] = found
                    add(found)
                }
                if check.refIgnoresSiblings { return }
            }
            applyKeywords(members, to: value, at: keys, references: references)
        default:
            return  // `true`, or not a schema
        }
    }

    mutating func applyKeywords(_ schema: [String: JSONValue], to value: JSONValue, at keys: [String], references: Int) {
        if let types = schema["type"].flatMap(Self.typeNames), !types.isEmpty, !types.contains(where: { Self.isOfType(value, $0) }) {
            report(keys, "expected " + Self.typeWords(types))
            return  // the rest speak of a value of that type
        }
        if let allowed = schema["enum"]?.arrayValue, !allowed.contains(where: { $0.isSame(as: value) }) {
            report(keys, Self.oneOf(allowed))
        }
        if let constant = schema["const"], !constant.isSame(as: value) {
            report(keys, "expected " + Self.shown(constant))
        }
        switch value {
        case .number(let lexeme):
            if let number = Double(lexeme) { checkNumber(number, schema, at: keys) }
        case .string(let text):
            checkText(text, schema, at: keys)
        case .array(let items):
            checkItems(items, schema, at: keys, references: references)
        case .object(let members):
            checkMembers(members, schema, at: keys, references: references)
        default:
            break
        }
        combine(schema, value, at: keys, references: references)
    }

    // MARK: Combinations

    mutating func combine(_ schema: [String: JSONValue], _ value: JSONValue, at keys: [String], references: Int) {
        for branch in schema["allOf"]?.arrayValue ?? [] {
            apply(branch, to: value, at: keys, references: references)
        }
        if let branches = schema["anyOf"]?.arrayValue, !branches.isEmpty {
            let found = branches.map { problemsOf($0, value, at: keys, references: references) }
            if !found.contains(where: \.isEmpty) { reportNone(of: branches, found, value, at: keys) }
        }
        if let branches = schema["oneOf"]?.arrayValue, !branches.isEmpty {
            let found = branches.map { problemsOf($0, value, at: keys, references: references) }
            let matched = found.filter(\.isEmpty).count
            if matched == 0 {
                reportNone(of: branches, found, value, at: keys)
            } else if matched > 1 {
                report(keys, "matches more than one of the allowed shapes (oneOf)")
            }
        }
        if let forbidden = schema["not"], matches(forbidden, value, at: keys, references: references) {
            report(keys, "not allowed: it matches the shape the schema's \"not\" forbids")
        }
        if let condition = schema["if"] {
            let branch = matches(condition, value, at: keys, references: references) ? schema["then"] : schema["else"]
            if let branch { apply(branch, to: value, at: keys, references: references) }
        }
    }

    /// A value none of `branches` allows: the values they list (`expected one of: "a", "b"`),
    /// else the problems of the one branch of its type, else that it matches none.
    mutating func reportNone(of branches: [JSONValue], _ found: [[SchemaCheck.Problem]], _ value: JSONValue, at keys: [String]) {
        var values: [JSONValue] = []
        var text = false
        var listsValues = true
        for branch in branches {
            let node = resolved(branch)
            if let listed = node["enum"]?.arrayValue ?? node["const"].map({ [$0] }) {
                values += listed
            } else if node["type"] == .string("string"), node.count == 1 || node.keys.allSatisfy({ ["type", "description", "title"].contains($0) }) {
                text = true
            } else if node["type"] == .string("null") {
                values.append(.null)
            } else {
                listsValues = false
            }
        }
        if listsValues, !values.isEmpty {
            report(keys, Self.oneOf(values) + (text ? ", or any text" : ""))
            return
        }
        // The branches that take a value of its type: one of them alone says most.
        let fitting = branches.indices.filter { index in
            let types = resolved(branches[index])["type"].flatMap(Self.typeNames) ?? []
            return types.isEmpty ? resolved(branches[index])["enum"] == nil && resolved(branches[index])["const"] == nil
                : types.contains { Self.isOfType(value, $0) }
        }
        if fitting.count == 1, !found[fitting[0]].isEmpty {
            add(found[fitting[0]])
            return
        }
        report(keys, "matches none of the allowed shapes")
    }

    /// A branch's keywords, its `$ref` followed (for what it says about itself, not to check).
    func resolved(_ schema: JSONValue) -> [String: JSONValue] {
        guard case .object(var members) = schema else { return [:] }
        var followed = 0
        while let reference = members["$ref"]?.stringValue, followed < SchemaNode.referenceLimit,
              case .object(let target)? = check.resolve(reference) {
            followed += 1
            members["$ref"] = nil
            members.merge(target) { own, _ in own }
        }
        return members
    }

    // MARK: Values

    /// A count keyword's number (`maxItems`…), however large it is written (`1e400` is no trap).
    func count(_ keyword: JSONValue?) -> Int? {
        guard let number = keyword?.doubleValue, !number.isNaN else { return nil }
        return number >= 1e15 ? Int(1e15) : number <= 0 ? 0 : Int(number)
    }

    static func typeNames(_ type: JSONValue) -> [String]? {
        switch type {
        case .string(let name): return [name]
        case .array(let names): return names.compactMap(\.stringValue)
        default: return nil
        }
    }

    static func isOfType(_ value: JSONValue, _ type: String) -> Bool {
        switch (type, value) {
        case ("null", .null), ("boolean", .bool), ("number", .number), ("string", .string), ("array", .array), ("object", .object):
            return true
        case ("integer", .number(let lexeme)):
            // A whole number, however written: 1.0 and 1e3 are integers.
            guard let number = Double(lexeme), number.isFinite else { return !lexeme.contains(where: { ".eE".contains($0) }) }
            return number == number.rounded()
        default:
            return false
        }
    }

    /// `a whole number`, `text or null`.
    static func typeWords(_ types: [String]) -> String {
        let words = types.map { type in
            switch type {
            case "integer": "a whole number"
            case "number": "a number"
            case "string": "text"
            case "boolean": "true or false"
            case "array": "a list"
            case "object": "an object"
            case "null": "null"
            default: type
            }
        }
        return words.count <= 2 ? words.joined(separator: " or ") : words.dropLast().joined(separator: ", ") + " or " + words[words.count - 1]
    }

    /// `expected one of: "a", "b", 3` (the first eight).
    static func oneOf(_ values: [JSONValue]) -> String {
        let shown = values.prefix(8).map(shown).joined(separator: ", ")
        return (values.count == 1 ? "expected " : "expected one of: ") + shown + (values.count > 8 ? ", …" : "")
    }

    static func shown(_ value: JSONValue) -> String {
        let json = value.compactJSON
        return json.count > 40 ? String(json.prefix(39)) + "…" : json
    }

    /// `value` with its numbers written one way per value (`1`, `1.0` and `1e0` alike), so equal
    /// values, as `JSONValue.isSame` judges them, are equal `JSONValue`s.
    static func canonical(_ value: JSONValue) -> JSONValue {
        switch value {
        case .number(let text): return Double(text).map { .number(String($0)) } ?? value
        case .array(let items): return .array(items.map(canonical))
        case .object(let members): return .object(members.mapValues(canonical))
        default: return value
        }
    }

}
