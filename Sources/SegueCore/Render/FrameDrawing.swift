/// fzf's frame (`PickerFrame`): its info line, and Segue's screen's lines put in its order.

/// The count of matches (`37/365`; `…` first while a long list is still being filtered; the
/// marked rows beside it with `--multi`, `37/365 (2)`, `(2/3)` with a limit), as fzf shows it.
func findCount(_ find: FindState, screen: Screen, state: AppState) -> String {
    let total = screen.searchableRowCount
    var count = "\(screen.matchedRowCount ?? total)/\(total)"
    if state.multiSelects { count += " (\(screen.marks.count)" + (state.markLimit.map { "/\($0)" } ?? "") + ")" }
    if find.job != nil { count = "… " + count }
    return count
}

extension PickerFrame {
    /// The info line on line 0: the count at the left (`default`) or the right (`right`), the
    /// separator filling the rest; the separator alone for `inline-right` and `hidden`. fzf
    /// leaves the last column free, and so does this.
    func drawInfoLine(_ count: String, into grid: inout Grid, theme: Theme) {
        let end = grid.width - 1
        let countWidth = TextWidth.of(count)
        switch info {
        case .default:
            let after = grid.put(count, x: 2, y: 0, style: theme.hints, limit: end)
            drawSeparator(from: after + 1, to: end, y: 0, into: &grid, theme: theme)
        case .right:
            let x = max(0, end - countWidth)
            drawSeparator(from: 0, to: x - 1, y: 0, into: &grid, theme: theme)
            grid.put(count, x: x, y: 0, style: theme.hints, limit: end)
        case .inlineRight, .hidden:
            drawSeparator(from: 0, to: end, y: 0, into: &grid, theme: theme)
        case .inline:
            break
        }
    }

    /// The separator repeated over columns `from..<to` of line `y` (none with `--no-separator`).
    func drawSeparator(from: Int, to: Int, y: Int, into grid: inout Grid, theme: Theme) {
        guard let separator, from < to else { return }
        let characters = Array(TextFitting.sanitize(separator)).filter { TextWidth.of($0) > 0 }
        guard !characters.isEmpty else { return }
        var line = ""
        var width = 0
        var index = 0
        while width + TextWidth.of(characters[index % characters.count]) <= to - from {
            let character = characters[index % characters.count]
            line.append(character)
            width += TextWidth.of(character)
            index += 1
        }
        grid.put(line, x: from, y: y, style: theme.hints)
    }

    /// The info on the find line (`y`), after the query ending at `queryEnd` (`inline`: ` < 12/30`
    /// and the separator) or at the line's right (`inline-right`); the columns the query may take
    /// up to, for `room`.
    func queryEnd(startingAt start: Int, countWidth: Int, width: Int) -> Int {
        switch info {
        case .inline: return max(start + 1, width - 2 - TextWidth.of(inlinePrefix) - countWidth)
        case .inlineRight: return max(start + 1, width - 2 - countWidth)
        default: return max(start + 1, width - 1)
        }
    }

    func drawInlineInfo(_ count: String, after queryEnd: Int, y: Int, into grid: inout Grid, theme: Theme) {
        let end = grid.width - 1
        switch info {
        case .inline:
            let after = grid.put(TextFitting.sanitize(inlinePrefix) + count, x: queryEnd + 1, y: y, style: theme.hints, limit: end)
            drawSeparator(from: after + 1, to: end, y: y, into: &grid, theme: theme)
        case .inlineRight:
            let x = end - TextWidth.of(count)
            if x > queryEnd { grid.put(count, x: x, y: y, style: theme.hints, limit: end) }
        default:
            break
        }
    }

    /// Segue's screen drawn on its canvas, its lines put in the frame's order (`order`).
    func arrange(_ canvas: Grid, height: Int, bottomLines: Int) -> Grid {
        let order = order(canvasHeight: canvas.height, height: height, bottomLines: bottomLines)
        var grid = Grid(width: canvas.width, height: height)
        for (target, source) in order.enumerated() { grid.copyLine(source, of: canvas, to: target) }
        if var cursor = canvas.cursor, let target = order.firstIndex(of: cursor.y) {
            cursor.y = target
            grid.cursor = cursor
        }
        return grid
    }
}
