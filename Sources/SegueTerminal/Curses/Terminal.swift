import CNcursesw
import Glibc
import SegueCore

/// The curses session on `/dev/tty`: start-up, reading events and giving the terminal back.
///
/// Talking to `/dev/tty` rather than stdin/stdout leaves both free, so a spec can later be read
/// from stdin and choices printed to a pipe.
final class Terminal: Display {
    private let file: UnsafeMutablePointer<FILE>
    private var painter = GridPainter()
    private let screen: OpaquePointer
    let window: UnsafeMutablePointer<WINDOW>
    private var isOpen = true
    /// Without an alternate screen the shell would carry on over the last frame; it is cleared.
    private let hasAlternateScreen: Bool

    /// How long a lone Esc waits for the rest of an escape sequence, in milliseconds.
    static let escapeDelay: Int32 = 25
    /// How often a blocked read wakes to look for signals, in milliseconds.
    static let pollInterval: Int32 = 250
    /// Most characters read after an Esc to decode what came with it: more than any key's sequence.
    static let escapeLookahead = 32

    /// What `wget_wch` returned: a character, or a function key curses decoded.
    private struct Input {
        var isKeyCode: Bool
        var value: wint_t
    }

    /// Input read while decoding what came with an Esc but not part of it, read again first.
    private var readAhead: [Input] = []

    /// Opens `/dev/tty` and starts curses on it.
    /// - Throws: `TerminalError.noTerminal` without a controlling terminal, `.unusableTerminal` when
    ///   `TERM` is unknown.
    /// - Parameter mouse: whether to ask the terminal for clicks and the wheel.
    init(mouse: Bool) throws(TerminalError) {
        Self.chooseLocale()
        StartupTrace.mark("locale")
        guard let file = fopen("/dev/tty", "r+") else {
            throw .noTerminal(String(cString: strerror(errno)))
        }
        let fd = fileno(file)
        let term = getenv("TERM").map { String(cString: $0) } ?? ""
        guard !term.isEmpty else {
            fclose(file)
            throw .unusableTerminal("cannot use the terminal: TERM is not set")
        }
        // The tty's modes before curses touches them, and our handlers before curses installs its
        // own for SIGINT and SIGTERM.
        TerminalRestore.saveModes(descriptor: fd)
        SignalHandling.install()
        // Resizes are ours, not curses' (which installs its handler only where there is none):
        // curses would take any size the tty reports, and one of 32,768 columns or rows
        // overflows its own sizes. It is handed the size clamped, here and on every resize.
        SignalHandling.watchResizes()
        // newterm reads the terminal's description once; asking setupterm first read it twice.
        let started = Self.withSizeClamped(fd) { newterm(term, file, file) }
        StartupTrace.mark("curses")
        guard let screen = started else {
            fclose(file)
            throw .unusableTerminal("cannot use the terminal: \(Self.whyUnusable(term, fd))")
        }
        // A terminal that cannot place the cursor (TERM=dumb) cannot show a screen.
        guard TerminalRestore.terminfoString("cup") != nil, let window = segue_stdscr() else {
            endwin()  // curses changed the tty's modes already: they go back as they were
            delscreen(screen)
            fclose(file)
            throw .unusableTerminal("cannot use the terminal: '\(term)' (TERM) cannot move the cursor")
        }
        hasAlternateScreen = TerminalRestore.terminfoString("smcup") != nil
        TerminalRestore.prepare(mouse: mouse)
        self.file = file
        self.screen = screen
        self.window = window
        TerminalRestore.arm(true)
        raw()
        noecho()
        nonl()
        keypad(window, true)
        set_escdelay(Self.escapeDelay)
        wtimeout(window, Self.pollInterval)
        curs_set(0)
        leaveok(window, true)
        if mouse {
            mouseinterval(0)  // report presses at once instead of waiting to tell clicks apart
            mousemask(segue_BUTTON1_PRESSED() | segue_BUTTON4_PRESSED() | segue_BUTTON5_PRESSED(), nil)
        }
        Palette.start()
        setBracketedPaste(true)
    }

    deinit { close() }

    /// The terminal's size in cells.
    var size: Size { Size(width: Int(getmaxx(window)), height: Int(getmaxy(window))) }

    /// The tty's size as the kernel has it, within `Size.largest`; `nil` when it cannot tell.
    private static func ttySize(_ descriptor: Int32) -> Size? {
        var size = winsize()
        guard ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0 else { return nil }
        return Size(width: Int(size.ws_col), height: Int(size.ws_row)).clamped
    }

    /// Runs `start` (curses' start-up, which reads the tty's size) with `LINES` and `COLUMNS`
    /// saying the clamped size when the tty's is larger, as curses then takes them over the tty's;
    /// the variables are as they were afterwards, so commands never see them.
    private static func withSizeClamped<Result>(_ descriptor: Int32, _ start: () -> Result) -> Result {
        var real = winsize()
        guard ioctl(descriptor, UInt(TIOCGWINSZ), &real) == 0, let clamped = ttySize(descriptor),
              clamped != Size(width: Int(real.ws_col), height: Int(real.ws_row)) else { return start() }
        let saved = ["LINES", "COLUMNS"].map { (name: String) in (name, getenv(name).map { String(cString: $0) }) }
        setenv("LINES", String(clamped.height), 1)
        setenv("COLUMNS", String(clamped.width), 1)
        defer {
            for (name, value) in saved {
                if let value { setenv(name, value, 1) } else { unsetenv(name) }
            }
        }
        return start()
    }

    /// After SIGWINCH: curses takes the tty's new size, clamped.
    private func takeNewSize() {
        guard let size = Self.ttySize(fileno(file)) else { return }
        resizeterm(Int32(size.height), Int32(size.width))
    }

    func draw(_ grid: Grid) { painter.draw(grid, on: window) }

    func invalidate() { painter.invalidate() }

    func ringBell() { _ = beep() }

    /// The next key, resize or terminating signal, waiting at most `waitMilliseconds` (`nil`:
    /// until one comes); `nil` when none came in time, or when one of `wakers` (sources' pipes,
    /// `--listen`'s socket) has something to read first, so a stream is read as fast as it comes
    /// and a program connecting is answered at once, idle or not.
    func nextEvent(waitMilliseconds: Int32?, wakers: [Int32]) -> Event? {
        defer { wtimeout(window, Self.pollInterval) }
        if !wakers.isEmpty, readAhead.isEmpty {
            if let wait = waitMilliseconds, wait > 0 {
                guard waitForInput(wait, wakers: wakers) == .input else { return nil }
            } else if waitMilliseconds == nil {
                // Idle: a key or a waker (`--listen`'s socket) ends the wait; a signal is looked
                // for between short waits, as it may be taken by another thread than this one.
                while true {
                    let woken = waitForInput(Self.pollInterval, wakers: wakers)
                    if woken == .waker { return nil }
                    if woken == .input || SignalHandling.hasPending { break }
                }
            }
        }
        while true {
            wtimeout(window, waitMilliseconds ?? Self.pollInterval)
            if let signal = SignalHandling.takePending() { return .signal(signal) }
            if SignalHandling.takeResize() {
                takeNewSize()
                return .resize(size)
            }
            guard let input = nextInput() else {
                // The terminal is gone (its window closed, its tmux server killed): curses then
                // answers at once, forever; end as a hang-up would.
                if hungUp { return .signal(SIGHUP) }
                if waitMilliseconds != nil { return nil }
                continue
            }
            let character = input.value
            if input.isKeyCode, Int32(character) == KEY_RESIZE { return .resize(size) }
            if input.isKeyCode, Int32(character) == KEY_MOUSE {
                if let mouse = readMouse() { return .mouse(mouse) }
                continue
            }
            if !input.isKeyCode, character == 27 {
                guard let event = decodeEscape() else { continue }
                return event
            }
            if let key = KeyDecoding.key(character, isKeyCode: input.isKeyCode) { return .key(key) }
        }
    }

    /// What ended a wait for input.
    private enum Wake { case input, waker, timeout }

    /// Waits up to `milliseconds` for a key or for one of `wakers`: `.input` when the terminal
    /// has input (or curses may have some buffered, or a signal came).
    private func waitForInput(_ milliseconds: Int32, wakers: [Int32]) -> Wake {
        var watched = [pollfd(fd: fileno(file), events: Int16(POLLIN), revents: 0)]
            + wakers.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
        // Keys curses read ahead are not seen by poll: look at them first.
        wtimeout(window, 0)
        if let input = nextInput() {
            readAhead.append(input)
            return .input
        }
        let ready = poll(&watched, nfds_t(watched.count), milliseconds)
        if ready < 0 { return .input }  // a signal: the caller looks for it
        if watched[0].revents != 0 { return .input }
        return ready > 0 ? .waker : .timeout
    }

    /// Whether the terminal has hung up: nothing will ever be read from it again.
    private var hungUp: Bool {
        var watched = pollfd(fd: fileno(file), events: Int16(POLLIN), revents: 0)
        return poll(&watched, 1, 0) > 0 && watched.revents & Int16(POLLHUP | POLLERR | POLLNVAL) != 0
    }

    /// The next input: what was read ahead, else what curses reads (within the window's timeout).
    private func nextInput() -> Input? {
        if !readAhead.isEmpty { return readAhead.removeFirst() }
        var character: wint_t = 0
        let result = wget_wch(window, &character)
        guard result != segue_ERR() else { return nil }
        return Input(isKeyCode: result == KEY_CODE_YES, value: character)
    }

    /// After an Esc: decodes it with the characters that came with it (those curses has or the
    /// terminal sent, taken without waiting). What the decoding does not take — a second Esc, the
    /// next key — is read again as input of its own.
    private func decodeEscape() -> Event? {
        wtimeout(window, 0)
        defer { wtimeout(window, Self.pollInterval) }
        var following: [Unicode.Scalar] = []
        var stop: Input?
        while following.count < Self.escapeLookahead, let input = nextInput() {
            guard !input.isKeyCode, let scalar = Unicode.Scalar(UInt32(input.value)) else {
                stop = input  // a key curses decoded: not part of this Esc
                break
            }
            following.append(scalar)
        }
        if following.starts(with: Self.pasteStart), stop == nil {
            return .paste(readPaste(after: Array(following.dropFirst(Self.pasteStart.count))))
        }
        // Curses reads DEL as the Backspace key: Esc glued to it is Alt-Backspace.
        if following.isEmpty, let key = stop, key.isKeyCode, key.value == wint_t(KEY_BACKSPACE) {
            return .key(.alt("\u{7F}"))
        }
        // And CR as the Enter key, where the terminal says so: Esc glued to it is Alt-Enter.
        if following.isEmpty, let key = stop, key.isKeyCode, key.value == wint_t(KEY_ENTER) {
            return .key(.alt("\r"))
        }
        let decoded = EscapeSequenceDecoder.decode(following)
        let rest = following.dropFirst(decoded.length).map { Input(isKeyCode: false, value: wint_t($0.value)) }
        readAhead = rest + (stop.map { [$0] } ?? []) + readAhead
        return decoded.key.map { .key($0) }
    }

    /// What a bracketed paste brings: the terminal sends it between `Esc[200~` and `Esc[201~`,
    /// so pasted text is never read as keys. At most `pasteLimit` characters are kept.
    private func readPaste(after first: [Unicode.Scalar]) -> String {
        var text: [Unicode.Scalar] = []
        var pending = first
        wtimeout(window, 100)  // a long paste arrives in several reads
        while true {
            // What came with the start marker first, then what the terminal sends after it.
            let scalar: Unicode.Scalar
            if !pending.isEmpty {
                scalar = pending.removeFirst()
            } else if let input = nextInput() {
                guard !input.isKeyCode, let read = Unicode.Scalar(UInt32(input.value)) else { continue }
                scalar = read
            } else {
                break  // the end marker never came
            }
            text.append(scalar)
            if text.count >= Self.pasteEnd.count, text.suffix(Self.pasteEnd.count).elementsEqual(Self.pasteEnd) {
                text.removeLast(Self.pasteEnd.count)
                break
            }
            if text.count > Self.pasteLimit + Self.pasteEnd.count { text.remove(at: Self.pasteLimit) }
        }
        // Keys typed after the paste, read with it, are keys again.
        readAhead = pending.map { Input(isKeyCode: false, value: wint_t($0.value)) } + readAhead
        return String(String.UnicodeScalarView(text.prefix(Self.pasteLimit)))
    }

    private static let pasteStart: [Unicode.Scalar] = ["[", "2", "0", "0", "~"]
    private static let pasteEnd: [Unicode.Scalar] = ["\u{1B}", "[", "2", "0", "1", "~"]
    /// Characters of one paste that are kept; a query or a value needs no more.
    static let pasteLimit = 65_536

    /// Asks the terminal to mark pastes (`Esc[?2004h`), or to stop.
    private func setBracketedPaste(_ on: Bool) {
        fputs(on ? "\u{1B}[?2004h" : "\u{1B}[?2004l", file)
        fflush(file)
    }

    /// The pending mouse report as a core event; `nil` for buttons Segue does not use.
    private func readMouse() -> MouseEvent? {
        var report = MEVENT()
        guard getmouse(&report) == segue_OK() else { return nil }
        if report.bstate & segue_BUTTON4_PRESSED() != 0 { return .wheelUp }
        if report.bstate & segue_BUTTON5_PRESSED() != 0 { return .wheelDown }
        if report.bstate & segue_BUTTON1_PRESSED() != 0 { return .click(x: Int(report.x), y: Int(report.y)) }
        return nil
    }

    /// Gives the terminal to `command` (curses suspended), then takes it back; with `wait`, asks
    /// for a key first so its output can be read.
    func run(_ command: ExecCommand, in directory: String) -> ExecResult {
        setBracketedPaste(false)
        defer { setBracketedPaste(true) }
        endwin()
        TerminalRestore.arm(false)
        let fd = fileno(file)
        let result = CommandRunner.run(command, in: directory, tty: fd)
        // Asked to end meanwhile (SIGTERM, SIGHUP): no question, the session ends.
        WaitLine.ask(after: result, on: fd, ascii: !UserLocale.isUTF8)
        TerminalRestore.arm(true)
        clearok(window, true)
        return result
    }

    /// Gives the terminal to the shell and stops, as Ctrl-Z does in cooked mode; returns once the
    /// shell resumes the process (at once where there is no job control to resume it).
    func suspend() {
        setBracketedPaste(false)
        defer { setBracketedPaste(true) }
        endwin()
        TerminalRestore.arm(false)
        SignalHandling.stopAsCtrlZWould()
        TerminalRestore.arm(true)
        clearok(window, true)
    }

    /// Gives the terminal back exactly as it was found. Safe to call more than once.
    func close() {
        guard isOpen else { return }
        isOpen = false
        setBracketedPaste(false)
        if !hasAlternateScreen {
            werase(window)
            wrefresh(window)
        }
        endwin()
        TerminalRestore.arm(false)
        SignalHandling.stopWatchingResizes()
        delscreen(screen)
        fclose(file)
    }

    /// Why curses could not start on `term`, as setupterm tells it.
    private static func whyUnusable(_ term: String, _ fd: Int32) -> String {
        var status: Int32 = 0
        if setupterm(term, fd, &status) == segue_OK() { return "'\(term)' (TERM) cannot move the cursor" }
        return "unknown terminal type '\(term)' (TERM)"
    }

    /// Wide characters need a UTF-8 locale: the user's if it is one, else C.UTF-8.
    private static func chooseLocale() {
        if !UserLocale.isUTF8 { setlocale(LC_CTYPE, "C.UTF-8") }
    }
}
