/// Handlers by name: those registered for spec actions (`"action": "menuItemTapped:"`) and the
/// closures of rows in screens composed in code.
public final class HandlerRegistry {
    /// A handler: runs for a row, asking for what should happen next through the context.
    public typealias Handler = (HandlerContext) -> Void

    private var handlers: [String: Handler] = [:]

    public init() {}

    /// Registers `handler` under `name`; specs use the name as a row's action.
    public func register(_ name: String, _ handler: @escaping Handler) {
        handlers[name] = handler
    }

    /// The names registered so far, which the spec loader accepts as actions.
    public var names: Set<String> { Set(handlers.keys) }

    /// Runs the handler called `name` for a row; `nil` when there is none.
    public func call(_ name: String, row: [String: JSONValue]) -> [RowAction]? {
        guard let handler = handlers[name] else { return nil }
        let context = HandlerContext(row: row, registry: self)
        handler(context)
        return context.actions
    }

    /// Makes the row closures of a composed screen callable.
    func adopt(_ screen: ComposedScreen) {
        for (name, handler) in screen.closures { handlers[name] = handler }
    }
}
