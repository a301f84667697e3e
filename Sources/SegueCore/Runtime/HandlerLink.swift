/// What a handler running as a task can ask of the user while it runs: yes or no, or a line of
/// text. Asked through the app's own question and prompt (the status line's `(y/N)`, the bottom
/// line's editor), it waits until nothing else is in front.
package enum HandlerQuestion: Equatable, Sendable {
    /// `Deploy v2.4.6 to production? (y/N)`: y is yes, n (or any other key) no; Enter says
    /// `yesByDefault`.
    case confirm(String, yesByDefault: Bool)
    /// A line of text, checked by `rules`, the editor opening with `defaultText`.
    case input(String, defaultText: String?, rules: InputRules)
}

/// A running handler's line to the app's loop: progress shown at once, and questions whose
/// answers it waits for. Esc while one is asked stops the handler, and the question answers
/// `nil`.
package struct HandlerLink: Sendable {
    private let work: AsyncWork
    private let task: Int

    init(work: AsyncWork, task: Int) {
        self.work = work
        self.task = task
    }

    /// Shows `message` beside the handler's spinner, after a bar filled to `fraction` (0…1) if
    /// given, in place of what it said before.
    package func progress(_ message: String, fraction: Double? = nil) {
        work.post(.handlerProgress(task: task, message, fraction: fraction), whileRunning: .handler(task))
    }

    /// Asks `question` and waits for the answer: `.bool` for a confirmation, `.string` for
    /// text; `nil` when the handler was stopped (Esc, its screen left) before an answer came.
    package func ask(_ question: HandlerQuestion) async -> JSONValue? {
        await work.ask(question, task: task)
    }
}
