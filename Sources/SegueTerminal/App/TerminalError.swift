/// Why the terminal could not be used.
public enum TerminalError: Error, CustomStringConvertible {
    /// There is no controlling terminal (`/dev/tty` cannot be opened), e.g. under cron or CI.
    case noTerminal(String)
    /// `TERM` names a terminal the terminfo database does not know, or curses refused to start.
    case unusableTerminal(String)

    public var description: String {
        switch self {
        case .noTerminal(let reason): return "no terminal: cannot open /dev/tty (\(reason))"
        case .unusableTerminal(let reason): return reason
        }
    }
}
