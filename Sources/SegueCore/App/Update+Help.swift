/// Keys while the help overlay is open, by the commands the screen's keymap gives them: moving
/// (↑↓ k j), paging (PgUp/PgDn) and the ends (Home/End g G) scroll it; cancelling, quitting or
/// the help's own key (Esc q ? F1) close it; Ctrl-C's command still quits. Other keys do
/// nothing, so nothing runs by accident.
func helpKey(_ key: Key, _ state: inout AppState) -> [Effect] {
    guard var help = state.help else { return [] }
    let height = max(1, state.listViewport(finding: false).height - 2)
    let last = max(0, HelpContent.lines(for: state, width: state.size.width).count - height)
    switch state.current.keymap.command(for: key) {
    case .moveUp?: help.scroll -= 1
    case .moveDown?: help.scroll += 1
    case .pageUp?: help.scroll -= height
    case .pageDown?: help.scroll += height
    case .top?: help.scroll = 0
    case .bottom?: help.scroll = last
    case .cancel?, .quit?, .help?, .back?:
        state.help = nil
        return []
    case .interrupt?: return [.quit(.interrupted)]
    default: break
    }
    help.scroll = max(0, min(help.scroll, last))
    state.help = help
    return []
}
