/// What a handler sees and can do: the row it ran for, and requests that the app carries out once
/// the handler returns (navigate, show a message, emit, quit).
public final class HandlerContext {
    /// The row's bound attributes: its title, detail and every data key, as the spec wrote them.
    public let row: [String: JSONValue]
    private(set) var requests: [HandlerRequest] = []
    private let registry: HandlerRegistry

    init(row: [String: JSONValue], registry: HandlerRegistry) {
        self.row = row
        self.registry = registry
    }

    /// The row's title.
    public var title: String { row["title"]?.stringValue ?? "" }

    /// Pushes a screen built in code; its row closures become callable.
    public func push(_ screen: ComposedScreen) {
        registry.adopt(screen)
        requests.append(.push(screen.spec))
    }

    /// Pushes a spec loaded from a file (or built as a `Spec`).
    public func push(_ spec: Spec) {
        requests.append(.push(spec))
    }

    /// Swaps the current screen for `screen`, with no new back step.
    public func replace(with screen: ComposedScreen) {
        registry.adopt(screen)
        requests.append(.replace(screen.spec))
    }

    /// Goes back one screen.
    public func back() { requests.append(.back) }

    /// Shows a message in the status line.
    public func show(_ message: String, isError: Bool = false) {
        requests.append(.message(message, isError: isError))
    }

    /// Ends the session, printing `values` one per line on stdout.
    public func emit(_ values: String...) { requests.append(.emit(values)) }

    /// Ends the session with `status`.
    public func quit(status: ExitStatus = .success) { requests.append(.quit(status)) }
}
