/// Type-ahead across a change: keys and pastes typed while something runs whose answer decides
/// what the next key acts on wait for it, then go, in order, to the screen it led to — as a
/// whiptail script's keys wait in the terminal for the next dialog, and fzf reads no key while
/// a transform runs. What holds them (`AppState.holdsInput`): a transform's command, a capture
/// that something follows (its `then`, `onFailure`, the rest of its list or binding) or that
/// holds the screen (`"wait": "first"`), a command making the next screen; they go once the
/// screen it leads to is shown.
/// Ctrl-C still quits; Esc stops a capture or a spec command (`press`); a transform is waited
/// for, as in fzf. The mouse does nothing meanwhile. Owns `AppState.heldInput`.
enum HeldInput {
    /// Whether `event` was held (or dropped) because a change runs.
    static func holds(_ event: Event, _ state: inout AppState) -> Bool {
        guard state.holdsInput else { return false }
        switch event {
        case .key(let key):
            if key == Keymap.lastWayOut { return false }
            if state.transforming == nil, state.current.keymap.command(for: key) == .cancel { return false }
            state.heldInput.append(event)
            return true
        case .paste:
            state.heldInput.append(event)
            return true
        case .mouse:
            return true
        default:
            return false
        }
    }
}

extension Capturing {
    /// Whether keys typed while it runs wait for it (`HeldInput`): it holds the screen, or what
    /// follows it decides what they act on. A screen's `onOpen` capture without `"wait": "first"`
    /// leaves the screen usable (`inBackground`).
    func holdsKeys(_ state: AppState) -> Bool {
        if command.holdsScreen { return true }
        if inBackground { return false }
        return !command.then.isEmpty || !command.onFailure.isEmpty || followUps != nil || state.bindingsWaiting != nil
    }
}
