/// Swift closures the app runs as tasks — sources and handlers written in Swift — whose answers
/// come back as events that the app's loop collects between keys (`drain`), so the UI never waits
/// for them.
///
/// A task is known by its key. Cancelling one cancels its task (which may observe it) and drops
/// whatever it answers afterwards, so a stale answer never reaches `update`; `update` also drops
/// source answers of an older generation.
package final class AsyncWork: Sendable {
    package enum Key: Hashable, Sendable {
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
        /// Handlers waiting for the user's answer to a question, by task number.
        var questions: [Int: CheckedContinuation<JSONValue?, Never>] = [:]
        var nextToken = 1
        var nextHandler = 1
    }

    private let store = Locked(Store())

    package init() {}

    /// Whether a task runs or answers wait to be collected; a handler waiting for the user's
    /// answer counts for nothing, as only a key moves it on.
    package var isBusy: Bool { store.withLock { $0.running.count > $0.questions.count || !$0.events.isEmpty } }

    /// Whether a task runs (one cancelled but not yet returned counts).
    package var isRunning: Bool { store.withLock { !$0.running.isEmpty || !$0.alive.isEmpty } }

    /// Whether a task runs that is not waiting for the user to answer its question: one that
    /// waits goes on only after a key, so a session without a terminal stops waiting for it.
    package var isUnderWay: Bool { store.withLock { $0.alive.count > $0.questions.count } }

    /// The answers that came since the last call, in order.
    package func drain() -> [Event] {
        store.withLock { store in
            defer { store.events = [] }
            return store.events
        }
    }

    /// Loads a page from a Swift source; its items and end come back as `sourceItems` and
    /// `sourceFinished` (a thrown error as a failed page, with its description).
    package func startSource(_ request: SourceRequest, with source: @escaping SourceHandler) {
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

    /// Runs a handler as a task; its end comes back as `handlerEnded`, and what it says and asks
    /// while it runs through its `HandlerLink`. Returns the task's number.
    package func startHandler(_ handler: @escaping @Sendable ([String: JSONValue], HandlerLink) async throws -> [RowAction],
                             row: [String: JSONValue]) -> Int {
        let task = store.withLock { store in
            defer { store.nextHandler += 1 }
            return store.nextHandler
        }
        let link = HandlerLink(work: self, task: task)
        start(.handler(task)) {
            do {
                let actions = try await handler(row, link)
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

    /// What a task still running under `key` says at once (a handler's progress); dropped once
    /// it is stopped.
    func post(_ event: Event, whileRunning key: Key) {
        store.withLock { store in
            if store.running[key] != nil { store.events.append(event) }
        }
    }

    /// Asks the user `question` for handler `task` (as `Event.handlerAsked`) and waits for
    /// `answer`; `nil` once the task is cancelled, whether before asking or while waiting. One
    /// question at a time: a second asked meanwhile answers `nil` at once.
    func ask(_ question: HandlerQuestion, task: Int) async -> JSONValue? {
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<JSONValue?, Never>) in
                // Under the lock: a cancellation comes either before the check or after the
                // continuation is kept, where its handler finds it.
                let asked = store.withLock { store in
                    guard !Task.isCancelled, store.running[.handler(task)] != nil, store.questions[task] == nil else { return false }
                    store.questions[task] = continuation
                    store.events.append(.handlerAsked(task: task, question))
                    return true
                }
                if !asked { continuation.resume(returning: nil) }
            }
        } onCancel: {
            store.withLock { $0.questions.removeValue(forKey: task) }?.resume(returning: nil)
        }
    }

    /// The user's answer to what handler `task` asked: it goes on.
    package func answer(task: Int, with answer: JSONValue) {
        store.withLock { $0.questions.removeValue(forKey: task) }?.resume(returning: answer)
    }

    /// Answers at once, collected with the tasks' answers.
    package func post(_ events: [Event]) {
        store.withLock { $0.events += events }
    }

    /// Cancels a task; nothing it answers afterwards is kept.
    package func cancel(_ key: Key) {
        let running = store.withLock { $0.running.removeValue(forKey: key) }
        running?.task.cancel()
    }

    /// Cancels every source task of a screen.
    package func cancelSources(screen: Int) {
        let cancelled = store.withLock { store -> [Running] in
            let keys = store.running.keys.filter { if case .source(let key) = $0 { return key.screen == screen } else { return false } }
            return keys.compactMap { store.running.removeValue(forKey: $0) }
        }
        for running in cancelled { running.task.cancel() }
    }

    /// Cancels everything: the session is ending.
    package func shutDown() {
        let cancelled = store.withLock { store -> [Running] in
            defer { store.running = [:]; store.events = [] }
            return Array(store.running.values)
        }
        for running in cancelled { running.task.cancel() }
    }

    /// Waits until no task runs, cancelled ones included, but for those waiting for an answer
    /// (for sessions without a terminal, which have no loop to wait in).
    package func idle(timeout seconds: Double = 10) async {
        let deadline = Monotonic.now() + seconds
        while isUnderWay, Monotonic.now() < deadline { try? await Task.sleep(nanoseconds: 1_000_000) }
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
