/// `segue form FILE` and `Segue.form`: several questions on one band, huh's `Form`. Each field is
/// a row of the kind that already edits a setting (input, choice, toggle), its answer that
/// setting, kept for the session only; a field's `when` is its row's `hidden` condition, so it
/// shows and hides as earlier answers change. Enter edits an input, else goes to the next field
/// (`KeyCommand.nextField`, `FormAnswers`); Tab and Shift-Tab move; Enter past the last field
/// answers the form once every field shown is accepted.
package struct FormQuestion: Equatable, Sendable {
    /// How the answers are printed by `segue form`.
    package enum Output: String, Sendable, CaseIterable {
        /// One JSON object, by field name.
        case json
        /// `name=value`, a line each.
        case lines
    }

    /// A line above the fields.
    package var title: String?
    package var fields: [FormField]
    package var output: Output

    package init(title: String?, fields: [FormField], output: Output = .json) {
        self.title = title?.isEmpty == true ? nil : title
        self.fields = fields
        self.output = output
    }

    /// The band's height by default: the fields, the title, the status and the keys' line.
    package var height: InlineHeight {
        InlineHeight(.rows(min(fields.count + (title == nil ? 2 : 3), 14)), minimum: 3)
    }

    /// The answers every field starts with, as the session's settings.
    package var startingAnswers: JSONValue {
        .object(Dictionary(uniqueKeysWithValues: fields.map { ($0.name, $0.startingAnswer) }))
    }

    /// The screen the form is: a row per field.
    package func spec() -> Spec {
        var spec = Spec(title: "", sections: [Section(header: title.map { Template.verbatim($0) }, rows: fields.map(Self.row))])
        spec.find.enabled = false
        spec.bindsEnabled = fields.contains { $0.when != nil }
        spec.hidesRows = spec.bindsEnabled
        // Enter goes on, Tab and Shift-Tab move, → and ← step a choice (Space too, as anywhere);
        // no key but Enter past the last field answers (q would quit with nothing checked).
        spec.keys = .object(["enter": "nextField", "tab": "moveDown", "shift-tab": "moveUp", "right": "flip", "space": "flip", "left": "previous",
                             "l": .null, "q": .null])
        return spec
    }

    /// A field's row: its title and answer as a setting row shows them (titles and options are
    /// data, never templates).
    static func row(_ field: FormField) -> Row {
        var attributes: [String: JSONValue] = ["title": .string(Template.verbatim(field.title)), "setting": .string(field.name),
                                               "id": .string(field.name)]
        switch field.kind {
        case .input, .password:
            attributes["cell"] = "input"
            if field.kind == .password { attributes["kind"] = "password" }
            if let placeholder = field.placeholder { attributes["placeholder"] = .string(Template.verbatim(placeholder)) }
            if let pattern = field.rules.pattern { attributes["pattern"] = .string(pattern) }
            if let invalid = field.rules.invalidMessage { attributes["invalid"] = .string(invalid) }
        case .choose:
            attributes["cell"] = "choice"
            attributes["options"] = .array(field.options.map { .string(Template.verbatim($0)) })
        case .confirm:
            attributes["cell"] = "toggle"
        }
        if let when = field.when { attributes["hidden"] = .string("{{!(" + Self.condition(of: when) + ")}}") }
        return Row(attributes: attributes)
    }

    /// `{{settings.publish}}` as `settings.publish`.
    private static func condition(of template: String) -> String {
        var text = Substring(template.trimmingSpaces())
        if text.hasPrefix("{{") { text = text.dropFirst(2) }
        if text.hasSuffix("}}") { text = text.dropLast(2) }
        return String(text)
    }

    /// A field's checks, with the Swift program's own (which a row's attributes cannot carry).
    func rules(for setting: String) -> InputRules? {
        fields.first { $0.name == setting && ($0.kind == .input || $0.kind == .password) }?.rules
    }

    /// The answers as `segue form` prints them: a JSON object, or a `name=value` line each
    /// (text as it is, anything else as JSON).
    package func printed(_ answers: JSONValue) -> [String] {
        let asked = FormField.asked(fields, in: answers)
        switch output {
        case .json:
            // In the fields' order, as written.
            return ["{" + asked.map { JSONValue.string($0.field.name).compactJSON + ":" + $0.answer.compactJSON }.joined(separator: ",") + "}"]
        case .lines:
            return asked.map { "\($0.field.name)=\($0.answer.stringValue ?? $0.answer.compactJSON)" }
        }
    }
}
