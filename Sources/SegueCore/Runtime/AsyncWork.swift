/// Swift closures the app runs as tasks — sources and handlers written in Swift — whose answers
/// come back as events that the app's loop collects between keys (`drain`), so the UI never waits
/// for them.
///
/// A task is known by its key. Cancelling one cancels its task (which may observe it) and drops
/// whatever it answers afterwards, so a stale answer never reaches `update`; `update` also drops
/// source answers of an older generation.
public final class AsyncWork: Sendable {
    public enum Key: Hashable, Sendable {
        case source(SourceKey)
        case handler(Int)
    }

    private struct Running {
        var token: Int
        var task: Task<Void, Never>
    }

    private struct Store {
        var running: [Key: Running] = [:]
        /// Tasks whose body has not returned yet, cancelled ones included.
        var alive: Set<Int> = []
        var events: [Event] = []
        var nextToken = 1
        var nextHandler = 1
    }

    private let store = Locked(Store())

    public init() {}

    /// Whether a task runs or answers wait to be collected.
    public var isBusy: Bool { store.withLock { !$0.running.isEmpty || !$0.events.isEmpty } }

    /// Whether a task runs (one cancelled but not yet returned counts).
    public var isRunning: Bool { store.withLock { !$0.running.isEmpty || !$0.alive.isEmpty } }

    /// The answers that came since the last call, in order.
    public func drain() -> [Event] {
        store.withLock { store in
            defer { store.events = [] }
            return store.events
        }
    }

    /// Loads a page from a Swift source; its items and end come back as `sourceItems` and
    /// `sourceFinished` (a thrown error as a failed page, with its description).
    public func startSource(_ request: SourceRequest, with source: @escaping SourceHandler) {
        let key = request.key
        start(.source(key)) {
            do {
                let page = try await source(request.page)
                try Task.checkCancellation()
                return [.sourceItems(key, page.items), .sourceFinished(key, .done(next: page.next))]
            } catch is CancellationError {
                return []
            } catch {
                return [.sourceFinished(key, .failed(String(describing: error)))]
            }
        }
    }

    /// Runs a handler as a task; its end comes back as `handlerEnded`. Returns the task's number.
    public func startHandler(_ handler: @escaping @Sendable ([String: JSONValue], @escaping @Sendable (String) -> Void) async throws -> [RowAction],
                             row: [String: JSONValue]) -> Int {
        let task = store.withLock { store in
            defer { store.nextHandler += 1 }
            return store.nextHandler
        }
        // What it says while it runs comes at once, not with its end; dropped once it is stopped.
        let report: @Sendable (String) -> Void = { [self] message in post(.handlerProgress(task: task, message), while: .handler(task)) }
        start(.handler(task)) {
            do {
                let actions = try await handler(row, report)
                try Task.checkCancellation()
                return [.handlerEnded(task: task, .actions(actions))]
            } catch is CancellationError {
                return []
            } catch {
                return [.handlerEnded(task: task, .failed(String(describing: error)))]
            }
        }
        return task
    }

    /// An answer from a task still running under `key` (a handler's progress).
    private func post(_ event: Event, while key: Key) {
        store.withLock { store in
            if store.running[key] != nil { store.events.append(event) }
        }
    }

    /// Answers at once, collected with the tasks' answers.
    public func post(_ events: [Event]) {
        store.withLock { $0.events += events }
    }

    /// Cancels a task; nothing it answers afterwards is kept.
    public func cancel(_ key: Key) {
        let running = store.withLock { $0.running.removeValue(forKey: key) }
        running?.task.cancel()
    }

    /// Cancels every source task of a screen.
    public func cancelSources(screen: Int) {
        let cancelled = store.withLock { store -> [Running] in
            let keys = store.running.keys.filter { if case .source(let key) = $0 { return key.screen == screen } else { return false } }
            return keys.compactMap { store.running.removeValue(forKey: $0) }
        }
        for running in cancelled { running.task.cancel() }
    }

    /// Cancels everything: the session is ending.
    public func shutDown() {
        let cancelled = store.withLock { store -> [Running] in
            defer { store.running = [:]; store.events = [] }
            return Array(store.running.values)
        }
        for running in cancelled { running.task.cancel() }
    }

    /// Waits until no task runs, cancelled ones included (for sessions without a terminal, which
    /// have no loop to wait in).
    public func idle(timeout seconds: Double = 10) async {
        let deadline = Monotonic.now() + seconds
        while isRunning, Monotonic.now() < deadline { try? await Task.sleep(nanoseconds: 1_000_000) }
    }

    private func start(_ key: Key, _ work: @escaping @Sendable () async -> [Event]) {
        // Cancelled outside the lock: cancellation handlers run at once, and may call back here.
        let replaced = store.withLock { $0.running.removeValue(forKey: key) }
        replaced?.task.cancel()
        store.withLock { store in
            let token = store.nextToken
            store.nextToken += 1
            store.alive.insert(token)
            let task = Task { [self] in
                let events = await work()
                finish(key, token: token, events: events)
            }
            store.running[key] = Running(token: token, task: task)
        }
    }

    /// Keeps a task's answers unless it was cancelled or replaced meanwhile.
    private func finish(_ key: Key, token: Int, events: [Event]) {
        store.withLock { store in
            store.alive.remove(token)
            guard store.running[key]?.token == token else { return }
            store.running[key] = nil
            store.events += events
        }
    }
}
