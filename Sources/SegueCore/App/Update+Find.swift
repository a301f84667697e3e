/// The find line: `/` opens it; while it is open, printable keys edit the query and the keys
/// that move go on moving in the (filtered) list.
enum Find {
    /// Opens the find line on the current screen, unless its spec turned finding off.
    static func open(_ state: inout AppState) {
        guard let options = state.current.spec.find.options else { return }
        state.current.openFind(prompt: options.prompt, sortsByScore: state.options.sortByScore || options.sortsByScore,
                               algorithm: state.options.findAlgorithm, searchPaused: state.options.searchDisabled,
                               in: state.listViewport(finding: true))
    }

    /// A key while the find line is open.
    static func key(_ key: Key, _ state: inout AppState) -> [Effect] {
        let before = state.current.find?.editor.text
        let effects = press(key, &state)
        let changed = state.current.find.map { $0.editor.text != before } == true ? Bindings.changed(&state) : []
        return effects + queryEdited(from: before, on: &state.current) + changed
    }

    /// A paste while the find line is open: inserted as text at the cursor (line breaks become
    /// spaces), as one change of the query.
    static func paste(_ text: String, _ state: inout AppState) -> [Effect] {
        let before = state.current.find?.editor.text
        state.current.editFind(in: state.listViewport) { $0.insert(text) }
        return queryEdited(from: before, on: &state.current)
    }

    /// After the query changed: command-searched sections run their command again once typing pauses.
    private static func queryEdited(from before: String?, on screen: inout Screen) -> [Effect] {
        guard let find = screen.find, find.editor.text != before, screen.searchesByCommand else { return [] }
        screen.find?.searchGeneration += 1
        screen.find?.searchIsDue = true
        screen.find?.acceptsWhenSearched = false
        return [.startTimer(TimerKey(screen: screen.id, generation: find.searchGeneration + 1),
                            seconds: FindMetrics.commandSearchDelay)]
    }

    /// A debounced command search is due: the current screen's command-searched sections load again
    /// with the query; a timer for an older query, or a screen no longer shown, does nothing.
    static func searchByCommand(_ key: TimerKey, _ state: inout AppState) -> [Effect] {
        guard state.current.id == key.screen, state.current.find?.searchGeneration == key.generation else { return [] }
        return runCommandSearch(&state)
    }

    /// The command-searched sections load again with the query as typed; a pending pause's timer
    /// is left to fire for nothing.
    private static func runCommandSearch(_ state: inout AppState) -> [Effect] {
        state.current.find?.searchIsDue = false
        state.current.find?.searchGeneration += 1
        return Sources.refresh(&state) { $0.live.source.searchesByCommand }
    }

    /// Enter in the find line accepts the selected match for the query as typed: a long list is
    /// filtered to the end first, and while a command search is due or under way, the row is
    /// activated once its answer is in (the rows shown are for an older query).
    private static func accept(_ state: inout AppState) -> [Effect] {
        let recorded = recordQuery(&state)
        return recorded + acceptFound(&state)
    }

    /// The query Enter accepts, kept as the screen's newest (when queries are kept).
    private static func recordQuery(_ state: inout AppState) -> [Effect] {
        guard state.queryHistory != nil, let typed = state.current.find?.editor.text,
              !typed.allSatisfy(\.isWhitespace), QueryHistory.isKept(typed) else { return [] }
        let screen = QueryHistory.key(of: state.current.spec, root: state.stack.first?.spec)
        state.queryHistory?.record(typed, for: screen)
        return state.options.queryHistoryFile.map { [.recordQuery(typed, screen: screen, file: $0)] } ?? []
    }

    /// Whether the screen has past queries for Ctrl-P and Ctrl-N to step through (else they move).
    static func hasPastQueries(_ state: AppState) -> Bool {
        state.queryHistory?.queries[QueryHistory.key(of: state.current.spec, root: state.stack.first?.spec)]?.isEmpty == false
    }

    /// Ctrl-P (`step` 1, older) or Ctrl-N (-1, newer) in the find line: the screen's past queries
    /// in turn; past the newest, what was typed before.
    static func browseHistory(_ step: Int, _ state: inout AppState) {
        guard let history = state.queryHistory, let find = state.current.find else { return }
        let past = history.queries[QueryHistory.key(of: state.current.spec, root: state.stack.first?.spec)] ?? []
        var browsing = find.browsing ?? HistoryBrowsing(back: -1, typed: find.editor.text)
        let back = min(past.count - 1, max(-1, browsing.back + step))
        guard back != browsing.back else { return }
        browsing.back = back
        let text = back < 0 ? browsing.typed : past[past.count - 1 - back]
        state.current.editFind(in: state.listViewport) { $0 = LineEditor(text) }
        state.current.find?.browsing = back < 0 ? nil : browsing
    }

    private static func acceptFound(_ state: inout AppState) -> [Effect] {
        state.current.finishFind(in: state.listViewport)
        if !state.current.isSearchingByCommand, state.current.matchedRowCount == 0, let typed = state.current.find?.editor.text {
            // Nothing matches: what was typed is the answer (select-or-type), or with
            // `--print-query` it is printed and the status says nothing was chosen (fzf's).
            if state.current.spec.find.acceptsQuery, !typed.isEmpty { return [Activation.emit([typed], state)] }
            if state.options.printQuery { return [Activation.emit([], state, status: .cancelled)] }
        }
        guard state.current.isSearchingByCommand else { return Activation.activate(&state) }
        state.current.find?.acceptsWhenSearched = true
        state.setStatus(StatusMessage("Searching…"))
        return state.current.find?.searchIsDue == true ? runCommandSearch(&state) : []
    }

    /// After a source load ended: an Enter that waited for a command search is carried out, unless
    /// the search failed (its failure shows instead).
    static func acceptIfSearched(_ state: inout AppState) -> [Effect] {
        guard state.current.find?.acceptsWhenSearched == true, !state.current.isSearchingByCommand else { return [] }
        state.current.find?.acceptsWhenSearched = false
        state.setStatus(nil)
        let failed = state.current.feeds.contains {
            if $0.feed.live.source.searchesByCommand, case .failed = $0.feed.phase { return true } else { return false }
        }
        return failed ? [] : Activation.activate(&state)
    }

    /// What the key does: it edits the query, or moves, marks, accepts, closes the line, or runs
    /// what the keymap or the row's actions give it.
    private static func press(_ key: Key, _ state: inout AppState) -> [Effect] {
        let viewport = state.listViewport
        // Down is down on screen: with fzf's default layout the list runs from the bottom up.
        let down = state.options.frame?.listBottomUp == true ? -1 : 1
        var edited = false
        // Without the find line (fzf's `--no-input`) typing edits no query.
        if state.options.frame?.hidesInput != true { state.current.editFind(in: viewport) { edited = $0.apply(key) } }
        if edited {
            // An edited past query is the user's own now: Ctrl-N past the newest gives it back.
            state.current.find?.browsing = nil
            return []
        }
        switch key {
        case .ctrl("p") where hasPastQueries(state):
            browseHistory(1, &state)
        case .ctrl("n") where hasPastQueries(state):
            browseHistory(-1, &state)
        case .up, .ctrl("p"):
            state.current.hasMoved = true
            state.current.move(by: -down, in: viewport)
        case .down, .ctrl("n"):
            state.current.hasMoved = true
            state.current.move(by: down, in: viewport)
        case .pageUp:
            state.current.hasMoved = true
            state.current.page(-down, in: viewport)
        case .pageDown:
            state.current.hasMoved = true
            state.current.page(down, in: viewport)
        case .tab, .backTab:
            // Space types a space here, so Tab marks and moves on, Shift-Tab back (as in fzf);
            // without marks, Tab is what the keymap makes it (the row's action menu).
            guard state.multiSelects else {
                if let command = state.current.keymap.command(for: key) { return Commands.perform(command, on: &state) }
                break
            }
            Activation.toggleMark(&state)
            state.current.hasMoved = true
            state.current.move(by: key == .tab ? down : -down, in: viewport)
        case .enter:
            return accept(&state)
        case .escape:
            // A picker (a spec that opens with the find line) is cancelled as a whole, as fzf is.
            if state.current.spec.find.opensAtStart {
                return state.stack.count == 1 ? [.quit(.cancelled)] : Navigation.back(&state)
            }
            state.current.closeFind(in: state.listViewport(finding: false))
            // Command-searched sections go back to what they show with no query, at once.
            if state.current.searchesByCommand { return Sources.refresh(&state) { $0.live.source.searchesByCommand } }
        case .ctrl("c"): return [.quit(.interrupted)]
        case .ctrl("z"): return [.suspend]
        case .ctrl("r"): return Sources.refresh(&state)
        default:
            // A key that types nothing and edits nothing: the selected row's action with that key
            // (a picker's Ctrl-Y), else what the screen's keymap (the spec's and the user's keys)
            // makes of it.
            if case .char = key { break }
            if let bound = state.current.selectedBoundRow, let extra = ExtraAction.of(bound.row).first(where: { $0.key == key }) {
                return Activation.runExtra(extra, &state)
            }
            if let command = state.current.keymap.command(for: key), command != .find, command != .confirm {
                return Commands.perform(command, on: &state)
            }
        }
        return []
    }
}
