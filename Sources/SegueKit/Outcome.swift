/// How a session run from Swift ended.
///
/// ```swift
/// switch try Segue.run(menu) {
/// case .emitted(let values): values.forEach { print($0) }
/// case .cancelled: exit(1)
/// case .quit(let status): exit(status.code)
/// }
/// ```
public enum Outcome: Equatable, Sendable {
    /// Quit with a status (0 for q or a `quit` action).
    case quit(ExitStatus)
    /// Esc on the first screen.
    case cancelled
    /// An `emit` action (or a handler) chose these values.
    case emitted([String])

    init(_ session: SessionOutcome) {
        if !session.emitted.isEmpty {
            self = .emitted(session.emitted)
        } else if session.status == .cancelled {
            self = .cancelled
        } else {
            self = .quit(session.status)
        }
    }
}
