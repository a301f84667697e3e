import Dispatch
import Glibc

/// Standard input read whole before a session, and handed back to the session as if unread: for
/// `--select-1` and `--exit-0`, which fzf decides before it takes the terminal.
public enum StandardInputBuffer {
    /// Everything left on standard input.
    public static func readAll() -> [UInt8] { DescriptorIO.readAll(from: STDIN_FILENO) }

    /// Standard input becomes a pipe that gives `bytes` again, then ends; a thread feeds it, so
    /// more than a pipe holds can wait for the reader.
    public static func replay(_ bytes: [UInt8]) {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { return }
        dup2(ends[0], STDIN_FILENO)
        close(ends[0])
        let writer = ends[1]
        _ = fcntl(writer, F_SETFD, FD_CLOEXEC)
        // A reader that stops early must not end the process through SIGPIPE.
        signal(SIGPIPE, SIG_IGN)
        DispatchQueue.global().async {
            DescriptorIO.writeAll(bytes[...], to: writer)
            close(writer)
        }
    }
}
