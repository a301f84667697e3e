import Glibc
import SegueCore

/// Plain mode's session (`--plain`, `TERM=dumb`): each screen printed as numbered lines on the
/// terminal, and a prompt that reads a line — a number, a hotkey, `b`, `/text`, `?` or `q`.
/// Everything else is the app's: the same `update`, effects, actions, confirmations, settings
/// and exit statuses, through the same `Runtime`.
package enum PlainApp {
    /// Runs a session on `/dev/tty` until it ends; what the rows emit comes back to print on
    /// standard output.
    package static func run(root: Spec, loader: SpecLoader, settings: Settings = Settings(path: nil),
                           options: AppOptions = AppOptions(), keymap: Keymap = .standard,
                           renderers: CellRenderers = CellRenderers(), callbacks: SwiftCallbacks = .none,
                           opening: [Spec] = [], select: String? = nil)
        throws(TerminalError) -> SessionOutcome {
        let tty = open("/dev/tty", O_RDWR | O_CLOEXEC)
        guard tty >= 0 else { throw .noTerminal(String(cString: strerror(errno))) }
        defer { close(tty) }
        // Ctrl-C, TERM and HUP end the session the orderly way: its loads' processes are stopped.
        SignalHandling.install()
        var options = options
        options.preview = .off  // no pane to show it in
        // A command gets the terminal as it is: plain mode has no screen to give up.
        let world = SessionWorld(loader: loader, callbacks: callbacks, command: { command, directory in
            let result = CommandRunner.run(command, in: directory, tty: tty)
            // `"wait": true`: its output stays readable until a line is typed, as the full screen waits for a key.
            if command.wait, !SignalHandling.hasPending {
                say(String(command.waitLine(after: result, ascii: true, otherwise: "press Enter to go on").dropFirst().dropLast()) + "> ", on: tty)
                _ = readLine(from: tty)
            }
            return result
        }, measure: { Self.size })
        // However the session ends, no load outlives it.
        defer { world.shutDown() }
        var state = AppState(root: root, size: Self.size, keymap: keymap, settings: settings,
                             environment: ProcessEnvironment.variables(), options: options, renderers: renderers)
        _ = state.deepLink(opening: opening, select: select)
        var runtime = Runtime(state: state, world: world)
        runtime.send(.start)
        if PlainView.waits(runtime.state) {
            // `segue spin`: its title, then the command runs to its end (or a signal's).
            say(PlainView.lines(of: runtime.state).joined(separator: "\n") + "\n", on: tty)
            Settling.settle(&runtime, seconds: .infinity)
        } else {
            settle(&runtime, tty: tty)
        }
        while runtime.outcome == nil {
            say(PlainView.lines(of: runtime.state).joined(separator: "\n") + "\n" + PlainView.prompt(of: runtime.state), on: tty)
            let line: String
            let input = PlainView.readsText(runtime.state) ? readText(from: tty)
                : readLine(from: tty, hidden: runtime.state.entry?.rules.kind == .password)
            switch input {
            case .line(let text): line = text
            case .signal(let number):
                runtime.send(.signal(number))
                continue
            case .end:
                // End of input: cancelled, as Esc on the first screen is.
                return SessionOutcome(status: .cancelled, emitted: [])
            }
            switch PlainInput.meaning(of: line, in: runtime.state) {
            case .events(let events):
                for event in events where runtime.outcome == nil { runtime.send(event) }
            case .help:
                let help = HelpContent.lines(for: runtime.state).map { line -> String in
                    line.isHeading ? line.text + ":" : "   " + line.keys + (line.keys.isEmpty ? "" : ": ") + line.text
                }
                say(help.joined(separator: "\n") + "\n   (in plain mode: a number chooses a row, b goes back, /text finds, q quits)\n", on: tty)
            case .redraw:
                break
            case .unknown(let reason):
                say("? \(reason)\n", on: tty)
            }
            settle(&runtime, tty: tty)
        }
        return runtime.outcome ?? SessionOutcome(status: .cancelled, emitted: [])
    }

    /// The "screen" plain mode lays rows out on: tall, so a live section loads what a screen shows.
    private static let size = Size(width: 100, height: 60)

    /// Lets loads finish (up to 15 s, saying so), so the screen printed next is whole.
    private static func settle(_ runtime: inout Runtime<SessionWorld>, tty: Int32) {
        let done = Settling.settle(&runtime, seconds: 15) { say("Loading…\n", on: tty) }
        if !done { say("(still loading: press Enter to look again)\n", on: tty) }
    }

    private static func say(_ text: String, on tty: Int32) {
        let bytes = Array(text.utf8)
        var written = 0
        while written < bytes.count {
            let count = bytes[written...].withUnsafeBufferPointer { write(tty, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return }
            written += count
        }
    }

    private enum Input {
        case line(String)
        case signal(Int32)
        case end
    }

    /// A line typed on the terminal (cooked mode: the terminal edits it), a terminating signal
    /// that came meanwhile, or the end of input. `hidden` (a password) turns the echo off for it.
    private static func readLine(from tty: Int32, hidden: Bool) -> Input {
        guard hidden else { return readLine(from: tty) }
        var saved = termios()
        guard tcgetattr(tty, &saved) == 0 else { return readLine(from: tty) }
        var quiet = saved
        quiet.c_lflag &= ~tcflag_t(ECHO)
        tcsetattr(tty, TCSANOW, &quiet)
        defer {
            tcsetattr(tty, TCSANOW, &saved)
            say("\n", on: tty)
        }
        return readLine(from: tty)
    }

    /// A text typed on the terminal to its end (Ctrl-D at the start of a line, in cooked mode),
    /// a terminating signal that came meanwhile, or the end of input.
    private static func readText(from tty: Int32) -> Input {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = read(tty, &buffer, buffer.count)
            if count < 0, errno == EINTR {
                if let signal = SignalHandling.takePending() { return .signal(signal) }
                continue
            }
            guard count > 0 else { return count == 0 ? .line(String(decoding: bytes, as: UTF8.self)) : .end }
            bytes += buffer[0..<count]
        }
    }

    private static func readLine(from tty: Int32) -> Input {
        var bytes: [UInt8] = []
        var byte: UInt8 = 0
        while true {
            let count = read(tty, &byte, 1)
            if count < 0, errno == EINTR {
                if let signal = SignalHandling.takePending() { return .signal(signal) }
                continue
            }
            guard count == 1 else { return bytes.isEmpty ? .end : .line(String(decoding: bytes, as: UTF8.self)) }
            if byte == UInt8(ascii: "\n") { return .line(String(decoding: bytes, as: UTF8.self)) }
            bytes.append(byte)
        }
    }
}
