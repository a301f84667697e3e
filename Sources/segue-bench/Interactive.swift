import Glibc
import SegueCore
import SegueTerminal
import SegueTesting

/// What a person sees: a program started in a pseudo-terminal (80x24, `TERM=xterm-256color`),
/// timed from its start until a text is on the screen (a screen model reads what it wrote), with
/// its peak memory. Segue and fzf are measured the same way.
enum Interactive {
    struct Result {
        /// `nil` when the text never showed within the time allowed.
        var seconds: Double?
        var peakMemory: Int
        /// When the process was started, on the monotonic clock.
        var started = 0.0
    }

    static let size = (rows: 24, columns: 80)

    /// Runs `arguments` (stdin from `input`, else the terminal) until `text` is on the screen, then
    /// kills it.
    /// Keys typed once `ready` is on the screen, one group at a time, each awaited until its
    /// text shows; the figures are then from each group typed until its text, not from exec.
    struct Typing {
        var ready: String
        var steps: [(keys: String, until: String)]
    }

    static func run(_ arguments: [String], input: String? = nil, until text: String, environment extra: [String: String] = [:],
                    timeout: Double = 30) -> Result {
        typed(arguments, input: input, typing: Typing(ready: text, steps: []), environment: extra, timeout: timeout).first
            ?? Result(seconds: nil, peakMemory: 0)
    }

    /// Runs `arguments` until `typing.ready` shows (the first result, from exec), then types
    /// each step and times it until its text shows (one result each), then kills it.
    static func typed(_ arguments: [String], input: String? = nil, typing: Typing, environment extra: [String: String] = [:],
                      timeout: Double = 30) -> [Result] {
        guard let terminal = PseudoTerminal(rows: size.rows, columns: size.columns) else { return [] }
        let inputFd: Int32? = input.map { open($0, O_RDONLY | O_CLOEXEC) }
        defer { if let inputFd, inputFd >= 0 { close(inputFd) } }
        var environment = ProcessEnvironment.variables()
        environment["TERM"] = "xterm-256color"
        environment["LANG"] = "C.UTF-8"
        environment["NO_COLOR"] = nil
        for (name, value) in extra { environment[name] = value }
        var child = ChildProcess(arguments, input: inputFd.map { .descriptor($0) } ?? .file(terminal.slavePath),
                                 output: .file(terminal.slavePath), errors: .file(terminal.slavePath),
                                 environment: environment)
        child.newSession = true
        let start = Monotonic.now()
        guard case .success(let pid) = child.spawn() else { return [] }
        var screen = ScreenModel(width: size.columns, height: size.rows)
        var status: Int32 = 0
        var usage = rusage()
        var ended = false
        var times: [Double?] = []
        // The start, then each typed step: until its text is on the screen.
        let waits = [(keys: "", until: typing.ready)] + typing.steps
        for (index, step) in waits.enumerated() where !ended {
            let began = index == 0 ? start : Monotonic.now()
            if !step.keys.isEmpty { terminal.write(Array(step.keys.utf8)) }
            var seen: Double?
            if screen.shows(step.until), index > 0 { seen = 0 }
            while seen == nil, Monotonic.now() - began < timeout {
                let bytes = terminal.read(waiting: 5)
                if !bytes.isEmpty {
                    screen.apply(bytes)
                    // A program drawing under the prompt (fzf --height) asks where the cursor is.
                    if bytes.count >= 4, contains(bytes, Self.cursorQuery) {
                        terminal.write(Array("\u{1B}[\(screen.cursor.y + 1);\(screen.cursor.x + 1)R".utf8))
                    }
                    if screen.shows(step.until) { seen = Monotonic.now() - began }
                }
                if wait4(pid, &status, WNOHANG, &usage) == pid {
                    ended = true
                    break
                }
            }
            times.append(seen)
            if seen == nil { break }
        }
        if !ended {
            kill(-pid, SIGKILL)
            while wait4(pid, &status, 0, &usage) == -1, errno == EINTR {}
        }
        return times.map { Result(seconds: $0, peakMemory: usage.ru_maxrss * 1024, started: start) }
    }

    private static let cursorQuery = Array("\u{1B}[6n".utf8)

    private static func contains(_ bytes: [UInt8], _ part: [UInt8]) -> Bool {
        guard bytes.count >= part.count else { return false }
        return (0...(bytes.count - part.count)).contains { bytes[$0..<($0 + part.count)].elementsEqual(part) }
    }

    /// The median of `runs` runs; the peak memory of the median one.
    static func median(runs: Int, _ body: () -> Result) -> Result {
        middle((0..<runs).map { _ in body() })
    }

    /// The medians of `runs` runs of each, taken in turns.
    static func medians(runs: Int, _ first: () -> Result, _ second: () -> Result) -> (Result, Result) {
        var firsts: [Result] = [], seconds: [Result] = []
        for _ in 0..<runs {
            firsts.append(first())
            seconds.append(second())
        }
        return (middle(firsts), middle(seconds))
    }

    private static func middle(_ results: [Result]) -> Result {
        results.sorted { ($0.seconds ?? .infinity) < ($1.seconds ?? .infinity) }[results.count / 2]
    }
}
