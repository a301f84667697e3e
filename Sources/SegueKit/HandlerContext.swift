/// What a handler sees and can do: the row it ran for, and actions that the app carries out once
/// the handler returns (navigate, show a message, emit, quit) — the same actions rows run.
public final class HandlerContext {
    /// The row's bound attributes: its title, detail and every data key, as the spec wrote them.
    public let row: [String: JSONValue]
    private(set) var actions: [RowAction] = []
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
        actions.append(RowAction(.segue(SegueTarget(built: screen.spec))))
    }

    /// Pushes a spec loaded from a file (or built as a `Spec`).
    public func push(_ spec: Spec) {
        actions.append(RowAction(.segue(SegueTarget(built: spec))))
    }

    /// Swaps the current screen for `screen`, with no new back step.
    public func replace(with screen: ComposedScreen) {
        registry.adopt(screen)
        actions.append(RowAction(.replace(SegueTarget(built: screen.spec))))
    }

    /// Runs any action a row could run (a segue to a spec file, exec, reload, root, …).
    public func run(_ action: RowAction) { actions.append(action) }

    /// Goes back one screen.
    public func back() { actions.append(.back) }

    /// Shows a message in the status line.
    public func show(_ message: String, isError: Bool = false) {
        actions.append(RowAction(.message(message, isError: isError)))
    }

    /// Ends the session, printing `values` one per line on stdout.
    public func emit(_ values: String...) { actions.append(RowAction(.emit(values.joined(separator: "\n")))) }

    /// Ends the session with `status`.
    public func quit(status: ExitStatus = .success) { actions.append(RowAction(.quit(status))) }
}
