/// Draws a message box over the list: centred across and down (as dialog and whiptail draw
/// theirs), as wide as its longest line needs (within the
/// screen), its lines from where it is scrolled, where it is in them when they do not all fit,
/// and ` ⏎ OK ` at its foot.
/// `asking`: the text of a prompt asked under it (a box that asks): no ` ⏎ OK `, Enter answers.
func drawMessageBox(_ box: MessageBox, list: Size, asking: Bool = false, into grid: inout Grid, theme: Theme) {
    guard list.height >= 3, list.width >= 8 else { return }
    let lines = box.lines(width: list.width)
    let shown = MessageBox.visibleLines(inList: list.height, asking: asking)
    // Scrolled no further than the last lines (the terminal may have grown since).
    var box = box
    box.scroll = max(0, min(box.scroll, lines.count - shown))
    let visible = lines[box.scroll..<min(lines.count, box.scroll + shown)]
    var heading = box.isError ? " Error " : ""
    // As wide as the widest place it can say, so the box keeps its width as it scrolls.
    var widest = heading
    if lines.count > shown {
        heading += " \(box.scroll + 1)–\(box.scroll + visible.count)/\(lines.count) ↑↓ "
        widest += " \(lines.count)–\(lines.count)/\(lines.count) ↑↓ "
    }
    let inner = max(lines.map(TextWidth.of).max() ?? 0, TextWidth.of(widest), 8)
    let width = min(list.width, inner + 4)
    let ok = !asking && MessageBox.showsOK(inList: list.height)
    let height = min(list.height, visible.count + (ok ? 3 : 2))
    let left = (list.width - width) / 2
    let top = ScreenMetrics.listTop + (list.height - height) / 2
    let border = box.isError ? theme.error : theme.border
    let blank = String(repeating: " ", count: width - 2)
    grid.put("┌" + String(repeating: "─", count: width - 2) + "┐", x: left, y: top, style: border)
    if !heading.isEmpty { grid.put(TextFitting.truncate(heading, to: width - 4), x: left + 2, y: top, style: border) }
    for (offset, line) in visible.enumerated() {
        let y = top + 1 + offset
        grid.put("│" + blank + "│", x: left, y: y, style: border)
        grid.put(TextFitting.truncate(line, to: width - 4), x: left + 2, y: y, style: theme.row)
    }
    if ok {
        let foot = top + height - 2
        grid.put("│" + blank + "│", x: left, y: foot, style: border)
        grid.put("⏎ OK", x: left + (width - 4) / 2, y: foot, style: theme.selected)
    }
    grid.put("└" + String(repeating: "─", count: width - 2) + "┘", x: left, y: top + height - 1, style: border)
}
