/// A form's questions as the Swift program's values: each `Segue.Field` knows what it asks and
/// how its answer reads back (`String`, `Bool`, one of your values), and a field asked only when
/// an earlier answer says so reads back as an optional:
///
/// ```swift
/// let bump = Segue.Field.choose("bump", "Version bump", from: Bump.self)
/// let title = Segue.Field.input("title", "Title", validate: { $0.count < 3 ? "at least 3 characters" : nil })
/// let publish = Segue.Field.confirm("publish", "Publish now?")
/// let note = Segue.Field.input("note", "Release note").when(publish)
/// let answers = try await Segue.form("Release", bump, title, publish, note)
/// let chosen: Bump = answers[bump]
/// let written: String? = answers[note]   // nil unless publish was yes
/// ```
extension Segue {
    public struct Field<Value>: FormFieldConvertible {
        /// What is asked: the field's name (its answer's key), kind, title, checks, condition.
        public var field: FormField
        /// The value an answer reads as (`nil`: the field was not asked).
        let read: @Sendable (JSONValue?) -> Value
        /// How a value is written in a condition on this field, when it can be.
        let written: @Sendable (Value) -> JSONValue?

        init(_ field: FormField, read: @escaping @Sendable (JSONValue?) -> Value, written: @escaping @Sendable (Value) -> JSONValue?) {
            self.field = field
            self.read = read
            self.written = written
        }

        /// The field, asked only while `condition` holds: a template over earlier answers,
        /// `"{{settings.bump == 'major'}}"`. It reads back `nil` when it was not asked.
        public func when(_ condition: String) -> Field<Value?> {
            var field = self.field
            field.when = condition
            let read = self.read
            let written = self.written
            return Field<Value?>(field, read: { answer in answer.map { read($0) } },
                                 written: { value in value.flatMap { written($0) } })
        }

        /// The field, asked only when `other` was answered `value`.
        public func when<Other>(_ other: Field<Other>, is value: Other) -> Field<Value?> {
            let literal = other.written(value).map { $0.compactJSON } ?? "null"
            return when("{{settings.\(other.field.name) == \(literal)}}")
        }

        /// The field, asked only when `other` (a yes-or-no) was answered yes.
        public func when(_ other: Field<Bool>) -> Field<Value?> {
            when("{{settings.\(other.field.name)}}")
        }
    }
}

/// Anything that stands for one question of a form (`Segue.Field`): `Segue.form` takes a list.
public protocol FormFieldConvertible: Sendable {
    var field: FormField { get }
}

extension Segue.Field where Value == String {
    /// A line of text; `validate`'s message is shown as written, as `Segue.input(_:validate:)`'s.
    /// - Parameters:
    ///   - name: the answer's key (and the setting conditions name: `settings.NAME`).
    ///   - title: what is asked; the name by default.
    ///   - value: the text already typed.
    ///   - placeholder: dim text while nothing is typed.
    ///   - validate: why the text is refused, in the user's words; `nil` when it is accepted.
    public static func input(_ name: String, _ title: String? = nil, value: String? = nil, placeholder: String? = nil,
                             validate: (@Sendable (String) -> String?)? = nil) -> Self {
        text(FormField(name: name, kind: .input, title: title, defaultValue: value.map(JSONValue.string), placeholder: placeholder,
                       rules: InputRules(check: validate.map(AnswerCheck.init))))
    }

    /// A line of text drawn as dots, never shown (its record line is dots too).
    public static func password(_ name: String, _ title: String? = nil, validate: (@Sendable (String) -> String?)? = nil) -> Self {
        text(FormField(name: name, kind: .password, title: title, rules: InputRules(kind: .password, check: validate.map(AnswerCheck.init))))
    }

    private static func text(_ field: FormField) -> Self {
        Self(field, read: { InputRules.text(of: $0) }, written: { .string($0) })
    }
}

extension Segue.Field where Value == Bool {
    /// Yes (`true`) or no; `value` at the start.
    public static func confirm(_ name: String, _ title: String? = nil, value: Bool = false) -> Self {
        Self(FormField(name: name, kind: .confirm, title: title, defaultValue: .bool(value)),
             read: { $0 == .bool(true) }, written: { .bool($0) })
    }
}

extension Segue.Field where Value: Sendable {
    /// One of `items`, each shown as `title` names it; the first at the start, or `selected`.
    /// Items with one title read back as the first of them. Asking a form throws `ShapeProblem`
    /// for a field with no items.
    public static func choose(_ name: String, _ question: String? = nil, from items: [Value], title: @escaping @Sendable (Value) -> String,
                              selected: Int? = nil) -> Self {
        let labels = items.map(title)
        let start = selected.flatMap { labels.indices.contains($0) ? JSONValue.string(labels[$0]) : nil }
        let field = FormField(name: name, kind: .choose, title: question, options: labels, defaultValue: start)
        return Self(field, read: { answer in
            let place = answer.flatMap { $0.stringValue }.flatMap(labels.firstIndex) ?? 0
            return items[place]
        }, written: { .string(title($0)) })
    }

    /// One of `items`, shown by their `description`.
    public static func choose(_ name: String, _ question: String? = nil, from items: [Value], selected: Int? = nil) -> Self
    where Value: CustomStringConvertible {
        choose(name, question, from: items, title: { $0.description }, selected: selected)
    }

    /// One of an enum's cases, shown by their `description` when they have one, else by name.
    public static func choose(_ name: String, _ question: String? = nil, from type: Value.Type, selected: Value? = nil) -> Self
    where Value: CaseIterable & Equatable {
        let cases = Array(type.allCases)
        return choose(name, question, from: cases, title: { String(describing: $0) }, selected: selected.flatMap(cases.firstIndex))
    }
}
