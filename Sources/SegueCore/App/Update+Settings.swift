/// Changing settings (what toggle, choice, input and slider rows do to them); screens that hold
/// their changes until saved.
enum SettingChanges {
    /// Sets a setting everywhere it shows and asks for it to be saved; a screen that saves on
    /// `save` holds it (and what it was) instead, and no other save writes it meanwhile. `nil` takes
    /// the setting away.
    static func change(_ name: String, to value: JSONValue?, _ state: inout AppState) -> [Effect] {
        change([(name, value)], &state)
    }

    /// Several settings changed as one, saved once (a member renamed: its old key taken away,
    /// its new one set).
    static func change(_ changes: [(name: String, value: JSONValue?)], _ state: inout AppState) -> [Effect] {
        for (name, value) in changes {
            if state.current.spec.savesSettingsOnSave {
                if state.current.heldSettings[name] == nil { state.current.heldSettings[name] = .some(state.settings.value(for: name)) }
                state.settings.set(name, to: value, held: true)
            } else if state.settingsCheck != nil, value == .null || value == .string("") || value == .array([]) {
                // Checked by a schema, an emptied number, text or list is left out (its default
                // applies again), not written as null, "" or [], which a type, a format or a
                // length would refuse and which a row cannot tell from unset.
                state.settings.remove(name)
            } else {
                state.settings.set(name, to: value)
            }
        }
        return state.current.spec.savesSettingsOnSave ? [] : save(&state)
    }

    /// Writes the changed settings; with a schema to check them by (`segue edit`), only when they
    /// add no problem to those the file has (or `--force`): a refused save keeps the changes in
    /// memory, and the first save after the new problems are fixed writes them all
    /// (`Settings.changedNames` holds every one).
    private static func save(_ state: inout AppState) -> [Effect] {
        if var check = state.settingsCheck {
            let held = check.holdsChanges
            check.check(state.settings)
            let added = check.added
            check.holdsChanges = !added.isEmpty && !check.force
            if !check.holdsChanges { check.written(state.settings) }
            state.settingsCheck = check
            if check.holdsChanges {
                // The file's own problems are no reason: only what the edit added is named.
                state.setStatus(.error("not saved: " + (added.count == check.problems.count ? check.summary : check.addedSummary)))
                return []
            }
            if check.force, !check.problems.isEmpty {
                state.setStatus(.warning("saved with \(check.summary) (--force)"))
            } else if !check.problems.isEmpty {
                state.setStatus(.warning("saved; \(state.settings.fileName) still has \(SchemaCheck.count(check.problems.count, "problem")) it had (? lists them)"))
            } else if let unfinished = check.unfinished {
                state.setStatus(.warning("saved, " + unfinished))
            } else if held {
                state.setStatus(StatusMessage("saved: the problems are fixed"))
            }
        }
        if state.settings.isWritable { return [.saveSettings(state.settings)] }
        if let problem = state.settings.problem { state.setStatus(.error(problem.description)) }
        return []
    }

    /// The settings file was read again (a `reload`, `--watch`, a screen shown again): its values
    /// are the settings now, under the changes no save has written yet.
    static func read(_ file: Settings, _ state: inout AppState) -> [Effect] {
        // Changes no save has written yet (refused for their problems, or a save that failed)
        // are kept over the file, to be written by the next save.
        let waiting = state.settingsCheck?.holdsChanges == true || state.failedSave != nil ? state.settings : nil
        state.settings = state.settings.readAgain(as: file)
        // The file's problems as it is written now are its own.
        state.settingsCheck?.written(state.settings)
        // Changes a save refused for their problems are still to be written: kept over the file.
        for name in waiting?.changedNames.sorted() ?? [] {
            if let value = waiting?.value(for: name) { state.settings.set(name, to: value) } else { state.settings.remove(name) }
        }
        if let problem = file.problem {
            state.setStatus(.error(problem.description))
            return []
        }
        return saveWaiting(&state)
    }

    /// A save ended: why it failed (kept for the next save and for quitting), the places it
    /// changed besides, or the loss only a rewrite would take, asked about.
    static func saved(_ problem: SettingsProblem?, followed: [String: JSONValue?], wouldLose: String?,
                      _ state: inout AppState) {
        // Settings that could not be used from the start (`--settings /dev/null`, a folder) are
        // for the session by design, said as it opened: nothing waits for a save there.
        state.failedSave = state.settings.problem == nil ? problem : nil
        if let problem { state.setStatus(.error(problem.description)) }
        if !followed.isEmpty { showFollowed(followed, &state) }
        if let wouldLose { askToRewrite(losing: wouldLose, &state) }
    }

    /// A save changed the file at other places too (the aliases of a YAML anchor a change was made
    /// in): they show so, and the status line says where.
    static func showFollowed(_ followed: [String: JSONValue?], _ state: inout AppState) {
        for (pointer, value) in followed { state.settings.follow(pointer, to: value) }
        recheck(&state)
        let places = followed.keys.sorted()
        let named = places.prefix(3).joined(separator: ", ") + (places.count > 3 ? " and \(places.count - 3) more" : "")
        state.setStatus(.warning("saved where its YAML anchor is, so its aliases changed too: \(named)"))
    }

    /// A save that only writing the file anew could make, losing `loss` (a YAML file's comments and
    /// anchors), was refused: asks whether to write it so; no leaves the changes waiting.
    static func askToRewrite(losing loss: String, _ state: inout AppState) {
        let question = "\(state.settings.fileName) can only be saved written anew, dropping \(loss): write it anew?"
        state.pendingConfirmation = .init(action: RowAction(.save, confirm: question), row: nil, asked: nil, rewritesSettings: true)
        state.setStatus(.warning("\(question) (\(state.current.keymap.confirmLabel)/N)"))
    }

    /// Yes to writing the settings file anew: this save alone may.
    static func rewrite(_ settings: Settings) -> [Effect] {
        var once = settings
        once.rewritesWhole = true
        return [.saveSettings(once)]
    }

    /// After the file was read again: changes waiting for their problems to be fixed are saved if
    /// the file now lets them (a problem fixed in the file by hand), else the rows show what is wrong now.
    static func saveWaiting(_ state: inout AppState) -> [Effect] {
        guard state.settingsCheck?.holdsChanges == true || state.failedSave != nil else {
            recheck(&state)
            return []
        }
        return save(&state)
    }

    /// Checks the settings again after they changed without a save (read again from the file,
    /// changes discarded), for the rows to show what is wrong now.
    static func recheck(_ state: inout AppState) {
        state.settingsCheck?.check(state.settings)
    }

    /// `save`: the screen's held changes are written.
    static func saveHeld(_ state: inout AppState) -> [Effect] {
        guard !state.current.heldSettings.isEmpty else {
            state.setStatus(StatusMessage("nothing to save"))
            return []
        }
        state.settings.release(state.current.heldSettings.keys)
        state.current.heldSettings = [:]
        state.setStatus(StatusMessage("saved"))
        return save(&state)
    }

    /// `discard`: the screen's held changes are undone, everywhere they show.
    static func discardHeld(_ state: inout AppState) {
        guard !state.current.heldSettings.isEmpty else {
            state.setStatus(StatusMessage("nothing to discard"))
            return
        }
        undoHeld(ofScreensAt: state.stack.count - 1..<state.stack.count, &state)
    }

    /// Undoes the held changes of the screens at `indices`, the topmost first (so a setting held by
    /// two screens ends as it was before the lower one changed it).
    private static func undoHeld(ofScreensAt indices: Range<Int>, _ state: inout AppState) {
        for index in indices.reversed() {
            let held = state.stack[index].heldSettings
            state.stack[index].heldSettings = [:]
            for (name, value) in held { state.settings.restore(name, to: value) }
        }
        recheck(&state)
        state.setStatus(StatusMessage("discarded unsaved changes"))
    }

    /// The screens `action` would leave: the current one for back and replace (none at the first
    /// screen), all but the first for root, every one for quit and emit.
    private static func screensLeft(by action: RowAction, _ state: AppState) -> Range<Int> {
        let count = state.stack.count
        switch action.kind {
        case .back: return count > 1 ? count - 1..<count : count..<count
        case .replace: return count - 1..<count
        case .root: return 1..<max(1, count)
        case .quit, .emit, .finish: return 0..<count
        default: return count..<count
        }
    }

    /// Leaving a screen by a key (back, Esc, q): first asks whether to discard unsaved changes.
    static func leave(_ action: RowAction, _ state: inout AppState) -> [Effect] {
        askToDiscard(action, from: .none, &state) ?? Activation.run(action, from: .none, on: &state)
    }

    /// When a screen `action` leaves holds unsaved changes, asks "Discard unsaved changes?" before
    /// it, and returns; `nil` when there is nothing to ask.
    static func askToDiscard(_ action: RowAction, from origin: ActionOrigin, _ state: inout AppState) -> [Effect]? {
        let question: String
        if state.stack[screensLeft(by: action, state)].contains(where: { !$0.heldSettings.isEmpty }) {
            question = "Discard unsaved changes?"
        } else if let check = state.settingsCheck, check.holdsChanges, action.endsSession {
            // Changes a save refused for their problems are lost with the session.
            question = SchemaCheck.count(check.added.count, check.added.count == check.problems.count ? "problem" : "new problem") + ": quit without saving?"
        } else if state.failedSave != nil, action.endsSession {
            // So are those a save failed to write (the status line said why).
            question = "changes to \(state.settings.fileName) are not saved: quit without saving?"
        } else {
            return nil
        }
        var row: Int?
        if case .row(let index) = origin { row = index }
        state.pendingConfirmation = .init(action: action, row: row, asked: row.map { state.current.boundRow($0) },
                                          discardsSettings: true)
        state.setStatus(.warning("\(question) (\(state.current.keymap.confirmLabel)/N)"))
        return []
    }

    /// Yes to "Discard unsaved changes?": the held changes of the screens the action leaves are
    /// undone, then it runs (for its row, if that row is still the one asked about).
    static func discardAndLeave(_ question: AppState.Confirmation, _ state: inout AppState) -> [Effect] {
        if let row = question.row, !state.current.stillShows(question.asked, at: row) {
            state.setStatus(StatusMessage("cancelled: the rows changed while asking"))
            return []
        }
        undoHeld(ofScreensAt: screensLeft(by: question.action, state), &state)
        // The changes no save would take are given up with the session.
        if question.action.endsSession {
            state.settingsCheck?.holdsChanges = false
            state.failedSave = nil
        }
        return Activation.run(question.action, from: question.row.map { .row($0) } ?? .none, on: &state)
    }
}

extension RowAction {
    /// Whether running it ends the session (quit, emit, finish), leaving every screen.
    var endsSession: Bool {
        switch kind {
        case .quit, .emit, .finish: return true
        default: return false
        }
    }
}
