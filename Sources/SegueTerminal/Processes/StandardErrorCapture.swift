import Glibc

/// What a program writes to its standard error while a session draws on the same terminal (a
/// logger, a warning) would land in the middle of the screen and be drawn over or erased with
/// the band. Kept in an unnamed file for the session instead, and written where it was meant to
/// go once the terminal is back. A standard error that is not a terminal (`2>log`) is left alone.
/// A crash gives it back first (`giveBackFromSignalHandler`), so its report reaches the terminal.
package enum StandardErrorCapture {
    /// The standard error the program had, while a capture holds it; -1 otherwise.
    nonisolated(unsafe) private static var saved: Int32 = -1
    /// The file it is kept in meanwhile.
    nonisolated(unsafe) private static var kept: Int32 = -1
    /// Where what was kept is copied through, made before any crash could need it.
    nonisolated(unsafe) private static var buffer: UnsafeMutableRawPointer?
    private static let bufferSize = 4096

    /// Keeps standard error from here until `end()`, when it is a terminal; one capture at a time.
    static func start() {
        guard saved < 0, isatty(2) == 1, let file = tmpfile() else { return }
        let descriptor = dup(fileno(file))
        fclose(file)  // the unnamed file lives on through `descriptor`
        let previous = dup(2)
        guard descriptor >= 0, previous >= 0 else {
            if descriptor >= 0 { close(descriptor) }
            if previous >= 0 { close(previous) }
            return
        }
        fflush(nil)  // every stream: what stderr holds is written where it belongs
        if buffer == nil { buffer = UnsafeMutableRawPointer.allocate(byteCount: bufferSize, alignment: 1) }
        kept = descriptor
        saved = previous
        dup2(descriptor, 2)
    }

    /// Puts standard error back and writes there what was kept.
    static func end() {
        fflush(nil)  // every stream: what stderr holds is written where it belongs
        giveBackFromSignalHandler()
    }

    /// `end()` with only async-signal-safe calls, for a crash. Safe to call twice.
    static func giveBackFromSignalHandler() {
        guard saved >= 0 else { return }
        dup2(saved, 2)
        close(saved)
        saved = -1
        defer {
            close(kept)
            kept = -1
        }
        guard let buffer else { return }
        lseek(kept, 0, SEEK_SET)
        while true {
            let count = read(kept, buffer, bufferSize)
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return }
            var offset = 0
            while offset < count {
                let written = write(2, buffer + offset, count - offset)
                if written < 0, errno == EINTR { continue }
                guard written > 0 else { return }
                offset += written
            }
        }
    }
}
