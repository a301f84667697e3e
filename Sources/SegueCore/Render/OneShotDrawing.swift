/// The one-shot questions that are a whole session, drawn in their band at any size: `segue
/// spin`'s spinner and `segue write`'s text.

/// `⠋ Building…` on the band's first line.
func drawSpinning(_ spinning: Spinning, into grid: inout Grid, theme: Theme) {
    let frame = String(LiveFeed.spinner[spinning.frame % LiveFeed.spinner.count])
    let x = grid.put(frame, x: ScreenMetrics.pointerColumn, y: 0, style: theme.prompt) + 1
    var title = TextFitting.sanitize(spinning.question.title)
    if let message = spinning.progress.message { title += "  " + TextFitting.sanitize(message) }
    grid.put(TextFitting.truncate(title, to: max(1, grid.width - x - 1)), x: x, y: 0, style: theme.row)
    // `segue progress`: the bar under it, with the share done.
    guard spinning.question.readsProgress, grid.height > 1 else { return }
    let fraction = spinning.progress.fraction ?? 0
    let percent = " \(Int((fraction * 100).rounded(.down)))%"
    let width = max(1, grid.width - ScreenMetrics.pointerColumn - 1 - percent.count - 2)
    var bar = ProgressReading.bar(fraction, width: width)
    if theme.ascii { bar = String(bar.map { $0 == "█" ? "#" : "." }) }
    let end = grid.put(bar, x: ScreenMetrics.pointerColumn, y: 1, style: theme.header)
    grid.put(percent, x: end, y: 1, style: theme.row)
}

/// The header, the text's rows (a bar at their left, long lines wrapped, the placeholder while
/// nothing is typed) with the terminal's cursor in them, and the hint line with the count of
/// characters against the limit.
func drawWriting(_ writing: Writing, into grid: inout Grid, theme: Theme) {
    let layout = writing.question.layout(in: Size(width: grid.width, height: grid.height))
    if let y = layout.header, let header = writing.question.header {
        grid.put(TextFitting.truncate(TextFitting.sanitize(header), to: ScreenMetrics.headerWidth(grid.width)),
                 x: ScreenMetrics.pointerColumn, y: y, style: theme.header)
    }
    let area = writing.area
    for y in layout.text {
        grid.put(theme.ascii ? "|" : "│", x: ScreenMetrics.pointerColumn, y: y, style: theme.border)
    }
    if area.isEmpty, let placeholder = writing.question.placeholder {
        grid.put(TextFitting.truncate(TextFitting.sanitize(placeholder), to: layout.width), x: layout.x,
                 y: layout.text.lowerBound, style: theme.notice)
    }
    let rows = area.rows(width: layout.width)
    let top = area.scrolled(width: layout.width, height: layout.text.count)
    for (offset, y) in layout.text.enumerated() where top + offset < rows.count {
        let row = rows[top + offset]
        let text = String(area.lines[row.line].characters[row.range])
        grid.put(TextFitting.sanitize(text), x: layout.x, y: y, style: theme.row, limit: layout.x + layout.width)
    }
    let cursor = area.cursorPlace(in: rows)
    if cursor.row >= top, cursor.row - top < layout.text.count {
        grid.cursor = Grid.Cursor(x: min(layout.x + cursor.x, grid.width - 1), y: layout.text.lowerBound + cursor.row - top)
    }
    guard let y = layout.hints else { return }
    let count = area.limit.map { "\(area.count)/\($0)" }
    var hints = "Ctrl-D done  Esc cancel"
    if grid.width - 2 < TextWidth.of(hints) + (count.map { TextWidth.of($0) + 2 } ?? 0) { hints = "Ctrl-D done" }
    grid.put(hints, x: 1, y: y, style: theme.hints)
    if let count, grid.width - TextWidth.of(count) - 1 > TextWidth.of(hints) + 2 {
        grid.put(count, x: grid.width - TextWidth.of(count) - 1, y: y, style: area.count >= (area.limit ?? .max) ? theme.warning : theme.hints)
    }
}
