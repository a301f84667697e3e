/// `Segue.form`: several questions on one band, huh's `Form`, asked by the core's form
/// (`FormQuestion`) or answered by a `QuestionScript`; then a record line per answer.
extension Segue {
    /// The answers to a form, read through its fields: `answers[bump]` is a `Bump`, a field
    /// asked only on a condition an optional (`nil` when it was not asked).
    public struct FormAnswers: Sendable, Equatable {
        /// The answers of the fields asked, by name: text, an option's title, `true` or `false`.
        public var values: [String: JSONValue]

        public init(values: [String: JSONValue]) { self.values = values }

        public subscript<Value>(field: Field<Value>) -> Value { field.read(values[field.field.name]) }
    }

    /// Asks `fields` on one band under the prompt, huh's `Form`: Tab and Shift-Tab move between
    /// them, Enter edits a text field and goes on from any other, ←→ and Space change a choice or
    /// a yes-or-no; a field with a condition (`when`) shows only while it holds. Enter past the
    /// last field answers the form once every field shown is accepted (a refused one is selected,
    /// with its message). Then each answer leaves its record line (`✔ Version bump · minor`).
    /// - Parameters:
    ///   - title: a line above the fields.
    ///   - fields: the questions, in order (`Segue.Field.input`, `choose`, `confirm`, `password`).
    ///   - height: lines under the prompt; as many as the fields need by default.
    /// - Throws: `Segue.Cancelled` on Esc; `Segue.Interrupted` on Ctrl-C; `ShapeProblem` for two
    ///   fields with one name or a choice with nothing to choose; `TerminalError`.
    public static func form(_ title: String? = nil, _ fields: any FormFieldConvertible..., height: InlineHeight? = nil) async throws -> FormAnswers {
        try await form(title, fields: fields, height: height)
    }

    /// `form(_:_:height:)` with the fields in an array.
    public static func form(_ title: String? = nil, fields: [any FormFieldConvertible], height: InlineHeight? = nil) async throws -> FormAnswers {
        let questions = fields.map(\.field)
        if let problem = problem(of: questions) { throw problem }
        let answers: JSONValue
        if let script = QuestionScript.current {
            guard let answered = try script.form(questions) else { throw Cancelled(question: title ?? "") }
            answers = answered
        } else {
            let form = FormQuestion(title: title, fields: questions)
            var options = AppOptions()
            options.form = form
            let outcome = try await ask(form.spec(), height: height ?? form.height, options: options,
                                        settings: Settings(path: nil, values: form.startingAnswers))
            guard outcome.status == .success else { throw Cancelled(question: title ?? "") }
            answers = outcome.values
        }
        let asked = FormField.asked(questions, in: answers)
        for (field, answer) in asked { record(field.title, answer: shown(answer, of: field)) }
        return FormAnswers(values: Dictionary(uniqueKeysWithValues: asked.map { ($0.field.name, $0.answer) }))
    }

    /// Why the fields cannot make a form, if they cannot.
    private static func problem(of fields: [FormField]) -> ShapeProblem? {
        var names: Set<String> = []
        for (place, field) in fields.enumerated() {
            guard names.insert(field.name).inserted else {
                return ShapeProblem(path: "form[\(place)].name", message: "\"\(field.name)\" names an earlier field too")
            }
            if field.kind == .choose, field.options.isEmpty {
                return ShapeProblem(path: "form[\(place)].options", message: "\"\(field.name)\" has nothing to choose from")
            }
        }
        return nil
    }

    /// An answer as its record line shows it: a password as dots, yes or no in words.
    private static func shown(_ answer: JSONValue, of field: FormField) -> String {
        switch field.kind {
        case .password: return "••••••••"
        case .confirm: return answer == .bool(true) ? "Yes" : "No"
        case .input, .choose: return InputRules.text(of: answer)
        }
    }
}
