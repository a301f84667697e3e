/// Handlers that run as tasks (written `async` in Swift): the app keeps answering keys, the
/// status line shows a spinner with the row's title, Esc stops the latest one, and what it asks for
/// is carried out when it returns, like any handler's actions.

/// A handler running as a task.
package struct RunningHandler: Sendable {
    package var task: Int
    package var name: String
    /// The bound attributes of the row it runs for.
    package var row: [String: JSONValue]
    /// The screen it was started on: leaving that screen stops it.
    var screen: Int
    /// The actions that come after it, when a handler asked for it among others.
    var followUps: (actions: [RowAction], origin: ActionOrigin)?
    /// What it last said of how it is doing (`context.progress`), shown beside its spinner.
    var progress: String?

    /// What the status line calls it: the row's title (a composed row's closure has no name a
    /// person would know), else its name.
    var label: String { row["title"]?.stringValue.flatMap { $0.isEmpty ? nil : $0 } ?? name }
}

func handlerStarted(name: String, row: [String: JSONValue], task: Int, _ state: inout AppState) -> [Effect] {
    // What waits for this call was queued last; it goes with the task, not with whatever ends next.
    let followUps = state.queuedActions.popLast()
    state.runningHandlers.append(RunningHandler(task: task, name: name, row: row, screen: state.current.id,
                                                followUps: followUps))
    return []
}

/// A task handler ended: its actions run; an error it threw shows in the status line. A handler
/// stopped meanwhile is no longer waited for, and its answer is dropped.
func handlerEnded(task: Int, _ outcome: HandlerOutcome, _ state: inout AppState) -> [Effect] {
    guard let index = state.runningHandlers.firstIndex(where: { $0.task == task }) else { return [] }
    let running = state.runningHandlers.remove(at: index)
    // Its follow-ups run once its own actions are done (or at once, after a failure).
    if let followUps = running.followUps { state.queuedActions.append(followUps) }
    switch outcome {
    case .actions(let actions):
        let effects = perform(actions, from: running.name, row: running.row, on: &state)
        return waits(effects, state) ? effects : effects + continueQueuedActions(&state)
    case .failed(let message):
        state.setStatus(.error("\(running.label): \(message)"))
        return running.followUps == nil ? [] : continueQueuedActions(&state)
    }
}

/// Esc while a handler runs: the latest one is stopped (its task cancelled), and what was to come
/// after it is dropped.
func stopHandler(_ state: inout AppState) -> [Effect] {
    guard let running = state.runningHandlers.popLast() else { return [] }
    state.setStatus(StatusMessage("stopped: \(running.label)"))
    return [.cancelHandler(task: running.task)]
}

/// Handlers whose screen is gone (back, root, replace) are stopped: what they would ask for was
/// meant for a screen that is no longer there.
func stopHandlersOfLeftScreens(_ state: inout AppState) -> [Effect] {
    guard !state.runningHandlers.isEmpty else { return [] }
    let shown = Set(state.stack.map(\.id))
    let left = state.runningHandlers.filter { !shown.contains($0.screen) }
    state.runningHandlers.removeAll { !shown.contains($0.screen) }
    return left.map { .cancelHandler(task: $0.task) }
}

/// The status line while handlers run and nothing else is said: `⠋ Sync now… (Esc stops it)`.
func runningHandlerLine(_ state: AppState) -> String? {
    guard let running = state.runningHandlers.last else { return nil }
    let spinner = LiveFeed.spinner[state.handlerFrame % LiveFeed.spinner.count]
    let more = state.runningHandlers.count > 1 ? " (and \(state.runningHandlers.count - 1) more)" : ""
    let progress = running.progress.map { " " + TextFitting.sanitize($0) } ?? ""
    return "\(spinner) \(TextFitting.sanitize(running.label))…\(progress)\(more)  Esc stops it"
}
