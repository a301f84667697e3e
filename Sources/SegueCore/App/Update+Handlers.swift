/// Handlers that run as tasks (written `async` in Swift): the app keeps answering keys, the
/// status line shows a spinner with the row's title, Esc stops the latest one, and what it asks for
/// is carried out when it returns, like any handler's actions. While it runs it may ask the user
/// (yes or no, a line of text) and wait for the answer.

/// A handler running as a task.
package struct RunningHandler: Sendable {
    package var task: Int
    package var name: String
    /// The bound attributes of the row it runs for.
    package var row: [String: JSONValue]
    /// The screen it was started on: leaving that screen stops it.
    var screen: Int
    /// The actions that come after it, when a handler asked for it among others.
    var followUps: PendingActions?
    /// What it last said of how it is doing (`context.progress`), shown beside its spinner.
    var progress: String?
    /// How far it said it is (0…1), drawn as a bar before its words.
    var fraction: Double?
    /// What it asked the user and waits to hear (`context.confirm`, `context.input`).
    var question: HandlerQuestion?

    /// What the status line calls it: the row's title (a composed row's closure has no name a
    /// person would know), else its name.
    var label: String { row["title"]?.stringValue.flatMap { $0.isEmpty ? nil : $0 } ?? name }
}

/// Handlers running as tasks: started, ended, stopped, and the questions they ask. Owns
/// `AppState.runningHandlers`.
enum Handlers {
    static func started(name: String, row: [String: JSONValue], task: Int, _ state: inout AppState) -> [Effect] {
        // What waits for this call was queued last; it goes with the task, not with whatever ends next.
        let followUps = state.queuedActions.popLast()
        state.runningHandlers.append(RunningHandler(task: task, name: name, row: row, screen: state.current.id,
                                                    followUps: followUps))
        return []
    }

    /// A task handler ended: its actions run; an error it threw shows in the status line. A handler
    /// stopped meanwhile is no longer waited for, and its answer is dropped.
    static func ended(task: Int, _ outcome: HandlerOutcome, _ state: inout AppState) -> [Effect] {
        guard let index = state.runningHandlers.firstIndex(where: { $0.task == task }) else { return [] }
        let running = state.runningHandlers.remove(at: index)
        // Its follow-ups run once its own actions are done (or at once, after a failure).
        if let followUps = running.followUps { state.queuedActions.append(followUps) }
        switch outcome {
        case .actions(let actions):
            let effects = ActionQueue.perform(actions, from: running.name, row: running.row, on: &state)
            return ActionQueue.waits(effects, state) ? effects : effects + ActionQueue.resume(&state)
        case .failed(let message):
            state.setStatus(.error("\(running.label): \(message)"))
            return running.followUps == nil ? [] : ActionQueue.resume(&state)
        }
    }

    /// Esc while a handler runs: the latest one (or the one whose question is asked) is stopped, its
    /// task cancelled, and what was to come after it is dropped.
    static func stop(_ state: inout AppState, task: Int? = nil) -> [Effect] {
        guard let index = task.map({ task in state.runningHandlers.firstIndex { $0.task == task } }) ?? state.runningHandlers.indices.last
        else { return [] }
        let running = state.runningHandlers.remove(at: index)
        state.setStatus(StatusMessage("stopped: \(running.label)"))
        return [.cancelHandler(task: running.task)]
    }

    /// A running handler asked the user: the question waits with it until nothing else is in front
    /// (`showQuestion`). A handler stopped meanwhile has had its `nil` answer already.
    static func asked(task: Int, _ question: HandlerQuestion, _ running: inout [RunningHandler]) -> [Effect] {
        guard let index = running.firstIndex(where: { $0.task == task }) else { return [] }
        running[index].question = question
        return []
    }

    /// A running handler said how it is doing: its words, and how far it is (kept within 0…1).
    static func progress(task: Int, _ message: String?, fraction: Double?, _ running: inout [RunningHandler]) {
        if let index = running.firstIndex(where: { $0.task == task }) {
            running[index].progress = message
            running[index].fraction = fraction.flatMap { $0.isFinite ? min(1, max(0, $0)) : nil }
        }
    }

    /// The latest question a running handler waits on comes in front once nothing else is, so a key
    /// meant for an open entry, menu or box never answers it; closed without an answer (a click), it
    /// comes back.
    static func showQuestion(_ state: inout AppState) {
        guard state.mode == nil, let running = state.runningHandlers.last(where: { $0.question != nil }),
              let question = running.question else { return }
        switch question {
        case .confirm(let text, let yesByDefault):
            // Yes lets the handler go on: the action confirmed is the handler itself.
            Activation.ask(.init(action: RowAction(.named(running.name), confirm: text, yesByDefault: yesByDefault), row: nil, asked: nil,
                                 answersHandler: running.task), &state)
        case .input(let text, let defaultText, let rules):
            state.entry = TextEntry(purpose: .handlerAnswer(task: running.task, question: text), editor: LineEditor(defaultText ?? ""),
                                    rules: rules, screen: state.current.id)
        }
    }

    /// The user answered a running handler's question: it goes on with `answer`.
    static func answer(task: Int, _ answer: JSONValue, _ running: inout [RunningHandler]) -> [Effect] {
        guard let index = running.firstIndex(where: { $0.task == task }) else { return [] }
        running[index].question = nil
        return [.answerHandler(task: task, answer)]
    }

    /// Handlers whose screen is gone (back, root, replace) are stopped: what they would ask for was
    /// meant for a screen that is no longer there.
    static func stopThoseOfLeftScreens(_ state: inout AppState) -> [Effect] {
        guard !state.runningHandlers.isEmpty else { return [] }
        let shown = Set(state.stack.map(\.id))
        let left = state.runningHandlers.filter { !shown.contains($0.screen) }
        state.runningHandlers.removeAll { !shown.contains($0.screen) }
        // A question one of them asked is gone with it.
        if let task = state.pendingConfirmation?.answersHandler, left.contains(where: { $0.task == task }) { state.pendingConfirmation = nil }
        return left.map { .cancelHandler(task: $0.task) }
    }
}
