import Glibc
import SegueCore

/// After a command with `"wait"`: a line under its output, in reverse video across the terminal,
/// saying how it ended and what a key does (in the spec's words), then one key read raw. The
/// full screen, the inline band and plain mode (which reads a line instead) share its words.
enum WaitLine {
    /// Shows the line on `tty` and waits for a key (not when a signal asked Segue to end).
    static func ask(after result: ExecResult, on tty: Int32, ascii: Bool) {
        guard result.command.wait, !SignalHandling.hasPending else { return }
        var size = winsize()
        let columns = ioctl(tty, UInt(TIOCGWINSZ), &size) == 0 && size.ws_col > 0 ? Int(size.ws_col) : 80
        let line = TextFitting.truncate(result.command.waitLine(after: result, ascii: ascii), to: columns)
        let padded = line + String(repeating: " ", count: max(0, columns - TextWidth.of(line)))
        DescriptorIO.writeAll(Array(("\r\n\u{1B}[7m" + padded + "\u{1B}[0m").utf8)[...], to: tty)
        var saved = termios()
        tcgetattr(tty, &saved)
        var raw = saved
        cfmakeraw(&raw)
        tcsetattr(tty, TCSANOW, &raw)
        var byte: UInt8 = 0
        while read(tty, &byte, 1) < 0, errno == EINTR, !SignalHandling.hasPending {}
        // The rest of an arrow's or a function key's sequence is not left for Segue to read as keys.
        tcflush(tty, TCIFLUSH)
        tcsetattr(tty, TCSANOW, &saved)
        DescriptorIO.writeAll(Array("\r\n".utf8)[...], to: tty)
    }
}
