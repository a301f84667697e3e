/// A value of the wrong shape found in JSON that was decoded whole (generators, cell definitions,
/// cell libraries): where, by JSON path, and what was expected. Public because a program can be
/// handed one: `Segue.input(pattern:)` throws it for a pattern that is no regular expression.
public struct ShapeProblem: Error, Equatable, CustomStringConvertible {
    /// Where, as a JSON path (`input.pattern`).
    public var path: String
    /// What is wrong there.
    public var message: String

    package init(path: String, message: String) {
        self.path = path
        self.message = message
    }

    /// `path: message`, as errors print it after their file.
    public var description: String { "\(path): \(message)" }

    package static func expected(_ what: String, found value: JSONValue?, at path: String) -> ShapeProblem {
        ShapeProblem(path: path, message: "expected \(what), found \(value?.summary ?? "nothing")")
    }
}

extension JSONValue {
    package var isObject: Bool {
        if case .object = self { return true }
        return false
    }

    /// The member `name` of an object.
    public func member(_ name: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members[name]
    }
}

/// The checks `SpecIndexer` makes on a row's keys, for rows decoded whole (generator templates and
/// cell definitions' attributes).
package enum RowShape {
    /// Keys a row's kind reads (`kind`, `min`…) are checked by the kind once cell types resolve
    /// (`SpecLoader`); a cell type's by the built-in kind it names as its base, when it sets any.
    package static func check(_ attributes: [String: JSONValue], path: String, kind: (any RowKindSpec)? = nil) -> ShapeProblem? {
        if let kind, attributes.keys.contains(where: { key in kind.keys.contains { $0.name == key } }),
           let problem = kind.check(attributes, path: path, complete: false) { return problem }
        for key in attributes.keys.sorted() {
            guard let value = attributes[key], value != .null else { continue }
            let at = path + "." + key
            switch key {
            case "title", "detail", "setting", "cell", "nib", "class", "placeholder":
                if value.stringValue == nil { return .expected("a string", found: value, at: at) }
            case "action":
                // Handler names are checked where the row is used; the action's shape here.
                if case .failure(let problem) = RowAction.decode(value, path: at, names: [], anyName: true) { return problem }
            case "wrap":
                if case .bool = value { continue }
                return .expected("true or false", found: value, at: at)
            case "enabled", "hidden":
                if case .bool = value { continue }
                if case .string(let text) = value, Template.mightHavePlaceholders(text) { continue }
                return .expected(conditionExpected, found: value, at: at)
            case "segue":
                if SegueTarget(value) == nil { return .expected("a path or {\"spec\": …, \"data\": …}", found: value, at: at) }
            case "options":
                if let problem = checkOptions(value, path: at) { return problem }
            default:
                continue
            }
        }
        return nil
    }

    /// What `enabled` and `hidden` take.
    package static let conditionExpected = "true, false or a template (\"{{settings.name}}\")"

    /// A choice's options: an array of strings, numbers or booleans.
    package static func checkOptions(_ value: JSONValue, path: String) -> ShapeProblem? {
        if value == .null { return nil }
        guard case .array(let options) = value else { return .expected("an array of options", found: value, at: path) }
        for (index, option) in options.enumerated() {
            switch option {
            case .string, .number, .bool: continue
            default: return .expected("a string, number or boolean", found: option, at: path + "[\(index)]")
            }
        }
        return nil
    }
}

/// Decoding `forEach` generators.
package enum RowGenerators {
    /// A generator from `{"forEach": "users", "as": "user", "row": {…}}`.
    package static func decode(_ value: JSONValue, path: String) -> Result<RowGenerator, ShapeProblem> {
        guard case .object(let members) = value else { return .failure(.expected("an object", found: value, at: path)) }
        guard let forEach = members["forEach"]?.stringValue, !forEach.isEmpty else {
            return .failure(.expected("a key path", found: members["forEach"], at: path + ".forEach"))
        }
        var name = "item"
        if let given = members["as"], given != .null {
            guard let text = given.stringValue, !text.isEmpty, !text.contains(".") else {
                return .failure(.expected("a name without dots", found: given, at: path + ".as"))
            }
            name = text
        }
        guard case .object(let template) = members["row"] else {
            return .failure(.expected("a row object", found: members["row"], at: path + ".row"))
        }
        if let problem = RowShape.check(template, path: path + ".row") { return .failure(problem) }
        if template["key"] != nil, template["key"] != .null {
            return .failure(ShapeProblem(path: path + ".row.key", message: "generated rows cannot have hotkeys"))
        }
        return .success(RowGenerator(forEach: forEach, name: name, template: Row(attributes: template)))
    }
}

/// Decoding `"cells"` objects, in specs and in cell libraries.
package enum CellDefinitions {
    package static func decode(_ value: JSONValue, path: String, kinds: RowKindCatalog) -> Result<[String: CellDefinition], ShapeProblem> {
        if value == .null { return .success([:]) }
        guard case .object(let members) = value else { return .failure(.expected("an object", found: value, at: path)) }
        var definitions: [String: CellDefinition] = [:]
        for name in members.keys.sorted() {
            let at = path + "." + name
            guard case .object(var attributes) = members[name] else {
                return .failure(.expected("an object", found: members[name], at: at))
            }
            // Redefining a built-in (to give it defaults) keeps it that style.
            var base = kinds.style(named: name) != nil ? name : kinds.defaultName
            if attributes["key"].map({ $0 != .null }) == true {
                return .failure(ShapeProblem(path: at + ".key", message: "hotkeys belong on rows, not on cell types"))
            }
            if let given = attributes.removeValue(forKey: "base"), given != .null {
                guard let text = given.stringValue, !text.isEmpty else {
                    return .failure(.expected("a cell type name", found: given, at: at + ".base"))
                }
                base = text
            }
            if let problem = RowShape.check(attributes, path: at, kind: kinds.style(named: base).map { kinds[$0] }) { return .failure(problem) }
            definitions[name] = CellDefinition(base: base, attributes: attributes)
        }
        return .success(definitions)
    }
}
