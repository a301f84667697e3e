/// The bottom line when it is an editor: the find line, or a prompt's question and answer.

/// The find line at the bottom: the prompt, the query with the terminal's cursor in it, and the
/// count of matches at the right (`37/365`; `…` while a long list is still being filtered; the
/// marked rows beside it with `--multi`, `37/365 (2)`), the query dim while search is paused
/// (`--disabled`). A status message, if any, stands above it.
func drawFindLine(_ find: FindState, screen: Screen, state: AppState, into grid: inout Grid, theme: Theme) {
    let y = grid.height - 1
    drawMessageAbove(state.status, y: y, into: &grid, theme: theme)
    let count = findCount(find, screen: screen, state: state)
    let countWidth = TextWidth.of(count)
    let prompt = TextFitting.truncate(TextFitting.sanitize(find.prompt), to: max(1, grid.width / 3))
    if let frame = state.options.frame {
        // fzf's: the prompt at the edge, the query right after it, the info as `--info` says.
        let start = grid.put(prompt, x: 0, y: y, style: theme.prompt)
        let end = frame.queryEnd(startingAt: start, countWidth: countWidth, width: grid.width)
        let (text, cursor) = find.editor.visible(width: max(1, end - start))
        let textEnd = grid.put(text, x: start, y: y, style: find.searchPaused ? theme.hints : theme.row)
        frame.drawInlineInfo(count, after: textEnd, y: y, into: &grid, theme: theme)
        grid.cursor = Grid.Cursor(x: min(start + cursor, grid.width - 1), y: y)
        return
    }
    let promptEnd = grid.put(prompt, x: 1, y: y, style: theme.prompt)
    let start = promptEnd + (prompt.hasSuffix(" ") || prompt == "/" ? 0 : 1)
    let room = max(1, grid.width - start - countWidth - 2)
    let (text, cursor) = find.editor.visible(width: room)
    grid.put(text, x: start, y: y, style: find.searchPaused ? theme.hints : theme.row)
    if grid.width - countWidth - 1 > start + 1 {
        grid.put(count, x: grid.width - countWidth - 1, y: y, style: theme.hints)
    }
    grid.cursor = Grid.Cursor(x: min(start + cursor, grid.width - 1), y: y)
}

/// A prompt on the bottom line: the question, and the answer with the terminal's cursor in it
/// (a password as `•`s); a question longer than half the line on lines of its own above the
/// answer (`ScreenMetrics.questionLines`). A message (why an answer was refused) stands above it.
func drawPromptLine(_ entry: TextEntry, state: AppState, into grid: inout Grid, theme: Theme) {
    guard let asked = entry.question else { return }
    let y = grid.height - 1
    let above = ScreenMetrics.questionLines(asked, width: grid.width)
    drawMessageAbove(state.status, y: y - above.count, into: &grid, theme: theme)
    for (index, line) in above.enumerated() {
        grid.put(line, x: 1, y: y - above.count + index, style: theme.prompt)
    }
    let question = above.isEmpty ? TextFitting.sanitize(asked) : ">"
    let start = grid.put(question, x: 1, y: y, style: theme.prompt) + 1
    let (text, cursor) = entry.visible(width: max(1, grid.width - start - 1))
    grid.put(text, x: start, y: y, style: theme.row)
    grid.cursor = Grid.Cursor(x: min(start + cursor, grid.width - 1), y: y)
}

/// A status message on the lines above the bottom line `y`.
private func drawMessageAbove(_ status: StatusMessage?, y: Int, into grid: inout Grid, theme: Theme) {
    guard let status else { return }
    let lines = ScreenMetrics.statusLines(status, width: grid.width)
    for (index, line) in lines.enumerated() {
        grid.put(line, x: 1, y: y - lines.count + index,
                 style: status.kind == .error ? theme.error : status.kind == .warning ? theme.warning : theme.info)
    }
}
