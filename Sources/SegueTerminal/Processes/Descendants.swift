import CNcursesw
import Glibc
import SegueCore

/// The `segue` command's promise that nothing it started outlives it, even what escaped its
/// process groups: a command or source that forks into the background, calls `setsid` or
/// double-forks leaves orphans, which the kernel hands to the nearest "subreaper" — Segue, once it
/// has asked to be one — instead of init; at the end they are killed.
///
/// For the command line only: a program embedding SegueKit has children of its own, which this
/// could not tell from orphans.
package enum Descendants {
    /// Asks the kernel for the orphans of Segue's descendants (Linux 3.4 and later).
    package static func adoptOrphans() {
        _ = segue_set_child_subreaper(1)
    }

    /// Kills every child left (adopted orphans; loads past their grace) and reaps them, waiting at
    /// most `seconds`; the children they leave in turn are adopted and killed the same way.
    package static func endAll(within seconds: Double = 0.1) {
        let deadline = Monotonic.now() + seconds
        while Monotonic.now() < deadline {
            let children = Self.children()
            if children.isEmpty { return }
            for pid in children { kill(pid, SIGKILL) }
            var status: Int32 = 0
            while waitpid(-1, &status, WNOHANG) > 0 {}
            usleep(1_000)
        }
    }

    /// The pids whose parent is this process, from /proc.
    static func children() -> [pid_t] {
        let own = getpid()
        guard let directory = opendir("/proc") else { return [] }
        defer { closedir(directory) }
        var found: [pid_t] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            guard let pid = pid_t(name), parent(of: pid) == own else { continue }
            found.append(pid)
        }
        return found
    }

    /// The parent of `pid`, from `/proc/PID/stat` (the field after the parenthesised name).
    private static func parent(of pid: pid_t) -> pid_t? {
        let fd = open("/proc/\(pid)/stat", O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var buffer = [UInt8](repeating: 0, count: 512)
        let count = read(fd, &buffer, buffer.count)
        guard count > 0, let close = buffer[..<count].lastIndex(of: UInt8(ascii: ")")) else { return nil }
        let fields = buffer[(close + 2)..<count].split(separator: UInt8(ascii: " "))
        guard fields.count > 1 else { return nil }
        return pid_t(String(decoding: fields[1], as: UTF8.self))
    }
}
