import CNcursesw
import Glibc
import SegueCore

/// Inline mode (`--height`): Segue drawn in a band of lines under the shell prompt, with the
/// terminal's screen and scrollback left as they were: no alternate screen, nothing above the
/// band touched. On the way out the band is erased and the cursor is back where it started, so
/// `choice=$(segue --height 10 menu.json)` leaves a clean shell.
///
/// curses owns the whole screen (it switches to the alternate screen and clears it as it starts),
/// so this mode talks to the terminal itself, as fzf's `--height` renderer does: raw mode on
/// `/dev/tty`, keys decoded by `RawInputDecoder`, frames written as lines with SGR styles, the
/// cursor moved only up and down within the band (no absolute positions: the band is wherever
/// the prompt was). terminfo is read only for the number of colours.
final class InlineTerminal: Display {
    private let descriptor: Int32
    private let requested: InlineHeight
    private var isOpen = true
    private var columns = 80
    private var rows = 24
    /// The band's height, in lines.
    private var height = InlineHeight.minimumRows
    /// The band's line the cursor is on (0: the top).
    private var cursorLine = 0
    /// The lines drawn last, to write only those that changed.
    private var drawn: [String]?
    private let colours: Int
    private var decoder = RawInputDecoder()
    private var pending: [RawInputDecoder.Input] = []
    /// Lines of the frame above the band, not shown: 1 when the title line is left out (a
    /// one-shot question's), else 0. The session draws as if the band were that much taller.
    private let hiddenLines: Int

    /// How long an Esc at the end of a read waits for the rest of its sequence, in milliseconds.
    static let escapeDelay: Int32 = 25

    init(height: InlineHeight, hidesTitleLine: Bool = false) throws(TerminalError) {
        hiddenLines = hidesTitleLine ? 1 : 0
        Self.chooseLocale()
        let fd = open("/dev/tty", O_RDWR | O_CLOEXEC | O_NOCTTY)
        guard fd >= 0 else { throw .noTerminal(String(cString: strerror(errno))) }
        let term = getenv("TERM").map { String(cString: $0) } ?? ""
        var status: Int32 = 0
        guard !term.isEmpty, term != "dumb", setupterm(term, fd, &status) == segue_OK() else {
            Glibc.close(fd)
            throw .unusableTerminal(term.isEmpty ? "cannot use the terminal: TERM is not set"
                : "cannot use the terminal: '\(term)' (TERM) cannot draw a screen")
        }
        let count = tigetnum("colors")
        colours = count > 0 ? Int(count) : 8
        descriptor = fd
        requested = height
        TerminalRestore.saveModes(descriptor: fd)
        SignalHandling.install()
        SignalHandling.watchResizes()
        TerminalRestore.prepareInline()
        enterRawMode()
        measure()
        openBand()
    }

    deinit { close() }

    var size: Size { Size(width: columns, height: height + hiddenLines) }

    // MARK: Drawing

    func draw(_ grid: Grid) {
        var output = "\u{1B}[?25l"
        var lines: [String] = []
        lines.reserveCapacity(grid.height)
        for y in 0..<min(grid.height - hiddenLines, height) {
            let line = grid.ansiLine(y + hiddenLines, colours: colours)
            lines.append(line)
            if let drawn, y < drawn.count, drawn[y] == line { continue }
            // Cleared first: a line as wide as the terminal leaves the cursor where an erase to the
            // end of the line would take its last character.
            output += move(to: y) + "\r\u{1B}[0m\u{1B}[K" + line
        }
        if let cursor = grid.cursor, cursor.y >= hiddenLines, cursor.y - hiddenLines < height {
            output += move(to: cursor.y - hiddenLines) + "\r" + (cursor.x > 0 ? "\u{1B}[\(cursor.x)C" : "")
            if cursor.visible { output += "\u{1B}[?25h" }
        }
        write(output)
        drawn = lines
    }

    func invalidate() { drawn = nil }

    /// BEL, written by Segue itself (never text from a line or a command).
    func ringBell() { write("\u{7}") }

    /// The sequence that moves the cursor to the band's `line`, from where it is.
    private func move(to line: Int) -> String {
        defer { cursorLine = line }
        if line > cursorLine { return "\u{1B}[\(line - cursorLine)B" }
        if line < cursorLine { return "\u{1B}[\(cursorLine - line)A" }
        return ""
    }

    /// Makes room for the band from the cursor's line down (the terminal scrolls up when the
    /// prompt is near the bottom) and clears it.
    private func openBand() {
        // The band is the lines asked for but the one left out, as the questions ask for it.
        height = max(1, requested.rows(terminalRows: rows + hiddenLines) - hiddenLines)
        let down = height - 1
        write("\r" + String(repeating: "\n", count: down) + (down > 0 ? "\u{1B}[\(down)A" : "") + erasing(lines: height) + "\u{1B}[?2004h")
        cursorLine = 0
        drawn = nil
    }

    /// Erases the band and leaves the cursor at its top, where the shell carries on.
    private func closeBand() {
        write(move(to: 0) + erasing(lines: height) + "\u{1B}[0m\u{1B}[?25h\u{1B}[?2004l")
    }

    /// Erases `lines` lines from the cursor's down, one by one, and comes back to the first:
    /// `ESC [J` would do it at once, but from a screen's first line (a band as tall as a 5-row
    /// terminal) tmux takes it for a clear screen and keeps the lines erased in its scrollback.
    private func erasing(lines: Int) -> String {
        let count = max(1, lines)
        return "\r" + Array(repeating: "\u{1B}[2K", count: count).joined(separator: "\u{1B}[B")
            + (count > 1 ? "\u{1B}[\(count - 1)A" : "")
    }

    // MARK: Input

    func nextEvent(waitMilliseconds: Int32?, wakers: [Int32]) -> Event? {
        let deadline = waitMilliseconds.map { Monotonic.now() + Double($0) / 1000 }
        while true {
            if !pending.isEmpty { return event(pending.removeFirst()) }
            if let signal = SignalHandling.takePending() { return .signal(signal) }
            if SignalHandling.takeResize() { return resized() }
            let left = deadline.map { max(0, Int32((($0 - Monotonic.now()) * 1000).rounded(.up))) }
            var watched = [pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)]
                + wakers.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
            let ready = poll(&watched, nfds_t(watched.count), min(left ?? Terminal.pollInterval, Terminal.pollInterval))
            // The terminal is gone (its window closed, its tmux server killed): end as a hang-up
            // would, rather than read nothing forever.
            if ready > 0, watched[0].revents & Int16(POLLHUP | POLLERR | POLLNVAL) != 0 { return .signal(SIGHUP) }
            if ready > 0, watched[0].revents != 0 {
                pending += decoder.feed(readBurst())
                continue
            }
            if ready > 0 { return nil }  // a source has news
            if let left, left == 0 { return nil }
        }
    }

    private func event(_ input: RawInputDecoder.Input) -> Event {
        switch input {
        case .key(let key): return .key(key)
        case .paste(let text): return .paste(text)
        }
    }

    /// What the terminal has sent; an Esc at its end waits a moment for the rest of its sequence.
    private func readBurst() -> [UInt8] {
        var bytes = readAvailable()
        if bytes.last == 0x1B {
            var watched = [pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)]
            if poll(&watched, 1, Self.escapeDelay) > 0 { bytes += readAvailable() }
        }
        return bytes
    }

    private func readAvailable() -> [UInt8] {
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        return count > 0 ? Array(buffer[0..<count]) : []
    }

    /// The terminal changed size: the band is drawn again from its top, as tall as it now may be.
    private func resized() -> Event {
        write(move(to: 0) + "\r\u{1B}[J")
        measure()
        openBand()
        return .resize(size)
    }

    private func measure() {
        var size = winsize()
        if ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0 {
            let clamped = Size(width: Int(size.ws_col), height: Int(size.ws_row)).clamped
            columns = clamped.width
            rows = clamped.height
        }
    }

    // MARK: Lending the terminal

    func run(_ command: ExecCommand, in directory: String) -> ExecResult {
        lend()
        let result = CommandRunner.run(command, in: directory, tty: descriptor)
        WaitLine.ask(after: result, on: descriptor, ascii: !UserLocale.isUTF8)
        takeBack()
        return result
    }

    func suspend() {
        lend()
        SignalHandling.stopAsCtrlZWould()
        takeBack()
    }

    /// The band erased and the tty as it was found, for a command or the shell.
    private func lend() {
        closeBand()
        TerminalRestore.restoreModes()
        TerminalRestore.arm(false)
    }

    /// A new band where the cursor now is (the command may have printed), drawn whole.
    private func takeBack() {
        enterRawMode()
        TerminalRestore.arm(true)
        measure()
        openBand()
    }

    func close() {
        guard isOpen else { return }
        isOpen = false
        closeBand()
        TerminalRestore.restoreModes()
        TerminalRestore.arm(false)
        SignalHandling.stopWatchingResizes()
        Glibc.close(descriptor)
    }

    // MARK: The tty

    /// Raw input (keys one by one, Ctrl-C as a key, no echo); output still turns `\n` into a new
    /// line, as the band's movements expect.
    private func enterRawMode() {
        var modes = termios()
        tcgetattr(descriptor, &modes)
        cfmakeraw(&modes)
        modes.c_oflag |= tcflag_t(OPOST | ONLCR)
        tcsetattr(descriptor, TCSANOW, &modes)
        TerminalRestore.arm(true)
    }

    private func write(_ text: String) {
        var bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeMutableBytes { Glibc.write(descriptor, $0.baseAddress! + offset, $0.count - offset) }
            if written < 0 {
                if errno == EINTR { continue }
                return
            }
            offset += written
        }
    }

    /// Wide characters need a UTF-8 locale: the user's if it is one, else C.UTF-8.
    private static func chooseLocale() {
        if !UserLocale.isUTF8 { setlocale(LC_CTYPE, "C.UTF-8") }
    }
}
