/// A question in the status line (`AppState.pendingConfirmation`: an action's `confirm`, leaving
/// with unsaved changes, stopping a row's command, a running handler's yes or no) as a mode.
extension AppState.Confirmation {
    /// A key while the question shows: yes (the keymap's `confirm`, or Enter when it says yes by
    /// default) runs what was asked, if the rows it was asked about are still there; any other key
    /// is no.
    static func key(_ key: Key, _ question: AppState.Confirmation, _ state: inout AppState) -> [Effect] {
        state.pendingConfirmation = nil
        // A running handler's question: y is yes, Esc stops the handler, other keys are no.
        if let task = question.answersHandler {
            let command = state.current.keymap.command(for: key)
            if command == .cancel { return Handlers.stop(&state, task: task) }
            return Handlers.answer(task: task, .bool(command == .confirm || (key == .enter && question.yesByDefault)), &state.runningHandlers)
        }
        guard state.current.keymap.command(for: key) == .confirm || (key == .enter && question.yesByDefault) else {
            state.setStatus(StatusMessage("cancelled"))
            // What a handler asked for after it is dropped with it; a screen's `onOpen`
            // asked alone, and what waited for the screen goes on.
            guard question.holdsQueue else { return ActionQueue.resume(&state) }
            if question.origin != nil { _ = state.queuedActions.popLast() }
            return []
        }
        if question.discardsSettings { return SettingChanges.discardAndLeave(question, &state) }
        if question.rewritesSettings { return SettingChanges.rewrite(state.settings) }
        if question.stopsCommands { return RowCommands.stop(on: &state.current) }
        if let origin = question.origin {
            var action = question.action
            action.confirm = nil
            let effects = Activation.run(action, from: origin, on: &state)
            return ActionQueue.waits(effects, state) ? effects : effects + ActionQueue.resume(&state)
        }
        guard let row = question.row, state.current.stillShows(question.asked, at: row) else {
            state.setStatus(StatusMessage("cancelled: the rows changed while asking"))
            return []
        }
        // The row's own action, confirmed, counts as a choice for frecency.
        let own = question.asked.map { asked in asked.row.segue.map { RowAction(.segue($0)) } ?? asked.row.action } == question.action
        let chosen = own ? question.asked.map { Memory.rememberChoice(of: $0.row, &state) } ?? [] : []
        return chosen + Activation.run(question.action, row: row, on: &state)
    }
}
