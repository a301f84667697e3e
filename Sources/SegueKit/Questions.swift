import SegueTerminal

/// One question from a Swift command-line tool, answered under the prompt, after which the tool
/// carries on: what `segue choose`, `segue confirm` and `segue input` are to shell scripts.
///
/// ```swift
/// guard let target = try await Segue.choose(["staging", "production"], header: "Deploy to") else { return }
/// guard try await Segue.confirm("Deploy v2.4.6 to \(target)?") else { return }
/// let note = try await Segue.input("Release note: ", placeholder: "what changed")
/// ```
///
/// Each draws in a few lines under the prompt (as `--height` does; `height` changes it) and
/// clears them when answered, leaving one line saying what was asked and the answer
/// (`Segue.recordsAnswers`). These take and give text: Esc is a `nil` answer (`false` for
/// `confirm`). The typed questions (`choose(_:from:title:)`, `input(_:as:)`…) give values and
/// throw `Segue.Cancelled` instead. Ctrl-C throws `Segue.Interrupted`, so a tool ends as a
/// shell command would (status 130). Without a terminal (`/dev/tty`) they throw
/// `TerminalError`. The question runs on a thread of its own; the calling task waits for the
/// answer without holding one of Swift's cooperative threads. Inside `QuestionScript.answering`
/// the script answers instead of the user.
extension Segue {
    /// One of `items`, or `nil` when the question is cancelled (Esc).
    /// - Parameters:
    ///   - items: what may be chosen, in order.
    ///   - header: a line above the items.
    ///   - selected: the item selected at the start.
    ///   - height: lines under the prompt; as many as the items need, up to 12, by default.
    /// - Throws: `Segue.Interrupted`; `TerminalError`.
    public static func choose(_ items: [String], header: String? = nil, selected: String? = nil,
                              height: InlineHeight? = nil) async throws -> String? {
        guard !items.isEmpty else { return nil }
        let chosen = try await askChoice(header, labels: items, selected: selected.flatMap(items.firstIndex), marking: false, height: height)
        return chosen?.first.map { items[$0] }
    }

    /// Any of `items`, marked with Space (Tab while finding); Enter takes the marked ones, or the
    /// selected one when none is marked. `nil` when cancelled.
    /// - Throws: `Segue.Interrupted`; `TerminalError`.
    public static func chooseMany(_ items: [String], header: String? = nil, selected: String? = nil,
                                  height: InlineHeight? = nil) async throws -> [String]? {
        guard !items.isEmpty else { return nil }
        let chosen = try await askChoice(header, labels: items, selected: selected.flatMap(items.firstIndex), marking: true, height: height)
        return chosen?.map { items[$0] }
    }

    /// Yes (`true`) or no: y and n answer at once, ←→ move, Enter takes the selected answer. Esc
    /// is no.
    /// - Throws: `Segue.Interrupted`; `TerminalError`.
    public static func confirm(_ question: String, defaultsToYes: Bool = true, affirmative: String = "Yes",
                               negative: String = "No", height: InlineHeight? = nil) async throws -> Bool {
        let options = ConfirmQuestion.Options(defaultsToYes: defaultsToYes, affirmative: affirmative, negative: negative)
        return try await askConfirm(question, options: options, height: height)
    }

    /// A line of text, checked as an input row checks it (`kind` text, number or password;
    /// `pattern`, `min`, `max`), or `nil` when cancelled.
    /// - Throws: `ShapeProblem` for a pattern that is no regular expression or a kind Segue
    ///   does not have; `Interrupted`; `TerminalError`.
    public static func input(_ prompt: String = "> ", value: String? = nil, placeholder: String? = nil,
                             kind: String = "text", pattern: String? = nil, min: Double? = nil, max: Double? = nil,
                             height: InlineHeight? = nil) async throws -> String? {
        let options = InputQuestion.Options(prompt: prompt, value: value, placeholder: placeholder, kind: kind,
                                            pattern: pattern, min: min, max: max)
        return try await askText(options, height: height)
    }

    /// What a command run behind a spinner did: its exit status and what it wrote (its
    /// standard error is kept when it failed; `why` it could not start is there too).
    public struct CommandResult: Equatable, Sendable {
        public var status: Int32
        /// Its standard output, whole.
        public var output: [UInt8]
        /// Its standard error, when it failed.
        public var errors: [UInt8]

        public init(status: Int32, output: [UInt8] = [], errors: [UInt8] = []) {
            self.status = status
            self.output = output
            self.errors = errors
        }
    }

    /// Runs `command` (no shell; its own process group) with a spinner and `title` on a line under
    /// the prompt, as `segue spin` does; with `progress`, a bar under it that the command moves by
    /// printing how far it is (`42`, `42%`, `3/8`), as `segue progress` does. Esc stops it (`nil`);
    /// Ctrl-C stops it and throws `Segue.Interrupted`. Swift work goes behind the same spinner
    /// with `spin(_:operation:)`.
    public static func spin(_ title: String, running command: [String], progress: Bool = false) async throws -> CommandResult? {
        let result: CommandResult?
        if let script = QuestionScript.current {
            result = try script.command(title)
        } else {
            var options = AppOptions()
            // Its output is all kept: the tool decides what to show.
            options.oneShot = .spin(SpinQuestion(title: title, command: command, showsOutput: true, readsProgress: progress))
            let outcome = try await ask(SpinQuestion.spec(), height: InlineHeight(.rows(progress ? 2 : 1), minimum: progress ? 2 : 1),
                                        options: options)
            result = outcome.relayed.map { CommandResult(status: outcome.status.code, output: $0.output, errors: $0.errors) }
        }
        if let result { record(title, answer: nil, failed: result.status != 0) }
        return result
    }
}
