import Dispatch
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
/// clears them when answered. Esc is a `nil` answer (`false` for `confirm`); Ctrl-C throws
/// `Segue.Interrupted`, so a tool ends as a shell command would (status 130). Without a terminal
/// (`/dev/tty`) they throw `TerminalError`. The question runs on a thread of its own; the
/// calling task waits for the answer without holding one of Swift's cooperative threads.
extension Segue {
    /// Ctrl-C (or SIGINT) while a question was asked.
    public struct Interrupted: Error, CustomStringConvertible {
        public var description: String { "interrupted" }
    }

    /// One of `items`, or `nil` when the question is cancelled (Esc).
    /// - Parameters:
    ///   - header: a line above the items.
    ///   - selected: the item selected at the start.
    ///   - height: lines under the prompt; as many as the items need, up to 12, by default.
    public static func choose(_ items: [String], header: String? = nil, selected: String? = nil,
                              height: InlineHeight? = nil) async throws -> String? {
        try await choose(items, header: header, selected: selected, marking: false, height: height)?.first
    }

    /// Any of `items`, marked with Space (Tab while finding); Enter takes the marked ones, or the
    /// selected one when none is marked. `nil` when cancelled.
    public static func chooseMany(_ items: [String], header: String? = nil, selected: String? = nil,
                                  height: InlineHeight? = nil) async throws -> [String]? {
        try await choose(items, header: header, selected: selected, marking: true, height: height)
    }

    /// Yes (`true`) or no: y and n answer at once, ←→ move, Enter takes the selected answer. Esc
    /// is no.
    public static func confirm(_ question: String, defaultsToYes: Bool = true, affirmative: String = "Yes",
                               negative: String = "No", height: InlineHeight? = nil) async throws -> Bool {
        let options = ConfirmQuestion.Options(defaultsToYes: defaultsToYes, affirmative: affirmative, negative: negative)
        let outcome = try await ask(ConfirmQuestion.spec(question: question, options: options),
                                    height: height ?? InlineHeight(.rows(6)), select: ConfirmQuestion.selected(options))
        return outcome.status == .success
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
        let made = try InputQuestion.make(options).get()
        let outcome = try await ask(made.spec, height: height ?? InlineHeight(.rows(5)), startAction: made.question)
        return outcome.emitted.first
    }

    private static func choose(_ items: [String], header: String?, selected: String?, marking: Bool,
                               height: InlineHeight?) async throws -> [String]? {
        guard !items.isEmpty else { return nil }
        let spec = ChooseQuestion.spec(items: items, options: ChooseQuestion.Options(header: header))
        let chrome = 2 + (header == nil ? 0 : 1)
        let outcome = try await ask(spec, height: height ?? InlineHeight(.rows(Swift.min(items.count + chrome, 12))),
                                    select: selected, marking: marking)
        return outcome.status == .success ? outcome.emitted : nil
    }

    /// Runs the question's session on a thread of its own and waits for it.
    private static func ask(_ spec: Spec, height: InlineHeight, select: String? = nil, startAction: RowAction? = nil,
                            marking: Bool = false) async throws -> SessionOutcome {
        var options = AppOptions(multiSelect: marking)
        options.startAction = startAction
        let configuration = SessionConfiguration(root: spec, loader: SpecLoader(), options: options,
                                                 presentation: .inline(height), select: select)
        let outcome: SessionOutcome = try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global(qos: .userInitiated).async {
                continuation.resume(with: Result { try Session.run(configuration) })
            }
        }
        if outcome.status == .interrupted { throw Interrupted() }
        return outcome
    }
}
