/// How `segue` ends, as a process exit status (sysexits.h where one fits); what a session quits
/// with (`Outcome.Ending.quit`, `context.quit(status:)`). Not `ExitStatus`, which Swift Testing
/// declares too: a test file importing both could not name it.
public struct QuitStatus: Hashable, Sendable, CustomStringConvertible {
    public var code: Int32

    public init(_ code: Int32) { self.code = code }

    /// Quit normally (q, or a `quit` action).
    public static let success = QuitStatus(0)
    /// Esc at the first screen.
    public static let cancelled = QuitStatus(1)
    /// No terminal to draw on.
    public static let noTerminal = QuitStatus(2)
    /// Bad command line.
    public static let usage = QuitStatus(64)
    /// The spec is not valid JSON or not of the expected shape.
    public static let badSpec = QuitStatus(65)
    /// The spec file is missing or unreadable.
    public static let missingSpec = QuitStatus(66)
    /// What was to be printed on standard output could not be written: it is closed, or the
    /// disk is full (sysexits' EX_IOERR).
    public static let outputFailed = QuitStatus(74)
    /// The user's config file is broken.
    public static let badConfig = QuitStatus(78)
    /// Standard output is a pipe whose reader has gone: 128 + SIGPIPE, as a shell reports a
    /// program that SIGPIPE ended (Segue ignores the signal, to say what was lost first).
    public static let brokenPipe = QuitStatus(141)
    /// Ctrl-C or SIGINT.
    public static let interrupted = QuitStatus(130)

    /// The status of a process ended by `signal`: 128 + its number.
    public static func signal(_ number: Int32) -> QuitStatus { QuitStatus(128 + number) }

    /// Stands for "the command's status" in an exec's `then` (`"then": "quit"`); never an exit.
    package static let passedOn = QuitStatus(-1)

    public var description: String { String(code) }

    /// Every documented status with its meaning, for `--help` and the README.
    public static let documented: [(code: String, meaning: String)] = [
        ("0", "quit normally (q), or a value was emitted (printed on stdout)"),
        ("1", "cancelled (Esc at the first screen)"),
        ("2", "no terminal to draw on (no /dev/tty, or TERM unknown or unusable)"),
        ("64", "bad command line"),
        ("65", "the spec is not valid JSON or not of the expected shape, or a data file or library it names is missing or unreadable"),
        ("66", "the spec file is missing or unreadable"),
        ("74", "what was chosen could not be written: standard output is closed, or full (/dev/full); said on stderr"),
        ("78", "the config file (~/.config/segue/config.json) is not valid"),
        ("130", "interrupted (Ctrl-C or SIGINT); other signals give 128 + their number"),
        ("141", "standard output is a pipe whose reader has gone (EPIPE, as SIGPIPE would end it); said on stderr, except by --filter, which feeds pipelines (| head)"),
        ("n", "a quit action's \"status\", or the command's status after an exec with \"then\": \"quit\""),
    ]
}

/// The name Segue's own code uses (it was the public one before `QuitStatus`).
package typealias ExitStatus = QuitStatus
