/// Draws the help overlay over the list: a box titled ` Help `, its lines from where it is
/// scrolled (headings bold), and where it is in its length when it does not fit.
func drawHelp(_ help: HelpState, lines: [HelpContent.Line], list: Size, width: Int, into grid: inout Grid, theme: Theme) {
    let top = ScreenMetrics.listTop
    let height = list.height
    guard height >= 3, width >= 10 else { return }
    let inner = height - 2
    let border = theme.border
    for y in top..<(top + height) { grid.fill(y: y, style: .plain); grid.put(String(repeating: " ", count: width), x: 0, y: y, style: .plain) }
    var title = " Help: ↑↓ scroll, Esc closes "
    if lines.count > inner { title += "(\(help.scroll + 1)–\(min(lines.count, help.scroll + inner))/\(lines.count)) " }
    grid.put("┌" + String(repeating: "─", count: width - 2) + "┐", x: 0, y: top, style: border)
    grid.put(TextFitting.truncate(title, to: width - 4), x: 2, y: top, style: theme.header)
    let keyWidth = HelpContent.keyWidth(in: width)
    for row in 0..<inner {
        let y = top + 1 + row
        grid.put("│", x: 0, y: y, style: border)
        grid.put("│", x: width - 1, y: y, style: border)
        let index = help.scroll + row
        guard index < lines.count else { continue }
        let line = lines[index]
        if line.isHeading {
            grid.put(TextFitting.truncate(line.text, to: width - 4), x: 2, y: y, style: theme.prompt)
        } else {
            // Keys too long for their column (a problem's JSON Pointer) have a line of their own.
            grid.put(TextFitting.truncate(line.keys, to: line.text.isEmpty ? width - 4 : keyWidth - 1), x: 2, y: y, style: theme.row)
            grid.put(TextFitting.truncate(line.text, to: max(0, width - keyWidth - 4)), x: 2 + keyWidth, y: y, style: theme.detail)
        }
    }
    grid.put("└" + String(repeating: "─", count: width - 2) + "┘", x: 0, y: top + height - 1, style: border)
}
