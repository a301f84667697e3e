/// `-1`/`-0`: a choice made without a key once the first screen is complete.
enum AutoChoice {
    /// `--select-1` and `--exit-0` (fzf's `-1` and `-0`): once the first screen has everything it
    /// will show (its live sections loaded, a find's filtering done), one match is chosen without a
    /// key, and none ends the session with status 1. Decided once: what the user does afterwards is
    /// theirs.
    static func choose(_ state: inout AppState) -> [Effect] {
        guard state.options.selectsOnlyMatch || state.options.exitsWithoutMatch, !state.autoChoiceDone,
              state.stack.count == 1 else { return [] }
        let screen = state.current
        guard !screen.feeds.contains(where: { $0.feed.phase == .loading }), screen.find?.job == nil else { return [] }
        state.autoChoiceDone = true
        // What could be chosen: the matches of what is typed, else every row the cursor can take.
        let choosable = (0..<screen.rowCount).lazy.filter { screen.isEnabled($0) }.prefix(2)
        if choosable.isEmpty, state.options.exitsWithoutMatch { return [.quit(.cancelled)] }
        if choosable.count == 1, state.options.selectsOnlyMatch, let only = choosable.first {
            state.current.select(only, in: state.listViewport)
            return Activation.activate(&state, emittingMarks: false)
        }
        return []
    }
}
