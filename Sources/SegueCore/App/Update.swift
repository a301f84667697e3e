/// The app's one state transition: an event changes the state and may ask for effects.
///
/// - Parameters:
///   - state: the app state, changed in place.
///   - event: what happened.
/// - Returns: the effects for the shell to perform, in order.
public func update(_ state: inout AppState, _ event: Event) -> [Effect] {
    switch event {
    case .key(let key):
        state.setStatus(nil)
        let command = state.keymap.command(for: key)
        // Nothing is visible on a terminal too small to draw in, so only leaving works there.
        if !state.isDrawable {
            guard let command, [.quit, .interrupt, .suspend].contains(command) else { return [] }
            return perform(command, on: &state)
        }
        if let command { return perform(command, on: &state) }
        if case .char(let character) = key, let row = state.current.hotkeys[character] {
            guard state.current.isEnabled(row) else { return [] }
            state.current.select(row, in: state.listViewport)
            return activate(&state)
        }
        return []
    case .resize(let size):
        state.size = size
        for index in state.stack.indices {
            state.stack[index].scrollToSelection(in: state.listViewport)
        }
        return []
    case .specLoaded(let path, let result):
        guard let pending = state.pendingSegue, pending.path == path else { return [] }
        state.pendingSegue = nil
        switch result {
        case .success(let spec):
            var screen = Screen(spec: spec, title: spec.title ?? pending.rowTitle, environment: state.environment,
                                passed: pending.passed, settings: state.settings.values)
            state.stack.append(screen)
            if let warning = BindingWarnings.summary(BindingWarnings.check(screen)) { state.setStatus(StatusMessage(warning)) }
            state.current.scrollToSelection(in: state.listViewport)
        case .failure(let error):
            state.setStatus(.error(error.description))
        }
        return []
    case .signal(let number):
        return [.quit(.signal(number))]
    case .mouse(let mouse):
        state.setStatus(nil)
        return state.isDrawable ? handle(mouse, on: &state) : []
    case .settingsSaved(let problem):
        if let problem { state.setStatus(.error(problem.description)) }
        return []
    }
}

/// The wheel moves the selection; a click selects a row, and a click on the selected row opens it.
private func handle(_ mouse: MouseEvent, on state: inout AppState) -> [Effect] {
    let viewport = state.listViewport
    switch mouse {
    case .wheelUp, .wheelDown:
        let step = mouse == .wheelUp ? -1 : 1
        for _ in 0..<MouseEvent.wheelStep { state.current.move(by: step, in: viewport) }
    case .click(_, let y):
        guard let row = state.current.row(atLine: y - ScreenMetrics.listTop, in: viewport),
              state.current.isEnabled(row) else { return [] }
        if row == state.current.selection { return activate(&state) }
        state.current.select(row, in: viewport)
    }
    return []
}

private func perform(_ command: Command, on state: inout AppState) -> [Effect] {
    let viewport = state.listViewport
    switch command {
    case .moveUp: state.current.move(by: -1, in: viewport)
    case .moveDown: state.current.move(by: 1, in: viewport)
    case .pageUp: state.current.page(-1, in: viewport)
    case .pageDown: state.current.page(1, in: viewport)
    case .top: state.current.selectFirst(in: viewport)
    case .bottom: state.current.selectLast(in: viewport)
    case .activate: return activate(&state)
    case .back: goBack(&state)
    case .previous:
        if state.current.selectedBoundRow?.style == .choice { return step(-1, &state) }
        goBack(&state)
    case .flip:
        switch state.current.selectedBoundRow?.style {
        case .toggle?: return flip(&state)
        case .choice?: return step(1, &state)
        default: break
        }
    case .cancel:
        if state.stack.count == 1 { return [.quit(.cancelled)] }
        goBack(&state)
    case .quit: return [.quit(.success)]
    case .interrupt: return [.quit(.interrupted)]
    case .suspend: return [.suspend]
    }
    return []
}

private func goBack(_ state: inout AppState) {
    guard state.stack.count > 1 else { return }
    state.stack.removeLast()
    state.pendingSegue = nil
    // The terminal may have changed size while the screen was hidden.
    state.current.scrollToSelection(in: state.listViewport)
}

private func activate(_ state: inout AppState) -> [Effect] {
    guard let selection = state.current.selection, state.current.isEnabled(selection) else { return [] }
    let bound = state.current.boundRow(selection)
    switch bound.style {
    case .toggle: return flip(&state)
    case .choice: return step(1, &state)
    default: break
    }
    let row = bound.row
    if let segue = row.segue {
        let path = SpecPath.resolve(segue.spec, relativeTo: state.current.spec.path)
        var passed: [JSONValue] = []
        if let data = segue.data { passed.append(data.isObject ? data : .object(["data": data])) }
        passed.append(.object(["sender": .object(bound.attributes)]))
        state.pendingSegue = .init(path: path, rowTitle: row.title, passed: passed)
        return [.loadSpec(path: path)]
    }
    switch row.action {
    case .back: goBack(&state)
    case .quit: return [.quit(.success)]
    case .named(let name): state.setStatus(.error("no handler for action \"\(name)\""))
    case nil: break
    }
    return []
}

/// Flips the selected toggle row's setting.
private func flip(_ state: inout AppState) -> [Effect] {
    guard let row = state.current.selectedRow else { return [] }
    guard let name = row.setting else {
        state.setStatus(.error("this toggle has no \"setting\" to change"))
        return []
    }
    return change(name, to: .bool(!state.settings.bool(name)), &state)
}

/// Steps the selected choice row's setting to the next (`step` 1) or previous (-1) option.
private func step(_ step: Int, _ state: inout AppState) -> [Effect] {
    guard let row = state.current.selectedRow else { return [] }
    let options = row.options
    guard let name = row.setting, !options.isEmpty else {
        state.setStatus(.error("this choice needs a \"setting\" and \"options\""))
        return []
    }
    let current = state.settings.string(name).flatMap { options.firstIndex(of: $0) } ?? 0
    let next = ((current + step) % options.count + options.count) % options.count
    return change(name, to: .string(options[next]), &state)
}

/// Sets a setting everywhere it shows and asks for it to be saved.
private func change(_ name: String, to value: JSONValue, _ state: inout AppState) -> [Effect] {
    state.settings.set(name, to: value)
    for index in state.stack.indices { state.stack[index].settings = state.settings.values }
    if state.settings.isWritable { return [.saveSettings(state.settings)] }
    if let problem = state.settings.problem { state.setStatus(.error(problem.description)) }
    return []
}
