/// fzf's `--bind`: the actions a key or an event is bound to, performed in order on the
/// current screen, each through the mechanism Segue already has for it (the keymap's commands,
/// `Activation`'s exec and become, the find line, marks, the preview, the live sections). An
/// action that lends the terminal or runs in the background holds the rest of its list until
/// the command has ended (`AppState.bindingsWaiting`), as fzf runs `execute-silent(…)+abort`.
enum Bindings {
    /// The bound actions of `key`, if it is bound: they win over the find line's and the
    /// keymap's use of it, as in fzf.
    static func press(_ key: Key, _ state: inout AppState) -> [Effect]? {
        guard let actions = state.bindings[key], !state.unboundTriggers.contains(.key(key)), state.isDrawable else { return nil }
        return perform(actions[...], trigger: BindTrigger.key(key).name, &state)
    }

    /// The actions bound to `event`, if any.
    static func fire(_ event: BindEvent, _ state: inout AppState) -> [Effect] {
        guard let actions = state.bindings[event], !state.unboundTriggers.contains(.event(event)) else { return [] }
        return perform(actions[...], trigger: event.rawValue, &state)
    }

    /// fzf's actions as written in a spec (a row's `{"type": "fzf", "do": …}`), bound already:
    /// read as `--bind` reads them and performed the same way; text that does not read is said
    /// in the status line.
    static func perform(written text: String, trigger: String, _ state: inout AppState) -> [Effect] {
        do throws(BindParser.Problem) {
            return perform(try BindParser.actions(text)[...], trigger: trigger, &state)
        } catch {
            state.setStatus(.error("fzf: \(error.message) at column \(error.column) of \"\(TextFitting.sanitize(text))\""))
            return []
        }
    }

    /// The rest of a list held while a command ran: now that it has ended.
    static func resume(_ state: inout AppState) -> [Effect] {
        guard let waiting = state.bindingsWaiting else { return [] }
        state.bindingsWaiting = nil
        return perform(waiting.actions, trigger: waiting.trigger, &state)
    }

    /// Performs `actions` in order, stopping at one that ends the session; what follows one that
    /// runs a command waits for it to end.
    static func perform(_ written: ArraySlice<BindAction>, trigger: String, _ state: inout AppState) -> [Effect] {
        let actions = expandingTriggers(written, state)
        var effects: [Effect] = []
        for index in actions.indices {
            let (done, waits) = run(actions[index], trigger: trigger, &state)
            effects += done
            if effects.contains(where: \.endsSession) { return effects }
            if waits {
                let rest = actions[(index + 1)...]
                if !rest.isEmpty { state.bindingsWaiting = (rest, trigger) }
                return effects
            }
        }
        return effects
    }

    /// `trigger(…)`'s keys and events replaced by the actions bound to them (once: a `trigger`
    /// among those is left out, so none loops).
    private static func expandingTriggers(_ actions: ArraySlice<BindAction>, _ state: AppState) -> ArraySlice<BindAction> {
        guard actions.contains(where: { if case .trigger = $0 { return true } else { return false } }) else { return actions }
        let bound = state.bindings
        return ArraySlice(actions.flatMap { action -> [BindAction] in
            guard case .trigger(let triggers) = action else { return [action] }
            return triggers.filter { !state.unboundTriggers.contains($0) }.flatMap { bound.actions[$0] ?? [] }.filter {
                if case .trigger = $0 { return false } else { return true }
            }
        })
    }

    /// One action: its effects, and whether the rest must wait for a command it started.
    private static func run(_ action: BindAction, trigger: String, _ state: inout AppState) -> (effects: [Effect], waits: Bool) {
        switch action {
        case .accept:
            return (accept(&state), false)
        case .acceptNonEmpty:
            return (state.current.selection == nil && state.current.marks.isEmpty ? [] : accept(&state), false)
        case .acceptOrPrintQuery:
            return (state.current.selection == nil ? [printQuery(state)] : accept(&state), false)
        case .printQuery:
            return ([printQuery(state)], false)
        case .abort:
            // fzf's abort ends with 130, as Ctrl-C does.
            return ([.quit(.interrupted)], false)
        case .execute(let command):
            let arguments = shellCommand(command, action: action, trigger: trigger, state)
            let effects = Activation.run(RowAction(.exec(ExecCommand(arguments: arguments))), from: .none, on: &state)
            return (effects, !effects.isEmpty)
        case .executeSilent(let command):
            guard state.options.allowExec else {
                state.setStatus(.error(state.options.commandsOff + ": " + command))
                return ([], false)
            }
            let arguments = shellCommand(command, action: action, trigger: trigger, state)
            let effects = Capture.start(ExecCommand(arguments: arguments), row: [:], context: state.current.context, &state)
            return (effects, !effects.isEmpty)
        case .become(let command):
            let arguments = shellCommand(command, action: action, trigger: trigger, state)
            return (Activation.run(RowAction(.become(ExecCommand(arguments: arguments))), from: .none, on: &state), false)
        case .reload(let command, _):
            return (reload(shellCommand(command, action: action, trigger: trigger, state), &state), false)
        case .changeQuery(let text):
            return (editQuery(trigger, &state) { $0.moveToStart(); $0.deleteToEnd(); $0.insert(text) }, false)
        case .clearQuery:
            return (editQuery(trigger, &state) { $0.moveToStart(); $0.deleteToEnd() }, false)
        case .put(let text):
            return (editQuery(trigger, &state) { $0.insert(text) }, false)
        case .putKey:
            // The key's own character: a key that types one (`space:put`), else nothing.
            guard case .key(.char(let character))? = BindParser.trigger(named: trigger) else { return ([], false) }
            return (editQuery(trigger, &state) { $0.insert(String(character)) }, false)
        case .changePrompt(let text):
            state.current.find?.prompt = text
            return ([], false)
        case .changeHeader(let text):
            state.current.changeHeader(to: text, in: state.listViewport)
            return ([], false)
        case .print(let text):
            state.printed.append(text)
            return ([], false)
        case .unbind(let triggers):
            state.unboundTriggers.formUnion(triggers)
            return ([], false)
        case .rebind(let triggers):
            state.unboundTriggers.subtract(triggers)
            return ([], false)
        case .refreshPreview:
            // Forgotten, the preview runs again for the selected row (`Preview.followSelection`).
            if let spec = state.current.preview.spec { state.previewCache.forget(PreviewCache.Key(screen: state.current.id, spec: spec)) }
            state.current.preview.reset()
            return ([], false)
        case .previewTop:
            state.current.preview.scroll(by: -Int(Int32.max), height: state.previewHeight)
            return ([], false)
        case .previewBottom:
            state.current.preview.scroll(by: Int(Int32.max), height: state.previewHeight)
            return ([], false)
        case .bell:
            return ([.bell], false)
        case .toggleSort:
            state.current.toggleSort(in: state.listViewport)
            return ([], false)
        case .toggleWrap, .toggleWrapWord, .toggleMultiLine, .toggleTrack:
            state.current.changeLooks(in: state.listViewport) { looks in
                switch action {
                case .toggleWrap: looks.wrap = looks.wrap == nil ? .char : nil
                case .toggleWrapWord: looks.wrap = looks.wrap == .word ? nil : .word
                case .toggleTrack: looks.track.toggle()
                default: looks.multiLine.toggle()
                }
            }
            return ([], false)
        case .changePreview(let command):
            return (changePreview(command, &state), false)
        case .changePreviewWindow(let layout):
            return (changePreviewWindow(layout, &state), false)
        case .togglePreview: return (Commands.perform(.togglePreview, on: &state), false)
        case .previewUp: return (Commands.perform(.previewUp, on: &state), false)
        case .previewDown: return (Commands.perform(.previewDown, on: &state), false)
        case .previewPageUp: return (Commands.perform(.previewPageUp, on: &state), false)
        case .previewPageDown: return (Commands.perform(.previewPageDown, on: &state), false)
        case .first: return (Commands.perform(.top, on: &state), false)
        case .last: return (Commands.perform(.bottom, on: &state), false)
        case .up: return (Commands.perform(.moveUp, on: &state), false)
        case .down: return (Commands.perform(.moveDown, on: &state), false)
        case .upMatch, .downMatch:
            state.current.hasMoved = true
            state.current.moveToMatch(by: action == .downMatch ? 1 : -1, in: state.listViewport)
            return ([], false)
        case .pageUp: return (Commands.perform(.pageUp, on: &state), false)
        case .pageDown: return (Commands.perform(.pageDown, on: &state), false)
        case .toggle:
            if state.multiSelects { Activation.toggleMark(&state) }
            return ([], false)
        case .toggleDown, .toggleUp:
            if state.multiSelects { Activation.toggleMark(&state) }
            return (Commands.perform(action == .toggleDown ? .moveDown : .moveUp, on: &state), false)
        case .select, .deselect:
            guard state.multiSelects, let selection = state.current.selection, state.current.isMarked(selection) == (action == .deselect) else {
                return ([], false)
            }
            Activation.toggleMark(&state)
            return ([], false)
        case .halfPageUp, .halfPageDown:
            state.current.hasMoved = true
            let half = max(1, state.listViewport.height / 2)
            let down = (action == .halfPageDown) != (state.options.frame?.listBottomUp == true)
            state.current.move(by: down ? half : -half, in: state.listViewport)
            return ([], false)
        case .hidePreview, .showPreview:
            return (state.previewHidden == (action == .showPreview) ? Preview.toggle(&state) : [], false)
        case .previewHalfPageUp, .previewHalfPageDown:
            let half = max(1, state.previewHeight / 2)
            state.current.preview.scroll(by: action == .previewHalfPageDown ? half : -half, height: state.previewHeight)
            return ([], false)
        case .cancel:
            // fzf's: a query is cleared first; with none, the picker ends as Esc ends it.
            if let text = state.current.find?.editor.text, !text.isEmpty {
                return (editQuery(trigger, &state) { $0.moveToStart(); $0.deleteToEnd() }, false)
            }
            return ([.quit(.interrupted)], false)
        case .replaceQuery:
            guard let line = state.current.selectedBoundRow?.row.title else { return ([], false) }
            return (editQuery(trigger, &state) { $0.moveToStart(); $0.deleteToEnd(); $0.insert(line) }, false)
        case .ignore:
            return ([], false)
        case .disableSearch, .enableSearch, .toggleSearch:
            let paused = action == .toggleSearch ? !(state.current.find?.searchPaused ?? false) : action == .disableSearch
            state.current.pauseSearch(paused, in: state.listViewport)
            return ([], false)
        case .search, .changeNth, .edit, .history, .position, .changeMulti, .moveToMarked, .close, .exclude:
            return (runOnQueryOrCursor(action, trigger: trigger, &state) ?? [], false)
        case .trigger:
            return ([], false)  // expanded in `perform`
        case .backgroundTransform(let command, let target):
            return (startTransform(command, into: target, action: action, trigger: trigger, background: true, &state), false)
        case .backgroundCancel:
            guard let running = state.backgroundTransforming else { return ([], false) }
            state.backgroundTransforming = nil
            return ([.cancelSource(running.key)], false)
        case .transform(let command, let target):
            let effects = startTransform(command, into: target, action: action, trigger: trigger, &state)
            return (effects, effects.contains { if case .startSource = $0 { return true } else { return false } })
        case .selectAll, .deselectAll, .toggleAll:
            guard state.multiSelects else { return ([], false) }
            let shown = Set((0..<state.current.rowCount).filter(state.current.isEnabled).map(state.current.fullRow))
            switch action {
            case .selectAll: state.current.marks.formUnion(shown)
            case .deselectAll: state.current.marks.subtract(shown)
            default: state.current.marks.formSymmetricDifference(shown)
            }
            return ([], false)
        }
    }

    /// Enter's choice: through the find line when it is open (which keeps the query in the
    /// history), else the selected row's action.
    private static func accept(_ state: inout AppState) -> [Effect] {
        state.current.find != nil ? Find.key(.enter, &state) : Activation.activate(&state)
    }

    /// The query printed, and the session over (fzf's `print-query`).
    private static func printQuery(_ state: AppState) -> Effect {
        Activation.emit([state.current.find?.editor.text ?? ""], state)
    }

    /// The query changed as the find line would change it; its `change` event follows, unless
    /// that event is what changed it (`change:put(x)` would never end).
    static func editQuery(_ trigger: String, _ state: inout AppState, _ edit: (inout LineEditor) -> Void) -> [Effect] {
        let before = state.current.find?.editor.text
        state.current.editFind(in: state.listViewport, edit)
        return state.current.find?.editor.text != before && trigger != BindEvent.change.rawValue ? changed(&state) : []
    }

    /// After the query changed (typed or set): the `change` event's actions.
    static func changed(_ state: inout AppState) -> [Effect] {
        fire(.change, &state)
    }

    /// The piped lines replaced by `arguments`' output: each of the screen's live sections the
    /// spec has read standard input now reads the command, loaded again with the query kept.
    private static func reload(_ arguments: [String], _ state: inout AppState) -> [Effect] {
        guard state.options.allowExec else {
            state.setStatus(.error(state.options.commandsOff + ": " + ExecCommand(arguments: arguments).display))
            return []
        }
        let sections = pipedSections(state)
        guard !sections.isEmpty else {
            state.setStatus(.error("reload: this screen has no lines from standard input or a command to replace"))
            return []
        }
        for section in sections {
            state.current.updateFeed(section: section) { feed in
                var live = feed.live
                // The request renders its arguments as templates: these are bound already.
                live.source.origin = .command(arguments.map { Template.verbatim($0) })
                feed.live = live
            }
            state.current.dropHeaderLines(section: section)
        }
        state.current.forgetPausedQuery(in: state.listViewport)
        return sections.flatMap { Sources.refresh(&state, section: $0) }
    }

    /// The sections fzf's list actions (`reload`, `change-preview…`) work on: those reading
    /// standard input (the stdin picker's); on a spec's screen without any, its live sections
    /// that run a command, so a picker grown into a spec keeps its bindings.
    static func pipedSections(_ state: AppState) -> [Int] {
        let spec = state.current.spec
        func sections(where test: (SourceSpec.Origin) -> Bool) -> [Int] {
            state.current.feeds.map(\.section).filter { section in
                section < spec.sections.count && spec.sections[section].rows.liveSources.contains { test($0.source.origin) }
            }
        }
        let piped = sections { $0 == .standardInput }
        return piped.isEmpty ? sections { if case .command = $0 { return true } else { return false } } : piped
    }

    /// The piped lines' preview made `command` (fzf's placeholders, as `--preview`'s), its pane
    /// as it was; an empty command takes the preview away.
    private static func changePreview(_ command: String, _ state: inout AppState) -> [Effect] {
        for section in pipedSections(state) {
            state.current.updateFeed(section: section) { feed in
                var live = feed.live
                var preview: [String: JSONValue] = ["format": .string("ansi")]
                if case .object(let members)? = live.template.attributes["preview"] { preview = members }
                preview["text"] = nil
                preview["command"] = .array([.string(FzfPlaceholders.shell), .string("-c"), .string(FzfPlaceholders.template(command))])
                var attributes = live.template.attributes
                attributes["preview"] = command.isEmpty ? nil : .object(preview)
                live.template = Row(attributes: attributes)
                // Fields are split only for templates that read them; the new command may.
                live.usesFields = true
                feed.live = live
            }
        }
        return []
    }

    /// The piped lines' preview pane laid out as `--preview-window` says (`down,40%,wrap`;
    /// `hidden` hides it), its command kept; fzf's options Segue lacks are told in the status line.
    private static func changePreviewWindow(_ layout: String, _ state: inout AppState) -> [Effect] {
        let (window, ignored) = PreviewWindow.parse(fzf: layout) { FzfPlaceholders.template($0, quoted: false) }
        for section in pipedSections(state) {
            state.current.updateFeed(section: section) { feed in
                guard case .object(var preview)? = feed.live.template.attributes["preview"] else { return }
                for key in ["position", "size", "wrap", "offset"] { preview[key] = nil }
                preview.merge(window.json) { $1 }
                var live = feed.live
                var attributes = live.template.attributes
                attributes["preview"] = .object(preview)
                live.template = Row(attributes: attributes)
                feed.live = live
            }
        }
        if !ignored.isEmpty { state.setStatus(StatusMessage("change-preview-window: ignored \(ignored.joined(separator: ", ")) (fzf's alone)")) }
        let hides = window.startsHidden != state.previewHidden
        state.current.scrollToSelection(in: state.listViewport)
        return hides ? Preview.toggle(&state) : []
    }

    /// `$SHELL -c` (`sh -c` without it, as fzf) running `command` with fzf's placeholders bound to the selected row, and the
    /// picker's state in the environment under Segue's and fzf's names (`SEGUE_QUERY`,
    /// `FZF_QUERY`…), so scripts written for fzf move over.
    static func shellCommand(_ command: String, action: BindAction, trigger: String, _ state: AppState) -> [String] {
        let screen = state.current
        var context = screen.context
        if let selection = screen.selection {
            let (section, position) = screen.locate(selection)
            context = screen.actingContext(onRow: selection)
            if let item = screen.sections[section].rows.binding(at: position) { context = context.adding(item) }
        }
        let bound = Template(FzfPlaceholders.template(command)).render(in: context)
        let values = [
            ("QUERY", screen.find?.editor.text ?? ""),
            ("MATCH_COUNT", String(screen.rowCount)),
            ("TOTAL_COUNT", String(screen.feeds.reduce(0) { $0 + $1.feed.items.count })),
            ("POS", String((screen.selection ?? -1) + 1)),
            ("KEY", trigger),
            ("ACTION", action.name),
            ("PROMPT", screen.find?.prompt ?? ""),
            ("INPUT_STATE", screen.find?.searchPaused == true ? "disabled" : "enabled"),
        ]
        let environment = values.flatMap { ["SEGUE_\($0.0)=\($0.1)", "FZF_\($0.0)=\($0.1)"] }
        // fzf's shell: `$SHELL -c`, else `sh -c`, so a script written for it (`[[ $FZF_PROMPT =~ Files ]]`
        // in a transform) runs the same.
        let shell = state.environment.member("env")?.member("SHELL")?.stringValue.flatMap { $0.isEmpty ? nil : $0 } ?? "sh"
        return ["env"] + environment + [shell, "-c", bound]
    }
}
