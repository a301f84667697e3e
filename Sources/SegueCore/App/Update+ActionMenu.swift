/// The action menu as a mode: its keys, and the entry they run.
extension ActionMenu {
    /// Keys while the action menu is open, by the commands the screen's keymap (with the spec's and
    /// the user's `"keys"`) gives them: moving up and down (↑↓ k j) chooses, Enter's command (⏎ → l)
    /// runs the chosen entry, going back, Esc, Tab or quitting (← h Esc Tab q) closes the menu, and
    /// Ctrl-C's command still quits. An entry's key runs it; Shift-Tab moves up.
    static func key(_ key: Key, _ state: inout AppState) -> [Effect] {
        guard var menu = state.actionMenu else { return [] }
        switch state.current.keymap.command(for: key) {
        case .moveUp?: menu.move(by: -1)
        case .moveDown?: menu.move(by: 1)
        case .top?, .pageUp?: menu.move(by: -menu.entries.count)
        case .bottom?, .pageDown?: menu.move(by: menu.entries.count)
        case .activate?:
            state.actionMenu = nil
            return choose(menu.entries[menu.selection], from: menu, &state)
        case .cancel?, .previous?, .back?, .actionMenu?, .quit?:
            state.actionMenu = nil
            return []
        case .interrupt?: return [.quit(.interrupted)]
        default:
            if key == .backTab {
                menu.move(by: -1)
            } else if let entry = menu.entry(forKey: key) {
                state.actionMenu = nil
                return choose(entry, from: menu, &state)
            }
        }
        state.actionMenu = menu
        return []
    }

    /// Runs a menu entry on the selected row, as Enter or the action's key would.
    private static func choose(_ entry: ActionMenu.Entry, from menu: ActionMenu, _ state: inout AppState) -> [Effect] {
        guard state.current.selectedBoundRow == menu.asked else {
            state.setStatus(StatusMessage("cancelled: the rows changed while the menu was open"))
            return []
        }
        guard let extra = entry.extra else { return Activation.activate(&state, emittingMarks: false) }
        return Activation.runExtra(extra, &state)
    }
}
