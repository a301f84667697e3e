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

    /// fzf's border inside the margin, its label on the top line (or the bottom).
    func drawBorder(into grid: inout Grid, theme: Theme) {
        let size = Size(width: grid.width, height: grid.height)
        // None when what it would leave inside is too small to draw in (`inner(of:)`).
        guard border != .none, inner(of: size).size != size else { return }
        let box = borderBox(of: size)
        guard box.width >= 2, box.height >= 2 else { return }
        let glyph = border.glyphs
        let (left, right, top, bottom) = (box.x, box.x + box.width - 1, box.y, box.y + box.height - 1)
        let style = theme.border
        func line(_ y: Int, _ text: String, from: Int, to: Int) {
            for x in from...to { grid.put(text, x: x, y: y, style: style) }
        }
        if border.hasTop { line(top, glyph.top, from: left, to: right) }
        if border.hasBottom { line(bottom, glyph.bottom, from: left, to: right) }
        for y in top...bottom {
            if border.hasLeft { grid.put(glyph.left, x: left, y: y, style: style) }
            if border.hasRight { grid.put(glyph.right, x: right, y: y, style: style) }
        }
        if border.hasTop, border.hasLeft { grid.put(glyph.topLeft, x: left, y: top, style: style) }
        if border.hasTop, border.hasRight { grid.put(glyph.topRight, x: right, y: top, style: style) }
        if border.hasBottom, border.hasLeft { grid.put(glyph.bottomLeft, x: left, y: bottom, style: style) }
        if border.hasBottom, border.hasRight { grid.put(glyph.bottomRight, x: right, y: bottom, style: style) }
        // The label: centred, from the left (1: the first column) or from the right (-1: the last).
        let shown = TextFitting.truncate(TextFitting.sanitize(label), to: max(0, box.width - 2))
        guard !shown.isEmpty, labelAtBottom ? border.hasBottom : border.hasTop else { return }
        let width = TextWidth.of(shown)
        let x: Int
        switch labelPosition {
        case 0: x = left + (box.width - width) / 2
        case 1...: x = left + labelPosition - 1
        default: x = right + 1 - width + labelPosition + 1
        }
        grid.put(shown, x: min(max(left, x), right + 1 - width), y: labelAtBottom ? bottom : top, style: theme.header)
    }
}
