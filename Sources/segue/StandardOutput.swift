import ArgumentParser
import Glibc
import SegueCore

/// Standard output, written so that what cannot be written is never lost without a word: a
/// chosen value printed to a closed descriptor, a full disk (`/dev/full`) or a pipe whose reader
/// has gone ends `segue` with a message on standard error and a status of its own, not 0.
///
/// The text goes out with `write(2)` and is checked, not buffered by stdio: a buffered value
/// would be flushed at exit, where its error is lost.
enum StandardOutput {
    /// Standard output was closed when `segue` started.
    nonisolated(unsafe) private static var wasClosed = false

    /// Call first: a closed standard output is held on `/dev/null`, so the terminal `segue` opens
    /// next does not land on descriptor 1 (where chosen values would then be typed at the user),
    /// and remembered, so printing to it still fails.
    static func reserve() {
        guard fcntl(STDOUT_FILENO, F_GETFD) == -1, errno == EBADF else { return }
        wasClosed = true
        let null = open("/dev/null", O_WRONLY)
        if null >= 0, null != STDOUT_FILENO {
            dup2(null, STDOUT_FILENO)
            close(null)
        }
    }

    /// Writes `lines`, each followed by `terminator`. A failure is reported on standard error
    /// and ends the command: 141 for a broken pipe (what SIGPIPE's death would give), else 74.
    static func write(_ lines: [String], terminator: String = "\n", quietWhenPipeCloses: Bool = false) throws {
        guard !lines.isEmpty else { return }
        try write(Array((lines.joined(separator: terminator) + terminator).utf8), quietWhenPipeCloses: quietWhenPipeCloses)
    }

    /// Writes chosen values, each followed by `terminator`, as `write(_:terminator:)` does. To a
    /// terminal (not a pipe or a file) a value's control characters are written escaped
    /// (`\u001b`), as `ls` shows a name: a value is text from a spec, a file or a command, and
    /// printed to a terminal it must not set its title, write its clipboard or clear it. Piped,
    /// values go out as they are.
    /// `quietWhenPipeCloses`: a broken pipe ends the command with 141 and no message (a filter's
    /// reader that has read enough, `| head`).
    static func writeValues(_ values: [String], terminator: String = "\n", quietWhenPipeCloses: Bool = false) throws {
        guard isatty(STDOUT_FILENO) == 1 else { return try write(values, terminator: terminator, quietWhenPipeCloses: quietWhenPipeCloses) }
        try write(values.map { Diagnostics.escaped($0, keepingLines: true) }, terminator: terminator)
    }

    /// Writes `text` as it is; a failure ends the command as `write(_:terminator:)` says.
    static func write(_ text: String) throws {
        try write(Array(text.utf8))
    }

    /// Writes `bytes` as they are (a command's output, `segue spin --show-output`).
    static func write(_ output: [UInt8], quietWhenPipeCloses: Bool = false) throws {
        guard !output.isEmpty else { return }
        guard !wasClosed else { throw failure(EBADF) }
        var bytes = output[...]
        while !bytes.isEmpty {
            let count = bytes.withUnsafeBytes { Glibc.write(STDOUT_FILENO, $0.baseAddress, $0.count) }
            if count > 0 {
                bytes = bytes.dropFirst(count)
            } else if count < 0, errno == EAGAIN {
                // A descriptor left non-blocking by whoever shares it: wait until it takes more.
                var ready = pollfd(fd: STDOUT_FILENO, events: Int16(POLLOUT), revents: 0)
                _ = poll(&ready, 1, -1)
            } else if count < 0, errno == EPIPE, quietWhenPipeCloses {
                throw ExitCode(ExitStatus.brokenPipe.code)
            } else if count < 0, errno != EINTR {
                throw failure(errno)
            }
        }
    }

    private static func failure(_ error: Int32) -> ExitCode {
        let reason = switch error {
        case EPIPE: "the pipe's reader has gone (broken pipe)"
        case EBADF: "standard output is closed"
        default: String(cString: strerror(error))
        }
        Diagnostics.report("cannot write to standard output: \(reason); what was to be printed is lost")
        return ExitCode(error == EPIPE ? ExitStatus.brokenPipe.code : ExitStatus.outputFailed.code)
    }
}
