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
    static func run(_ arguments: [String], input: String? = nil, until text: String, environment extra: [String: String] = [:],
                    timeout: Double = 30) -> Result {
        guard let terminal = PseudoTerminal(rows: size.rows, columns: size.columns) else { return Result(seconds: nil, peakMemory: 0) }
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
        guard case .success(let pid) = child.spawn() else { return Result(seconds: nil, peakMemory: 0) }
        var screen = ScreenModel(width: size.columns, height: size.rows)
        var seen: Double?
        var status: Int32 = 0
        var usage = rusage()
        var ended = false
        while Monotonic.now() - start < timeout {
            let bytes = terminal.read(waiting: 20)
            if !bytes.isEmpty {
                screen.apply(bytes)
                if screen.shows(text) {
                    seen = Monotonic.now() - start
                    break
                }
            }
            if wait4(pid, &status, WNOHANG, &usage) == pid {
                ended = true
                break
            }
        }
        if !ended {
            kill(-pid, SIGKILL)
            while wait4(pid, &status, 0, &usage) == -1, errno == EINTR {}
        }
        return Result(seconds: seen, peakMemory: usage.ru_maxrss * 1024, started: start)
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
