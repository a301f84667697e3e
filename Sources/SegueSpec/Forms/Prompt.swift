/// A question asked in the status line before an action runs with the answer:
/// `{"type": "prompt", "question": "Branch name?", "then": {"type": "exec", "command": ["git", "switch", "-c", "{{input}}"]}}`.
public struct Prompt: Equatable, Sendable {
    public var question: String
    /// Text shown in a box over the list while it asks (whiptail's `--inputbox` text); a template.
    public var text: String?
    /// The answer the editor opens with.
    public var defaultText: String?
    public var rules: InputRules
    /// What runs with the answer, as written (an action, or a list run in order): bound when the
    /// answer is in, with `{{input}}` the answer and the row's attributes and data as for any action.
    public var then: JSONValue
    /// The name its answer goes by for the prompts its `then` asks next: `{{answers.NAME}}`.
    public var name: String?
    /// The answers of the named prompts asked before this one, in the same chain.
    public var answers: [String: JSONValue] = [:]
    /// Which of them were passwords: never shown in a question or a confirmation.
    public var secrets: Set<String> = []

    public init(question: String, defaultText: String? = nil, rules: InputRules = InputRules(), then: JSONValue,
                name: String? = nil) {
        self.question = question
        self.defaultText = defaultText
        self.rules = rules
        self.then = then
        self.name = name
    }

    /// What `then` is bound with once `answer` is in: `input` the answer, `answers` every named
    /// answer of the chain so far (this one's too, when it has a name; none when there are none,
    /// so the data's own `answers` shows through). `masked`: passwords as `••••••••`, for what
    /// shows on screen.
    package func answered(_ answer: JSONValue, masked: Bool = false) -> (layer: JSONValue, answers: [String: JSONValue], secrets: Set<String>) {
        var answers = self.answers
        var secrets = self.secrets
        if let name {
            answers[name] = answer
            if rules.kind == .password { secrets.insert(name) }
        }
        let hidden = JSONValue.string("••••••••")
        var layer: [String: JSONValue] = ["input": masked && rules.kind == .password ? hidden : answer]
        if !answers.isEmpty {
            var shown = answers
            if masked { for secret in secrets { shown[secret] = hidden } }
            layer["answers"] = .object(shown)
        }
        return (.object(layer), answers, secrets)
    }

    /// Whether anything a question could show is a password.
    package var holdsSecrets: Bool { rules.kind == .password || !secrets.isEmpty }

    /// The prompt `members` write, checked; `then` is checked as an action with `names` registered.
    package static func decode(_ members: [String: JSONValue], path: String, names: Set<String>,
                       anyName: Bool = false) -> Result<Prompt, ShapeProblem> {
        guard let question = members["question"]?.stringValue, !question.isEmpty else {
            return .failure(.expected("the prompt's \"question\"", found: members["question"], at: path + ".question"))
        }
        var defaultText: String?
        if let value = members["default"], value != .null {
            guard case .string(let text) = value else { return .failure(.expected("a string", found: value, at: path + ".default")) }
            defaultText = text
        }
        let rules: InputRules
        switch InputRules.decode(members, path: path) {
        case .success(let decoded): rules = decoded
        case .failure(let problem): return .failure(problem)
        }
        guard let then = members["then"], then != .null else {
            return .failure(ShapeProblem(path: path + ".then", message: "a prompt needs \"then\": the action to run with the answer"))
        }
        // One action, or a list run in order (as an exec's `then`).
        if case .failure(let problem) = ExecCommand.decodeFollowUps(then, path: path + ".then", names: names, anyName: anyName) {
            return .failure(problem)
        }
        var text: String?
        if let value = members["text"], value != .null {
            guard case .string(let words) = value, !words.isEmpty else {
                return .failure(.expected("the text shown in a box while it asks", found: value, at: path + ".text"))
            }
            text = words
        }
        var name: String?
        if let value = members["name"], value != .null {
            guard case .string(let text) = value, !text.isEmpty, !text.contains("."), !text.contains(" ") else {
                return .failure(.expected("a name without dots or spaces (its answer is {{answers.NAME}})", found: value, at: path + ".name"))
            }
            name = text
        }
        var prompt = Prompt(question: question, defaultText: defaultText, rules: rules, then: then, name: name)
        prompt.text = text
        return .success(prompt)
    }

    /// The prompt as a spec writes it (without `type`).
    package var members: [String: JSONValue] {
        var members: [String: JSONValue] = ["question": .string(question), "then": then]
        if let defaultText { members["default"] = .string(defaultText) }
        if let text { members["text"] = .string(text) }
        if let name { members["name"] = .string(name) }
        if rules.kind != .text { members["kind"] = .string(rules.kind.rawValue) }
        if let minimum = rules.minimum { members["min"] = .number(InputRules.text(minimum)) }
        if let maximum = rules.maximum { members["max"] = .number(InputRules.text(maximum)) }
        if let pattern = rules.pattern { members["pattern"] = .string(pattern) }
        if let message = rules.invalidMessage { members["invalid"] = .string(message) }
        return members
    }
}
