/// The help overlay as a mode: its keys.
enum Help {
    /// Keys while the help overlay is open, by the commands the screen's keymap gives them: moving
    /// (↑↓ k j), paging (PgUp/PgDn) and the ends (Home/End g G) scroll it; cancelling, quitting or
    /// the help's own key (Esc q ? F1) close it; Ctrl-C's command still quits. Other keys do
    /// nothing, so nothing runs by accident.
    static func key(_ key: Key, _ state: inout AppState) -> [Effect] {
        guard var help = state.help else { return [] }
        let height = max(1, state.overlayArea().height - 2)
        let last = max(0, HelpContent.lines(for: state, width: state.size.width).count - height)
        let command = state.current.keymap.command(for: key)
        if let scrolled = TextScroll.scrolled(help.scroll, by: command, height: height, last: last) {
            help.scroll = scrolled
            state.help = help
            return []
        }
        switch command {
        case .cancel?, .quit?, .help?, .back?:
            state.help = nil
            return []
        case .interrupt?: return [.quit(.interrupted)]
        default: break
        }
        return []
    }
}

/// Scrolling text that is longer than its box by the moving keys (the help, a message box).
enum TextScroll {
    /// Where text that scrolls (the help, a message box) is scrolled to by a moving key: a line, a
    /// page of `height`, or an end, within `0...last`; `nil` for any other command.
    static func scrolled(_ scroll: Int, by command: KeyCommand?, height: Int, last: Int) -> Int? {
        let moved: Int
        switch command {
        case .moveUp?: moved = scroll - 1
        case .moveDown?: moved = scroll + 1
        case .pageUp?: moved = scroll - height
        case .pageDown?: moved = scroll + height
        case .top?: moved = 0
        case .bottom?: moved = last
        default: return nil
        }
        return max(0, min(moved, last))
    }
}
