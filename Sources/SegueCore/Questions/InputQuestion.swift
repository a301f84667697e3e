/// `segue input`: one line of text for a script, gum's `input`, typed with Segue's line editor
/// and checked by the rules input rows and prompts use (`kind`, `min`, `max`, `pattern`); the
/// text is printed. Esc exits 1.
package enum InputQuestion {
    package struct Options: Sendable {
        /// What is asked (`--prompt`).
        package var prompt = "> "
        /// The text already typed (`--value`).
        package var value: String?
        /// Shown above the line while nothing is typed yet (`--placeholder`).
        package var placeholder: String?
        /// `text`, `number` or `password` (`--password` is `password`).
        package var kind = "text"
        /// A regular expression the whole answer must match (`--pattern`).
        package var pattern: String?
        /// The smallest and largest number (`--min`, `--max`, with `--kind number`).
        package var min: Double?
        package var max: Double?
        /// A Swift program's own check, after the others: its message is what the user reads.
        package var check: AnswerCheck?

        package init(prompt: String = "> ", value: String? = nil, placeholder: String? = nil, kind: String = "text",
                    pattern: String? = nil, min: Double? = nil, max: Double? = nil, check: AnswerCheck? = nil) {
            self.check = check
            self.prompt = prompt
            self.value = value
            self.placeholder = placeholder
            self.kind = kind
            self.pattern = pattern
            self.min = min
            self.max = max
        }
    }

    /// The screen behind the question (the placeholder, if any) and the question itself, asked
    /// as the session starts (`AppOptions.startAction`); `nil` with why the options cannot be.
    package static func make(_ options: Options) -> Result<(spec: Spec, question: RowAction), ShapeProblem> {
        // Asked from no row, the question and the text typed are used as written (no templates).
        var members: [String: JSONValue] = [
            "type": "prompt", "question": .string(trimmingTrailingSpaces(options.prompt)), "kind": .string(options.kind),
            "then": .object(["type": "emit", "value": .string("{{input}}")]),
        ]
        if let value = options.value { members["default"] = .string(value) }
        if let pattern = options.pattern { members["pattern"] = .string(pattern) }
        if let min = options.min { members["min"] = .number(number(min)) }
        if let max = options.max { members["max"] = .number(number(max)) }
        switch RowAction.decode(.object(members), path: "input", names: []) {
        case .failure(let problem):
            return .failure(problem)
        case .success(var question):
            if case .prompt(var prompt) = question.kind {
                prompt.rules.check = options.check
                question.kind = .prompt(prompt)
            }
            // A line for the placeholder, blank without one (an empty screen would say so).
            let rows = [Row(attributes: ["cell": .string("text"), "title": .string("{{placeholder}}")])]
            let data: [String: JSONValue] = ["placeholder": .string(options.placeholder ?? "")]
            var spec = Spec(title: "", sections: [Section(rows: rows)], data: .object(data))
            spec.find.enabled = false
            return .success((spec, question))
        }
    }

    /// `Name: ` as `Name:`: the line puts a space between the question and the text.
    private static func trimmingTrailingSpaces(_ text: String) -> String {
        var text = Substring(text)
        while text.last == " " { text = text.dropLast() }
        return text.isEmpty ? ">" : String(text)
    }

    private static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }
}
