/// `segue spin --title "Building…" -- make`: a spinner and a title under the prompt while a
/// command runs, gum's `spin`. The command runs as a live section's command does (no shell, its
/// own process group, read without blocking: `Effect.startSource`), but with its output kept
/// whole (`SourceRequest.capturesOutput`); its end (`Event.commandFinished`) ends the session with
/// its status, passing on what it wrote (`output(of:)`). Esc stops it (exit 1), Ctrl-C too (130):
/// the session's end kills its whole group. A Swift program's work runs behind the same spinner
/// as a handler (`Segue.spin(_:operation:)`): its `context.progress` moves the bar, and it ends
/// the session itself.
package struct SpinQuestion: Equatable, Sendable {
    /// What runs behind the spinner.
    package enum Work: Equatable, Sendable {
        /// A command's argv, program first.
        case command([String])
        /// A handler registered in Swift, called once the spinner shows; it quits the session
        /// when its work is done.
        case handler(String)
    }

    /// The words beside the spinner (`--title`).
    package var title: String
    package var work: Work
    /// Its standard output is printed on success too (`--show-output`), as gum's.
    package var showsOutput: Bool
    /// `segue progress`: the command's lines say how far it is (`42`, `42%`, `3/8`), drawn as a
    /// bar, as dialog's `--gauge` reads them; its other lines show as what it is doing. For a
    /// handler, its `context.progress` says it.
    package var readsProgress: Bool

    package init(title: String, command: [String], showsOutput: Bool = false, readsProgress: Bool = false) {
        self.title = title
        self.work = .command(command)
        self.showsOutput = showsOutput
        self.readsProgress = readsProgress
    }

    package init(title: String, handler: String, readsProgress: Bool) {
        self.title = title
        self.work = .handler(handler)
        self.showsOutput = false
        self.readsProgress = readsProgress
    }

    /// The screen behind the spinner: empty, nothing to find.
    package static func spec() -> Spec { WriteQuestion.spec() }

    /// Where the command's load stands among a screen's loads (a section's place no section has).
    static let section = -2

    /// The key of the command's load on the screen `screen`.
    static func key(screen: Int) -> SourceKey { SourceKey(screen: screen, section: section, generation: 0) }

    /// The command's load, for the screen `screen`, run in the folder Segue runs in.
    func request(_ command: [String], screen: Int) -> SourceRequest {
        var request = SourceRequest(key: Self.key(screen: screen), origin: .command(command), format: .lines, directory: ".",
                                    environment: [:], timeout: nil)
        request.capturesOutput = true
        return request
    }

    /// What is printed once the command has ended: on success nothing, or with `--show-output`
    /// its standard output as it wrote it; on failure its standard output and error as they came,
    /// on standard error (with `--show-output`, its standard output still on standard output);
    /// why it could not start, on standard error.
    package func output(of run: CommandRun) -> RelayedOutput {
        if let reason = run.reason {
            return RelayedOutput(errors: Array("segue spin: \(reason)\n".utf8))
        }
        if run.status == 0 {
            return RelayedOutput(output: showsOutput ? run.bytes(of: .output) : [])
        }
        if showsOutput { return RelayedOutput(output: run.bytes(of: .output), errors: run.bytes(of: .errors)) }
        return RelayedOutput(errors: run.chunks.flatMap(\.bytes))
    }
}

/// The command running behind the spinner: the mode `segue spin` stands in.
struct Spinning: Sendable {
    var question: SpinQuestion
    var key: SourceKey
    /// The spinner's frame.
    var frame = 0
    /// What the command's lines said of how far it is (`segue progress`).
    var progress = ProgressReading()
}

extension Spinning {
    /// Output of `segue progress`'s command: each finished line moves the bar or says what it does;
    /// `false` when it is not the spinner's.
    static func readProgress(_ key: SourceKey, _ bytes: [UInt8], _ mode: inout AppState.Mode?) -> Bool {
        guard case .spinning(var spinning)? = mode, spinning.key == key else { return false }
        guard spinning.question.readsProgress else { return true }
        spinning.progress.read(bytes)
        mode = .spinning(spinning)
        return true
    }

    /// A Swift handler's progress (`context.progress`), when it is the spinner's work: its words
    /// beside the title, its fraction the bar.
    static func handlerProgress(_ message: String?, fraction: Double?, _ mode: inout AppState.Mode?) {
        guard case .spinning(var spinning)? = mode, case .handler = spinning.question.work else { return }
        spinning.progress.message = message
        spinning.progress.fraction = fraction.flatMap { $0.isFinite ? min(1, max(0, $0)) : nil }
        mode = .spinning(spinning)
    }

    /// A Swift handler that was the spinner's work ended without ending the session (it threw,
    /// or asked for nothing): the session ends as a failed command's would.
    static func handlerEnded(_ state: AppState) -> [Effect] {
        guard case .spinning(let spinning)? = state.mode, case .handler = spinning.question.work,
              state.runningHandlers.isEmpty else { return [] }
        return [.quit(ExitStatus(1))]
    }

    /// A key while the command runs: Esc (the screen's cancel) stops it; nothing else does anything
    /// (Ctrl-C, answered before any mode, stops it too).
    static func key(_ key: Key, _ state: inout AppState) -> [Effect] {
        state.current.keymap.command(for: key) == .cancel ? [.quit(.cancelled)] : []
    }

    /// The command has ended: the session ends with its status, passing on what it wrote.
    static func finish(_ key: SourceKey, _ run: CommandRun, _ mode: AppState.Mode?) -> [Effect]? {
        guard case .spinning(let spinning)? = mode, spinning.key == key else { return nil }
        return [.relay(ExitStatus(run.status), spinning.question.output(of: run))]
    }
}

extension AppOptions.OneShot {
    /// Opens the question that is the whole session (`AppOptions.oneShot`): the text to write, or the
    /// command to run behind the spinner.
    func open(_ state: inout AppState) -> [Effect] {
        switch self {
        case .write(let question):
            var writing = Writing(question: question, area: question.area())
            writing.scroll(in: state.size)
            state.mode = .writing(writing)
            return []
        case .spin(let question):
            state.mode = .spinning(Spinning(question: question, key: SpinQuestion.key(screen: state.current.id)))
            switch question.work {
            case .command(let command): return [.startSource(question.request(command, screen: state.current.id))]
            case .handler(let name): return [.callHandler(name: name, row: ["title": .string(question.title)])]
            }
        }
    }
}

extension AppState {
    /// Whether a one-shot question stands in front (`segue write`, `segue spin`): it is all there is.
    var isOneShot: Bool {
        switch mode {
        case .writing?, .spinning?: return true
        default: return false
        }
    }
}
