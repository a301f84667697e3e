/// A whole JSON document checked against a JSON Schema (draft 2020-12 or draft-07): what
/// `segue edit` asks before it saves, so the file only receives what the schema allows.
///
/// Pure and bounded: each schema is applied once per value it reaches, `$ref`s are followed
/// (locally, as `SchemaNode` follows them) at most `SchemaNode.referenceLimit` times in a row at
/// one value, so a cycle ends, and the whole walk stops after `stepLimit` schemas, finding no
/// problem then (a walk cut short would judge `oneOf`, `not` and `if` by branches it never
/// finished, and refuse valid files). A keyword it
/// cannot apply (a `$ref` outside the schema, a pattern Swift's regular expressions cannot read,
/// an unknown format, `unevaluatedProperties`) is no problem: the check never refuses a value for
/// what it does not understand, and keys the schema does not name are only refused where its
/// `additionalProperties` says so.
package struct SchemaCheck: Equatable, Sendable {
    /// A value the schema refuses: the JSON Pointer of the value (of the missing property for
    /// `required`) and why, in the words the inputs use (`expected a whole number from 6 to 72`).
    package struct Problem: Equatable, Sendable {
        package var pointer: String
        package var message: String

        package init(pointer: String, message: String) {
            self.pointer = pointer
            self.message = message
        }

        /// `/font/size: expected …`; the document itself is `top level`.
        package var description: String {
            (pointer.isEmpty ? "top level" : pointer) + ": " + message
        }
    }

    /// The schema document.
    package let schema: JSONValue
    /// `$ref`s beside other keywords are followed alone (draft-07 and older) rather than besides.
    let refIgnoresSiblings: Bool
    /// Schemas named by `$anchor` (and draft-07's `"$id": "#name"`), for `"$ref": "#name"`.
    let anchors: [String: JSONValue]

    /// How many schemas one check applies at most, whatever the schema's `anyOf`s multiply.
    static let stepLimit = 200_000

    package init(schema: JSONValue) {
        self.schema = schema
        let dialect = schema.member("$schema")?.stringValue ?? ""
        refIgnoresSiblings = ["draft-03", "draft-04", "draft-06", "draft-07"].contains { dialect.contains($0) }
        var anchors: [String: JSONValue] = [:]
        Self.collectAnchors(schema, into: &anchors, depth: 0)
        self.anchors = anchors
    }

    /// The problems of `document`, ordered by pointer (then as found); none when it is valid.
    package func problems(of document: JSONValue) -> [Problem] {
        var walk = Walk(check: self)
        walk.apply(schema, to: document, at: [], references: 0)
        guard walk.steps <= Self.stepLimit else { return [] }
        var seen = Set<String>()
        let unique = walk.problems.filter { seen.insert($0.pointer + "\u{0}" + $0.message).inserted }
        return unique.enumerated().sorted { ($0.element.pointer, $0.offset) < ($1.element.pointer, $1.offset) }.map(\.element)
    }

    /// `1 problem`, `2 problems`.
    static func count(_ number: Int, _ one: String, _ many: String? = nil) -> String {
        "\(number) " + (number == 1 ? one : many ?? one + "s")
    }

    /// Whether `document` is valid.
    package func accepts(_ document: JSONValue) -> Bool {
        problems(of: document).isEmpty
    }

    private static func collectAnchors(_ value: JSONValue, into anchors: inout [String: JSONValue], depth: Int) {
        guard depth < 64 else { return }
        switch value {
        case .object(let members):
            if let anchor = members["$anchor"]?.stringValue, anchors[anchor] == nil { anchors[anchor] = value }
            if let id = members["$id"]?.stringValue, id.hasPrefix("#"), id.count > 1, anchors[String(id.dropFirst())] == nil {
                anchors[String(id.dropFirst())] = value
            }
            // `enum`, `const`, `default` and `examples` hold values, not schemas.
            for (key, member) in members where !["enum", "const", "default", "examples"].contains(key) {
                collectAnchors(member, into: &anchors, depth: depth + 1)
            }
        case .array(let elements):
            for element in elements { collectAnchors(element, into: &anchors, depth: depth + 1) }
        default:
            break
        }
    }

    /// The schema a local `$ref` names (`#`, `#/$defs/a%20b`, `#name`), or `nil`.
    func resolve(_ reference: String) -> JSONValue? {
        Self.target(of: reference, in: schema, anchors: anchors)
    }

    /// The schema a local `$ref` names in `document`: the whole of it (`#`), the one at a JSON
    /// Pointer (`#/$defs/a%20b`) or the one an `$anchor` (or draft-07's `"$id": "#name"`) names
    /// (`#name`; `anchors` found beforehand, else looked for in `document`); `nil` for a
    /// reference outside it.
    static func target(of reference: String, in document: JSONValue, anchors: [String: JSONValue]? = nil) -> JSONValue? {
        guard reference.hasPrefix("#") else { return nil }
        let fragment = percentDecoded(String(reference.dropFirst()))
        if fragment.isEmpty { return document }
        if fragment.hasPrefix("/") { return document.setting(fragment) }
        if let anchors { return anchors[fragment] }
        var found: [String: JSONValue] = [:]
        collectAnchors(document, into: &found, depth: 0)
        return found[fragment]
    }

    /// A URI fragment as the JSON Pointer it spells (`%20` a blank), for `$ref`s.
    static func percentDecoded(_ text: String) -> String {
        guard text.contains("%") else { return text }
        var bytes: [UInt8] = []
        var utf8 = Array(text.utf8)[...]
        while let byte = utf8.popFirst() {
            if byte == UInt8(ascii: "%"), utf8.count >= 2, let value = UInt8(String(decoding: utf8.prefix(2), as: UTF8.self), radix: 16) {
                bytes.append(value)
                utf8 = utf8.dropFirst(2)
            } else {
                bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}

/// One check's walk: the problems found, and what it has spent.
private struct Walk {
    let check: SchemaCheck
    var problems: [SchemaCheck.Problem] = []
    var steps = 0
    /// Patterns compiled once per check; `nil` for one Swift cannot read.
    var regexes: [String: Regex<AnyRegexOutput>?] = [:]

    init(check: SchemaCheck) {
        self.check = check
    }

    mutating func report(_ keys: [String], _ message: String) {
        problems.append(.init(pointer: SettingName.pointer(keys), message: message))
    }

    /// Whether `value` has no problems by `schema`, reporting none.
    mutating func matches(_ schema: JSONValue, _ value: JSONValue, at keys: [String], references: Int) -> Bool {
        problemsOf(schema, value, at: keys, references: references).isEmpty
    }

    /// `value`'s problems by `schema` alone, not reported.
    mutating func problemsOf(_ schema: JSONValue, _ value: JSONValue, at keys: [String], references: Int) -> [SchemaCheck.Problem] {
        let kept = problems
        problems = []
        apply(schema, to: value, at: keys, references: references)
        let found = problems
        problems = kept
        return found
    }

    /// Reports `value`'s problems (at `keys`) by `schema`; `references` counts the `$ref`s
    /// followed in a row at this value.
    mutating func apply(_ schema: JSONValue, to value: JSONValue, at keys: [String], references: Int) {
        steps += 1
        guard steps <= SchemaCheck.stepLimit else { return }
        switch schema {
        case .bool(false):
            report(keys, "not allowed here")
            return
        case .object(let members):
            if let reference = members["$ref"]?.stringValue {
                // A cycle, or a reference outside the schema, checks nothing more here.
                if references < SchemaNode.referenceLimit, let target = check.resolve(reference) {
                    apply(target, to: value, at: keys, references: references + 1)
                }
                if check.refIgnoresSiblings { return }
            }
            applyKeywords(members, to: value, at: keys, references: references)
        default:
            return  // `true`, or not a schema
        }
    }

    private mutating func applyKeywords(_ schema: [String: JSONValue], to value: JSONValue, at keys: [String], references: Int) {
        if let types = schema["type"].flatMap(Self.typeNames), !types.isEmpty, !types.contains(where: { Self.isOfType(value, $0) }) {
            report(keys, "expected " + Self.typeWords(types))
            return  // the rest speak of a value of that type
        }
        if let allowed = schema["enum"]?.arrayValue, !allowed.contains(where: { Self.equal($0, value) }) {
            report(keys, Self.oneOf(allowed))
        }
        if let constant = schema["const"], !Self.equal(constant, value) {
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

    // MARK: Numbers

    private mutating func checkNumber(_ number: Double, _ schema: [String: JSONValue], at keys: [String]) {
        let low = schema["minimum"]?.doubleValue, high = schema["maximum"]?.doubleValue
        // Draft-04's boolean `exclusiveMinimum` is not read.
        let lowOpen = schema["exclusiveMinimum"]?.doubleValue, highOpen = schema["exclusiveMaximum"]?.doubleValue
        let outside = low.map { number < $0 } == true || high.map { number > $0 } == true
            || lowOpen.map { number <= $0 } == true || highOpen.map { number >= $0 } == true
        if outside {
            let whole = Self.typeNames(schema["type"] ?? .null)?.contains("number") == false
            report(keys, "expected " + (whole ? "a whole number" : "a number") + Self.range(low: low, lowOpen: lowOpen, high: high, highOpen: highOpen))
        }
        if let step = schema["multipleOf"]?.doubleValue, step > 0 {
            let quotient = number / step
            // Within rounding: 0.3 is a multiple of 0.1.
            if (quotient - quotient.rounded()).magnitude > 1e-9 * max(1, quotient.magnitude) {
                report(keys, "expected a multiple of \(InputRules.text(step))")
            }
        }
    }

    /// ` from 6 to 72`, ` of at least 1`, ` greater than 0 and at most 1`.
    static func range(low: Double?, lowOpen: Double?, high: Double?, highOpen: Double?) -> String {
        // The tighter bound of each side.
        let lower: (Double, Bool)? = switch (low, lowOpen) {
        case (let closed?, let open?): open >= closed ? (open, true) : (closed, false)
        case (let closed?, nil): (closed, false)
        case (nil, let open?): (open, true)
        case (nil, nil): nil
        }
        let upper: (Double, Bool)? = switch (high, highOpen) {
        case (let closed?, let open?): open <= closed ? (open, true) : (closed, false)
        case (let closed?, nil): (closed, false)
        case (nil, let open?): (open, true)
        case (nil, nil): nil
        }
        switch (lower, upper) {
        case ((let from, false)?, (let to, false)?):
            return " from \(InputRules.text(from)) to \(InputRules.text(to))"
        case ((let from, false)?, nil): return " of at least \(InputRules.text(from))"
        case (nil, (let to, false)?): return " of at most \(InputRules.text(to))"
        default:
            let words = [lower.map { ($0.1 ? "greater than " : "at least ") + InputRules.text($0.0) },
                         upper.map { ($0.1 ? "less than " : "at most ") + InputRules.text($0.0) }].compactMap { $0 }
            return words.isEmpty ? "" : " " + words.joined(separator: " and ")
        }
    }

    // MARK: Text

    private mutating func checkText(_ text: String, _ schema: [String: JSONValue], at keys: [String]) {
        // Characters as JSON Schema counts them: code points.
        let length = text.unicodeScalars.count
        let least = count(schema["minLength"]), most = count(schema["maxLength"])
        if least.map({ length < $0 }) == true || most.map({ length > $0 }) == true {
            switch (least, most) {
            case (let least?, let most?): report(keys, least == most ? "expected \(SchemaCheck.count(least, "character"))" : "expected \(least) to \(most) characters")
            case (let least?, nil): report(keys, "expected at least \(SchemaCheck.count(least, "character"))")
            case (nil, let most?): report(keys, "expected at most \(SchemaCheck.count(most, "character"))")
            case (nil, nil): break
            }
        }
        if let pattern = schema["pattern"]?.stringValue, let regex = regex(pattern), (try? regex.firstMatch(in: text)) == nil {
            report(keys, "expected a value matching \(pattern)")
        }
        if let format = schema["format"]?.stringValue, let refusal = SchemaFormat.refusal(of: text, format: format) {
            report(keys, refusal)
        }
    }

    private mutating func regex(_ pattern: String) -> Regex<AnyRegexOutput>? {
        if let compiled = regexes[pattern] { return compiled }
        let compiled = try? Regex(pattern)
        regexes[pattern] = compiled
        return compiled
    }

    // MARK: Lists

    private mutating func checkItems(_ items: [JSONValue], _ schema: [String: JSONValue], at keys: [String], references: Int) {
        if let least = count(schema["minItems"]), items.count < least {
            report(keys, "expected at least \(SchemaCheck.count(least, "item"))")
        }
        if let most = count(schema["maxItems"]), items.count > most {
            report(keys, "expected at most \(SchemaCheck.count(most, "item"))")
        }
        // A tuple's places: 2020-12's `prefixItems`, draft-07's `items` array.
        let tuple = schema["prefixItems"]?.arrayValue ?? schema["items"]?.arrayValue ?? []
        let rest = schema["prefixItems"] != nil || schema["items"]?.arrayValue == nil ? schema["items"] : schema["additionalItems"]
        for (index, item) in items.enumerated() {
            if index < tuple.count {
                apply(tuple[index], to: item, at: keys + [String(index)], references: 0)
            } else if rest == .bool(false) {
                report(keys, "expected at most \(SchemaCheck.count(tuple.count, "item"))")
                break
            } else if let rest {
                apply(rest, to: item, at: keys + [String(index)], references: 0)
            }
        }
        if schema["uniqueItems"] == .bool(true) {
            // By a canonical form (numbers by value), so a long list costs a pass, not a pass per item.
            var firsts: [JSONValue: Int] = [:]
            for (index, item) in items.enumerated() {
                let canonical = Self.canonical(item)
                if let first = firsts[canonical] {
                    report(keys + [String(index)], "the same as item \(first): items must differ")
                } else {
                    firsts[canonical] = index
                }
            }
        }
        if let contains = schema["contains"] {
            let least = count(schema["minContains"]) ?? 1
            let most = count(schema["maxContains"])
            let count = items.indices.filter { matches(contains, items[$0], at: keys + [String($0)], references: 0) }.count
            if count < least {
                report(keys, least == 1 ? "expected an item of the kind the schema's \"contains\" describes"
                       : "expected at least \(least) items of the kind the schema's \"contains\" describes")
            } else if let most, count > most {
                report(keys, "expected at most \(SchemaCheck.count(most, "item")) of the kind the schema's \"contains\" describes")
            }
        }
    }

    // MARK: Objects

    private mutating func checkMembers(_ members: [String: JSONValue], _ schema: [String: JSONValue], at keys: [String], references: Int) {
        for name in schema["required"]?.arrayValue?.compactMap(\.stringValue) ?? [] where members[name] == nil {
            report(keys + [name], "required")
        }
        if let least = count(schema["minProperties"]), members.count < least {
            report(keys, "expected at least \(SchemaCheck.count(least, "property", "properties"))")
        }
        if let most = count(schema["maxProperties"]), members.count > most {
            report(keys, "expected at most \(SchemaCheck.count(most, "property", "properties"))")
        }
        var properties: [String: JSONValue] = [:]
        if case .object(let named)? = schema["properties"] { properties = named }
        var patterns: [(Regex<AnyRegexOutput>, JSONValue)] = []
        if case .object(let byPattern)? = schema["patternProperties"] {
            for (pattern, member) in byPattern.sorted(by: { $0.key < $1.key }) {
                if let regex = regex(pattern) { patterns.append((regex, member)) }
            }
        }
        for (name, member) in members.sorted(by: { $0.key < $1.key }) {
            let at = keys + [name]
            var named = false
            if let property = properties[name] {
                named = true
                apply(property, to: member, at: at, references: 0)
            }
            for (regex, property) in patterns where (try? regex.firstMatch(in: name)) != nil {
                named = true
                apply(property, to: member, at: at, references: 0)
            }
            // The file's own `"$schema"` (how `segue edit` finds the schema) is never unknown.
            guard !named, !(keys.isEmpty && name == "$schema"), let additional = schema["additionalProperties"] else { continue }
            if additional == .bool(false) {
                report(at, "not allowed: the schema names no such property")
            } else {
                apply(additional, to: member, at: at, references: 0)
            }
        }
        if let names = schema["propertyNames"] {
            for name in members.keys.sorted() {
                for problem in problemsOf(names, .string(name), at: keys + [name], references: 0) {
                    report(keys + [name], "its name: " + problem.message)
                }
            }
        }
        // `dependentRequired`, and draft-07's `dependencies` of both kinds.
        var requiredWith: [String: [String]] = [:]
        var schemasWith: [String: JSONValue] = [:]
        for keyword in ["dependencies", "dependentRequired", "dependentSchemas"] {
            guard case .object(let dependencies)? = schema[keyword] else { continue }
            for (name, dependency) in dependencies {
                if let names = dependency.arrayValue {
                    requiredWith[name, default: []] += names.compactMap(\.stringValue)
                } else if keyword != "dependentRequired" {
                    schemasWith[name] = dependency
                }
            }
        }
        for (name, needed) in requiredWith.sorted(by: { $0.key < $1.key }) where members[name] != nil {
            for other in needed where members[other] == nil {
                report(keys + [other], "required when \(name) is set")
            }
        }
        for (name, dependency) in schemasWith.sorted(by: { $0.key < $1.key }) where members[name] != nil {
            apply(dependency, to: .object(members), at: keys, references: 0)
        }
    }

    // MARK: Combinations

    private mutating func combine(_ schema: [String: JSONValue], _ value: JSONValue, at keys: [String], references: Int) {
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
    private mutating func reportNone(of branches: [JSONValue], _ found: [[SchemaCheck.Problem]], _ value: JSONValue, at keys: [String]) {
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
            problems += found[fitting[0]]
            return
        }
        report(keys, "matches none of the allowed shapes")
    }

    /// A branch's keywords, its `$ref` followed (for what it says about itself, not to check).
    private func resolved(_ schema: JSONValue) -> [String: JSONValue] {
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
    private func count(_ keyword: JSONValue?) -> Int? {
        guard let number = keyword?.doubleValue, !number.isNaN else { return nil }
        return number >= 1e15 ? Int(1e15) : number <= 0 ? 0 : Int(number)
    }

    private static func typeNames(_ type: JSONValue) -> [String]? {
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

    /// JSON Schema's equality: numbers by value (1 is 1.0), objects whatever their order.
    /// `value` with its numbers written one way per value (`1`, `1.0` and `1e0` alike), so equal
    /// values, as `equal` judges them, are equal `JSONValue`s.
    static func canonical(_ value: JSONValue) -> JSONValue {
        switch value {
        case .number(let text): return Double(text).map { .number(String($0)) } ?? value
        case .array(let items): return .array(items.map(canonical))
        case .object(let members): return .object(members.mapValues(canonical))
        default: return value
        }
    }

    static func equal(_ left: JSONValue, _ right: JSONValue) -> Bool {
        switch (left, right) {
        case (.number(let a), .number(let b)):
            return a == b || Double(a).flatMap { a in Double(b).map { a == $0 } } == true
        case (.array(let a), .array(let b)):
            return a.count == b.count && zip(a, b).allSatisfy(equal)
        case (.object(let a), .object(let b)):
            return a.count == b.count && a.allSatisfy { key, value in b[key].map { equal(value, $0) } == true }
        default:
            return left == right
        }
    }
}
