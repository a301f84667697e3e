import Foundation
import SegueTerminal

/// A program started on a pseudo-terminal of its own (standard input, output and error all on
/// it, as at a prompt) in a session of its own, with `TERM=xterm-256color` and `LANG=C.UTF-8`.
/// Dropped before it has ended, it is killed with its process group.
final class ProgramOnTerminal {
    let terminal: PseudoTerminal
    let pid: pid_t
    private var ended = false

    init(_ arguments: [String], in directory: String? = nil, rows: Int, columns: Int, environment extra: [String: String] = [:]) throws {
        guard let terminal = PseudoTerminal(rows: rows, columns: columns) else { throw Tmux.Failure(description: "no pty") }
        var environment = ProcessEnvironment.variables()
        environment["TERM"] = "xterm-256color"
        environment["LANG"] = "C.UTF-8"
        for (name, value) in extra { environment[name] = value }
        var child = ChildProcess(arguments, in: directory, input: .file(terminal.slavePath), output: .file(terminal.slavePath),
                                 errors: .file(terminal.slavePath), environment: environment)
        child.newSession = true
        guard case .success(let pid) = child.spawn() else { throw Tmux.Failure(description: "\(arguments) did not start") }
        self.terminal = terminal
        self.pid = pid
    }

    /// Whether the program has ended (its status in `status`); once it has, it is not killed.
    func hasEnded(status: inout Int32) -> Bool {
        if !ended, waitpid(pid, &status, WNOHANG) == pid { ended = true }
        return ended
    }

    deinit {
        if !ended {
            kill(-pid, SIGKILL)
            _ = ChildProcess.waitForExit(pid)
        }
    }
}
