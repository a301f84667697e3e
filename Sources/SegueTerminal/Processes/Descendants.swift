import CNcursesw
import Glibc
import SegueCore
import SegueFiles

/// The `segue` command's promise that what its background work started does not outlive it,
/// even what escaped its process groups: a source or preview that forks into the background,
/// calls `setsid` or double-forks leaves orphans, which the kernel hands to the nearest
/// "subreaper" — Segue, while it asks to be one — instead of init; at the end they are killed.
///
/// While an `exec` command runs, Segue is no subreaper: what a person launches on purpose (a
/// viewer, a tmux server, an agent) outlives Segue, as it would a shell. Children Segue had before
/// (a shell's `exec segue` inherits them) are left alone. For the command line only: a program
/// embedding SegueKit has children of its own, which this could not tell from orphans.
package enum Descendants {
    /// Children that were there before: not ours to end.
    nonisolated(unsafe) private static var inherited: Set<pid_t> = []
    nonisolated(unsafe) private static var adopting = false

    /// Asks the kernel for the orphans of Segue's descendants (Linux 3.4 and later).
    package static func adoptOrphans() {
        inherited = Set(children())
        adopting = segue_set_child_subreaper(1) == 0
    }

    /// Runs `body` (an `exec` command) with orphans going to init, as a shell's would.
    package static func lettingOrphansGo<Result>(_ body: () -> Result) -> Result {
        guard adopting else { return body() }
        _ = segue_set_child_subreaper(0)
        defer { _ = segue_set_child_subreaper(1) }
        return body()
    }

    /// Kills every child left (adopted orphans; loads past their grace) and reaps them, waiting at
    /// most `seconds`; the children they leave in turn are adopted and killed the same way.
    package static func endAll(within seconds: Double = 0.1) {
        let deadline = Monotonic.now() + seconds
        while Monotonic.now() < deadline {
            let children = Self.children().filter { !inherited.contains($0) }
            if children.isEmpty { return }
            for pid in children { kill(pid, SIGKILL) }
            var status: Int32 = 0
            for pid in children { _ = waitpid(pid, &status, WNOHANG) }
            usleep(1_000)
        }
    }

    /// The pids whose parent is this process: what each of its threads lists in
    /// `/proc/self/task/TID/children` (a few short reads at start-up, where scanning every
    /// process of the machine took a millisecond or more), or, on a kernel without those files,
    /// every `/proc/PID/stat`.
    static func children() -> [pid_t] {
        guard let tasks = opendir("/proc/self/task") else { return childrenFromEveryProcess() }
        defer { closedir(tasks) }
        var found: [pid_t] = []
        var listed = false
        while let entry = readdir(tasks) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            guard pid_t(name) != nil, let text = contents(of: "/proc/self/task/\(name)/children") else { continue }
            listed = true
            found += text.split(separator: UInt8(ascii: " ")).compactMap { pid_t(String(decoding: $0, as: UTF8.self)) }
        }
        return listed ? found : childrenFromEveryProcess()
    }

    private static func childrenFromEveryProcess() -> [pid_t] {
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

    /// A small /proc file's bytes, or `nil` when it cannot be opened or read.
    private static func contents(of path: String) -> [UInt8]? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        return try? DescriptorReading.readAll(fd, limit: 1 << 20).get()
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
