/// Answers to a tool's questions written down for a test: the same `Segue.choose`, `input`,
/// `confirm` and `spin` calls, answered in order from the script instead of by a person, with no
/// terminal, as `HeadlessSession` drives a screen. Text answers go through the question's own
/// checks (its kind, pattern, `validate`, what `input(_:as:)` reads); the lines the questions would
/// leave in the scrollback are kept.
///
/// ```swift
/// let script = QuestionScript(.choose("minor"), .input("ab"), .input("Faster start"), .confirm(true))
/// let plan = try await script.answering { try await releaseQuestions() }
/// #expect(script.refusals == ["at least 3 characters"])
/// #expect(script.record == ["✔ Version bump · minor", "✔ Title · Faster start", "✔ Publish? · Yes"])
/// #expect(script.unused.isEmpty)
/// ```
///
/// A question the next answer does not fit (a choice answered with text, a title no item has, the
/// script run out) throws `QuestionScript.Mismatch`, naming the question.
public final class QuestionScript: Sendable {
    /// One answer, for the next question asked.
    public enum Answer: Equatable, Sendable {
        /// The items of a `choose` (one) or `chooseMany` (any number) with these titles.
        case choose([String])
        /// Text typed, then Enter: refused by the question's checks, the message is kept
        /// (`refusals`) and the next answer is typed in its place, as a person would retype.
        case input(String)
        /// y or n to a `confirm`.
        case confirm(Bool)
        /// What a command behind `spin(_:running:)` did (the command is not run).
        case command(Segue.CommandResult)
        /// Esc.
        case cancel
        /// Ctrl-C.
        case interrupt

        /// The item of a `choose`, or the items of a `chooseMany`, with these titles.
        public static func choose(_ titles: String...) -> Answer { .choose(titles) }
    }

    /// The next answer did not fit the question asked.
    public struct Mismatch: Error, Equatable, CustomStringConvertible {
        public var description: String
    }

    private struct Progress {
        var answers: [Answer]
        var record: [String] = []
        var refusals: [String] = []
        var spinnerMessages: [String] = []
    }

    @TaskLocal static var current: QuestionScript?

    private let state: Locked<Progress>

    public init(_ answers: [Answer]) { state = Locked(Progress(answers: answers)) }

    public convenience init(_ answers: Answer...) { self.init(answers) }

    /// Runs `body` (and the tasks it starts) with its questions answered by this script.
    public func answering<T>(_ body: () async throws -> T) async rethrows -> T {
        try await Self.$current.withValue(self) { try await body() }
    }

    /// The lines the questions answered so far would have left in the scrollback, without
    /// styles: `✔ Version bump · minor`.
    public var record: [String] { state.withLock { $0.record } }
    /// What the user would have read for each text answer refused, in order.
    public var refusals: [String] { state.withLock { $0.refusals } }
    /// What work behind a spinner said of how it was doing (`spinner.progress`), in order.
    public var spinnerMessages: [String] { state.withLock { $0.spinnerMessages } }
    /// The answers no question has used yet.
    public var unused: [Answer] { state.withLock { $0.answers } }

    // MARK: Answering, for `Segue`'s questions

    func keep(_ line: String) { state.withLock { $0.record.append(line) } }

    func keepProgress(_ message: String) { state.withLock { $0.spinnerMessages.append(message) } }

    /// The places of the items whose titles are answered, or `nil` for Esc.
    func choose(_ question: String, labels: [String], marking: Bool) throws -> [Int]? {
        switch try next(for: question, a: "choice") {
        case .choose(let titles) where marking || titles.count == 1:
            return try titles.map { title in
                guard let place = labels.firstIndex(of: title) else {
                    throw mismatch(question, "has no item \"\(title)\" (items: \(labels.map { "\"\($0)\"" }.joined(separator: ", ")))")
                }
                return place
            }
        case .choose(let titles):
            throw mismatch(question, "takes one item, not \(titles.count)")
        case .cancel: return nil
        case let other: throw mismatch(question, "is a choice, answered \(other)")
        }
    }

    /// The first text answered that `rules` accept, or `nil` for Esc; each refused one's message
    /// is kept.
    func input(_ question: String, rules: InputRules) throws -> String? {
        while true {
            switch try next(for: question, a: "text") {
            case .input(let text):
                switch rules.validate(text) {
                case .success: return text
                case .failure(let refusal): state.withLock { $0.refusals.append(refusal.message) }
                }
            case .cancel: return nil
            case let other: throw mismatch(question, "asks for text, answered \(other)")
            }
        }
    }

    /// Yes or no; Esc is no.
    func confirm(_ question: String) throws -> Bool {
        switch try next(for: question, a: "yes or no") {
        case .confirm(let yes): return yes
        case .cancel: return false
        case let other: throw mismatch(question, "asks yes or no, answered \(other)")
        }
    }

    /// What the command did, or `nil` for Esc.
    func command(_ title: String) throws -> Segue.CommandResult? {
        switch try next(for: title, a: "command's result") {
        case .command(let result): return result
        case .cancel: return nil
        case let other: throw mismatch(title, "runs a command, answered \(other)")
        }
    }

    /// A form's answers, by name, each field shown asked in order (its condition read with the
    /// answers before it), or `nil` for Esc: a choice answered `.choose`, a yes-or-no `.confirm`,
    /// text `.input` (checked as typed text is).
    func form(_ fields: [FormField]) throws -> JSONValue? {
        var answers: [String: JSONValue] = [:]
        for field in fields { answers[field.name] = field.startingAnswer }
        for field in fields where field.isAsked(given: .object(answers)) {
            switch field.kind {
            case .choose:
                guard let place = try choose(field.title, labels: field.options, marking: false)?.first else { return nil }
                answers[field.name] = .string(field.options[place])
            case .confirm:
                let answer = try next(for: field.title, a: "yes or no")
                guard case .confirm(let yes) = answer else {
                    if answer == .cancel { return nil }
                    throw mismatch(field.title, "asks yes or no, answered \(answer)")
                }
                answers[field.name] = .bool(yes)
            case .input, .password:
                guard let text = try input(field.title, rules: field.rules) else { return nil }
                answers[field.name] = .string(text)
            }
        }
        return .object(answers)
    }

    /// The next answer; Ctrl-C throws as it would.
    private func next(for question: String, a kind: String) throws -> Answer {
        let answer = state.withLock { $0.answers.isEmpty ? nil : $0.answers.removeFirst() }
        guard let answer else { throw mismatch(question, "was asked, but the script has no answer left (it wants a \(kind))") }
        if answer == .interrupt { throw Segue.Interrupted() }
        return answer
    }

    private func mismatch(_ question: String, _ what: String) -> Mismatch {
        Mismatch(description: "QuestionScript: \"\(question)\" \(what)")
    }
}
