/// Draws the preview pane: its border with the selected row's title, then the preview's lines
/// from where it is scrolled, cut to the pane (or wrapped, when its window says `wrap`). A command still running says
/// `Loading…`; a failure shows as `⚠ …` in the error style.
func drawPreview(_ preview: PreviewState, title: String, pane: PreviewLayout.Pane, into grid: inout Grid, theme: Theme) {
    let border = theme.border
    var heading = TextFitting.sanitize(title)
    if preview.lines.count > pane.textHeight, pane.textHeight > 0 {
        heading += "  \(preview.scroll + 1)–\(min(preview.lines.count, preview.scroll + pane.textHeight))/\(preview.lines.count)"
    }
    switch pane.side {
    case .right, .left:
        // The border on the list's side.
        let borderX = pane.side == .right ? pane.x : pane.x + pane.width - 1
        for y in pane.y..<(pane.y + pane.height) { grid.put("│", x: borderX, y: y, style: border) }
        grid.put(TextFitting.truncate(heading, to: pane.textWidth), x: pane.textX, y: pane.y, style: theme.header)
    case .bottom, .top:
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
    let keepsColour = (preview.spec?.keepsColour ?? false) && theme.drawsProgramColours
    let wraps = preview.spec?.window.wraps ?? false
    let limit = pane.textX + pane.textWidth
    var y = top
    for line in preview.lines.dropFirst(preview.scroll) {
        guard y < top + pane.textHeight else { break }
        let expanded = ColouredText.expandingTabs(line)
        let runs = keepsColour ? ColouredText.runs(expanded, base: theme.row) : [(text: expanded, style: theme.row)]
        var x = pane.textX
        // Wrapped text of one style breaks between words (a long word between characters), its
        // indent kept on each line and its other spaces as they are; a line of several colours
        // breaks between characters. Only the lines the pane shows are made.
        if wraps, runs.count == 1, let run = runs.first, TextWidth.of(TextFitting.sanitize(run.text)) > pane.textWidth {
            let text = TextFitting.sanitize(run.text)
            let indent = String(text.prefix { $0 == " " }.prefix(max(0, pane.textWidth / 2)))
            var rest = Substring(text.dropFirst(indent.count))
            repeat {
                guard y < top + pane.textHeight else { break }
                let (line, next) = TextWrapping.firstLine(of: rest, width: pane.textWidth - indent.count)
                grid.put(indent + line, x: pane.textX, y: y, style: run.style, limit: limit)
                rest = next
                y += 1
            } while !rest.isEmpty
            continue
        }
        for run in runs {
            let text = TextFitting.sanitize(run.text)
            guard wraps else {
                if x < limit { x = grid.put(text, x: x, y: y, style: run.style, limit: limit) }
                continue
            }
            // Wrapped: a character that does not fit starts the next line of the pane.
            for character in text {
                let width = TextWidth.of(character)
                if x + width > limit, x > pane.textX {
                    y += 1
                    x = pane.textX
                }
                guard y < top + pane.textHeight else { break }
                x = grid.put(String(character), x: x, y: y, style: run.style, limit: limit)
            }
        }
        y += 1
    }
}
