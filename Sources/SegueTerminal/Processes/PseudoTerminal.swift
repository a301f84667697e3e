import CNcursesw
import Glibc
import SegueCore

/// A pseudo-terminal: the master side, read by whoever plays the screen, and the path of the
/// slave a program runs on. For measuring what a person would see (`make bench`).
package final class PseudoTerminal {
    package let master: Int32
    package let slavePath: String

    /// Opens a pseudo-terminal of `rows`x`columns`.
    package init?(rows: Int, columns: Int) {
        let master = open("/dev/ptmx", O_RDWR | O_NOCTTY | O_CLOEXEC)
        guard master >= 0 else { return nil }
        let number = segue_pty_number(master)
        guard segue_unlock_pty(master) == 0, number >= 0 else {
            close(master)
            return nil
        }
        self.master = master
        slavePath = "/dev/pts/\(number)"
        let slave = open(slavePath, O_RDWR | O_NOCTTY | O_CLOEXEC)
        guard slave >= 0 else { return nil }
        _ = segue_set_window_size(slave, UInt16(rows), UInt16(columns))
        close(slave)
        _ = fcntl(master, F_SETFL, fcntl(master, F_GETFL) | O_NONBLOCK)
    }

    deinit { close(master) }

    /// Types `bytes` on the terminal, as its keyboard would.
    package func write(_ bytes: [UInt8]) {
        var written = 0
        while written < bytes.count {
            let count = bytes[written...].withUnsafeBufferPointer { Glibc.write(master, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return }
            written += count
        }
    }

    /// Reads what the program has written so far (nothing when it has written nothing), waiting
    /// at most `milliseconds` for the first byte.
    package func read(waiting milliseconds: Int32) -> [UInt8] {
        var watch = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
        guard poll(&watch, 1, milliseconds) > 0 else { return [] }
        var result: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = Glibc.read(master, &buffer, buffer.count)
            if count > 0 {
                result += buffer[0..<count]
                continue
            }
            if count < 0, errno == EINTR { continue }
            return result
        }
    }
}
