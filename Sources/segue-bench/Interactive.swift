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

    /// The result of a run's last typed step (a run that never got past its start has none).
    static func lastStep(_ results: [Result]) -> Result {
        results.count > 1 ? results[results.count - 1] : Result(seconds: nil, peakMemory: 0)
    }

    /// Runs `arguments` (stdin from `input`, else the terminal) until `text` is on the screen, then
    /// kills it.
    /// Keys typed once `ready` is on the screen, one group at a time, each awaited until its
    /// text shows; the figures are then from each group typed until its text, not from exec.
    struct Typing {
        var ready: String
        var steps: [(keys: String, until: String)]
        /// Seconds between keys within a step, as a person types (`nil`: the step's keys are
        /// written at once, as a paste); a paced step is timed from its key `timedFrom` (the last
        /// one unless said: name the last key that changes what the step waits for).
        var pace: Double? = nil
        var timedFrom: Int? = nil
    }

    /// `text` as a terminal sends a paste of it (bracketed: the program takes it as one edit).
    static func pasted(_ text: String) -> String { "\u{1B}[200~" + text + "\u{1B}[201~" }

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
            var began = index == 0 ? start : Monotonic.now()
            var seen: Double?
            if let pace = typing.pace, index > 0, step.keys.count > 1 {
                // The keys at the pace, the screen read meanwhile: timed from key `from`, so a
                // program that falls behind shows it after the last key.
                let keys = Array(step.keys)
                let from = min(typing.timedFrom ?? keys.count - 1, keys.count - 1)
                for (number, key) in keys.enumerated() {
                    terminal.write(Array(String(key).utf8))
                    if number == from { began = Monotonic.now() }
                    guard number < keys.count - 1 else { break }
                    let typed = Monotonic.now()
                    while Monotonic.now() - typed < pace {
                        let bytes = terminal.read(waiting: 5)
                        guard !bytes.isEmpty else { continue }
                        screen.apply(bytes)
                        if let answers = answers(to: bytes, cursor: screen.cursor) { terminal.write(answers) }
                        if number >= from, seen == nil, screen.shows(step.until) { seen = Monotonic.now() - began }
                    }
                }
            } else {
                if !step.keys.isEmpty { terminal.write(Array(step.keys.utf8)) }
                if screen.shows(step.until), index > 0 { seen = 0 }
            }
            while seen == nil, Monotonic.now() - began < timeout {
                let bytes = terminal.read(waiting: 5)
                if !bytes.isEmpty {
                    screen.apply(bytes)
                    // Questions a program asks the terminal are answered as a terminal would.
                    if let answers = answers(to: bytes, cursor: screen.cursor) { terminal.write(answers) }
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

    /// What a terminal answers to the questions in `bytes`: where the cursor is (`Esc[6n`, which a
    /// program drawing under the prompt asks, fzf --height), whether a mode is set (`Esc[?N$p`,
    /// which the current fzf asks of bracketed paste and waits for), the device (`Esc[c`);
    /// `nil` when there is none.
    private static func answers(to bytes: [UInt8], cursor: (x: Int, y: Int)) -> [UInt8]? {
        guard bytes.contains(0x1B) else { return nil }
        var answers: [UInt8] = []
        var index = 0
        while index < bytes.count {
            guard bytes[index] == 0x1B, index + 2 < bytes.count, bytes[index + 1] == UInt8(ascii: "[") else {
                index += 1
                continue
            }
            var end = index + 2
            while end < bytes.count, !(0x40...0x7E).contains(bytes[end]) { end += 1 }
            guard end < bytes.count else { break }
            let body = String(decoding: bytes[(index + 2)..<end], as: UTF8.self)
            switch bytes[end] {
            case UInt8(ascii: "n") where body == "6":
                answers += Array("\u{1B}[\(cursor.y + 1);\(cursor.x + 1)R".utf8)
            case UInt8(ascii: "p") where body.hasPrefix("?") && body.hasSuffix("$"):
                answers += Array("\u{1B}[\(body.dropLast());2$y".utf8)
            case UInt8(ascii: "c") where body.isEmpty || body == "0":
                answers += Array("\u{1B}[?62;22c".utf8)
            default:
                break
            }
            index = end + 1
        }
        return answers.isEmpty ? nil : answers
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

extension Interactive.Result {
    /// The time, as the reports print it; "never" when the text never showed.
    var shown: String { seconds.map(Report.time) ?? "never" }
}
