#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif

/// Error output, on stderr, prefixed with the program's name.
enum Diagnostics {
    static func report(_ message: String) {
        let line = "segue: \(message)\n"
        _ = line.withCString { write(STDERR_FILENO, $0, strlen($0)) }
    }
}
