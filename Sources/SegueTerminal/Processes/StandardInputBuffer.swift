import Dispatch
import Glibc

/// Standard input read whole before a session, and handed back to the session as if unread: for
/// `--select-1` and `--exit-0`, which fzf decides before it takes the terminal.
public enum StandardInputBuffer {
    /// Everything left on standard input.
    public static func readAll() -> [UInt8] {
        var input: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = read(STDIN_FILENO, &buffer, buffer.count)
            if count > 0 {
                input += buffer[0..<count]
            } else if count == 0 || errno != EINTR {
                return input
            }
        }
    }

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
            defer { close(writer) }
            var written = 0
            while written < bytes.count {
                let step = bytes[written...].withUnsafeBytes { Glibc.write(writer, $0.baseAddress, $0.count) }
                if step < 0, errno == EINTR { continue }
                guard step > 0 else { return }
                written += step
            }
        }
    }
}
