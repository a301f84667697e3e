/// Keys while the help overlay is open: ↑↓ (k j), PgUp/PgDn, Home/End (g G) scroll it; Esc, q,
/// ? or F1 close it; Ctrl-C still quits. Other keys do nothing, so nothing runs by accident.
func helpKey(_ key: Key, _ state: inout AppState) -> [Effect] {
    guard var help = state.help else { return [] }
    let height = max(1, state.listViewport(finding: false).height - 2)
    let last = max(0, HelpContent.lines(for: state, width: state.size.width).count - height)
    switch key {
    case .up, .char("k"): help.scroll -= 1
    case .down, .char("j"): help.scroll += 1
    case .pageUp: help.scroll -= height
    case .pageDown: help.scroll += height
    case .home, .char("g"): help.scroll = 0
    case .end, .char("G"): help.scroll = last
    case .escape, .char("q"), .char("?"), .function(1):
        state.help = nil
        return []
    case .ctrl("c"): return [.quit(.interrupted)]
    default: break
    }
    help.scroll = max(0, min(help.scroll, last))
    state.help = help
    return []
}
