/// How `segue` ends, as a process exit status (sysexits.h where one fits).
public struct ExitStatus: Hashable, Sendable, CustomStringConvertible {
    public var code: Int32

    public init(_ code: Int32) { self.code = code }

    /// Quit normally (q, or a `quit` action).
    public static let success = ExitStatus(0)
    /// Esc at the first screen.
    public static let cancelled = ExitStatus(1)
    /// No terminal to draw on.
    public static let noTerminal = ExitStatus(2)
    /// Bad command line.
    public static let usage = ExitStatus(64)
    /// The spec is not valid JSON or not of the expected shape.
    public static let badSpec = ExitStatus(65)
    /// The spec file is missing or unreadable.
    public static let missingSpec = ExitStatus(66)
    /// What was to be printed on standard output could not be written: it is closed, or the
    /// disk is full (sysexits' EX_IOERR).
    public static let outputFailed = ExitStatus(74)
    /// The user's config file is broken.
    public static let badConfig = ExitStatus(78)
    /// Standard output is a pipe whose reader has gone: 128 + SIGPIPE, as a shell reports a
    /// program that SIGPIPE ended (Segue ignores the signal, to say what was lost first).
    public static let brokenPipe = ExitStatus(141)
    /// Ctrl-C or SIGINT.
    public static let interrupted = ExitStatus(130)

    /// The status of a process ended by `signal`: 128 + its number.
    public static func signal(_ number: Int32) -> ExitStatus { ExitStatus(128 + number) }

    /// Stands for "the command's status" in an exec's `then` (`"then": "quit"`); never an exit.
    package static let passedOn = ExitStatus(-1)

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
