/// A message shown whole in a box over the list (`{"type": "message", "style": "box"}`): the
/// text keeps its line breaks and wraps to the box, scrolls when it is longer than the screen,
/// and waits for Enter (whiptail's `--msgbox`). Actions queued after it run once it is closed.
struct MessageBox: Equatable, Sendable {
    var text: String
    var isError: Bool
    /// The first line shown.
    var scroll = 0
    /// Whether actions wait behind it (`runInOrder` queued them): closing it lets them go on.
    var holdsQueue = false

    /// The columns the text wraps to in a terminal `width` wide: the box's inside, less its margins.
    static func textWidth(in width: Int) -> Int { max(1, min(width - 6, 76)) }

    /// The text's lines at `width` columns: each of its own lines wrapped, blank ones kept.
    func lines(width: Int) -> [String] {
        ScreenMetrics.paragraphLines(text, width: Self.textWidth(in: width))
    }

    /// Where a box is drawn: over the list and the preview pane alike, above the bottom line.
    static func area(in state: AppState) -> Size { state.overlayArea() }

    /// The lines of text the box shows at once in a list `height` lines high: less its borders,
    /// and its `⏎ OK` line where there is room for one (a box that asks has none).
    static func visibleLines(inList height: Int, asking: Bool = false) -> Int {
        max(1, height - 2 - (!asking && showsOK(inList: height) ? 1 : 0))
    }

    /// Whether the box has room for its `⏎ OK` line besides a line of text or two.
    static func showsOK(inList height: Int) -> Bool { height >= 5 }
}

extension MessageBox {
    /// Keys while a message box shows: the moving keys scroll it; Enter, Space, Esc, q and Backspace
    /// close it (and what waited behind it goes on); Ctrl-C quits. Other keys do nothing.
    static func key(_ key: Key, _ box: MessageBox, _ state: inout AppState) -> [Effect] {
        var box = box
        let height = MessageBox.visibleLines(inList: MessageBox.area(in: state).height)
        let last = max(0, box.lines(width: state.size.width).count - height)
        let command = state.current.keymap.command(for: key)
        if let scrolled = TextScroll.scrolled(box.scroll, by: command, height: height, last: last) {
            box.scroll = scrolled
            state.mode = .message(box)
            return []
        }
        if command == .interrupt { return [.quit(.interrupted)] }
        guard key == .enter || key == .char(" ") || [.cancel, .quit, .back, .activate, .flip].contains(command) else { return [] }
        state.closeMode()
        return box.holdsQueue ? ActionQueue.resume(&state) : []
    }
}
