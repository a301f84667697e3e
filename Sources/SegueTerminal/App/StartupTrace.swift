#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SegueCore

/// Marks of how far start-up has come, for `make bench`'s breakdown: with `SEGUE_STARTUP_TRACE`
/// naming a file, each mark appends `LABEL SECONDS` (the monotonic clock, which the bench, having
/// started the process, can subtract from). Without it, a mark costs one `getenv`.
package enum StartupTrace {
    package static func mark(_ label: String) {
        guard let path = getenv("SEGUE_STARTUP_TRACE") else { return }
        let line = "\(label) \(Monotonic.now())\n"
        let fd = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o644)
        guard fd >= 0 else { return }
        _ = line.withCString { write(fd, $0, strlen($0)) }
        close(fd)
    }
}
