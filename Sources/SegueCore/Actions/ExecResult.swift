/// How a command run by an `exec` action ended.
public struct ExecResult: Equatable, Sendable {
    public var command: ExecCommand
    /// Its exit status (128 + the signal's number when a signal ended it; 127 when it could not start).
    public var status: Int32
    /// The last lines it printed, for the status line.
    public var lastLines: [String]

    public init(command: ExecCommand, status: Int32, lastLines: [String]) {
        self.command = command
        self.status = status
        self.lastLines = lastLines
    }
}
