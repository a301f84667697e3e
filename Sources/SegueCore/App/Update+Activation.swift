/// What activating a row does: follow its segue, or run its action.

/// Activates the selected row: toggles and choices change their setting; a multi-select Enter
/// emits the marked rows; otherwise the row's segue or action runs (after its confirmation).
func activate(_ state: inout AppState, emittingMarks: Bool = true) -> [Effect] {
    if emittingMarks, state.options.multiSelect, !state.current.marks.isEmpty {
        let screen = state.current
        return [emit(screen.marks.sorted().map { full in
            emitted(screen.boundRow(full: full), section: screen.fullLayout.section(ofRow: full), value: nil, state)
        }, state)]
    }
    guard let selection = state.current.selection, state.current.isEnabled(selection) else { return [] }
    if let retried = retry(row: state.current.fullRow(selection), &state) { return retried }
    let bound = state.current.boundRow(selection)
    switch bound.style {
    case .toggle: return flip(&state)
    case .choice: return step(1, &state)
    default: break
    }
    let row = bound.row
    let action = row.segue.map { RowAction(.segue($0)) } ?? row.action
    guard let action else { return [] }
    if case .exec = action.kind, !state.options.allowExec {
        return run(action, row: selection, on: &state)  // refuses at once; there is nothing to confirm
    }
    if let question = action.confirm {
        state.pendingConfirmation = .init(action: action, row: selection)
        state.setStatus(StatusMessage(question + " (y/N)"))
        return []
    }
    return run(action, row: selection, on: &state)
}

/// Runs `action` for row `index` of the current screen (`nil` for actions that need no row, such
/// as a handler's; `title` then names a pushed screen that has no title of its own).
func run(_ action: RowAction, row index: Int?, on state: inout AppState, title: String = "") -> [Effect] {
    let bound = index.map { state.current.boundRow($0) } ?? BoundRow(row: Row(title: title), style: .default)
    switch action.kind {
    case .segue(let segue):
        return load(segue, mode: .push, from: bound, on: &state)
    case .replace(let segue):
        return load(segue, mode: .replace, from: bound, on: &state)
    case .reload:
        guard let path = state.current.spec.path else {
            state.setStatus(.error("this screen has no file to reload"))
            return []
        }
        state.pendingSegue = .init(path: path, rowTitle: state.current.title, passed: state.current.passed, mode: .reload)
        return [.loadSpec(path: path)]
    case .back:
        return goBack(&state)
    case .root:
        let leaving = state.stack[1...].filter { !$0.feeds.isEmpty }.map { Effect.cancelSources(screen: $0.id) }
        state.stack.removeSubrange(1...)
        state.pendingSegue = nil
        state.current.scrollToSelection(in: state.listViewport)
        return leaving
    case .emit(let value):
        // A value of several lines prints as those lines, as a handler's `emit("a", "b")` does.
        let text = emitted(bound, section: index.map { state.current.locate($0).section } ?? 0, value: value, state)
        return [emit(text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init), state)]
    case .exec(let command):
        guard state.options.allowExec else {
            state.setStatus(.error("running commands is turned off (--no-exec): \(command.display)"))
            return []
        }
        return [.exec(command, directory: state.current.spec.path.map(SpecPath.folder) ?? ".")]
    case .quit(let status):
        return [.quit(status)]
    case .named(let name):
        return [.callHandler(name: name, row: bound.attributes)]
    case .message(let text, let isError):
        state.setStatus(isError ? .error(text) : StatusMessage(text))
        return []
    }
}

/// Carries out what a handler asked for: its actions run in order, as a row's would, until one
/// ends the session.
func perform(_ actions: [RowAction]?, from name: String, on state: inout AppState) -> [Effect] {
    guard let actions else {
        state.setStatus(.error("no handler for action \"\(name)\""))
        return []
    }
    var effects: [Effect] = []
    for action in actions {
        effects += run(action, row: nil, on: &state, title: name)
        if effects.contains(where: \.endsSession) { break }
    }
    return effects
}

/// Asks for `segue`'s spec (or shows it at once when it was built in code); the destination gets
/// the segue's data and the row as `sender`.
private func load(_ segue: SegueTarget, mode: AppState.PendingSegue.Mode, from bound: BoundRow,
                  on state: inout AppState) -> [Effect] {
    var passed: [JSONValue] = []
    if let data = segue.data { passed.append(data.isObject ? data : .object(["data": data])) }
    passed.append(.object(["sender": .object(bound.attributes)]))
    if let built = segue.built {
        let title = built.title ?? built.spec.title ?? bound.row.title
        return show(built.spec, for: .init(path: built.spec.path ?? "", rowTitle: title, passed: passed, mode: mode),
                    on: &state)
    }
    let path = SpecPath.resolve(segue.spec, relativeTo: state.current.spec.path)
    state.pendingSegue = .init(path: path, rowTitle: bound.row.title, passed: passed, mode: mode)
    return [.loadSpec(path: path)]
}

/// Shows a loaded spec as the pending segue asked: pushed, in place of the current screen, or
/// reloaded with the selection and scroll kept; its live sections start loading, and those of a
/// screen it replaces stop.
func show(_ spec: Spec, for pending: AppState.PendingSegue, on state: inout AppState) -> [Effect] {
    var screen = state.makeScreen(spec, title: spec.title ?? pending.rowTitle, passed: pending.passed)
    screen.id = state.nextScreenID
    state.nextScreenID += 1
    var effects: [Effect] = []
    switch pending.mode {
    case .push:
        state.stack.append(screen)
    case .replace, .reload:
        if pending.mode == .reload { screen.keepPosition(of: state.current) }
        if !state.current.feeds.isEmpty { effects.append(.cancelSources(screen: state.current.id)) }
        state.current = screen
    }
    if let warning = BindingWarnings.summary(BindingWarnings.check(screen)) { state.setStatus(StatusMessage(warning)) }
    state.current.scrollToSelection(in: state.listViewport)
    return effects + startSources(ofScreenAt: state.stack.count - 1, &state)
}

/// The effect that prints `lines`: after the find line's text with `--print-query` (fzf's
/// convention, so a script can tell what was typed from what was chosen).
private func emit(_ lines: [String], _ state: AppState) -> Effect {
    guard state.options.printQuery else { return .emit(lines) }
    return .emit([state.current.find?.editor.text ?? ""] + lines)
}

/// What an emit prints for a row: its value (template already bound), or its title; with
/// `--print-json`, an object with the row's data, its section and the navigation path.
func emitted(_ bound: BoundRow, section: Int, value: String?, _ state: AppState) -> String {
    let text = value ?? emitValue(of: bound.row) ?? bound.row.title
    guard state.options.printJSON else { return text }
    return JSONValue.object([
        "value": .string(text),
        "row": .object(bound.attributes),
        "section": .object([
            "index": .number(String(section)),
            "header": state.current.header(section).map { .string($0) } ?? .null,
        ]),
        "path": .array(state.breadcrumb.map { .string($0) }),
    ]).compactJSON
}

/// The value a row's own emit action names, if it has one.
private func emitValue(of row: Row) -> String? {
    if case .emit(let value)? = row.action?.kind { return value }
    return nil
}

/// After a command ran: its status and last output line in the status line, then what `then` says.
func finish(_ result: ExecResult, on state: inout AppState) -> [Effect] {
    let summary = result.status == 0 ? "done" : "exit status \(result.status)"
    let last = result.lastLines.last.map { ": " + $0 } ?? ""
    state.setStatus(result.status == 0 ? StatusMessage(summary + last) : .error(summary + last))
    guard let next = result.command.next(afterStatus: result.status) else { return [] }
    return run(next, row: nil, on: &state)
}
