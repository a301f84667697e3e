/// How a session run from Swift ended, and what its rows were left holding.
///
/// ```swift
/// let outcome = try await Segue.run(releases, finishing: Release.self)
/// switch outcome.ending {
/// case .finished(let release): print("deploying \(release.version)")
/// case .emitted(let values): values.forEach { print($0) }
/// case .cancelled: exit(1)
/// case .quit(let status): exit(status.code)
/// }
/// let darkMode = outcome.values["darkMode"] == .bool(true)
/// ```
public struct Outcome<Value: Sendable>: Sendable {
    /// How the session ended.
    public enum Ending: Sendable {
        /// A handler finished it with a value (`context.finish(with:)`), handed back as it is.
        /// A session that finishes with no value (`Never`) needs no case for it.
        case finished(Value)
        /// An `emit` action (or a handler's `context.emit`) chose these values.
        case emitted([String])
        /// Esc on the first screen.
        case cancelled
        /// Quit with a status (0 for q or a `quit` action).
        case quit(QuitStatus)
    }

    /// How the session ended.
    public var ending: Ending
    /// The values its toggle, choice, input and slider rows were left at, by their `setting`
    /// (with those a settings file gave them at the start): a form's answers, read without
    /// reading the file back.
    public var values: [String: JSONValue]

    /// The value a handler finished the session with, if one did:
    /// `guard let release = outcome.value else { return }`.
    public var value: Value? {
        if case .finished(let value) = ending { return value }
        return nil
    }

    /// How `session` ended, its finished value taken from `handlers`, which then forget it.
    init(_ session: SessionOutcome, of handlers: HandlerRegistry) {
        ending = Ending(session, registry: handlers)
        handlers.forgetFinished()
        if case .object(let members) = session.values { values = members } else { values = [:] }
    }
}

extension Outcome.Ending {
    init(_ session: SessionOutcome, registry: HandlerRegistry) {
        if let number = session.finished, let value = registry.finished(number) as? Value {
            self = .finished(value)
        } else if !session.emitted.isEmpty {
            self = .emitted(session.emitted)
        } else if session.status == .cancelled {
            self = .cancelled
        } else {
            self = .quit(session.status)
        }
    }
}

extension Outcome.Ending: Equatable where Value: Equatable {}
extension Outcome: Equatable where Value: Equatable {}
