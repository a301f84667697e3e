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
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, tty, 0)
        posix_spawn_file_actions_adddup2(&actions, pipeFds[1], 1)
        posix_spawn_file_actions_adddup2(&actions, pipeFds[1], 2)
        posix_spawn_file_actions_addclose(&actions, pipeFds[0])
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // The command starts with default signal handling, not Segue's.
        var defaults = sigset_t()
        sigfillset(&defaults)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF))

        let argv = command.arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
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
        // posix_spawn has no portable "chdir first"; the UI is single-threaded, so change and return.
        let previous = currentDirectory()
        let moved = chdir(directory) == 0
        let spawned = posix_spawnp(&pid, command.arguments[0], &actions, &attributes, argv, environ)
        if moved, let previous { _ = chdir(previous) }
        close(pipeFds[1])
        guard moved else {
            close(pipeFds[0])
            return failed(command, "cannot enter \(directory): \(String(cString: strerror(errno)))")
        }
        guard spawned == 0 else {
            close(pipeFds[0])
            return failed(command, "cannot run \(command.arguments[0]): \(String(cString: strerror(spawned)))")
        }
        let output = relay(from: pipeFds[0], to: tty)
        close(pipeFds[0])
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1, errno == EINTR {}
        let code = (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
        return ExecResult(command: command, status: code, lastLines: lastLines(of: output))
    }

    /// Copies the command's output to the terminal as it comes, returning the tail of it.
    private static func relay(from source: Int32, to tty: Int32) -> [UInt8] {
        var tail: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 8192)
        while true {
            let count = read(source, &buffer, buffer.count)
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { break }
            _ = buffer.withUnsafeBytes { write(tty, $0.baseAddress, count) }
            tail += buffer[0..<count]
            if tail.count > 16384 { tail.removeFirst(tail.count - 8192) }
        }
        return tail
    }

    private static func lastLines(of output: [UInt8]) -> [String] {
        let text = withoutEscapeSequences(String(decoding: output, as: UTF8.self))
        let lines = text.split(whereSeparator: { $0 == "\n" || $0 == "\r" }).map(String.init)
            .filter { !$0.allSatisfy { $0 == " " || $0 == "\t" } }
        return Array(lines.suffix(keptLines))
    }

    /// `text` without terminal control sequences (colours, cursor moves, titles), which would
    /// otherwise show up as garbage in the status line.
    static func withoutEscapeSequences(_ text: String) -> String {
        var result = String.UnicodeScalarView()
        var scalars = text.unicodeScalars.makeIterator()
        while let scalar = scalars.next() {
            guard scalar == "\u{1B}" else {
                result.append(scalar)
                continue
            }
            switch scalars.next() {
            case "["?:  // CSI: parameters, then a final byte
                while let next = scalars.next(), !(0x40...0x7E).contains(next.value) {}
            case "]"?:  // OSC: up to BEL or ESC \
                while let next = scalars.next(), next != "\u{07}", next != "\u{1B}" {}
            default:
                break
            }
        }
        return String(result)
    }

    private static func failed(_ command: ExecCommand, _ reason: String) -> ExecResult {
        ExecResult(command: command, status: 127, lastLines: [reason])
    }

    private static func currentDirectory() -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        guard getcwd(&buffer, buffer.count) != nil else { return nil }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
