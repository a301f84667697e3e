/// Swift work behind a spinner, as `spin(_:running:)` runs a command behind one:
///
/// ```swift
/// let digest = try await Segue.spin("Building") { spinner in
///     for (step, name) in ["compiling", "linking"].enumerated() {
///         spinner.progress(name, fraction: Double(step) / 2)
///         try await build(name)
///     }
///     return "sha256:…"
/// }
/// ```
extension Segue {
    /// What work behind a spinner says of how it is doing: its words beside the title, and how
    /// far it is (0…1) as a bar under it.
    public struct Spinner: Sendable {
        private let say: @Sendable (String, Double?) -> Void

        init(_ say: @escaping @Sendable (String, Double?) -> Void) { self.say = say }

        /// Shows `message` beside the spinner at once, replacing the last; with `fraction`, the
        /// bar under it moves there.
        public func progress(_ message: String, fraction: Double? = nil) { say(message, fraction) }
    }

    /// Runs `operation` with a spinner and `title` on a line under the prompt, and hands back
    /// what it returns; the record line then says `✔ title`.
    /// - Throws: what `operation` throws, as it is (the record line then says `✘ title`);
    ///   `Segue.Cancelled` on Esc, which cancels its task; `Segue.Interrupted` on Ctrl-C;
    ///   `TerminalError` without a terminal.
    public static func spin<T: Sendable>(_ title: String, operation: @escaping @Sendable () async throws -> T) async throws -> T {
        try await spin(title, reportsProgress: false) { _ in try await operation() }
    }

    /// Runs `operation` with a spinner, `title` and what `operation` says through its `Spinner`
    /// (`spinner.progress("linking", fraction: 0.5)`) on two lines under the prompt, and hands
    /// back what it returns.
    /// - Throws: as `spin(_:operation:)`.
    public static func spin<T: Sendable>(_ title: String, operation: @escaping @Sendable (Spinner) async throws -> T) async throws -> T {
        try await spin(title, reportsProgress: true, operation: operation)
    }

    private static func spin<T: Sendable>(_ title: String, reportsProgress: Bool,
                                          operation: @escaping @Sendable (Spinner) async throws -> T) async throws -> T {
        let result: Result<T, any Error>
        if let script = QuestionScript.current {
            result = await Result(catching: { try await operation(Spinner { message, _ in script.keepProgress(message) }) })
        } else {
            result = try await spinOnTerminal(title, reportsProgress: reportsProgress, operation: operation)
        }
        record(title, answer: nil, failed: (try? result.get()) == nil)
        return try result.get()
    }

    /// The work as the handler of the core's spinner (`SpinQuestion.Work.handler`): it runs as
    /// a task while the band shows its progress, and ends the session when it is done.
    private static func spinOnTerminal<T: Sendable>(_ title: String, reportsProgress: Bool,
                                                    operation: @escaping @Sendable (Spinner) async throws -> T) async throws -> Result<T, any Error> {
        let finished = Locked<Result<T, any Error>?>(nil)
        let handlers = HandlerRegistry()
        handlers.register("spin") { context async throws in
            let result = await Result(catching: { try await operation(Spinner { message, fraction in context.progress(message, fraction: fraction) }) })
            finished.withLock { $0 = result }
            context.quit()
        }
        var options = AppOptions()
        options.oneShot = .spin(SpinQuestion(title: title, handler: "spin", readsProgress: reportsProgress))
        let rows = reportsProgress ? 2 : 1
        let outcome = try await ask(SpinQuestion.spec(), height: InlineHeight(.rows(rows), minimum: rows), options: options,
                                    callbacks: handlers.callbacks)
        // Esc ended the session (the work, cancelled, may have thrown since): only the work's
        // own end leaves the session with success.
        guard outcome.status == .success, let result = finished.withLock({ $0 }) else { throw Cancelled(question: title) }
        return result
    }
}

extension Result where Failure == any Error {
    /// What `body` returns or throws.
    init(catching body: () async throws -> Success) async {
        do {
            self = .success(try await body())
        } catch {
            self = .failure(error)
        }
    }
}
