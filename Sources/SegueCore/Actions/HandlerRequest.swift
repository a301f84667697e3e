/// What a handler registered from Swift asks the app to do, after it ran for a row.
public enum HandlerRequest: Sendable {
    /// Push a screen (a spec built in code or loaded from a file).
    case push(Spec, title: String? = nil)
    /// Swap the current screen for another, with no new back step.
    case replace(Spec, title: String? = nil)
    /// Go back one screen.
    case back
    /// Show a message in the status line.
    case message(String, isError: Bool = false)
    /// Print values to stdout (one per line) and exit 0.
    case emit([String])
    /// Quit with a status.
    case quit(ExitStatus)
}
