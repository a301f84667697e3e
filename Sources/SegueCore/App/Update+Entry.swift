/// Typing a value: an input row edited in place, and a prompt's answer in the status line.
enum Entry {
    /// Opens the editor on the selected input row, with the setting's value as it is.
    static func editSetting(_ state: inout AppState) -> [Effect] {
        guard let bound = state.current.selectedBoundRow else { return [] }
        guard let name = bound.row.setting else {
            state.setStatus(.error("this input row has no \"setting\" to change"))
            return []
        }
        let rules = FormAnswers.rules(for: name, row: InputRules(bound.row.extras), state)
        state.entry = TextEntry(purpose: .setting(name), editor: LineEditor(rules.text(of: state.settings.value(for: name))),
                                rules: rules, screen: state.current.id)
        return []
    }

    /// Asks a prompt's question; its `then` runs with the answer.
    static func ask(_ prompt: Prompt, from origin: ActionOrigin, on state: inout AppState) -> [Effect] {
        var asked: BoundRow?
        if case .row(let index) = origin { asked = state.current.boundRow(index) }
        let context = actionContext(origin, state)
        state.entry = TextEntry(purpose: .prompt(prompt, origin: origin, asked: asked, context: context),
                                editor: LineEditor(prompt.defaultText ?? ""), rules: prompt.rules, screen: state.current.id)
        return []
    }

    /// What an action that is bound later (a prompt's `then`, a capture's) binds in: the screen's
    /// data, with its row's item and attributes when it came from a row (or a handler's row).
    static func actionContext(_ origin: ActionOrigin, _ state: AppState) -> DataContext {
        switch origin {
        case .row(let index):
            return state.current.context(ofRow: index).adding(.object(state.current.boundRow(index).attributes))
        case .handler(let attributes):
            return state.current.context.adding(.object(attributes))
        case .none:
            return state.current.context
        }
    }

    /// A key while a value is being typed.
    static func key(_ key: Key, _ state: inout AppState) -> [Effect] {
        // No copy of the entry is held while a key edits it: its text is changed in place.
        guard let isInPlace = state.entry?.isInPlace else { return [] }
        switch key {
        case .enter:
            guard let entry = state.entry else { return [] }
            return commit(entry, &state)
        case .escape:
            let purpose = state.entry?.purpose
            state.entry = nil
            // Esc while a handler asks stops it, as Esc stops a running handler.
            if case .handlerAnswer(let task, _)? = purpose { return Handlers.stop(&state, task: task) }
            if state.options.startAction != nil { return [.quit(.cancelled)] }  // a one-shot question: Esc is no answer
            if !isInPlace { state.setStatus(StatusMessage("cancelled")) }
        case .ctrl("c"):
            return [.quit(.interrupted)]
        case .up, .down, .pageUp, .pageDown:
            // The line has no use for them: they scroll the box that asks, if its text is longer
            // than the box (a tiny terminal); letters the keymap moves with are typed.
            scrollBox(by: [.up: .moveUp, .down: .moveDown, .pageUp: .pageUp, .pageDown: .pageDown][key], &state)
        default:
            state.editEntry { _ = $0.editor.apply(key) }
        }
        return []
    }

    /// Scrolls a prompt's box (`TextEntry.boxText`) as a message box scrolls.
    private static func scrollBox(by command: KeyCommand?, _ state: inout AppState) {
        guard let entry = state.entry, !entry.isInPlace, let text = entry.boxText else { return }
        let height = MessageBox.visibleLines(inList: MessageBox.area(in: state).height, asking: true)
        let last = max(0, MessageBox(text: text, isError: false).lines(width: state.size.width).count - height)
        guard let scrolled = TextScroll.scrolled(entry.boxScroll, by: command, height: height, last: last) else { return }
        state.editEntry { $0.boxScroll = scrolled }
    }

    /// A paste while a value is being typed: inserted at the cursor, line breaks as spaces.
    static func paste(_ text: String, _ state: inout AppState) {
        state.editEntry { $0.editor.insert(text) }
    }

    /// Enter: the value is checked; refused, the editor stays open with the reason; accepted, the
    /// setting changes or the prompt's action runs with it.
    private static func commit(_ entry: TextEntry, _ state: inout AppState) -> [Effect] {
        let value: JSONValue
        switch entry.rules.validate(entry.editor.text) {
        case .failure(let invalid):
            state.setStatus(.error(invalid.message))
            return []
        case .success(let accepted):
            value = accepted
        }
        state.entry = nil
        switch entry.purpose {
        case .setting(let name):
            let changed = SettingChanges.change(name, to: value, &state)
            // In a form, an answer accepted goes on to the next field.
            return state.options.form == nil ? changed : changed + FormAnswers.advance(&state)
        case .prompt(_, let origin, let asked, let context):
            return answer(value, entry: entry, origin: origin, asked: asked, context: context, &state)
        case .handlerAnswer(let task, _):
            return Handlers.answer(task: task, .string(entry.editor.text), &state.runningHandlers)
        }
    }

    /// Runs a prompt's `then` with the answer bound as `{{input}}` and the chain's named answers as
    /// `{{answers.NAME}}` (its `confirm`, if any, asks first). A prompt that `then` asks carries the
    /// answers on; its own `then` waits for its own answer.
    private static func answer(_ value: JSONValue, entry: TextEntry, origin: ActionOrigin, asked: BoundRow?, context: DataContext,
                               _ state: inout AppState) -> [Effect] {
        guard case .prompt(let prompt, _, _, _) = entry.purpose else { return [] }
        let input: JSONValue = value == .null ? .string("") : value
        let (layer, answers, secrets) = prompt.answered(input)
        if case .array = prompt.then {
            // A list, as an exec's `then`: each action bound with the answer as it runs.
            guard case .success(var actions) = ExecCommand.decodeFollowUps(prompt.then, path: "then", names: [], anyName: true) else {
                state.setStatus(.error("the prompt's \"then\" cannot run: \(prompt.then.summary)"))
                return []
            }
            if prompt.holdsSecrets {
                // A password never shows in a confirmation: each is bound now with it masked
                // (the rest of each action as its turn comes, with the answer itself).
                let masked = context.adding(prompt.answered(input, masked: true).layer)
                actions = actions.map { action in
                    var shown = action
                    if let confirm = action.confirm { shown.confirm = RowBinder.bindText(.string(confirm), in: masked).stringValue ?? confirm }
                    return shown
                }
            }
            if case .row(let index) = origin, let asked, !state.current.stillShows(asked, at: index) {
                state.setStatus(StatusMessage("cancelled: the rows changed while asking"))
                return []
            }
            return ActionQueue.runInOrder(actions[...], from: origin, context: context.adding(layer), &state)
        }
        guard var action = RowAction(RowBinder.bindText(prompt.then, in: context.adding(layer))) else {
            state.setStatus(.error("the prompt's \"then\" cannot run: \(prompt.then.summary)"))
            return []
        }
        // A password never shows: not in `then`'s confirmation or question, nor in why a command
        // did not run; later prompts of the chain keep knowing which answers were passwords.
        let shown = prompt.holdsSecrets ? RowAction(RowBinder.bindText(prompt.then, in: context.adding(prompt.answered(input, masked: true).layer))) : nil
        if case .prompt(var next) = action.kind {
            next.answers = answers
            next.secrets = secrets
            if case .prompt(let masked)? = shown?.kind { next.question = masked.question }
            action.kind = .prompt(next)
        }
        if prompt.holdsSecrets {
            action.confirm = shown?.confirm
            if action.kind.runsCommand, !state.options.allowExec {
                state.setStatus(.error(state.options.commandsOff))
                return []
            }
        }
        guard case .row(let index) = origin else { return Activation.run(action, from: origin, on: &state) }
        guard let asked, state.current.stillShows(asked, at: index) else {
            state.setStatus(StatusMessage("cancelled: the rows changed while asking"))
            return []
        }
        return Activation.start(action, row: index, bound: asked, &state)
    }
}
