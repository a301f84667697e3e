/// Changing settings from toggle, choice and input rows; screens that hold their changes until saved.

/// Flips the selected toggle row's setting.
func flip(_ state: inout AppState) -> [Effect] {
    guard let row = state.current.selectedRow else { return [] }
    guard let name = row.setting else {
        state.setStatus(.error("this toggle has no \"setting\" to change"))
        return []
    }
    return change(name, to: .bool(!state.settings.bool(name)), &state)
}

/// Steps the selected choice row's setting to the next (`step` 1) or previous (-1) option.
func step(_ step: Int, _ state: inout AppState) -> [Effect] {
    guard let row = state.current.selectedRow else { return [] }
    let options = row.options
    guard let name = row.setting, !options.isEmpty else {
        state.setStatus(.error("this choice needs a \"setting\" and \"options\""))
        return []
    }
    // Unset shows the first option; a value not among the options steps to the first (forward)
    // or the last (back) option.
    var current = 0
    if let value = state.settings.value(for: name), value != .null {
        current = options.firstIndex(where: { Template.text(of: $0) == Template.text(of: value) }) ?? (step > 0 ? -1 : options.count)
    }
    let next = ((current + step) % options.count + options.count) % options.count
    return change(name, to: options[next], &state)
}

/// Sets a setting everywhere it shows and asks for it to be saved; a screen that saves on
/// `save` holds it (and what it was) instead.
func change(_ name: String, to value: JSONValue, _ state: inout AppState) -> [Effect] {
    if state.current.spec.savesSettingsOnSave {
        if state.current.heldSettings[name] == nil { state.current.heldSettings[name] = .some(state.settings.value(for: name)) }
        state.settings.set(name, to: value)
        return []
    }
    state.settings.set(name, to: value)
    return save(&state)
}

private func save(_ state: inout AppState) -> [Effect] {
    if state.settings.isWritable { return [.saveSettings(state.settings)] }
    if let problem = state.settings.problem { state.setStatus(.error(problem.description)) }
    return []
}

/// `save`: the screen's held changes are written.
func saveHeldSettings(_ state: inout AppState) -> [Effect] {
    guard !state.current.heldSettings.isEmpty else {
        state.setStatus(StatusMessage("nothing to save"))
        return []
    }
    state.current.heldSettings = [:]
    state.setStatus(StatusMessage("saved"))
    return save(&state)
}

/// `discard`: the screen's held changes are undone, everywhere they show.
func discardHeldSettings(_ state: inout AppState) {
    let held = state.current.heldSettings
    guard !held.isEmpty else {
        state.setStatus(StatusMessage("nothing to discard"))
        return
    }
    state.current.heldSettings = [:]
    for (name, value) in held { state.settings.restore(name, to: value) }
    state.setStatus(StatusMessage("discarded unsaved changes"))
}

/// Leaving a screen by a key (back, Esc, q): first asks whether to discard unsaved changes.
func leave(_ action: RowAction, _ state: inout AppState) -> [Effect] {
    askToDiscard(action, from: .none, &state) ?? run(action, from: .none, on: &state)
}

/// When the screen holds unsaved changes, asks "Discard unsaved changes?" before `action` (which
/// leaves it) and returns; `nil` when there is nothing to ask.
func askToDiscard(_ action: RowAction, from origin: ActionOrigin, _ state: inout AppState) -> [Effect]? {
    guard !state.current.heldSettings.isEmpty else { return nil }
    var row: Int?
    if case .row(let index) = origin { row = index }
    state.pendingConfirmation = .init(action: action, row: row, asked: nil, discardsSettings: true)
    state.setStatus(.warning("Discard unsaved changes? (\(state.current.keymap.confirmLabel)/N)"))
    return []
}
