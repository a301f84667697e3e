import CNcursesw
import Glibc

/// What it takes to give the terminal back, kept where a signal handler can reach it.
///
/// A crashing or killed process cannot call `endwin` safely, so the bytes that leave the
/// alternate screen, show the cursor and reset attributes are computed at start-up, and the saved
/// tty modes are restored with `tcsetattr` — both async-signal-safe.
enum TerminalRestore {
    nonisolated(unsafe) private static var descriptor: Int32 = -1
    nonisolated(unsafe) private static var savedModes = termios()
    nonisolated(unsafe) private static var sequence: UnsafeMutablePointer<UInt8>?
    nonisolated(unsafe) private static var sequenceLength = 0
    nonisolated(unsafe) private static var armed = false

    /// Remembers the tty's modes: call before curses starts.
    static func saveModes(descriptor fd: Int32) {
        descriptor = fd
        tcgetattr(fd, &savedModes)
    }

    /// Remembers the terminfo strings that undo curses' changes: call once curses has read the
    /// terminal's description.
    static func prepare(mouse: Bool) {
        var bytes: [UInt8] = []
        for capability in ["sgr0", "cnorm", "rmkx", "rmcup"] {
            if let value = terminfoString(capability) { bytes += Array(value.utf8) }
        }
        // Mouse reporting left on would fill the shell with escape sequences on every click.
        if mouse { bytes += Array("\u{1B}[?1006l\u{1B}[?1003l\u{1B}[?1002l\u{1B}[?1000l".utf8) }
        // Pastes marked for Segue would reach the shell marked too.
        bytes += Array("\u{1B}[?2004l".utf8)
        let buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: max(1, bytes.count))
        buffer.initialize(from: bytes, count: bytes.count)
        sequence = buffer
        sequenceLength = bytes.count
    }

    /// What undoes inline mode's changes (`InlineTerminal`): attributes reset, the cursor shown,
    /// pastes no longer marked. There is no alternate screen to leave.
    static func prepareInline() {
        let bytes = Array("\u{1B}[0m\u{1B}[?25h\u{1B}[?2004l".utf8)
        let buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: bytes.count)
        buffer.initialize(from: bytes, count: bytes.count)
        sequence = buffer
        sequenceLength = bytes.count
    }

    /// Puts the tty's modes back as `saveModes` found them.
    static func restoreModes() {
        guard descriptor >= 0 else { return }
        tcsetattr(descriptor, TCSAFLUSH, &savedModes)
    }

    /// Whether the terminal is in curses mode and needs restoring on a crash.
    static func arm(_ on: Bool) { armed = on }

    /// Leaves curses mode using only async-signal-safe calls. Safe to call twice.
    static func restoreFromSignalHandler() {
        guard armed, descriptor >= 0 else { return }
        armed = false
        if let sequence, sequenceLength > 0 {
            _ = write(descriptor, sequence, sequenceLength)
        }
        _ = write(descriptor, "\r\n", 2)
        tcsetattr(descriptor, TCSAFLUSH, &savedModes)
    }

    /// A string capability of the terminal set up by `setupterm`, if it has it.
    static func terminfoString(_ name: String) -> String? {
        guard let raw = tigetstr(name) else { return nil }
        // tigetstr answers (char *)-1 for "not a string capability".
        if Int(bitPattern: raw) == -1 { return nil }
        return String(cString: raw)
    }
}
