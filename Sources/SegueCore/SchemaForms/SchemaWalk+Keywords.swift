/// The keywords that speak of a value of one type: a number's bounds and multiple, text's
/// lengths, pattern and format, a list's items and counts, an object's properties and counts.
/// Each reports at the value's pointer; lists and objects apply their schemas to what they hold.
extension SchemaWalk {
    // MARK: Numbers

    mutating func checkNumber(_ number: Double, _ schema: [String: JSONValue], at keys: [String]) {
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

    mutating func checkText(_ text: String, _ schema: [String: JSONValue], at keys: [String]) {
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

    mutating func regex(_ pattern: String) -> Regex<AnyRegexOutput>? {
        if let compiled = regexes[pattern] { return compiled }
        let compiled = try? Regex(pattern)
        regexes[pattern] = compiled
        return compiled
    }

    // MARK: Lists

    mutating func checkItems(_ items: [JSONValue], _ schema: [String: JSONValue], at keys: [String], references: Int) {
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

    mutating func checkMembers(_ members: [String: JSONValue], _ schema: [String: JSONValue], at keys: [String], references: Int) {
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
            let wasCheckingNames = checkingNames
            checkingNames = true
            for name in members.keys.sorted() {
                for problem in problemsOf(names, .string(name), at: keys + [name], references: 0) {
                    report(keys + [name], "its name: " + problem.message)
                }
            }
            checkingNames = wasCheckingNames
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
}
