/// Handlers and sources by name: those registered for specs (`"action": "menuItemTapped:"`,
/// `"source": {"handler": "users"}`) and the closures of screens composed in code.
///
/// ```swift
/// let handlers = HandlerRegistry()
/// handlers.register("ping") { context in context.show("pong") }
/// handlers.register("sync") { context async throws in
///     try await api.sync()
///     context.show("synced")
/// }
/// handlers.registerSource("users") { request in
///     let page = try await api.users(page: request.page)
///     return SourcePage(rows: page.users.map { ["title": .string($0.name), "id": .number("\($0.id)")] },
///                       next: page.isLast ? .end : .unspecified)
/// }
/// ```
///
/// Safe to use from any thread: a handler running as a task may push screens (whose closures
/// register here) while the app looks names up.
public final class HandlerRegistry: Sendable {
    /// A handler: runs for a row, asking for what should happen next through the context; the
    /// app waits for it, so it should return quickly.
    public typealias Handler = @Sendable (HandlerContext) -> Void
    /// A handler that runs as a task: the app keeps answering keys, shows a spinner, and Esc
    /// cancels the task; what it asks for happens when it returns, and an error it throws shows
    /// in the status line.
    public typealias AsyncHandler = @Sendable (HandlerContext) async throws -> Void

    enum Entry: Sendable {
        case immediate(Handler)
        case task(AsyncHandler)
    }

    private struct Store {
        var handlers: [String: Entry] = [:]
        var sources: [String: SourceHandler] = [:]
        /// What the session running now finishes with (`Segue.run(…, finishing:)`).
        var finishing = Finishing(Never.self)
        /// Values handlers finished sessions with, by the number their `finish` action carries.
        var finished: [Int: any Sendable] = [:]
        var nextFinished = 1
    }

    /// The type a session finishes with, by name (for what a handler is told) and by check.
    struct Finishing: Sendable {
        let name: String
        let fits: @Sendable (any Sendable) -> Bool

        init<Value: Sendable>(_ type: Value.Type) {
            name = String(describing: type)
            fits = { $0 is Value }
        }
    }

    private let store = Locked(Store())

    /// An empty registry: `let handlers = HandlerRegistry()`.
    public init() {}

    /// Registers `handler` under `name`; specs use the name as a row's action:
    /// `handlers.register("ping") { context in context.show("pong") }`.
    public func register(_ name: String, _ handler: @escaping Handler) {
        store.withLock { $0.handlers[name] = .immediate(handler) }
    }

    /// Registers a handler that runs as a task under `name`:
    /// `handlers.register("sync") { context async throws in try await api.sync() }`.
    public func register(_ name: String, _ handler: @escaping AsyncHandler) {
        store.withLock { $0.handlers[name] = .task(handler) }
    }

    /// Registers a source under `name`; specs use it as `"source": {"handler": "name"}`:
    /// `handlers.registerSource("users") { request in try await api.users(page: request.page) }`.
    public func registerSource(_ name: String, _ source: @escaping SourceHandler) {
        store.withLock { $0.sources[name] = source }
    }

    /// The handler names registered so far, which the spec loader accepts as actions:
    /// `SpecLoader(disk: nil, actionNames: handlers.names)`.
    public var names: Set<String> { store.withLock { Set($0.handlers.keys) } }

    /// The source names registered so far, which the spec loader accepts in `"handler"`:
    /// `SpecLoader(disk: nil, sourceNames: handlers.sourceNames)`.
    public var sourceNames: Set<String> { store.withLock { Set($0.sources.keys) } }

    /// Runs the handler called `name` for a row and returns the actions it asked for; `nil` when
    /// there is none, or when it runs as a task (see `callbacks`):
    /// `handlers.call("ping", row: ["title": "Ping"])`.
    public func call(_ name: String, row: [String: JSONValue]) -> [RowAction]? {
        guard case .immediate(let handler)? = store.withLock({ $0.handlers[name] }) else { return nil }
        let context = HandlerContext(row: row, registry: self)
        handler(context)
        return context.actions
    }

    /// The registry as the app's world looks names up: at each call, so screens pushed later count.
    var callbacks: SwiftCallbacks {
        SwiftCallbacks(handler: { [self] name in
            switch store.withLock({ $0.handlers[name] }) {
            case nil: return nil
            case .immediate(let handler)?:
                return .immediate { row in
                    let context = HandlerContext(row: row, registry: self)
                    handler(context)
                    return context.actions
                }
            case .task(let handler)?:
                return .task { row, link in
                    let context = HandlerContext(row: row, registry: self, link: link)
                    try await handler(context)
                    return context.actions
                }
            }
        }, source: { [self] name in store.withLock { $0.sources[name] } })
    }

    /// Makes the sessions run from now on finish with values of `type`.
    func finish<Value: Sendable>(with type: Value.Type) {
        store.withLock { $0.finishing = Finishing(type) }
    }

    /// Keeps `value`, which a handler finishes its session with, under a number for its
    /// `finish` action; `nil`, and the name of what it should be, when it does not fit.
    func keep(finished value: any Sendable) -> Result<Int, FinishMismatch> {
        store.withLock { store in
            guard store.finishing.fits(value) else {
                return .failure(FinishMismatch(given: String(describing: type(of: value)), expected: store.finishing.name))
            }
            defer { store.nextFinished += 1 }
            store.finished[store.nextFinished] = value
            return .success(store.nextFinished)
        }
    }

    /// The value kept under `number`.
    func finished(_ number: Int) -> (any Sendable)? {
        store.withLock { $0.finished[number] }
    }

    /// Forgets the values kept: the session they were for has ended and been told.
    func forgetFinished() {
        store.withLock { $0.finished = [:] }
    }

    /// A value given to `finish(with:)` that is not what the session finishes with.
    struct FinishMismatch: Error, CustomStringConvertible {
        var given: String
        var expected: String
        var description: String {
            expected == "Never"
                ? "finish(with:) was given a \(given): run the session with finishing: \(given).self"
                : "finish(with:) was given a \(given), but this session finishes with a \(expected)"
        }
    }

    /// Makes the row closures and sources of a composed screen callable.
    func adopt(_ screen: ComposedScreen) {
        store.withLock { store in
            for (name, entry) in screen.closures { store.handlers[name] = entry }
            for (name, source) in screen.sources { store.sources[name] = source }
        }
    }
}
