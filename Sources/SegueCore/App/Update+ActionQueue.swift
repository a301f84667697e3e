/// Actions of a list that wait their turn, whose row they run for, and the context each is bound in
/// just before it runs (`nil`: bound already, as a handler's are): an action after a capture sees
/// what it captured, a message after a setting changed the setting as it is now.
typealias PendingActions = (actions: [RowAction], origin: ActionOrigin, context: DataContext?)

/// Actions that wait their turn (`AppState.queuedActions`): a handler's list runs in order until one
/// waits for an answer; the answer resumes the rest.
enum ActionQueue {
    /// Carries out what a handler asked for, in order, as a row's actions: an action that waits for an
    /// answer (a spec to load, a command to run, another handler) holds the ones after it until the
    /// answer has come (`resume`). `row` is the row the handler ran for.
    static func perform(_ actions: [RowAction]?, from name: String, row: [String: JSONValue], on state: inout AppState) -> [Effect] {
        guard let actions else {
            state.setStatus(.error("no handler for action \"\(name)\""))
            return []
        }
        // A handler's row closure has a made-up name; a screen it pushes is titled after the row.
        var attributes = row
        if attributes["title"] == nil { attributes["title"] = .string(name) }
        return runInOrder(actions[...], from: .handler(attributes), &state)
    }

    /// Runs `actions` one after another until one waits for an answer or ends the session. With a
    /// `context`, each is bound in it (with what is captured and the settings as they are then)
    /// just before it runs; an `if` puts the list it chooses in its place; an action whose `when`
    /// does not hold is skipped.
    static func runInOrder(_ actions: ArraySlice<RowAction>, from origin: ActionOrigin, context: DataContext? = nil,
                           _ state: inout AppState) -> [Effect] {
        var effects: [Effect] = []
        var rest = actions
        while var action = rest.popFirst() {
            if let context, action.hasPlaceholders { action = bound(action, in: context, state) }
            if case .branch(let then, let otherwise) = action.kind {
                rest = ArraySlice((action.holds ? then : otherwise) + rest)
                continue
            }
            guard action.holds else { continue }
            // What a list asks for is confirmed as a row's action would be: the rest waits.
            if action.confirm != nil {
                state.queuedActions.append((Array(rest), origin, context))
                Activation.ask(.init(action: action, row: nil, asked: nil, origin: origin), &state)
                return effects
            }
            effects += Activation.run(action, from: origin, on: &state)
            if effects.contains(where: \.endsSession) { return effects }
            if case .message(_, _, true) = action.kind {
                // A message box waits for Enter: what comes after it waits too.
                state.letLastBoxHoldTheQueue()
                state.queuedActions.append((Array(rest), origin, context))
                return effects
            }
            if effects.contains(where: \.waitsForAnswer), let capture = state.capturing, capture.followUps == nil,
               effects.contains(where: { if case .startSource(let request) = $0 { request.key == capture.key } else { false } }) {
                // A capture runs in the background while the screen is used: what follows it waits
                // with it, not on the queue other answers take from.
                state.capturing?.followUps = (Array(rest), origin, context)
                return effects
            }
            if effects.contains(where: \.waitsForAnswer) {
                // Pushed even when empty: what waits is this call's own, so a handler that runs as a
                // task can take its follow-ups with it (`Handlers.started`).
                state.queuedActions.append((Array(rest), origin, context))
                return effects
            }
        }
        return effects
    }

    /// `action` bound in `context`, with what is captured and the settings as they are now.
    static func bound(_ action: RowAction, in context: DataContext, _ state: AppState) -> RowAction {
        let now = context.adding(state.captured).adding("settings", state.settings.values)
        return RowAction(RowBinder.bindText(action.json, in: now)) ?? action
    }

    /// After an answer came (a spec loaded or not, a command ended, a handler ran): the actions a
    /// handler asked for after the one that waited.
    static func resume(_ state: inout AppState) -> [Effect] {
        guard let (actions, origin, context) = state.queuedActions.popLast() else { return [] }
        let effects = runInOrder(actions[...], from: origin, context: context, &state)
        // Done with these without waiting: the handler that called this one goes on.
        return waits(effects, state) ? effects : effects + resume(&state)
    }

    /// Whether what `effects` started (or a question now asked) must be answered before queued
    /// actions go on.
    static func waits(_ effects: [Effect], _ state: AppState) -> Bool {
        if state.boxHoldsTheQueue { return true }
        return effects.contains(where: \.waitsForAnswer) || effects.contains(where: \.endsSession) || state.pendingConfirmation != nil
    }
}
