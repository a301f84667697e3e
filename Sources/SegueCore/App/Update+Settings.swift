/// Changing settings from toggle and choice rows.

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
        current = value.stringValue.flatMap { options.firstIndex(of: $0) } ?? (step > 0 ? -1 : options.count)
    }
    let next = ((current + step) % options.count + options.count) % options.count
    return change(name, to: .string(options[next]), &state)
}

/// Sets a setting everywhere it shows and asks for it to be saved.
func change(_ name: String, to value: JSONValue, _ state: inout AppState) -> [Effect] {
    state.settings.set(name, to: value)
    if state.settings.isWritable { return [.saveSettings(state.settings)] }
    if let problem = state.settings.problem { state.setStatus(.error(problem.description)) }
    return []
}
