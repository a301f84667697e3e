/// The stack of screens: going back, and a screen shown again or read again.
enum Navigation {
    /// Back to the screen below: where the one leaving was left is kept, its loads stop, and the one
    /// below shows again (its timed sections counting again).
    static func back(_ state: inout AppState) -> [Effect] {
        guard state.stack.count > 1 else { return [] }
        let leaving = state.stack.removeLast()
        state.pendingSegue = nil
        // The terminal may have changed size while the screen was hidden.
        state.current.scrollToSelection(in: state.listViewport)
        return Memory.rememberLeaving(leaving, &state) + (leaving.hasLoads ? [.cancelSources(screen: leaving.id)] : []) + Sources.armTimedRefreshes(on: &state.current) + showsAgain(&state)
    }

    /// The screen under the one that left shows again: `"refresh": "onShow"` reads it again (what a
    /// command run meanwhile changed shows), else a file `--watch` saw change does.
    static func showsAgain(_ state: inout AppState) -> [Effect] {
        guard state.current.spec.refreshesOnShow else { return reloadIfStale(&state) }
        state.current.isStale = false
        return readAgain(&state)
    }

    /// Reads the current screen's spec (and its data file) again, and the settings file: the
    /// selection and scroll stay; a spec that no longer loads says why and the screen stays.
    static func readAgain(_ state: inout AppState) -> [Effect] {
        let settings = state.settings.path.map { [Effect.readSettings(path: $0)] } ?? []
        // A screen a command made is made again.
        if let command = state.current.spec.madeBy {
            let pending = AppState.PendingSegue(path: "", rowTitle: state.current.title, passed: state.current.passed, mode: .reload)
            return settings + SpecCommand.start(command, for: pending, &state)
        }
        guard let path = state.current.spec.path else { return settings }
        state.pendingSegue = .init(path: path, rowTitle: state.current.title, passed: state.current.passed, mode: .reload)
        return settings + [.loadSpec(path: path)]
    }


    /// Files `--watch` follows changed: the screens read from them are stale, and the one shown
    /// loads again.
    static func filesChanged(_ paths: [String], _ state: inout AppState) -> [Effect] {
        let changed = Set(paths)
        for index in state.stack.indices where !changed.isDisjoint(with: state.stack[index].spec.files) {
            state.stack[index].isStale = true
        }
        return reloadIfStale(&state)
    }

    /// The screen shown loads its spec again when a file it was read from changed (`--watch`),
    /// keeping its selection and scroll; a spec that no longer loads shows its error and the screen
    /// stays as it was.
    static func reloadIfStale(_ state: inout AppState) -> [Effect] {
        guard state.current.isStale, state.pendingSegue == nil, let path = state.current.spec.path else { return [] }
        state.current.isStale = false
        state.pendingSegue = .init(path: path, rowTitle: state.current.title, passed: state.current.passed, mode: .reload)
        return [.loadSpec(path: path)]
    }
}
