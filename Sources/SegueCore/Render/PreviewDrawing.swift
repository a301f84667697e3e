/// Draws the preview pane: its border with the selected row's title, then the preview's lines
/// from where it is scrolled, cut to the pane (never wrapped). A command still running says
/// `Loading…`; a failure shows as `⚠ …` in the error style.
func drawPreview(_ preview: PreviewState, title: String, pane: PreviewLayout.Pane, into grid: inout Grid, theme: Theme) {
    let border = theme.border
    var heading = TextFitting.sanitize(title)
    if preview.lines.count > pane.textHeight, pane.textHeight > 0 {
        heading += "  \(preview.scroll + 1)–\(min(preview.lines.count, preview.scroll + pane.textHeight))/\(preview.lines.count)"
    }
    switch pane.side {
    case .right:
        for y in pane.y..<(pane.y + pane.height) { grid.put("│", x: pane.x, y: y, style: border) }
        grid.put(TextFitting.truncate(heading, to: pane.textWidth), x: pane.textX, y: pane.y, style: theme.header)
    case .bottom:
        grid.put(String(repeating: "─", count: pane.width), x: 0, y: pane.y, style: border)
        if pane.width > 8 {
            grid.put(" " + TextFitting.truncate(heading, to: pane.width - 8) + " ", x: 2, y: pane.y, style: theme.header)
        }
    }
    let top = pane.y + 1
    guard pane.textHeight > 0 else { return }
    switch preview.phase {
    case .none:
        grid.put(TextFitting.truncate("No preview for this row", to: pane.textWidth), x: pane.textX, y: top, style: theme.notice)
        return
    case .failed(let message):
        let lines = TextWrapping.wrap("⚠ " + TextFitting.sanitize(message), to: pane.textWidth)
        for (index, line) in lines.prefix(pane.textHeight).enumerated() {
            grid.put(line, x: pane.textX, y: top + index, style: theme.error)
        }
        return
    case .waiting, .loading:
        // What a command has said so far shows as it comes; before its first line, a spinner.
        guard preview.lines.isEmpty else { break }
        grid.put("Loading… " + String(LiveFeed.spinner[preview.frame % LiveFeed.spinner.count]), x: pane.textX, y: top,
                 style: theme.notice)
        return
    case .done where preview.lines.isEmpty || preview.lines == [""]:
        grid.put("(no output)", x: pane.textX, y: top, style: theme.notice)
        return
    default:
        break
    }
    let keepsColour = preview.spec?.keepsColour ?? false
    let limit = pane.textX + pane.textWidth
    for (index, line) in preview.lines.dropFirst(preview.scroll).prefix(pane.textHeight).enumerated() {
        let y = top + index
        let expanded = ColouredText.expandingTabs(line)
        if keepsColour {
            var x = pane.textX
            for run in ColouredText.runs(expanded, base: theme.row) where x < limit {
                x = grid.put(TextFitting.sanitize(run.text), x: x, y: y, style: run.style, limit: limit)
            }
        } else {
            grid.put(TextFitting.sanitize(expanded), x: pane.textX, y: y, style: theme.row, limit: limit)
        }
    }
}
