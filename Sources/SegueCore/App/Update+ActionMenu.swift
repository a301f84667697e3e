/// Keys while the action menu is open: ↑↓ (k j) choose, Enter (→) runs the chosen entry, an
/// entry's key runs it, Esc, Tab, ← or q closes the menu; Ctrl-C still quits.
func actionMenuKey(_ key: Key, _ state: inout AppState) -> [Effect] {
    guard var menu = state.actionMenu else { return [] }
    switch key {
    case .up, .char("k"), .ctrl("p"), .backTab: menu.move(by: -1)
    case .down, .char("j"), .ctrl("n"): menu.move(by: 1)
    case .enter, .right, .char("l"):
        state.actionMenu = nil
        return run(menu.entries[menu.selection], from: menu, &state)
    case .escape, .tab, .left, .char("h"), .char("q"):
        state.actionMenu = nil
        return []
    case .ctrl("c"): return [.quit(.interrupted)]
    case .char(let character):
        guard let entry = menu.entry(forKey: character) else { return [] }
        state.actionMenu = nil
        return run(entry, from: menu, &state)
    default: break
    }
    state.actionMenu = menu
    return []
}

/// Runs a menu entry on the selected row, as Enter or the action's key would.
private func run(_ entry: ActionMenu.Entry, from menu: ActionMenu, _ state: inout AppState) -> [Effect] {
    guard state.current.selectedBoundRow == menu.asked else {
        state.setStatus(StatusMessage("cancelled: the rows changed while the menu was open"))
        return []
    }
    guard let extra = entry.extra else { return activate(&state, emittingMarks: false) }
    return runExtra(extra, &state)
}
