/// Draws the action menu over the list, under the selected row (`line` of the list) where it fits,
/// else above it: a box with `Actions` in its top border, an entry a line (`⏎  Open`, `e  Edit`),
/// the chosen one in reverse video. Cut to fit a small terminal.
func drawActionMenu(_ menu: ActionMenu, list: Size, top listTop: Int, selectedLine line: Int?, into grid: inout Grid, theme: Theme) {
    let keyWidth = max(1, menu.entries.map { TextWidth.of($0.key) }.max() ?? 1)
    let titles = menu.entries.map { TextFitting.sanitize($0.title) }
    let widest = titles.map(TextWidth.of).max() ?? 0
    let width = min(list.width - 2, max(12, keyWidth + widest + 6))
    let height = min(list.height, menu.entries.count + 2)
    guard width >= 8, height >= 3 else { return }
    let x = max(1, min(ScreenMetrics.textColumn + 2, list.width - width))
    let below = (line ?? 0) + 1
    let top = below + height <= list.height ? below : max(0, (line ?? list.height) - height)
    let y = listTop + top
    let border = theme.border
    grid.put("┌" + String(repeating: "─", count: width - 2) + "┐", x: x, y: y, style: border)
    grid.put(" Actions ", x: x + 2, y: y, style: theme.header)
    // The entries that fit, scrolled so the chosen one shows.
    let rows = height - 2
    let first = max(0, min(menu.selection - rows + 1, menu.entries.count - rows))
    for line in 0..<rows {
        let index = first + line
        let style = index == menu.selection ? theme.selected : theme.row
        grid.put("│", x: x, y: y + 1 + line, style: border)
        grid.fill(y: y + 1 + line, from: x + 1, to: x + width - 1, style: style)
        grid.put(String(repeating: " ", count: width - 2), x: x + 1, y: y + 1 + line, style: style)
        let entry = menu.entries[index]
        let keyText = entry.key + String(repeating: " ", count: keyWidth - TextWidth.of(entry.key))
        grid.put(" " + keyText + "  " + TextFitting.truncate(titles[index], to: width - keyWidth - 6), x: x + 1,
                 y: y + 1 + line, style: style)
        grid.put("│", x: x + width - 1, y: y + 1 + line, style: border)
    }
    grid.put("└" + String(repeating: "─", count: width - 2) + "┘", x: x, y: y + height - 1, style: border)
}
