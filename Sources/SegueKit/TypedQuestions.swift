/// Questions that give the program's own values: one of a list of any type, or of an enum's
/// cases; text checked by the program's own words; text read as a number or any
/// `LosslessStringConvertible`. They are the same questions as the text ones (the same band, keys
/// and record line), and throw `Segue.Cancelled` on Esc where those give `nil`:
///
/// ```swift
/// enum Bump: String, CaseIterable { case major, minor, patch }
/// let bump = try await Segue.choose("Version bump", from: Bump.self)
/// let title = try await Segue.input("Title:", validate: { $0.count < 3 ? "at least 3 characters" : nil })
/// let keep = try await Segue.input("Builds to keep:", as: Int.self)
/// ```
extension Segue {
    /// One of `items`, each shown as `title` names it (several may share a name: the one chosen
    /// is handed back, found by its place).
    /// - Parameters:
    ///   - question: a line above the items, and what the record line says was asked.
    ///   - items: what may be chosen, in order.
    ///   - title: what each item is shown as, found by, and recorded as.
    ///   - selected: the place of the item selected at the start.
    ///   - height: lines under the prompt; as many as the items need, up to 12, by default.
    /// - Throws: `Segue.Cancelled` on Esc (and for an empty list, once the user has read that
    ///   there is nothing to choose); `Segue.Interrupted` on Ctrl-C; `TerminalError` without a
    ///   terminal.
    public static func choose<T>(_ question: String, from items: [T], title: (T) -> String, selected: Int? = nil,
                                 height: InlineHeight? = nil) async throws -> T {
        let chosen = try await askChoice(question, labels: items.map(title), selected: selected, marking: false, height: height)
        guard let place = chosen?.first else { throw Cancelled(question: question) }
        return items[place]
    }

    /// One of `items`, shown by their `description`.
    /// - Throws: as `choose(_:from:title:selected:height:)`.
    public static func choose<T: CustomStringConvertible>(_ question: String, from items: [T], selected: Int? = nil,
                                                          height: InlineHeight? = nil) async throws -> T {
        try await choose(question, from: items, title: \.description, selected: selected, height: height)
    }

    /// One of an enum's cases (`Segue.choose("Version bump", from: Bump.self)`), shown by their
    /// `description` when they have one, else by their name.
    /// - Throws: as `choose(_:from:title:selected:height:)`.
    public static func choose<T: CaseIterable>(_ question: String, from type: T.Type = T.self, selected: T? = nil,
                                               height: InlineHeight? = nil) async throws -> T where T: Equatable {
        let cases = Array(type.allCases)
        return try await choose(question, from: cases, title: { String(describing: $0) },
                                selected: selected.flatMap(cases.firstIndex), height: height)
    }

    /// Any of `items`, marked with Space (Tab while finding); Enter takes the marked ones, in the
    /// list's order, or the selected one when none is marked.
    /// - Throws: as `choose(_:from:title:selected:height:)`.
    public static func chooseMany<T>(_ question: String, from items: [T], title: (T) -> String, selected: Int? = nil,
                                     height: InlineHeight? = nil) async throws -> [T] {
        let chosen = try await askChoice(question, labels: items.map(title), selected: selected, marking: true, height: height)
        guard let chosen else { throw Cancelled(question: question) }
        return chosen.map { items[$0] }
    }

    /// Any of `items`, shown by their `description`.
    /// - Throws: as `choose(_:from:title:selected:height:)`.
    public static func chooseMany<T: CustomStringConvertible>(_ question: String, from items: [T], selected: Int? = nil,
                                                              height: InlineHeight? = nil) async throws -> [T] {
        try await chooseMany(question, from: items, title: \.description, selected: selected, height: height)
    }

    /// Any of an enum's cases.
    /// - Throws: as `choose(_:from:title:selected:height:)`.
    public static func chooseMany<T: CaseIterable>(_ question: String, from type: T.Type = T.self,
                                                   height: InlineHeight? = nil) async throws -> [T] {
        try await chooseMany(question, from: Array(type.allCases), title: { String(describing: $0) }, height: height)
    }

    /// A line of text that `validate` accepts: Enter on text it refuses shows the message it
    /// returns, as it is, and the user goes on typing; `nil` accepts.
    /// - Parameters:
    ///   - prompt: what is asked, before the text.
    ///   - value: the text already typed.
    ///   - placeholder: a line shown while nothing is typed yet.
    ///   - password: the text is drawn as dots, and the record line shows dots.
    ///   - height: lines under the prompt; 5 by default.
    ///   - validate: why the text is refused, in the user's words; `nil` when it is accepted.
    /// - Throws: `Segue.Cancelled` on Esc; `Segue.Interrupted` on Ctrl-C; `TerminalError`.
    public static func input(_ prompt: String, value: String? = nil, placeholder: String? = nil, password: Bool = false,
                             height: InlineHeight? = nil, validate: @escaping @Sendable (String) -> String?) async throws -> String {
        let options = InputQuestion.Options(prompt: prompt, value: value, placeholder: placeholder, kind: password ? "password" : "text",
                                            check: AnswerCheck(validate))
        guard let text = try await askText(options, height: height) else { throw Cancelled(question: prompt) }
        return text
    }

    /// Text read as a `T` (`Int`, `Double`, `Bool`, your own `LosslessStringConvertible`), and
    /// accepted by `validate` once read: text that does not read says what is expected
    /// (`expected a whole number`), and what `validate` returns is shown as it is.
    /// - Parameters:
    ///   - prompt: what is asked, before the text.
    ///   - type: what the text is read as.
    ///   - value: the answer already typed.
    ///   - placeholder: a line shown while nothing is typed yet.
    ///   - height: lines under the prompt; 5 by default.
    ///   - validate: why a value is refused, in the user's words; `nil` when it is accepted.
    /// - Throws: `Segue.Cancelled` on Esc; `Segue.Interrupted` on Ctrl-C; `TerminalError`.
    public static func input<T: LosslessStringConvertible>(_ prompt: String, as type: T.Type, value: T? = nil,
                                                           placeholder: String? = nil, height: InlineHeight? = nil,
                                                           validate: (@Sendable (T) -> String?)? = nil) async throws -> T {
        let check = AnswerCheck { text in
            guard let parsed = T(text.trimmingSpaces()) else { return expectation(of: T.self) }
            return validate?(parsed)
        }
        let options = InputQuestion.Options(prompt: prompt, value: value?.description, placeholder: placeholder, check: check)
        guard let text = try await askText(options, height: height), let parsed = T(text.trimmingSpaces()) else {
            throw Cancelled(question: prompt)
        }
        return parsed
    }

    /// What the user is told when text does not read as a `T`.
    static func expectation<T>(of type: T.Type) -> String {
        switch type {
        case is any BinaryInteger.Type: return "expected a whole number"
        case is any BinaryFloatingPoint.Type: return "expected a number"
        case is Bool.Type: return "expected true or false"
        default: return "expected a \(T.self)"
        }
    }
}
