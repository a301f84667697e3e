/// How every one-shot question is asked, typed or not: by a `QuestionScript` when a test runs one,
/// else by a session of the core's question (`ChooseQuestion`, `InputQuestion`, `ConfirmQuestion`,
/// `SpinQuestion`) in a band under the prompt; then the line it leaves (`record`).
extension Segue {
    /// The places of the labels chosen, in order, or `nil` for Esc.
    static func askChoice(_ question: String?, labels: [String], selected: Int?, marking: Bool,
                          height: InlineHeight?) async throws -> [Int]? {
        let chosen: [Int]?
        if let script = QuestionScript.current {
            chosen = try script.choose(question ?? "", labels: labels, marking: marking)?.sorted()
        } else {
            StartupTrace.mark("asked")
            // Each row's id is its place: values are told apart whatever they are called.
            let choices = labels.enumerated().map { (label: $0.element, value: String($0.offset)) }
            let chrome = 2 + (question == nil ? 0 : 1)
            let outcome = try await ask(ChooseQuestion.spec(choices: choices, header: question),
                                        height: height ?? InlineHeight(.rows(Swift.min(labels.count + chrome, 12))),
                                        select: selected.map(String.init), marking: marking)
            chosen = outcome.status == .success ? outcome.emitted.compactMap { Int($0) }.filter(labels.indices.contains).sorted() : nil
        }
        if let chosen { record(question ?? "", answer: chosen.map { labels[$0] }.joined(separator: ", ")) }
        return chosen
    }

    /// The text typed and accepted by `options`' rules (and its Swift check), or `nil` for Esc.
    /// - Throws: `ShapeProblem` for rules that cannot be (a pattern that is no regular expression).
    static func askText(_ options: InputQuestion.Options, height: InlineHeight?) async throws -> String? {
        let made = try InputQuestion.make(options).get()
        guard case .prompt(let prompt) = made.question.kind else { return nil }
        let text: String?
        if let script = QuestionScript.current {
            text = try script.input(prompt.question, rules: prompt.rules)
        } else {
            let outcome = try await ask(made.spec, height: height ?? InlineHeight(.rows(5)), startAction: made.question)
            text = outcome.status == .success ? outcome.emitted.first : nil
        }
        if let text { record(prompt.question, answer: prompt.rules.kind == .password ? "••••••••" : text) }
        return text
    }

    /// Yes or no; Esc is no.
    static func askConfirm(_ question: String, options: ConfirmQuestion.Options, height: InlineHeight?) async throws -> Bool {
        let yes: Bool
        if let script = QuestionScript.current {
            yes = try script.confirm(question)
        } else {
            let outcome = try await ask(ConfirmQuestion.spec(question: question, options: options),
                                        height: height ?? InlineHeight(.rows(6)), select: ConfirmQuestion.selected(options))
            yes = outcome.status == .success
        }
        record(question, answer: yes ? options.affirmative : options.negative)
        return yes
    }

    /// Runs the question's session on a thread of its own and waits for it, with the keys and
    /// theme the user gave Segue (`NO_COLOR` too).
    static func ask(_ spec: Spec, height: InlineHeight, select: String? = nil, startAction: RowAction? = nil,
                    marking: Bool = false, options: AppOptions = AppOptions(), settings: Settings = Settings(path: nil),
                    callbacks: SwiftCallbacks = .none) async throws -> SessionOutcome {
        var options = options
        options.multiSelect = marking
        options.startAction = startAction
        options.answersProgram = true
        StartupTrace.mark("question")
        let preferences = UserPreferences.ofThisUser()
        StartupTrace.mark("preferences")
        var configuration = SessionConfiguration(root: spec, loader: SpecLoader(disk: options.confinement), settings: settings, options: options,
                                                 keymap: preferences.keymap, theme: preferences.theme, callbacks: callbacks,
                                                 presentation: .inline(height), select: select)
        configuration.capturesStandardError = true
        // The band starts with the question, not its blank title line (a spinner draws its own).
        configuration.hidesTitleLine = options.oneShot == nil
        let configured = configuration
        StartupTrace.mark("configured")
        let outcome = try await onThreadOfItsOwn {
            StartupTrace.mark("own thread")
            return try Session.run(configured)
        }
        if outcome.status == .interrupted { throw Interrupted() }
        return outcome
    }
}
