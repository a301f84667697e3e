/// What activating a row does: follow its segue, or run its action.
enum Activation {
    /// Activates the selected row: toggles and choices change their setting; a multi-select Enter
    /// emits the marked rows; otherwise the row's segue or action runs (after its confirmation).
    static func activate(_ state: inout AppState, emittingMarks: Bool = true) -> [Effect] {
        if emittingMarks, state.multiSelects, !state.current.marks.isEmpty {
            let screen = state.current
            return [emit(screen.marks.sorted().map { full in
                emitted(screen.boundRow(full: full), section: screen.fullLayout.section(ofRow: full), value: nil, state)
            }, state)]
        }
        guard let selection = state.current.selection, state.current.isEnabled(selection) else { return [] }
        if let retried = Sources.retry(row: state.current.fullRow(selection), &state) { return retried }
        let bound = state.current.boundRowActing(selection)
        if let done = bound.style.kind.activate(&state) { return done }
        let row = bound.row
        guard let action = row.segue.map({ RowAction(.segue($0)) }) ?? row.action else { return [] }
        // A choice counts for frecency once it runs: a confirmation declined is none.
        let chosen = action.confirm == nil && (action.kind.runsCommand ? state.options.allowExec : true) ? Memory.rememberChoice(of: row, &state) : []
        return chosen + start(action, row: selection, bound: bound, &state)
    }

    /// Starts one of the selected row's actions (its main one, or an extra one): asks its `confirm`
    /// question first; an `exec` with commands off is refused at once.
    static func start(_ action: RowAction, row selection: Int, bound: BoundRow, _ state: inout AppState) -> [Effect] {
        guard !action.isSkipped else { return [] }  // its `when` does not hold: nothing to ask or run
        if action.kind.runsCommand, !state.options.allowExec {
            return run(action, row: selection, on: &state)  // refuses at once; there is nothing to confirm
        }
        if action.confirm != nil {
            ask(.init(action: action, row: selection, asked: bound), &state)
            return []
        }
        return run(action, row: selection, on: &state)
    }

    /// Asks an action's `confirm` question in the status line: `(y/N)`, or `(Y/n)` when Enter says yes.
    static func ask(_ confirmation: AppState.Confirmation, _ state: inout AppState) {
        state.pendingConfirmation = confirmation
        let choices = state.current.keymap.confirmChoices(yesByDefault: confirmation.yesByDefault)
        state.setStatus(StatusMessage((confirmation.action.confirm ?? "") + " " + choices))
    }

    /// An extra action of the selected row, by its key or its place in the action menu.
    static func runExtra(_ extra: ExtraAction, _ state: inout AppState) -> [Effect] {
        guard let selection = state.current.selection, state.current.isEnabled(selection) else { return [] }
        // Bound again for acting: the action may name `marked`.
        let bound = state.current.boundRowActing(selection)
        let action = ExtraAction.of(bound.row).first { $0.title == extra.title && $0.key == extra.key }?.action ?? extra.action
        return start(action, row: selection, bound: bound, &state)
    }

    /// Runs `action` for row `index` of the current screen.
    static func run(_ action: RowAction, row index: Int, on state: inout AppState) -> [Effect] {
        run(action, from: .row(index), on: &state)
    }

    /// Runs `action` as `origin` asks: the row it binds to is the destination's `sender`.
    static func run(_ action: RowAction, from origin: ActionOrigin, on state: inout AppState) -> [Effect] {
        let bound: BoundRow
        var index: Int?
        switch origin {
        case .row(let row):
            bound = state.current.boundRowActing(row)
            index = row
        case .handler(let attributes):
            bound = BoundRow(row: Row(attributes: attributes), style: .default)
        case .none:
            bound = BoundRow(row: Row(), style: .default)
        }
        if case .branch(let then, let otherwise) = action.kind {
            // The list it chooses runs in its place, each action bound as it runs.
            return ActionQueue.runInOrder((action.holds ? then : otherwise)[...], from: origin,
                                          context: Entry.actionContext(origin, state), &state)
        }
        guard !action.isSkipped else { return [] }
        switch action.kind {
        case .segue(let segue):
            return load(segue, mode: .push, from: bound, on: &state)
        case .replace(let segue):
            if let asked = SettingChanges.askToDiscard(action, from: origin, &state) { return asked }
            return load(segue, mode: .replace, from: bound, on: &state)
        case .reload:
            guard state.current.spec.path != nil || state.settings.path != nil else {
                state.setStatus(.error("this screen has no file to reload"))
                return []
            }
            return Navigation.readAgain(&state)
        case .back:
            if let asked = SettingChanges.askToDiscard(action, from: origin, &state) { return asked }
            return Navigation.back(&state)
        case .root:
            if let asked = SettingChanges.askToDiscard(action, from: origin, &state) { return asked }
            let left = state.stack[1...].reversed().flatMap { Memory.rememberLeaving($0, &state) }
            let leaving = left + state.stack[1...].filter(\.hasLoads).map { Effect.cancelSources(screen: $0.id) }
            state.stack.removeSubrange(1...)
            state.pendingSegue = nil
            state.current.scrollToSelection(in: state.listViewport)
            // The first screen shows again: its timed sections count again.
            return leaving + Sources.armTimedRefreshes(on: &state.current) + Navigation.showsAgain(&state)
        case .emit(let value):
            if let asked = SettingChanges.askToDiscard(action, from: origin, &state) { return asked }
            guard let index else {
                // A handler's (or a command's `then`) values are printed as they are, a line each;
                // none given, its row's value.
                let lines = (value ?? bound.row.emittedValue).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
                return [emit(lines == [""] ? [] : lines, state)]
            }
            return [emit([emitted(bound, section: state.current.locate(index).section, value: value, state)], state)]
        case .exec(let command):
            guard state.options.allowExec else {
                state.setStatus(.error(state.options.commandsOff + ": " + command.display))
                return []
            }
            if command.capture != nil { return Capture.start(command, row: bound.attributes, context: Entry.actionContext(origin, state), &state) }
            // What comes after it runs for the same row: asked, emitted and handed on as its own,
            // and bound in its context as each runs.
            state.commandRow = bound.attributes
            state.commandContext = Entry.actionContext(origin, state)
            return [.exec(command, directory: state.current.spec.commandDirectory)]
        case .become(let command):
            guard state.options.allowExec else {
                state.setStatus(.error(state.options.commandsOff + ": " + command.display))
                return []
            }
            return [.become(command, directory: state.current.spec.commandDirectory)]
        case .quit(let status):
            if let asked = SettingChanges.askToDiscard(action, from: origin, &state) { return asked }
            // "The command's status" means nothing outside an exec's `then`: a plain quit.
            return [.quit(status == .passedOn ? .success : status)]
        case .finish(let value):
            if let asked = SettingChanges.askToDiscard(action, from: origin, &state) { return asked }
            return [.finish(value)]
        case .named(let name):
            return [.callHandler(name: name, row: bound.attributes)]
        case .message(let text, let isError, let inBox):
            guard inBox else {
                state.setStatus(isError ? .error(text) : StatusMessage(text))
                return []
            }
            state.show(MessageBox(text: text, isError: isError))
            return []
        case .prompt(let prompt):
            return Entry.ask(prompt, from: origin, on: &state)
        case .save:
            return SettingChanges.saveHeld(&state)
        case .discard:
            SettingChanges.discardHeld(&state)
            return []
        case .help:
            return Commands.perform(.help, on: &state)
        case .set(let values):
            return setSettings(values, for: bound, &state)
        case .branch:
            return []  // chosen above
        case .fzf(let text):
            return Bindings.perform(written: text, trigger: state.pressedKey?.configName ?? "enter", &state)
        case .changeSetting(let settingChange):
            switch settingChange.outcome(in: state.settings) {
            case .set(let (name, value), let shift):
                let effects = SettingChanges.change(name, to: value, &state)
                // The cursor goes with the item it moved, when it was on the item's row.
                if shift != 0, state.current.find == nil, case .row(let row) = origin, row == state.current.selection,
                   state.current.rowCount > row + shift, row + shift >= 0, state.current.isEnabled(row + shift) {
                    state.stack[state.stack.count - 1].select(row + shift, in: state.listViewport)
                }
                // A member added is where the cursor goes, wherever its key puts its row.
                if case .add = settingChange, state.current.find == nil, let row = state.current.row(showing: name) {
                    state.stack[state.stack.count - 1].select(row, in: state.listViewport)
                }
                return effects
            case .renamed(let from, let to, let value):
                return SettingChanges.change([(from, nil), (to, value)], &state)
            case .asks(let question, let then):
                // Asked about the row it was asked from, as a `confirm` is.
                let confirmed = RowAction(.changeSetting(then), confirm: question)
                switch origin {
                case .row(let row): ask(.init(action: confirmed, row: row, asked: bound), &state)
                default: ask(.init(action: confirmed, origin: origin), &state)
                }
                return []
            case .refused(let message):
                state.setStatus(message)
                return []
            }
        }
    }

    /// `{"type": "set", "settings": {…}}`: each setting changed as a row would change it, saved once.
    /// Its values were bound with the row (or a prompt's answer): a string is text, a placeholder
    /// alone its value (`"{{input}}"` a number the prompt took as one).
    private static func setSettings(_ values: [String: JSONValue], for bound: BoundRow, _ state: inout AppState) -> [Effect] {
        var saves: [Effect] = []
        for (name, value) in values.sorted(by: { $0.key < $1.key }) {
            saves = SettingChanges.change(name, to: value, &state)
        }
        return saves
    }
}

extension Activation {
    /// Asks for `segue`'s spec (or shows it at once when it was built in code); the destination gets
    /// the segue's data and the row as `sender`.
    private static func load(_ segue: SegueTarget, mode: AppState.PendingSegue.Mode, from bound: BoundRow,
                             on state: inout AppState) -> [Effect] {
        var passed: [JSONValue] = []
        if let data = segue.data { passed.append(data.isObject ? data : .object(["data": data])) }
        passed.append(.object(["sender": .object(bound.attributes)]))
        if let built = segue.built {
            let title = built.title ?? built.spec.title ?? bound.row.title
            return show(built.spec, for: .init(path: built.spec.path ?? "", rowTitle: title, passed: passed, mode: mode),
                        on: &state)
        }
        if let command = segue.command {
            return SpecCommand.start(command, for: .init(path: "", rowTitle: bound.row.title, passed: passed, mode: mode), &state)
        }
        let path = SpecPath.resolve(segue.spec, relativeTo: state.current.spec.path)
        state.pendingSegue = .init(path: path, rowTitle: bound.row.title, passed: passed, mode: mode)
        return [.loadSpec(path: path)]
    }

    /// The spec a segue (or a reload) asked for has been read: shown as the pending segue asked, or
    /// its error said; then what waited for it goes on. An answer no segue waits for is dropped.
    static func loaded(_ result: Result<Spec, SpecError>, path: String, _ state: inout AppState) -> [Effect] {
        guard let pending = state.pendingSegue, pending.path == path else { return [] }
        state.pendingSegue = nil
        switch result {
        case .success(let spec):
            // What the screen does as it opens (`onOpen`) is waited for too.
            let shown = show(spec, for: pending, on: &state)
            return ActionQueue.waits(shown, state) ? shown : shown + ActionQueue.resume(&state)
        case .failure(let error):
            state.setStatus(.error(error.description))
            if pending.mode == .reload { state.current.failedReload = state.status }
        }
        return ActionQueue.resume(&state)
    }

    /// Shows a loaded spec as the pending segue asked: pushed, in place of the current screen, or
    /// reloaded with the selection and scroll kept; its live sections start loading, and those of a
    /// screen it replaces stop.
    static func show(_ spec: Spec, for pending: AppState.PendingSegue, on state: inout AppState) -> [Effect] {
        var screen = state.makeScreen(spec, title: spec.title ?? pending.rowTitle, passed: pending.passed)
        screen.id = state.nextScreenID
        state.nextScreenID += 1
        var effects: [Effect] = []
        switch pending.mode {
        case .push:
            // The screen it covers stops its preview command; its pane starts over when shown again.
            if state.current.preview.phase == .loading || state.current.preview.phase == .waiting {
                effects += Preview.stop(on: state.current)
                state.current.preview.reset()
            }
            state.stack.append(screen)
        case .replace, .reload:
            if pending.mode == .replace { effects += Memory.rememberLeaving(state.current, &state) }
            if pending.mode == .reload {
                screen.keepPosition(of: state.current)
                screen.keepFind(of: state.current, in: state.listViewport(finding: state.current.find != nil))
                screen.keepSelectedRow(of: state.current, in: state.listViewport(finding: state.current.find != nil))
                screen.heldSettings = state.current.heldSettings  // still unsaved after reading the spec again
                // Read well again: the error of a failed read is stale.
                if let failed = state.current.failedReload, state.status == failed { state.setStatus(nil) }
            }
            if state.current.hasLoads { effects.append(.cancelSources(screen: state.current.id)) }
            state.current = screen
        }
        if let warning = BindingWarnings.summary(BindingWarnings.check(screen, templates: state.options.showsWarnings)) {
            state.setStatus(.warning(warning))
        }
        state.current.scrollToSelection(in: state.listViewport)
        let loads = Sources.start(ofScreenAt: state.stack.count - 1, &state)
        return effects + loads + (pending.mode == .reload ? [] : runOnOpen(&state))
    }

    /// The current screen's `"onOpen"` action, as it first shows (before it is drawn): a question, a
    /// command, settings to set. Its `confirm` is asked first, as a handler's would be.
    static func runOnOpen(_ state: inout AppState) -> [Effect] {
        guard var action = state.current.spec.onOpen else { return [] }
        // Bound to the screen as a row's action is to its row (a prompt's `then` waits for the answer).
        if action.hasPlaceholders, let bound = RowAction(RowBinder.bindText(action.json, in: state.current.context)) { action = bound }
        let origin = ActionOrigin.handler([:])
        guard action.confirm == nil else {
            var question = AppState.Confirmation(action: action, row: nil, asked: nil, origin: origin)
            question.holdsQueue = false  // nothing of its own waits behind it
            ask(question, &state)
            return []
        }
        let wasCapturing = state.capturing != nil
        let effects = run(action, from: origin, on: &state)
        // `"wait": "first"`: nothing is drawn of the screen until the command has ended; without
        // it, a capture the screen starts is a state check: the screen stays usable meanwhile.
        if state.capturing?.command.holdsScreen == true {
            state.heldFirstFrame = state.handlerFrame
        } else if !wasCapturing, state.capturing != nil {
            state.capturing?.inBackground = true
        }
        return effects
    }

    /// The effect that prints `lines`: after the find line's text with `--print-query` (fzf's
    /// convention, so a script can tell what was typed from what was chosen), then the key that
    /// chose with `--expect` (fzf's order), then the values. With `--print-json` every line is JSON,
    /// the query too: `{"query":"esp"}`, so a reader parses each line alike.
    static func emit(_ lines: [String], _ state: AppState, status: ExitStatus = .success) -> Effect {
        let text = state.current.find?.editor.text ?? ""
        let query = state.options.printQuery ? [state.options.printJSON ? JSONValue.object(["query": .string(text)]).compactJSON : text] : []
        let key = state.options.expectedKeys.isEmpty ? [] : [state.acceptedKey ?? ""]
        return .emit(query + key + state.printed + lines, status: status)
    }

    /// What an emit prints for a row: its value (template already bound), or its title; with
    /// `--print-json`, an object with the row's data, its section and the navigation path.
    static func emitted(_ bound: BoundRow, section: Int, value: String?, _ state: AppState) -> String {
        let text = value ?? bound.row.emittedValue
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

    /// After a command ran: how it ended in the status line (and why, when it could not start), then
    /// what `then` says, each action bound as it runs in `context` (else the exec's row's), with
    /// the command's `{{status}}`.
    static func finish(_ result: ExecResult, context: DataContext? = nil, on state: inout AppState) -> [Effect] {
        let summary = result.status == 0 ? "done" : "exit status \(result.status)"
        let last = result.reason.map { ": " + $0 } ?? ""
        state.setStatus(result.status == 0 ? StatusMessage(summary + last) : .error(summary + last))
        let row = state.commandRow ?? [:]
        let rowContext = context ?? state.commandContext ?? Entry.actionContext(.handler(row), state)
        state.commandRow = nil
        state.commandContext = nil
        return ActionQueue.runInOrder(result.command.next(afterStatus: result.status)[...], from: .handler(row),
                                      context: rowContext.adding("status", .number(String(result.status))), &state)
    }

    /// Marks or unmarks the selected row, within the mark limit (`--multi=N`, `"multi": N`).
    static func toggleMark(_ state: inout AppState) {
        if let limit = state.markLimit, state.current.marks.count >= limit, let selection = state.current.selection,
           !state.current.isMarked(selection) {
            state.setStatus(.error("at most \(limit) row\(limit == 1 ? "" : "s") can be marked"))
            return
        }
        state.current.toggleMark()
    }
}
