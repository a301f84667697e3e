/// `segue confirm "Delete 3 files?"`: one yes-or-no question for a script, as gum's `confirm` and
/// dialog's `--yesno`. Its exit status is the answer: 0 for yes, 1 for no (and for Esc), 130 for
/// Ctrl-C; nothing is printed. y and n answer at once; ↑↓ and ←→ move between the answers, Enter
/// takes the selected one.
package enum ConfirmQuestion {
    package struct Options: Sendable {
        /// The answer selected at the start (`--default`): yes unless told otherwise.
        package var defaultsToYes = true
        /// The answers' words (`--affirmative`, `--negative`).
        package var affirmative = "Yes"
        package var negative = "No"

        package init(defaultsToYes: Bool = true, affirmative: String = "Yes", negative: String = "No") {
            self.defaultsToYes = defaultsToYes
            self.affirmative = affirmative
            self.negative = negative
        }
    }

    /// The question's spec: the question (wrapped, as text), then the two answers.
    package static func spec(question: String, options: Options = Options()) -> Spec {
        // The words are data, never templates: the rows show them through placeholders.
        func answer(_ name: String, key: String, status: ExitStatus) -> Row {
            Row(attributes: [
                "title": .string("{{\(name)}}"), "key": .string(key), "id": .string(name),
                "action": .object(["type": "quit", "status": .number(String(status.code))]),
            ])
        }
        let data = JSONValue.object([
            "question": .string(question), "yes": .string(options.affirmative), "no": .string(options.negative),
        ])
        let rows = RowList([
            Row(attributes: ["cell": .string("text"), "title": .string("{{question}}")]),
            answer("yes", key: "y", status: .success), answer("no", key: "n", status: .cancelled),
        ])
        var spec = Spec(title: "", sections: [Section(rows: rows)], data: data)
        spec.find.enabled = false
        // ← and → move between the answers, as in gum and dialog, where they would go back and open.
        spec.keys = .object(["left": .string("moveUp"), "right": .string("moveDown")])
        return spec
    }

    /// The id of the answer selected at the start.
    package static func selected(_ options: Options) -> String {
        options.defaultsToYes ? "yes" : "no"
    }
}
