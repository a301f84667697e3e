/// Running a row's action without a screen (`segue do SPEC ROW`): the row is found by the path of
/// ids or titles that leads to it, activated as Enter would, and what it then asks is answered
/// from the command line (`--yes`, `--answer`) or refused with the question in the message, so a
/// spec is also its tool's scripting interface (raspi-config's `nonint`).
package enum Unattended {
    /// What to do next with a session running unattended.
    package enum Step: Sendable {
        /// Send these events.
        case events([Event])
        /// Show this text (a message box's), then send the events that close it.
        case show(String, [Event])
        /// Nothing more is asked: the action has run.
        case done
        /// It cannot go on: why, for the user.
        case failed(String)
    }

    /// The events that activate the row `name` (its id, else its title) of the current screen.
    package static func activate(_ name: String, in state: AppState) -> Step {
        guard let row = state.current.row(withIDOrTitle: name) else {
            return .failed("no row with the id or title \(JSONValue.string(name).summary) on \(state.current.title)")
        }
        return .events([.select(row), .key(.enter)])
    }

    /// What answers the question the session asks now, if any: a confirmation with yes (given
    /// `yes`), a value with the next of `answers`; a message box is shown and closed.
    package static func answer(_ state: AppState, yes: Bool, answers: inout ArraySlice<String>) -> Step {
        if let question = state.pendingConfirmation {
            guard yes else {
                return .failed("it asks \(JSONValue.string(question.action.confirm ?? "to go on").summary): --yes answers yes")
            }
            let key = state.current.keymap.bindings.first { $0.command == .confirm }?.keys.first ?? .char("y")
            return .events([.key(key)])
        }
        if let entry = state.entry {
            let question = entry.question ?? state.current.selectedRow?.title ?? "a value"
            guard let answer = answers.popFirst() else {
                return .failed("it asks \(JSONValue.string(question).summary): give the answer with --answer")
            }
            let typed: [Event] = [.key(.ctrl("a")), .key(.ctrl("k")), .paste(answer), .key(.enter)]
            // A box that asks (a prompt's `text`) says what a message box would: printed as it is.
            return entry.boxText.map { .show($0, typed) } ?? .events(typed)
        }
        if case .message(let box)? = state.mode {
            return .show(box.text, [.key(.enter)])
        }
        return .done
    }
}
