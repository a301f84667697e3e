/// The app's one state transition: an event changes the state and may ask for effects.
///
/// - Parameters:
///   - state: the app state, changed in place.
///   - event: what happened.
/// - Returns: the effects for the shell to perform, in order.
package func update(_ state: inout AppState, _ event: Event) -> [Effect] {
    // Keys typed while a change runs wait for what it leads to (`HeldInput`).
    if HeldInput.holds(event, &state) { return [] }
    let focus = Bindings.focus(of: state)
    let result = Bindings.result(of: state)
    let marks = Bindings.marks(of: state)
    var effects = Events.handle(event, &state)
    if !effects.contains(where: \.endsSession) { effects += Events.replayHeld(&state) }
    if !effects.contains(where: \.endsSession) { effects += Bindings.resultShown(from: result, &state) }
    if !effects.contains(where: \.endsSession) { effects += Bindings.marksChanged(from: marks, &state) }
    if !effects.contains(where: \.endsSession) { effects += Bindings.focusMoved(from: focus, &state) }
    if !effects.contains(where: \.endsSession) { effects += AutoChoice.choose(&state) }
    // An editor belongs to its screen: another screen showing (a reload, a handler going back)
    // closes it, so what is typed never lands on a screen it was not typed for.
    if let entry = state.entry, entry.screen != state.current.id { state.entry = nil }
    let stopped = Handlers.stopThoseOfLeftScreens(&state)
    Handlers.showQuestion(&state)
    // A table's sample of rows is measured once, not on every frame.
    state.current.keepTableSamples(rows: state.listViewport.height)
    // Where the screens were left is kept before the session ends (nothing runs after its end).
    if effects.contains(where: \.endsSession) { return Memory.rememberAll(&state) + effects }
    // The preview pane follows the selection, whatever moved it.
    return effects + stopped + Preview.followSelection(&state)
}

/// What each event does: a key goes to the mode in front, else to the screen's keymap; the
/// loop's answers go to the reducer that asked for them.
private enum Events {
    static func handle(_ event: Event, _ state: inout AppState) -> [Effect] {
        switch event {
        case .key(let key):
            return press(key, &state)
        case .command(let command):
            // Plain mode's words: the screen's command, whatever keys the keymap gives it.
            state.setStatus(nil)
            guard state.isDrawable || [.quit, .interrupt, .suspend, .cancel].contains(command) else { return [] }
            return Commands.perform(command, on: &state) + Sources.loadMoreIfNeeded(&state, moved: true)
        case .select(let row):
            guard row >= 0, row < state.current.rowCount, state.current.isEnabled(row) else { return [] }
            state.current.hasMoved = true
            state.current.select(row, in: state.listViewport)
            return []
        case .paste(let text):
            state.setStatus(nil)
            if case .writing(let writing)? = state.mode {
                Writing.paste(text, writing, &state)
                return []
            }
            if state.entry != nil {
                Entry.paste(text, &state)
                return []
            }
            guard state.current.find != nil, state.isDrawable else { return [] }
            return Find.paste(text, &state)
        case .resize(let size):
            let resized = size != state.size
            state.size = size
            if case .writing(var writing)? = state.mode {
                writing.scroll(in: size)
                state.mode = .writing(writing)
            }
            for index in state.stack.indices {
                state.stack[index].scrollToSelection(in: state.listViewport)
            }
            return resized ? Bindings.fire(.resize, &state) : []
        case .specLoaded(let path, let result):
            return Activation.loaded(result, path: path, &state)
        case .execFinished(let result):
            let effects = Activation.finish(result, on: &state)
            if ActionQueue.waits(effects, state) { return effects }
            return effects + ActionQueue.resume(&state) + Bindings.resume(&state)
        case .handlerStarted(let name, let row, let task):
            return Handlers.started(name: name, row: row, task: task, &state)
        case .handlerEnded(let task, let outcome):
            let effects = Handlers.ended(task: task, outcome, &state)
            return effects.isEmpty ? Spinning.handlerEnded(state) : effects
        case .handlerFinished(let name, let row, let actions):
            let effects = ActionQueue.perform(actions, from: name, row: row, on: &state)
            return ActionQueue.waits(effects, state) ? effects : effects + ActionQueue.resume(&state)
        case .start:
            // Every screen of the stack (a session opened deeper than its first) loads.
            let loads = state.stack.indices.flatMap { Sources.start(ofScreenAt: $0, &state) }
            if let oneShot = state.options.oneShot { return loads + oneShot.open(&state) }
            // A one-shot question (`segue input`) asks before anything else.
            guard let question = state.options.startAction else {
                return loads + Activation.runOnOpen(&state) + Bindings.fire(.start, &state) + Bindings.armTimers(state)
            }
            return loads + Activation.run(question, from: .none, on: &state)
        case .sourceItems(let key, let items) where key.isPreview:
            return Preview.receive(items.map { $0.member("line")?.stringValue ?? Template.text(of: $0) }, for: key, &state)
        case .sourceRawItems(let key, let items) where key.isPreview:
            return Preview.receive((0..<items.count).map { items[$0].member("line")?.stringValue ?? "" }, for: key, &state)
        case .sourceFinished(let key, let outcome) where key.isPreview:
            return Preview.finish(outcome, for: key, &state)
        case .sourceItems(let key, let items):
            return Sources.receive({ $0.append(items) }, count: items.count, for: key, on: &state)
        case .sourceRawItems(let key, let items):
            let rows = Sources.takeHeaderLines(items, for: key, &state)
            if Sources.hold(rows, for: key, &state) { return [] }
            return Sources.receive({ $0.append(rows) }, count: rows.count, for: key, on: &state)
        case .sourceFinished(let key, let outcome):
            // Held items (`--tac`) come in now, last first.
            let held = Sources.releaseHeld(for: key, &state)
            let shown = held.map { rows in Sources.receive({ $0.append(rows) }, count: rows.count, for: key, on: &state) } ?? []
            let finished = shown + Sources.finish(outcome, for: key, on: &state)
            // fzf's `load` event: the lines (piped, or a reload's) have all come.
            let loaded = key.screen == state.current.id && !key.isCapture ? Bindings.fire(.load, &state) : []
            return finished + loaded
        case .sourceNote(let key, let note):
            if key.screen == state.current.id { state.setStatus(.error(note)) }
            return []
        case .commandFinished(let key, let run):
            if let effects = Bindings.transformed(key, run, &state) { return effects }
            if let effects = Capture.finish(key, run, &state) { return effects + Bindings.resume(&state) }
            if let effects = SpecCommand.finish(key, run, &state) { return effects }
            if let effects = Spinning.finish(key, run, state.mode) { return effects }
            RowCommands.finish(key, run, &state)
            return []
        case .commandOutput(let key, let bytes):
            if !Spinning.readProgress(key, bytes, &state.mode) { RowCommands.read(key, bytes, &state.stack) }
            return []
        case .handlerAsked(let task, let question):
            return Handlers.asked(task: task, question, &state.runningHandlers)
        case .handlerProgress(let task, let message, let fraction):
            Handlers.progress(task: task, message, fraction: fraction, &state.runningHandlers)
            Spinning.handlerProgress(message, fraction: fraction, &state.mode)
            return []
        case .tick:
            tick(&state)
            return []
        case .work:
            state.current.continueFind(budget: FindMetrics.slice, in: state.listViewport)
            return []
        case .timerFired(let key) where key.purpose == .preview:
            return Preview.run(key, &state)
        case .timerFired(let key):
            if case .refresh(let section) = key.purpose { return Sources.timedRefresh(key, section: section, &state) }
            if case .every(let interval) = key.purpose { return Bindings.timerFired(key, every: interval, &state) }
            return Find.searchByCommand(key, &state)
        case .filesChanged(let paths):
            return Navigation.filesChanged(paths, &state)
        case .signal(let number):
            return [.quit(.signal(number))]
        case .remote(let request):
            return Remote.handle(request, &state)
        case .mouse(let mouse):
            // While a value is typed, the mouse does nothing: Enter keeps it, Esc drops it; nor
            // while a message box waits to be read.
            guard state.entry == nil, !state.isOneShot else { return [] }
            if case .message? = state.mode { return [] }
            if state.specCommand != nil { return [] }
            state.setStatus(nil)
            state.pendingConfirmation = nil  // the question is gone from the screen, so is the action
            state.actionMenu = nil
            state.help = nil
            return state.isDrawable ? pointer(mouse, on: &state) + Sources.loadMoreIfNeeded(&state, moved: true) : []
        case .settingsRead(let file):
            return SettingChanges.read(file, &state)
        case .settingsSaved(let problem, let followed, let wouldLose):
            SettingChanges.saved(problem, followed: followed, wouldLose: wouldLose, &state)
            return []
        }
    }

    /// A key: Ctrl-C always quits; else the mode in front takes it, else the find line, else the
    /// screen's keymap, a row's hotkey or an extra action's key.
    private static func press(_ key: Key, _ state: inout AppState) -> [Effect] {
        state.setStatus(nil)
        state.pressedKey = key
        // Ctrl-C quits from every mode, whatever the keymap says (a session's keymap made in
        // Swift may lack it): no spec can take away the last way out.
        if key == Keymap.lastWayOut { return [.quit(.interrupted)] }
        // Esc while a change holds the keys (`HeldInput`) stops it; on a screen it holds from the
        // first frame (`"wait": "first"`) Esc then means what it means there (quit on the first).
        if let capturing = state.capturing, capturing.holdsKeys(state), state.current.keymap.command(for: key) == .cancel {
            return Capture.stop(&state) + (capturing.command.holdsScreen ? press(key, &state) : [])
        }
        if state.specCommand != nil { return state.current.keymap.command(for: key) == .cancel ? SpecCommand.stop(&state) : [] }
        // The mode in front takes the key (`AppState.Mode`: one at a time).
        switch state.mode {
        case .help?: return Help.key(key, &state)
        case .actionMenu?: return ActionMenu.key(key, &state)
        case .entry?: return Entry.key(key, &state)
        case .writing(let writing)?: return Writing.key(key, writing, &state)
        case .spinning?: return Spinning.key(key, &state)
        case .message(let box)?: return MessageBox.key(key, box, &state)
        case .confirmation(let question)?: return AppState.Confirmation.key(key, question, &state)
        case nil:
            break
        }
        // `--expect`: the key chooses as Enter does, and its name is printed first.
        state.acceptedKey = nil
        if let name = state.options.expectedKeys.first(where: { Key(name: $0) == key }), state.isDrawable {
            state.acceptedKey = name
            return Activation.activate(&state)
        }
        // `--bind`: a bound key wins over the find line's and the keymap's use of it.
        if let bound = Bindings.press(key, &state) { return bound }
        if let taken = explicitlyBound(key, &state) { return taken }
        var command = state.current.keymap.command(for: key)
        // Yes means something only to a question (handled above): else the key is a hotkey's.
        if command == .confirm { command = nil }
        // The preview's keys work with the find line open too.
        if let preview = command, preview.isPreviewCommand, state.isDrawable { return Commands.perform(preview, on: &state) }
        // F1 opens the help with the find line open too (where `?` types itself).
        if command == .help, key == .function(1), state.isDrawable { return Commands.perform(.help, on: &state) }
        if state.current.find != nil, state.isDrawable { return Find.key(key, &state) }
        // Esc stops a handler running as a task before it means going back, and asks to stop a
        // row's running command.
        if command == .cancel, state.capturing != nil { return Capture.stop(&state) }
        if command == .cancel, !state.runningHandlers.isEmpty { return Handlers.stop(&state) }
        if command == .cancel, case let running = RowCommands.running(on: state.current), !running.isEmpty {
            return RowCommands.askToStop(running, &state)
        }
        // With finding off for the screen, its key is free for a row's hotkey; so are the sort
        // keys on a screen without a table.
        if command == .find, !state.current.spec.find.enabled { command = nil }
        if command?.isTableCommand == true, state.current.sortKeyGivesWay(key) { command = nil }
        // Nothing is visible on a terminal too small to draw in, so only leaving works there.
        if !state.isDrawable {
            guard let command, [.quit, .interrupt, .suspend, .cancel].contains(command) else { return [] }
            return Commands.perform(command, on: &state)
        }
        // → (any key for Enter's command but Enter) steps a kind with steps up.
        if command == .activate, key != .enter, let kind = state.current.selectedBoundRow?.style.kind, kind.usesArrows,
           let selection = state.current.selection, state.current.isEnabled(selection), let stepped = kind.step(1, &state) {
            return stepped
        }
        if let command { return Commands.perform(command, on: &state) + Sources.loadMoreIfNeeded(&state, moved: true) }
        if case .char(let character) = key, let row = state.current.hotkeys[character] {
            guard state.current.isEnabled(row) else { return [] }
            state.current.hasMoved = true
            state.current.select(row, in: state.listViewport)
            return Activation.activate(&state, emittingMarks: false)
        }
        // The selected row's extra actions, by their keys.
        if let bound = state.current.selectedBoundRow, let extra = ExtraAction.of(bound.row).first(where: { $0.key == key }) {
            return Activation.runExtra(extra, &state)
        }
        return []
    }

    /// A key that types nothing bound explicitly, by the selected row's actions or by the spec's
    /// or the user's `"keys"`: it wins over the find line's use of it (Ctrl-E, Ctrl-K, Alt-B…)
    /// and over Segue's keys, as a `--bind` does. `nil` when it is not so bound.
    private static func explicitlyBound(_ key: Key, _ state: inout AppState) -> [Effect]? {
        guard state.isDrawable else { return nil }
        if case .char = key { return nil }
        if let bound = state.current.selectedBoundRow, let extra = ExtraAction.of(bound.row).first(where: { $0.key == key }) {
            return Activation.runExtra(extra, &state)
        }
        guard state.current.find != nil, state.current.keymap.explicitKeys.contains(key),
              let command = state.current.keymap.command(for: key), command != .find, command != .confirm else { return nil }
        return Commands.perform(command, on: &state)
    }

    /// The wheel moves the selection; a click selects a row, and a click on the selected row opens it.
    private static func pointer(_ mouse: MouseEvent, on state: inout AppState) -> [Effect] {
        let viewport = state.listViewport
        state.current.hasMoved = true
        switch mouse {
        case .wheelUp, .wheelDown:
            let step = (mouse == .wheelUp) != (state.options.frame?.listBottomUp == true) ? -1 : 1
            for _ in 0..<MouseEvent.wheelStep { state.current.move(by: step, in: viewport) }
        case .click(let x, let y):
            // fzf's frame moves the lines: the point of Segue's screen under the click.
            guard let point = state.canvasPoint(x: x, y: y) else { return [] }
            // The preview pane is not the list (left of it, the list starts further right).
            let layout = state.previewLayout(finding: state.usesBottomLine)
            let top = layout.listTop
            let (x, y) = (point.x - layout.listX, point.y)
            // A click on a table's header line sorts by the column under it (again: the other way).
            if y < top, y >= ScreenMetrics.listTop, x >= 0, x < viewport.width {
                state.setStatus(state.current.sortByColumn(atX: x, viewport: viewport))
                return []
            }
            guard x >= 0, x < viewport.width, let row = state.current.row(atLine: y - top, in: viewport),
                  state.current.isEnabled(row) else { return [] }
            if row == state.current.selection { return Activation.activate(&state) }
            state.current.select(row, in: viewport)
        }
        return []
    }

    /// The keys and pastes a change held (`HeldInput`), once nothing holds them, in order, as
    /// typed on the screen it led to (a segue's spec read first: the loop reads it as it performs
    /// the effect): one that starts another such change holds the rest again.
    static func replayHeld(_ state: inout AppState) -> [Effect] {
        var effects: [Effect] = []
        while !state.holdsInput, state.pendingSegue == nil, !state.heldInput.isEmpty, !effects.contains(where: \.endsSession) {
            effects += handle(state.heldInput.removeFirst(), &state)
        }
        return effects
    }

    /// Spinners turn.
    private static func tick(_ state: inout AppState) {
        if !state.runningHandlers.isEmpty || state.capturing != nil || state.specCommand != nil { state.handlerFrame += 1 }
        if case .spinning(var spinning)? = state.mode {
            spinning.frame += 1
            state.mode = .spinning(spinning)
        }
        for row in RowCommands.running(on: state.current) { state.current.commands[row]?.frame += 1 }
        for entry in state.current.feeds where entry.feed.phase == .loading {
            state.current.updateFeed(section: entry.section) { $0.frame += 1 }
        }
        state.current.preview.tick()
    }
}
