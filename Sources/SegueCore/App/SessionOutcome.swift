/// How a session ended: the status the process should exit with, and what it emitted.
public struct SessionOutcome: Equatable, Sendable {
    /// The process exit status it asks for.
    public var status: ExitStatus
    /// Values an `emit` action chose, one per line, to print on stdout once the terminal is back.
    public var emitted: [String]

    public init(status: ExitStatus, emitted: [String]) {
        self.status = status
        self.emitted = emitted
    }
}
