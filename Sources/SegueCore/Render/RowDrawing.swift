/// Drawing one bound row: the frame every kind shares; its kind (`RowKind`) draws its first line.
///
/// Every style shares the frame: the `>` pointer and reverse video when selected, dim when
/// disabled, text from column 3, and `›` at the right edge for a row with a segue.
struct RowDrawing {
    var bound: BoundRow
    var layout: RowLayout
    /// The row's cells and where they go, in a table section.
    var table: TableRow?
    var selected: Bool
    /// Marked for a multi-select emit: `✓` where the pointer goes.
    var marked: Bool = false
    /// Not matched by the find, shown anyway (fzf's `--raw`): drawn dim, as a disabled row.
    var unmatched = false
    var settings: JSONValue
    var theme: Theme
    /// Scalars of the title, detail and value that a find matched.
    var highlights = FindHighlights()
    /// The editor, when this is the input row being edited.
    var editing: TextEntry?
    /// The command the row runs, once it has started (`progress` rows).
    var command: RowCommand?
    /// What the settings' schema refuses in the setting the row shows (`segue edit`): drawn
    /// instead of its value or detail, as an error (`✗ required`, `✗ 2 problems`).
    var problem: String?

    private var row: Row { bound.row }
    var lineStyle: Style { selected ? theme.selected : (row.enabled && !unmatched ? theme.row : theme.disabled) }
    var quietStyle: Style { selected ? theme.selected : (row.enabled && !unmatched ? theme.detail : theme.disabled) }

    /// Draws from line `y`, stopping before `bottom`; returns the line after the row.
    func draw(into grid: inout Grid, y: Int, bottom: Int) -> Int {
        let start = ScreenMetrics.textColumn
        let end = end(in: grid.width)
        var line = y
        if let end = bound.style.kind.draw(self, into: &grid, y: y, bottom: bottom) { return drawGap(into: &grid, y: end, bottom: bottom) }
        for (index, title) in layout.titleLines.enumerated() where line < bottom {
            grid.fill(y: line, style: lineStyle)
            if index == 0, selected || marked {
                grid.put(pointerText, x: ScreenMetrics.pointerColumn, y: line, style: lineStyle)
            }
            if index == 0 {
                drawFirstLine(title, into: &grid, y: line, start: start, end: end)
            } else {
                // Text cells and rows leading nowhere wrap to the right edge; others stop before the chevron.
                let limit = bound.style.kind.drawsChevron && leadsSomewhere ? end : grid.width - 1
                // A line a title wrapped onto (`--wrap`) starts with the sign, dim.
                var x = start
                if layout.wrapped.contains(index) {
                    let sign = TextFitting.truncate(TextFitting.sanitize(layout.looks.wrapSign), to: max(0, limit - start - 1))
                    grid.put(sign, x: start, y: line, style: quietStyle.adding(.dim))
                    x += TextWidth.of(sign)
                }
                let shown = TextFitting.truncate(title, to: limit - x)
                grid.put(shown, x: x, y: line, style: lineStyle)
                mark(shown, of: title, matched: highlights.title, shift: prefixScalars - titleLineStarts[index],
                     x: x, y: line, into: &grid)
            }
            line += 1
        }
        if let detail = layout.belowDetail, line < bottom {
            grid.fill(y: line, style: lineStyle)
            let shown = TextFitting.truncate(detail, to: end - start)
            grid.put(shown, x: start, y: line, style: quietStyle)
            mark(shown, of: detail, matched: highlights.detail, shift: 0, x: start, y: line, into: &grid)
            line += 1
        }
        return drawGap(into: &grid, y: line, bottom: bottom)
    }

    /// What goes before the row's first line, selected or marked: the looks' pointer or marker
    /// (`--pointer`, `--marker`), in the two columns before the text.
    var pointerText: String {
        let text = TextFitting.sanitize(marked ? layout.looks.marker : layout.looks.pointer)
        return String(TextWrapping.firstColumns(of: Substring(text), width: ScreenMetrics.textColumn - ScreenMetrics.pointerColumn).line)
    }

    /// The blank lines after the row (`--gap`), the last with the gap line across it, dim;
    /// returns the line after them.
    private func drawGap(into grid: inout Grid, y: Int, bottom: Int) -> Int {
        let gap = layout.looks.gap
        let pattern = Array(TextFitting.sanitize(layout.looks.gapLine))
        if gap > 0, !pattern.isEmpty, y + gap - 1 < bottom {
            var text = ""
            var width = 0
            let room = grid.width - 1 - ScreenMetrics.textColumn
            for index in 0..<max(0, room) {
                let next = pattern[index % pattern.count]
                width += max(1, TextWidth.of(next))
                if width > room { break }
                text.append(next)
            }
            grid.put(text, x: ScreenMetrics.textColumn, y: y + gap - 1, style: theme.chevron)
        }
        return y + gap
    }

    /// The column a row's text stops before: where the `›` column begins, so details line up down
    /// the list; a row with no `›` whose title and detail do not fit before it takes that column
    /// too (all but the last), rather than cutting its text short.
    private func end(in width: Int) -> Int {
        let beforeChevron = width - ScreenMetrics.chevronSpace
        guard !(bound.style.kind.drawsChevron && leadsSomewhere), let title = layout.titleLines.first else { return beforeChevron }
        let needed = TextWidth.of(title) + (layout.sideDetail.map { 2 + TextWidth.of($0) } ?? 0)
        return ScreenMetrics.textColumn + needed > beforeChevron ? width - 1 : beforeChevron
    }

    /// Where each line of a wrapped title starts among the title's scalars (its hotkey prefix
    /// included): wrapping drops the spaces it breaks at, so each line is looked for after the last.
    private var titleLineStarts: [Int] {
        guard !highlights.title.isEmpty, layout.titleLines.count > 1 else { return layout.titleLines.map { _ in 0 } }
        let full = Array((RowLayout.prefix(row) + row.title).unicodeScalars)
        var starts: [Int] = []
        var from = 0
        for line in layout.titleLines {
            let scalars = Array(line.unicodeScalars)
            var start = from
            while start < full.count, !full[start...].starts(with: scalars.prefix(max(1, scalars.count - 1))) { start += 1 }
            if start >= full.count { start = from }
            starts.append(start)
            from = start + scalars.count
        }
        return starts
    }

    private func drawFirstLine(_ title: String, into grid: inout Grid, y: Int, start: Int, end: Int) {
        let kind = bound.style.kind
        if let table {
            drawCells(table, into: &grid, y: y, start: start)
        } else {
            kind.drawFirstLine(self, title: title, into: &grid, y: y, start: start, end: end)
        }
        if kind.drawsChevron, leadsSomewhere {
            grid.put("›", x: grid.width - 2, y: y, style: selected ? lineStyle : theme.chevron)
        }
    }

    /// Draws the editor when the row's value is being typed; returns whether it was.
    func drawEditorIfEditing(title: String, into grid: inout Grid, y: Int, start: Int, end: Int) -> Bool {
        guard let editing else { return false }
        drawEditor(editing, title: title, into: &grid, y: y, start: start, end: end)
        return true
    }

    /// An input row being edited: the title, then a field to the right edge holding the text
    /// (scrolled to keep the cursor in view) with the terminal's cursor in it.
    func drawEditor(_ entry: TextEntry, title: String, into grid: inout Grid, y: Int, start: Int, end: Int) {
        let room = max(1, end - start)
        // Half the row, or what the title leaves; never too narrow to type in.
        let fieldWidth = max(min(room / 2, room - TextWidth.of(title) - 2), min(room, 12))
        let fieldStart = end - fieldWidth
        if fieldStart - start > 1 {
            grid.put(TextFitting.truncate(title, to: fieldStart - start - 1), x: start, y: y, style: lineStyle)
        }
        // The field is drawn unselected, so it reads as a box to type in.
        grid.fill(y: y, from: fieldStart, to: end + 1, style: theme.row)
        let (text, cursor) = entry.visible(width: fieldWidth)
        grid.put(text, x: fieldStart, y: y, style: theme.row)
        grid.cursor = Grid.Cursor(x: min(fieldStart + cursor, grid.width - 1), y: y)
    }

    /// Whether activating the row opens another screen: a segue, or a segue or replace action.
    var leadsSomewhere: Bool {
        if row.segue != nil { return true }
        switch row.action?.kind {
        case .segue?, .replace?: return true
        default: return false
        }
    }

    /// Title at the left and detail right-aligned before `end`, two columns apart or more. One
    /// column short, the gap gives up its second column; more, and the detail is cut by what is
    /// missing, down to a third of the room (half for a value); past that the title is cut too. `fitDetail` cuts
    /// the detail to a number of columns (by default, at its end with `…`).
    func drawTitleAndDetail(_ title: String, detail: String?, into grid: inout Grid, y: Int, start: Int,
                                    end: Int, detailStyle: Style? = nil, detailMatches: Set<Int>? = nil,
                                    fitDetail: ((Int) -> String)? = nil) {
        // A problem takes the place of the value, whatever the kind draws there.
        let problemStyle = Style(foreground: theme.error.foreground, background: selected ? lineStyle.background : theme.error.background,
                                 attributes: theme.error.attributes.union(selected ? lineStyle.attributes : []))
        let detailStyle = problem == nil ? detailStyle : problemStyle
        let detailMatches = problem == nil ? detailMatches : []
        let fitDetail = problem == nil ? fitDetail : nil
        let room = max(0, end - start)
        let detail = problem.map { (theme.ascii ? "x " : "✗ ") + TextFitting.sanitize($0) } ?? detail ?? ""
        let detailWidth = TextWidth.of(detail)
        let titleWidth = TextWidth.of(title)
        var detailRoom = 0
        var gap = 2
        if detailWidth > 0 {
            if titleWidth + 1 + detailWidth <= room {
                detailRoom = detailWidth
                gap = titleWidth + 2 + detailWidth <= room ? 2 : 1
            } else {
                // A long title still leaves a detail a third of the room, a value (a choice's,
                // cut its own way) half of it.
                let least = fitDetail == nil ? room / 3 : room / 2 - 1
                detailRoom = min(detailWidth, max(room - titleWidth - 2, least))
            }
        }
        let titleRoom = detailRoom > 0 ? room - detailRoom - gap : room
        let shownTitle = TextFitting.truncate(title, to: titleRoom)
        grid.put(shownTitle, x: start, y: y, style: lineStyle)
        colourTitle(shownTitle, of: title, x: start, y: y, into: &grid)
        // A toggle's `[x] ` comes before `start`, so only the hotkey prefix is in `title`.
        mark(shownTitle, of: title, matched: highlights.title, shift: prefixScalars, x: start, y: y, into: &grid)
        underlineHotkey(shownTitle, of: title, x: start, y: y, into: &grid)
        if detailRoom > 0 {
            let shown = fitDetail?(detailRoom) ?? TextFitting.truncate(detail, to: detailRoom)
            grid.put(shown, x: end - TextWidth.of(shown), y: y, style: detailStyle ?? quietStyle)
            mark(shown, of: detail, matched: detailMatches ?? highlights.detail, shift: 0, x: end - TextWidth.of(shown), y: y,
                 into: &grid)
        }
    }

    /// `"ansi": true`: the colours the title's SGR sequences set, on the cells of `shown` (drawn at
    /// `x`, possibly cut from `full`). The selected row keeps the selection's background, so it
    /// still reads as selected; a disabled row stays dim.
    func colourTitle(_ shown: String, of full: String, x: Int, y: Int, into grid: inout Grid) {
        guard row.extras["ansi"] == .bool(true), theme.drawsProgramColours, row.enabled, row.title.utf8.contains(0x1B) else { return }
        var styles: [Style] = []
        for run in ColouredText.runs(row.title, base: lineStyle) {
            var style = run.style
            if selected {
                style.background = lineStyle.background
                style.attributes.formUnion(lineStyle.attributes)
            }
            styles += repeatElement(style, count: TextFitting.sanitize(run.text).unicodeScalars.count)
        }
        let cut = shown != TextFitting.sanitize(full)
        let last = shown.count - 1
        var column = x
        var scalar = -prefixScalars
        for (index, character) in shown.enumerated() {
            let width = TextWidth.of(character)
            if !(cut && index == last), scalar >= 0, scalar < styles.count, styles[scalar] != lineStyle {
                grid.fill(y: y, from: column, to: min(column + width, grid.width), style: styles[scalar])
            }
            scalar += character.unicodeScalars.count
            column += width
        }
    }

    /// Underlines the row's hotkey in its title as drawn (`shown`, cut from `full` at `x`).
    func underlineHotkey(_ shown: String, of full: String, x: Int, y: Int, into grid: inout Grid) {
        guard let position = RowLayout.hotkeyPosition(row) else { return }
        mark(shown, of: full, matched: [position], shift: 0, x: x, y: y, into: &grid, adding: theme.hotkey.attributes)
    }

    /// Scalars the hotkey prefix (`q `) adds before the title's own.
    var prefixScalars: Int { RowLayout.prefix(row).unicodeScalars.count }

    /// Adds the match style to the characters of `shown` (drawn at `x`, possibly cut from `full`)
    /// whose scalars, less `shift`, are in `matched`. A cut text's `…` is never marked.
    func mark(_ shown: String, of full: String, matched: Set<Int>, shift: Int, x: Int, y: Int,
                      into grid: inout Grid, adding attributes: Style.Attributes? = nil) {
        guard !matched.isEmpty else { return }
        // Bold would undo a disabled row's dimming (terminals end both with one code).
        let wanted = attributes ?? theme.match.attributes
        let added = row.enabled || selected ? wanted : wanted.subtracting(.bold)
        let cut = shown != TextFitting.sanitize(full)
        let last = shown.count - 1
        var column = x
        var scalar = 0
        for (index, character) in shown.enumerated() {
            let scalars = character.unicodeScalars.count
            let width = TextWidth.of(character)
            if !(cut && index == last), (scalar..<(scalar + scalars)).contains(where: { matched.contains($0 - shift) }) {
                for cellX in column..<(column + width) where cellX < grid.width {
                    let style = grid[cellX, y].style.adding(added)
                    grid.fill(y: y, from: cellX, to: cellX + 1, style: style)
                }
            }
            scalar += scalars
            column += width
        }
    }
}
