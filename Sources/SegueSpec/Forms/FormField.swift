/// One question of a form: several asked on one band, each answer the setting of the field's
/// name, so a later field's `when` sees it (`{{settings.bump == 'major'}}`).
///
/// `{"name": "bump", "type": "choose", "title": "Version bump", "options": ["major", "minor", "patch"]}`,
/// `{"name": "note", "type": "input", "title": "Release note", "when": "{{settings.publish}}"}`.
/// A spec's `"form"` lists them (`segue form FILE`); a Swift program writes them as `Segue.Field`s.
public struct FormField: Equatable, Sendable {
    public enum Kind: String, CaseIterable, Sendable {
        /// A line of text (`pattern` and `invalid` check it).
        case input
        /// One of `options`.
        case choose
        /// Yes or no: `true` or `false`.
        case confirm
        /// A line of text drawn as dots, never shown.
        case password
    }

    /// The answer's name: the setting it is kept in, and its key in the answers.
    public var name: String
    public var kind: Kind
    /// What is asked; the name when not said.
    public var title: String
    /// A `choose`'s options, in order.
    public var options: [String]
    /// The answer before the user gives one: text, an option, `true` or `false`.
    public var defaultValue: JSONValue?
    /// An input's dim text while it is empty.
    public var placeholder: String?
    /// An input's or a password's checks (`pattern`, `invalid`, a Swift program's `check`).
    public var rules: InputRules
    /// A condition (one template, `{{settings.publish}}`): the field is asked, and answered, only
    /// while it holds.
    public var when: String?

    public init(name: String, kind: Kind, title: String? = nil, options: [String] = [], defaultValue: JSONValue? = nil,
                placeholder: String? = nil, rules: InputRules = InputRules(), when: String? = nil) {
        self.name = name
        self.kind = kind
        self.title = title ?? name
        self.options = options
        self.defaultValue = defaultValue
        self.placeholder = placeholder
        self.rules = rules
        if kind == .password { self.rules.kind = .password }
        self.when = when
    }

    /// The keys a field is written with.
    package static let keys = ["name", "type", "title", "options", "default", "placeholder", "pattern", "invalid", "when"]

    /// The fields `value` (a spec's `"form"`) writes, checked: a problem names the JSON path
    /// below `path` and what was expected there.
    package static func decodeList(_ value: JSONValue, path: String) -> Result<[FormField], ShapeProblem> {
        guard case .array(let elements) = value else { return .failure(.expected("an array of fields", found: value, at: path)) }
        var fields: [FormField] = []
        for (index, element) in elements.enumerated() {
            switch decode(element, path: "\(path)[\(index)]") {
            case .failure(let problem): return .failure(problem)
            case .success(let field):
                if fields.contains(where: { $0.name == field.name }) {
                    return .failure(ShapeProblem(path: "\(path)[\(index)].name", message: "\"\(field.name)\" names an earlier field too"))
                }
                fields.append(field)
            }
        }
        return .success(fields)
    }

    /// One field, checked.
    package static func decode(_ value: JSONValue, path: String) -> Result<FormField, ShapeProblem> {
        guard case .object(let members) = value else { return .failure(.expected("a field (an object)", found: value, at: path)) }
        if let unknown = members.keys.sorted().first(where: { !keys.contains($0) }) {
            return .failure(ShapeProblem(path: "\(path).\(unknown)",
                                         message: "a field takes \(keys.map { "\"\($0)\"" }.joined(separator: ", ")), not \"\(unknown)\""))
        }
        guard let name = members["name"]?.stringValue, !name.isEmpty else {
            return .failure(.expected("the field's \"name\" (the answer's key)", found: members["name"], at: path + ".name"))
        }
        guard let typeName = members["type"]?.stringValue, let kind = Kind(rawValue: typeName) else {
            let kinds = Kind.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
            return .failure(.expected(kinds, found: members["type"], at: path + ".type"))
        }
        var field = FormField(name: name, kind: kind)
        if let written = members["title"], written != .null {
            guard let text = written.stringValue else { return .failure(.expected("a string", found: written, at: path + ".title")) }
            field.title = text
        }
        if let written = members["placeholder"], written != .null {
            guard let text = written.stringValue else { return .failure(.expected("a string", found: written, at: path + ".placeholder")) }
            field.placeholder = text
        }
        switch decodeOptions(members["options"], kind: kind, path: path + ".options") {
        case .failure(let problem): return .failure(problem)
        case .success(let options): field.options = options
        }
        if let problem = decodeRules(members, into: &field, path: path) { return .failure(problem) }
        if let written = members["default"], written != .null {
            if let problem = field.check(default: written, path: path + ".default") { return .failure(problem) }
            field.defaultValue = written
        }
        if let written = members["when"], written != .null {
            guard let condition = written.stringValue, condition.trimmingSpaces().hasPrefix("{{"), condition.trimmingSpaces().hasSuffix("}}"),
                  Template(condition).problems.isEmpty else {
                return .failure(.expected("a condition written as one template (\"{{settings.publish}}\")", found: written, at: path + ".when"))
            }
            field.when = condition
        }
        return .success(field)
    }

    private static func decodeOptions(_ written: JSONValue?, kind: Kind, path: String) -> Result<[String], ShapeProblem> {
        guard kind == .choose else {
            if let written, written != .null { return .failure(ShapeProblem(path: path, message: "only a \"choose\" field has options")) }
            return .success([])
        }
        guard case .array(let elements)? = written, !elements.isEmpty else {
            return .failure(.expected("the options to choose from (an array of strings)", found: written, at: path))
        }
        var options: [String] = []
        for (index, element) in elements.enumerated() {
            guard let text = element.stringValue else { return .failure(.expected("a string", found: element, at: "\(path)[\(index)]")) }
            options.append(text)
        }
        return .success(options)
    }

    /// `pattern` and `invalid`, which only text takes.
    private static func decodeRules(_ members: [String: JSONValue], into field: inout FormField, path: String) -> ShapeProblem? {
        let written = members.filter { ($0.key == "pattern" || $0.key == "invalid") && $0.value != .null }
        guard !written.isEmpty else { return nil }
        guard field.kind == .input || field.kind == .password else {
            let key = written.keys.sorted().first ?? "pattern"
            return ShapeProblem(path: "\(path).\(key)", message: "only an \"input\" or a \"password\" field takes \"\(key)\"")
        }
        switch InputRules.decode(written, path: path) {
        case .failure(let problem): return problem
        case .success(var rules):
            rules.kind = field.rules.kind
            field.rules = rules
            return nil
        }
    }

    /// Whether `value` can be this field's answer before the user gives one.
    private func check(default value: JSONValue, path: String) -> ShapeProblem? {
        switch kind {
        case .confirm:
            guard case .bool = value else { return .expected("true or false", found: value, at: path) }
        case .choose:
            guard let text = value.stringValue, options.contains(text) else {
                return .expected("one of the options (\(options.map { "\"\($0)\"" }.joined(separator: ", ")))", found: value, at: path)
            }
        case .input, .password:
            guard value.stringValue != nil else { return .expected("a string", found: value, at: path) }
        }
        return nil
    }
}

// MARK: Answering

extension FormField {
    /// Whether the field is asked, given the answers so far (by name): its `when` holds.
    public func isAsked(given answers: JSONValue) -> Bool {
        guard let when else { return true }
        return Template(when).value(in: DataContext(layers: [.object(["settings": answers])])).isTrue
    }

    /// The answer the field starts with: its default, else the first option, `false`, or empty text.
    public var startingAnswer: JSONValue {
        if let defaultValue { return defaultValue }
        switch kind {
        case .choose: return options.first.map(JSONValue.string) ?? .null
        case .confirm: return .bool(false)
        case .input, .password: return .string("")
        }
    }

    /// The answer as it stands in `answers` (or as it starts, when none was given).
    public func answer(in answers: JSONValue) -> JSONValue {
        guard case .object(let members) = answers, let value = members[name], value != .null else { return startingAnswer }
        return value
    }

    /// Why the answer in `answers` cannot be taken (an input its checks refuse), or `nil`.
    public func refusal(in answers: JSONValue) -> String? {
        guard kind == .input || kind == .password else { return nil }
        if case .failure(let refused) = rules.validate(InputRules.text(of: answer(in: answers))) { return refused.message }
        return nil
    }

    /// The fields asked, in order, each with its answer, given every answer so far.
    public static func asked(_ fields: [FormField], in answers: JSONValue) -> [(field: FormField, answer: JSONValue)] {
        fields.filter { $0.isAsked(given: answers) }.map { ($0, $0.answer(in: answers)) }
    }

    /// The answers of the fields asked, by name, as JSON.
    public static func answers(_ fields: [FormField], in answers: JSONValue) -> JSONValue {
        .object(Dictionary(uniqueKeysWithValues: asked(fields, in: answers).map { ($0.field.name, $0.answer) }))
    }
}
