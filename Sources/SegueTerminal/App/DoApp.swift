import Glibc
import SegueCore

/// `segue do SPEC ROW`: a row's action run without a screen, through the same `update`, effects
/// and `Runtime` as the app. Commands run with Segue's own standard input, output and error; what
/// the action asks is answered as `Unattended` says.
package enum DoApp {
    /// How it went: the session's outcome (a quit, an emit) if it ended, the last status line,
    /// the status of the last command run, or why it could not go on.
    package struct Result: Sendable {
        package var outcome: SessionOutcome?
        package var status: StatusMessage?
        package var commandStatus: Int32 = 0
        package var failure: String?
        /// The failure is the command line's (no such row): exit 64 rather than 1.
        package var isUsage = false
        /// What the session could not keep for the next run (`SessionOutcome.notKept`).
        package var notKept: [String] = []
        /// The settings as the action left them (`--json` says which changed).
        package var settings: JSONValue = .object([:])
    }

    package static func run(root: Spec, loader: SpecLoader, settings: Settings, options: AppOptions, keymap: Keymap,
                           path: [String], yes: Bool, answers: [String], setting: [String: JSONValue] = [:],
                           show: (String) -> Void) -> Result {
        ProcessGroups.endingWithThisProcess {
            runActions(root: root, loader: loader, settings: settings, options: options, keymap: keymap, path: path, yes: yes,
                       answers: answers, setting: setting, show: show)
        }
    }

    private static func runActions(root: Spec, loader: SpecLoader, settings: Settings, options: AppOptions, keymap: Keymap,
                                   path: [String], yes: Bool, answers: [String], setting: [String: JSONValue],
                                   show: (String) -> Void) -> Result {
        var commandStatus: Int32 = 0
        let world = SessionWorld(loader: loader, command: { command, directory in
            let result = CommandRunner.runInherited(command, in: directory)
            commandStatus = result.status
            return result
        }, measure: { Size(width: 100, height: 60) })
        defer { world.shutDown() }
        let state = AppState(root: root, size: Size(width: 100, height: 60), keymap: keymap, settings: settings,
                             environment: ProcessEnvironment.variables(), options: options)
        var runtime = Runtime(state: state, world: world)
        var answers = answers[...]
        var result = Result()

        /// Settles, then answers what is asked until nothing is; false when it cannot go on.
        func answerAll() -> Bool {
            while runtime.outcome == nil {
                // What the action started is waited for; live sections that never end, not.
                Settling.settle(&runtime, seconds: runtime.state.isWorking ? .infinity : 5)
                let asked = runtime.state.entry.map { _ in runtime.state.status }
                switch Unattended.answer(runtime.state, yes: yes, answers: &answers) {
                case .done: return true
                case .failed(let why):
                    result.failure = why
                    return false
                case .show(let text, let events):
                    show(text)
                    for event in events where runtime.outcome == nil { runtime.send(event) }
                case .events(let events):
                    for event in events where runtime.outcome == nil { runtime.send(event) }
                    // A refused answer leaves the question open: say why rather than ask forever.
                    if asked != nil, runtime.state.entry != nil, let refusal = runtime.state.status, refusal.kind == .error {
                        result.failure = refusal.text
                        return false
                    }
                }
            }
            return true
        }

        runtime.send(.start)
        guard answerAll() else { return finished(result, runtime, commandStatus) }
        for (index, name) in path.enumerated() where runtime.outcome == nil {
            let depth = runtime.state.stack.count
            let screen = runtime.state.current.id
            switch Unattended.activate(name, in: runtime.state) {
            case .events(let events):
                // `--set`: once the row is known to be there, as the user would set them first.
                if index == 0, !setting.isEmpty {
                    runtime.send(.handlerFinished(name: "--set", row: [:], [RowAction(.set(setting))]))
                    // Whether to write the file anew: --yes says yes.
                    if runtime.state.asksToRewriteSettings, yes { _ = answerAll() }
                    // Settings that were not saved do not go on to the action as if they were.
                    if runtime.state.failedSave != nil { return finished(result, runtime, commandStatus) }
                }
                for event in events where runtime.outcome == nil { runtime.send(event) }
            case .failed(let why):
                result.failure = why
                result.isUsage = true
                return finished(result, runtime, commandStatus)
            case .show, .done: break
            }
            guard answerAll() else { return finished(result, runtime, commandStatus) }
            // Every part but the last opens the screen the next is on: over this one (a segue)
            // or in its place (a `replace`, as a tool whose every option replaces the screen).
            let opened = runtime.state.stack.count > depth || runtime.state.current.id != screen
            if index < path.count - 1, runtime.outcome == nil, !opened {
                // An error it said is why; else (a command's "done") that it opened nothing.
                result.failure = runtime.state.status.flatMap { $0.kind == .error ? $0.text : nil }
                    ?? "\(JSONValue.string(name).summary) opens no screen, so \(JSONValue.string(path[index + 1]).summary) cannot be on it"
                return finished(result, runtime, commandStatus)
            }
        }
        return finished(result, runtime, commandStatus)
    }

    private static func finished(_ result: Result, _ runtime: Runtime<SessionWorld>, _ commandStatus: Int32) -> Result {
        var result = result
        // A change the action made that no save wrote is a failure, whatever else happened.
        if let failed = runtime.state.failedSave {
            result.failure = failed.description + (runtime.state.asksToRewriteSettings ? " (--yes writes it anew)" : "")
            result.isUsage = false
            result.outcome = nil
            result.commandStatus = commandStatus
            result.settings = runtime.state.settings.values
            return result
        }
        result.settings = runtime.state.settings.values
        result.outcome = runtime.outcome
        result.status = runtime.state.status
        result.commandStatus = commandStatus
        result.notKept = runtime.notKept
        return result
    }
}
