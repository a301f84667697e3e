/// A spec tree's memory at work: screens that `"remember"` open on the row they were left on,
/// and where each is left is kept as it goes (back, root, replace, the session's end).
enum Memory {
    /// The name a screen goes by in the memory: its spec's path from the first spec's folder.
    static func name(of spec: Spec, _ state: AppState) -> String {
        QueryHistory.key(of: spec, root: state.stack.first?.spec ?? spec)
    }

    /// Keeps the row `screen` is left on, when its spec remembers.
    static func rememberLeaving(_ screen: Screen, _ state: inout AppState) -> [Effect] {
        guard screen.spec.remembers == true, let file = state.options.rowMemoryFile,
              let row = screen.selectedBoundRow?.row, let key = RowMemory.key(of: row) else { return [] }
        let change = RowMemory.Change.left(screen: name(of: screen.spec, state), row: key)
        state.rowMemory?.apply(change)
        return [.remember(change, file: file)]
    }

    /// The session ends: every screen on the stack is left where it is.
    static func rememberAll(_ state: inout AppState) -> [Effect] {
        state.stack.flatMap { screen in rememberLeaving(screen, &state) }
    }

    /// A row chosen (Enter, a hotkey, a click) on a screen ordered by frecency counts for next time.
    static func rememberChoice(of row: Row, _ state: inout AppState) -> [Effect] {
        guard let halfLife = state.current.spec.frecencyHalfLife, let file = state.options.rowMemoryFile,
              let key = RowMemory.key(of: row) else { return [] }
        let change = RowMemory.Change.chose(screen: name(of: state.current.spec, state), row: key,
                                            at: state.options.now, halfLife: halfLife)
        state.rowMemory?.apply(change)
        return [.remember(change, file: file)]
    }
}

extension AppState {
    /// `screen` with its rows in frecency order, when its spec asks and the memory has choices.
    func orderedByFrecency(_ screen: Screen) -> Screen {
        guard let halfLife = screen.spec.frecencyHalfLife, let memory = rowMemory else { return screen }
        let key = Memory.name(of: screen.spec, self)
        guard memory.uses[key]?.isEmpty == false else { return screen }
        var ordered = screen
        let chosen = memory.uses[key] ?? [:]
        ordered.order { row in
            // Most rows were never chosen: a look-up, not a score.
            guard chosen[row] != nil else { return nil }
            let score = memory.score(of: row, on: key, now: options.now, halfLife: halfLife)
            return score > 0 ? score : nil
        }
        return ordered
    }

    /// A live section of a frecency screen that has brought all its rows puts the rows chosen
    /// before first (by `id`, else title, as for rows written in the spec), unless the user has
    /// moved or marked already (rows do not jump under the cursor). True when it moved any.
    mutating func orderLiveByFrecency(section: Int, screenAt index: Int) -> Bool {
        let screen = stack[index]
        guard let halfLife = screen.spec.frecencyHalfLife, let memory = rowMemory, !screen.hasMoved, screen.marks.isEmpty,
              let (feed, firstRow) = screen.feed(inSection: section), feed.phase == .loaded, feed.exhausted else { return false }
        let key = Memory.name(of: screen.spec, self)
        guard let chosen = memory.uses[key], !chosen.isEmpty else { return false }
        let start = firstRow - screen.fullLayout.spans[section].firstRow
        let scored = (0..<min(feed.items.count, Screen.frecencyScanLimit)).compactMap { item -> (Int, Double)? in
            guard let row = RowMemory.key(of: screen.boundRow(section: section, position: start + item).row), chosen[row] != nil else { return nil }
            let score = memory.score(of: row, on: key, now: options.now, halfLife: halfLife)
            return score > 0 ? (item, score) : nil
        }
        guard !scored.isEmpty else { return false }
        let order = scored.sorted { $0.1 > $1.1 }.map(\.0)
        _ = stack[index].updateFeed(section: section) { $0.items = $0.items.moving(toFront: order) }
        return true
    }

    /// The row a remembering screen was last left on, if it is still there to select.
    func rememberedRow(of screen: Screen) -> Int? {
        guard screen.spec.remembers == true, let key = rowMemory?.left[Memory.name(of: screen.spec, self)] else { return nil }
        return screen.row(withIDOrTitle: key)
    }
}
