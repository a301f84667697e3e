/// Screens made by a program (`"segue": {"command": ["gen-menu"]}`): the command runs in the
/// background, without the terminal, and what it prints is loaded as a spec file would be — a
/// menu of what is on this machine (docker contexts, git worktrees) without a file to keep.

/// The command making the spec a segue waits for.
struct SpecCommand: Sendable {
    var key: SourceKey
    var arguments: [String]
    /// Where it runs, and the name its spec goes by (`specs/(gen-menu)`): errors point into it
    /// as into a file, and segues in it are found from the folder it ran in.
    var directory: String
    var file: String
}

extension SourceKey {
    /// A spec command's load belongs to no screen.
    static let specCommandScreen = -3
}

/// A spec command's run: started for a pending segue, its output parsed as the spec, stopped by Esc.
extension SpecCommand {
    /// Starts the command that prints the spec the pending segue waits for.
    static func start(_ arguments: [String], for pending: AppState.PendingSegue, _ state: inout AppState) -> [Effect] {
        guard state.options.allowExec else {
            state.setStatus(.error(state.options.commandsOff + ": " + ExecCommand(arguments: arguments).display))
            return []
        }
        let directory = state.current.spec.commandDirectory
        let key = SourceKey(screen: SourceKey.specCommandScreen, section: 0, generation: state.captureRuns)
        state.captureRuns += 1
        var request = SourceRequest(key: key, origin: .command(arguments), format: .lines, directory: directory,
                                    environment: [:], timeout: SpecCommand.timeout)
        request.capturesOutput = true
        request.outputLimit = SpecLoader.sizeLimit
        let name = arguments[0].split(separator: "/").last.map(String.init) ?? arguments[0]
        var pending = pending
        pending.path = SpecPath.normalize(directory + "/(" + name + ")")
        state.pendingSegue = pending
        state.specCommand = SpecCommand(key: key, arguments: arguments, directory: directory, file: pending.path)
        return [.startSource(request)]
    }

    /// The longest a command may take to print its spec.
    static let timeout = 30.0

    /// The spec command has ended: its output loaded as the spec (`Effect.parseSpec`), or why not.
    /// `nil` when `key` is no spec command's.
    static func finish(_ key: SourceKey, _ run: CommandRun, _ state: inout AppState) -> [Effect]? {
        guard key.screen == SourceKey.specCommandScreen else { return nil }
        guard let command = state.specCommand, command.key == key else { return [] }
        state.specCommand = nil
        guard run.status == 0, run.reason == nil else {
            let errors = String(decoding: run.bytes(of: .errors), as: UTF8.self)
            let last = run.reason ?? errors.split(whereSeparator: \.isNewline).last(where: { !$0.allSatisfy(\.isWhitespace) }).map(String.init)
            state.pendingSegue = nil
            state.setStatus(.error(ExecCommand(arguments: command.arguments).display(characters: 200)
                                   + ": exit status \(run.status)" + (last.map { ": " + $0 } ?? "")))
            return ActionQueue.resume(&state)
        }
        return [.parseSpec(run.bytes(of: .output), file: command.file, command: command.arguments)]
    }

    /// Esc while a spec command runs: it stops, and no screen opens.
    static func stop(_ state: inout AppState) -> [Effect] {
        guard let command = state.specCommand else { return [] }
        state.specCommand = nil
        state.pendingSegue = nil
        state.heldInput = []  // what was typed for the screen it was making
        state.setStatus(StatusMessage("stopped: " + ExecCommand(arguments: command.arguments).display(characters: 200)))
        return [.cancelSource(command.key)]
    }
}
