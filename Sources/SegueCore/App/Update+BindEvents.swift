/// fzf's events that come from what the picker shows rather than a key: `focus` (another row
/// selected), `result` (filtering finished with something new), `one` and `zero` (that many
/// matches, every line in) — each found by comparing the state before and after an event
/// (`update`) — and the `every(N)` timers.
extension Bindings {
    /// The `focus` event, when the selected row is another than `before` (a full row, `nil`
    /// for none) on the same screen.
    static func focusMoved(from before: (screen: Int, row: Int?), _ state: inout AppState) -> [Effect] {
        guard state.bindings[.focus] != nil, state.current.id == before.screen,
              state.current.selection.map(state.current.fullRow) != before.row else { return [] }
        return fire(.focus, &state)
    }

    /// Where the selection is, for `focusMoved`.
    static func focus(of state: AppState) -> (screen: Int, row: Int?) {
        (state.current.id, state.current.selection.map(state.current.fullRow))
    }

    /// What filtering last showed, for `resultShown`: `nil` while it is still under way.
    struct ShownResult: Equatable {
        var screen: Int
        var query: String
        var matched: Int
        var rows: Int
        var loading: Bool
    }

    static func result(of state: AppState) -> ShownResult? {
        let bindings = state.bindings
        guard bindings[.result] != nil || bindings[.resultFinal] != nil || bindings[.one] != nil || bindings[.zero] != nil else { return nil }
        let screen = state.current
        guard let find = screen.find, find.job == nil else { return nil }
        return ShownResult(screen: screen.id, query: find.searchedText, matched: screen.matchedRowCount ?? screen.searchableRowCount,
                      rows: screen.searchableRowCount, loading: screen.feeds.contains { $0.feed.phase == .loading })
    }

    /// fzf's `result` event, when filtering has finished with something new to show (another
    /// query, rows that came, the lines all in), then `zero` or `one` when every line has come
    /// and that many match.
    static func resultShown(from before: ShownResult?, _ state: inout AppState) -> [Effect] {
        guard let now = result(of: state), now != before else { return [] }
        var effects = fire(.result, &state)
        guard !effects.contains(where: \.endsSession), !now.loading, result(of: state) == now else { return effects }
        effects += fire(.resultFinal, &state)
        guard !effects.contains(where: \.endsSession), result(of: state) == now else { return effects }
        if now.matched == 0 { effects += fire(.zero, &state) }
        if now.matched == 1 { effects += fire(.one, &state) }
        return effects
    }

    /// The marked rows, for `marksChanged`: `nil` when nothing is bound to `multi`.
    static func marks(of state: AppState) -> (screen: Int, marks: Set<Int>)? {
        state.bindings[.multi] == nil ? nil : (state.current.id, state.current.marks)
    }

    /// fzf's `multi` event, when the marked rows changed on the same screen.
    static func marksChanged(from before: (screen: Int, marks: Set<Int>)?, _ state: inout AppState) -> [Effect] {
        guard let before, before.screen == state.current.id, before.marks != state.current.marks else { return [] }
        return fire(.multi, &state)
    }

    /// The `every(N)` bindings' timers, as the session starts.
    static func armTimers(_ state: AppState) -> [Effect] {
        state.bindings.everyIntervals.map { interval in
            .startTimer(TimerKey(screen: 0, generation: 0, purpose: .every(milliseconds: interval)), seconds: Double(interval) / 1000)
        }
    }

    /// An `every(N)` binding's time has come: its actions (unless unbound), and its timer again.
    static func timerFired(_ key: TimerKey, every interval: Int, _ state: inout AppState) -> [Effect] {
        let trigger = BindTrigger.every(milliseconds: interval)
        guard let actions = state.bindings.actions[trigger] else { return [] }
        let again = Effect.startTimer(key, seconds: Double(interval) / 1000)
        guard !state.unboundTriggers.contains(trigger), state.isDrawable else { return [again] }
        let effects = perform(actions[...], trigger: trigger.name, &state)
        return effects.contains(where: \.endsSession) ? effects : effects + [again]
    }
}
