import Glibc
import SegueCore

/// Runs an `exec` action's command while curses is suspended: the command gets the terminal for
/// input, and its output goes to the terminal through a pipe that keeps the last lines for the
/// status line.
enum CommandRunner {
    /// Lines of output kept for the status line.
    static let keptLines = 3

    /// Runs `command` in `directory`; with `tty` the descriptor of the terminal.
    static func run(_ command: ExecCommand, in directory: String, tty: Int32) -> ExecResult {
        var pipeFds: [Int32] = [-1, -1]
        guard pipe(&pipeFds) == 0 else { return failed(command, "cannot create a pipe") }
        for fd in pipeFds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        // Like system(3): while the command runs, Ctrl-C and Ctrl-\ are for it, not for Segue.
        var ignore = sigaction()
        ignore.__sigaction_handler.sa_handler = SIG_IGN
        var interrupt = sigaction()
        var quit = sigaction()
        sigaction(SIGINT, &ignore, &interrupt)
        sigaction(SIGQUIT, &ignore, &quit)
        defer {
            sigaction(SIGINT, &interrupt, nil)
            sigaction(SIGQUIT, &quit, nil)
        }
        let spawned = ChildProcess(command.arguments, in: directory, input: .descriptor(tty), output: .descriptor(pipeFds[1]),
                                   errors: .descriptor(pipeFds[1]), closing: [pipeFds[0]]).spawn()
        close(pipeFds[1])
        let pid: pid_t
        switch spawned {
        case .success(let started):
            pid = started
        case .failure(let failure):
            close(pipeFds[0])
            return failed(command, failure.reason)
        }
        let (output, status) = relay(from: pipeFds[0], to: tty, until: pid)
        close(pipeFds[0])
        return ExecResult(command: command, status: ChildProcess.exitStatus(status), lastLines: lastLines(of: output))
    }

    /// Copies the command's output to the terminal as it comes until the command ends (not
    /// until its output closes: something it left running in the background may hold that open),
    /// returning the tail of the output and the command's wait status.
    private static func relay(from source: Int32, to tty: Int32, until pid: pid_t) -> ([UInt8], Int32) {
        _ = fcntl(source, F_SETFL, fcntl(source, F_GETFL) | O_NONBLOCK)
        var tail: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 8192)
        var status: Int32 = 0
        var exited = false
        var open = true
        while open {
            var watch = pollfd(fd: source, events: Int16(POLLIN), revents: 0)
            if !exited { _ = poll(&watch, 1, 50) }
            // Read what is there; after the command has ended, only what is there already.
            while true {
                let count = read(source, &buffer, buffer.count)
                if count > 0 {
                    _ = buffer.withUnsafeBytes { write(tty, $0.baseAddress, count) }
                    tail += buffer[0..<count]
                    if tail.count > 16384 { tail.removeFirst(tail.count - 8192) }
                    continue
                }
                if count == 0 { open = false }
                if count < 0, errno == EINTR { continue }
                break
            }
            if exited { break }
            if waitpid(pid, &status, WNOHANG) == pid { exited = true }
        }
        if !exited { while waitpid(pid, &status, 0) == -1, errno == EINTR {} }
        return (tail, status)
    }

    private static func lastLines(of output: [UInt8]) -> [String] {
        let text = EscapeSequences.removed(from: String(decoding: output, as: UTF8.self))
        let lines = text.split(whereSeparator: { $0 == "\n" || $0 == "\r" }).map(String.init)
            .filter { !$0.allSatisfy { $0 == " " || $0 == "\t" } }
        return Array(lines.suffix(keptLines))
    }

    private static func failed(_ command: ExecCommand, _ reason: String) -> ExecResult {
        ExecResult(command: command, status: 127, lastLines: [reason])
    }
}
