/// An exec that captures what its command prints (`"capture"`): the command runs in the
/// background, without the terminal, and its output becomes a setting or session data; then
/// its `then` (or `onFailure`) runs, as after any exec.

/// The command running for a capture, and whose row its `then` runs for.
struct Capturing: Sendable {
    var key: SourceKey
    var command: ExecCommand
    var row: [String: JSONValue]
    /// What its `then` and `onFailure` are bound in, with what it captured, once it has ended.
    var context: DataContext
    /// The actions of a list (a `then`, a handler's) after the capture: run once it has ended,
    /// dropped with it when it is stopped.
    var followUps: PendingActions?
    /// Started by a screen's `onOpen` without `"wait": "first"`: the screen stays usable meanwhile.
    var inBackground = false
}

extension SourceKey {
    /// A capture's load belongs to no screen, so leaving a screen does not stop it.
    static let captureScreen = -2

    /// Whether this is a capture's load.
    var isCapture: Bool { screen == Self.captureScreen }
}

/// A capture's command: started, taken in when it ends (then its `then`), stopped by Esc. Owns
/// `AppState.capturing`.
enum Capture {
    /// Starts `command` for a capture; one at a time.
    static func start(_ command: ExecCommand, row: [String: JSONValue], context: DataContext, _ state: inout AppState) -> [Effect] {
        if let running = state.capturing {
            state.setStatus(.error("already running: " + running.command.display))
            return []
        }
        let generation = state.captureRuns
        state.captureRuns += 1
        let key = SourceKey(screen: SourceKey.captureScreen, section: 0, generation: generation)
        var request = SourceRequest(key: key, origin: .command(command.arguments), format: .lines,
                                    directory: state.current.spec.commandDirectory, environment: [:], timeout: nil)
        request.capturesOutput = true
        request.outputLimit = ExecCapture.limit  // a command that keeps printing is stopped there
        state.capturing = Capturing(key: key, command: command, row: row, context: context)
        return [.startSource(request)]
    }

    /// The capture's command has ended: its output kept where `capture` says (trimmed; JSON when it
    /// parses as JSON, else text), then `then` or `onFailure`. `nil` when `key` is no capture's.
    static func finish(_ key: SourceKey, _ run: CommandRun, _ state: inout AppState) -> [Effect]? {
        guard let capturing = state.capturing, capturing.key == key else { return key.isCapture ? [] : nil }
        state.capturing = nil
        let heldTheFirstFrame = state.heldFirstFrame != nil
        state.heldFirstFrame = nil
        var status = run.status
        var reason = run.reason
        var saves: [Effect] = []
        if status == 0, reason == nil, let target = capturing.command.capture {
            let output = run.bytes(of: .output)
            if output.count > ExecCapture.limit {
                status = 1
                reason = "it printed more than \(ExecCapture.limit / 1_048_576) MB; nothing was kept"
            } else if capturing.command.holdsScreen, let stray = ExecCapture.strayLine(in: output) {
                // A state command's object with a warning beside it is not silently text.
                status = 1
                reason = "it printed a line that is not JSON: \(JSONValue.string(TextFitting.truncate(TextFitting.sanitize(stray), to: 60)).summary); nothing was kept"
            } else {
                let value = ExecCapture.value(of: output)
                switch target {
                case .setting(let name): saves = SettingChanges.change(name, to: value, &state)
                case .data(let name):
                    guard case .object(var members) = state.captured else { break }
                    members[name] = value
                    state.captured = .object(members)
                }
            }
        } else if reason == nil {
            let errors = String(decoding: run.bytes(of: .errors), as: UTF8.self)
            reason = errors.split(whereSeparator: \.isNewline).last(where: { !$0.allSatisfy(\.isWhitespace) }).map(String.init)
        }
        // The screen whose first frame it held opens now, on the row it would have opened on
        // with this state: its `select`, else the first one shown (rows its answer hid are not).
        if heldTheFirstFrame, !state.current.hasMoved {
            let wanted = state.current.spec.selects.map { Template($0).render(in: state.current.context) }
            if let row = wanted.flatMap({ state.current.row(withIDOrTitle: $0) }) ?? state.current.enabledRow(from: 0, step: 1) {
                state.current.select(row, in: state.listViewport)
            }
        }
        state.commandRow = capturing.row
        // `then` and `onFailure` were kept as written (`RowBinder.bindText`): each is bound as it
        // runs, seeing the value just captured and the settings as they are then, and what the
        // command did: `{{status}}`, and `{{output}}`, what it printed, trimmed (at most
        // `ExecCapture.shownOutput` bytes of it, as a message shows a line).
        let printed = String(decoding: run.bytes(of: .output).prefix(ExecCapture.shownOutput), as: UTF8.self)
        let output = String(printed.drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed())
        let context = capturing.context.adding("output", .string(output))
        // What followed it in its list goes on after its own `then`: under what `then` queues.
        if let followUps = capturing.followUps { state.queuedActions.append(followUps) }
        let effects = saves + Activation.finish(ExecResult(command: capturing.command, status: status, reason: reason),
                                                context: context, on: &state)
        guard capturing.followUps != nil else { return effects }
        return ActionQueue.waits(effects, state) ? effects : effects + ActionQueue.resume(&state)
    }

    /// Esc while a capture runs: its command is stopped, and what was to follow it with it.
    static func stop(_ state: inout AppState) -> [Effect] {
        guard let capturing = state.capturing else { return [] }
        state.capturing = nil  // its follow-ups go with it
        state.heldFirstFrame = nil
        state.heldInput = []
        state.bindingsWaiting = nil  // nor does the rest of its binding run
        state.setStatus(StatusMessage("stopped: " + TextFitting.sanitize(capturing.command.display)))
        return [.cancelSource(capturing.key)]
    }
}
