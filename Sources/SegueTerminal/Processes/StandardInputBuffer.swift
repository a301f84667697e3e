import Dispatch
import Glibc
import SegueCore

/// Standard input read whole before a session, and handed back to the session as if unread: for
/// `--select-1` and `--exit-0`, which fzf decides before it takes the terminal.
package enum StandardInputBuffer {
    /// Everything left on standard input.
    package static func readAll() -> [UInt8] { DescriptorIO.readAll(from: STDIN_FILENO) }

    /// What standard input gives within `seconds`, and whether it ended meanwhile: a command that
    /// keeps writing (`tail -f`) must not keep the screen from opening.
    package static func read(within seconds: Double) -> (bytes: [UInt8], ended: Bool) {
        let deadline = Monotonic.now() + seconds
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let left = deadline - Monotonic.now()
            guard left > 0 else { return (bytes, false) }
            var ready = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
            let polled = poll(&ready, 1, Int32(left * 1000) + 1)
            if polled < 0, errno == EINTR { continue }
            guard polled > 0 else { return (bytes, polled == 0 ? false : true) }
            let count = Glibc.read(STDIN_FILENO, &buffer, buffer.count)
            if count < 0, errno == EINTR || errno == EAGAIN { continue }
            guard count > 0 else { return (bytes, true) }
            bytes += buffer[0..<count]
        }
    }

    /// Standard input becomes a pipe that gives `bytes` again, then, unless `ended`, whatever
    /// the real standard input still gives; a thread feeds it, so more than a pipe holds can wait
    /// for the reader.
    package static func replay(_ bytes: [UInt8], ended: Bool = true) {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { return }
        let rest = ended ? -1 : dup(STDIN_FILENO)
        dup2(ends[0], STDIN_FILENO)
        close(ends[0])
        let writer = ends[1]
        _ = fcntl(writer, F_SETFD, FD_CLOEXEC)
        if rest >= 0 { _ = fcntl(rest, F_SETFD, FD_CLOEXEC) }
        // A reader that stops early must not end the process through SIGPIPE.
        signal(SIGPIPE, SIG_IGN)
        DispatchQueue.global().async {
            if DescriptorIO.writeAll(bytes[...], to: writer), rest >= 0 { DescriptorIO.copy(from: rest, to: writer) }
            if rest >= 0 { close(rest) }
            close(writer)
        }
    }
}
