/// How a command run by an `exec` action ended.
public struct ExecResult: Equatable, Sendable {
    public var command: ExecCommand
    /// Its exit status (128 + the signal's number when a signal ended it; 127 when it could not start).
    public var status: Int32
    /// Why it could not start (or did not run), for the status line; `nil` when it ran. What a
    /// command prints is its own: it writes to the terminal, not to Segue.
    public var reason: String?

    public init(command: ExecCommand, status: Int32, reason: String? = nil) {
        self.command = command
        self.status = status
        self.reason = reason
    }
}
