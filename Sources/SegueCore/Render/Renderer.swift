/// Draws an app state into a grid: a pure function of the state and the size.
///
/// Only the visible items are looked at (and only their rows decoded), so a frame costs the same
/// for ten rows and for a million.
package func render(_ state: AppState, size: Size, theme: Theme = .standard) -> Grid {
    let grid = draw(state, size: size, theme: theme)
    return theme.ascii ? grid.asciified() : grid
}

private func draw(_ state: AppState, size: Size, theme: Theme) -> Grid {
    var grid = Grid(width: size.width, height: size.height)
    // A one-shot question that is the whole session draws itself, at any size.
    switch state.mode {
    case .writing(let writing)?:
        drawWriting(writing, into: &grid, theme: theme)
        return grid
    case .spinning(let spinning)?:
        drawSpinning(spinning, into: &grid, theme: theme)
        return grid
    default:
        break
    }
    let minimum = ScreenMetrics.minimumSize
    guard size.width >= minimum.width, size.height >= minimum.height else {
        drawTooSmall(into: &grid, size: size, theme: theme, quitKey: state.current.keymap.label(of: .quit) ?? "Ctrl-C")
        return grid
    }
    if let held = state.heldFirstFrame {
        // A screen's `onOpen` holds its first frame: its title, then a spinner from 100 ms on.
        drawTitleBar(state.breadcrumb, indicator: nil, into: &grid, theme: theme)
        if state.handlerFrame > held, let line = StatusLines.capturing(state) {
            grid.put(TextFitting.truncateMiddle(line, to: max(1, size.width - 2)), x: 1, y: size.height - 1, style: theme.hints)
        }
        return grid
    }
    guard let frame = state.options.frame else { return drawScreen(state, size: size, into: &grid, theme: theme) }
    // fzf's frame: Segue's screen drawn on a canvas, its lines then put in the frame's order,
    // beside the preview pane, which takes its side of the whole screen.
    let layout = state.previewLayout(finding: state.usesBottomLine, size: size)
    let (frameX, frameY, frameSize) = layout.frame ?? (0, 0, size)
    var canvas = Grid(width: frameSize.width, height: state.canvas(of: size, finding: state.usesBottomLine).height)
    drawScreen(state, size: size, into: &canvas, theme: theme)
    grid.paste(frame.arrange(canvas, height: frameSize.height, bottomLines: state.bottomLines(width: frameSize.width)), x: frameX, y: frameY)
    if let pane = layout.pane {
        drawPreview(state.current.preview, title: state.current.selectedBoundRow?.row.title ?? "", pane: pane, into: &grid, theme: theme)
    }
    frame.drawBorder(into: &grid, theme: theme)
    return grid
}

/// Segue's screen (the title line, the list and the preview pane, what stands in front of
/// them, the bottom line) into `grid`, sized for `size` (or, with fzf's frame, its canvas).
@discardableResult
private func drawScreen(_ state: AppState, size: Size, into grid: inout Grid, theme: Theme) -> Grid {
    var screen = state.current
    let layout = state.previewLayout(finding: state.usesBottomLine, size: size)
    let viewport = layout.list
    // The state's scroll was computed for its own size; re-fit it if drawing at another one.
    if size != state.size { screen.scrollToSelection(in: viewport) }
    let bottomUp = state.options.frame?.listBottomUp == true

    if let frame = state.options.frame {
        // The title line is the frame's info line (left out when it has none).
        if let find = screen.find, state.entry == nil { frame.drawInfoLine(findCount(find, screen: screen, state: state), into: &grid, theme: theme) }
    } else {
        drawTitleBar(state.breadcrumb, indicator: scrollIndicator(screen, viewport: viewport), into: &grid, theme: theme)
    }
    let top = layout.listTop
    let tables = screen.tableLayouts(viewport: viewport)
    if let section = screen.headerSection, let table = tables[section]?.layout, top > ScreenMetrics.listTop {
        var header = Grid(width: viewport.width, height: size.height)
        drawTableHeader(table, screen: screen, section: section, y: ScreenMetrics.listTop, into: &header, theme: theme)
        grid.copy(header, rows: ScreenMetrics.listTop..<top)
    }
    // With fzf's frame the pane is drawn beside the frame, not on its canvas.
    if let pane = layout.pane, layout.frame == nil {
        // The list is drawn at its own width, so rows fit beside the pane as they fit a screen.
        var list = Grid(width: viewport.width, height: size.height)
        drawList(screen, entry: state.entry, check: state.settingsCheck, tables: tables, into: &list, top: top, viewport: viewport,
                 bottomUp: bottomUp, theme: theme)
        grid.copy(list, rows: top..<(top + viewport.height), x: layout.listX)
        if state.entry?.isInPlace == true, var cursor = list.cursor {
            cursor.x += layout.listX
            grid.cursor = cursor
        }
        drawPreview(screen.preview, title: screen.selectedBoundRow?.row.title ?? "", pane: pane, into: &grid, theme: theme)
    } else {
        drawList(screen, entry: state.entry, check: state.settingsCheck, tables: tables, into: &grid, top: top, viewport: viewport,
                 bottomUp: bottomUp, theme: theme)
    }
    if let menu = state.actionMenu {
        drawActionMenu(menu, list: viewport, top: top, selectedLine: screen.selectedLine(in: viewport), into: &grid, theme: theme)
    }
    if let help = state.help {
        // Over the list and the preview pane alike.
        let area = state.overlayArea(size: size)
        drawHelp(help, lines: HelpContent.lines(for: state, width: size.width), list: area, width: size.width, into: &grid, theme: theme)
    }
    if case .message(let box)? = state.mode {
        drawMessageBox(box, list: MessageBox.area(in: state), into: &grid, theme: theme)
    }
    // A box that asks: a prompt's text over the list, its question and answer under it.
    if let entry = state.entry, !entry.isInPlace, let text = entry.boxText {
        drawMessageBox(MessageBox(text: text, isError: false, scroll: entry.boxScroll), list: MessageBox.area(in: state), asking: true, into: &grid, theme: theme)
    }
    if let entry = state.entry, !entry.isInPlace {
        drawPromptLine(entry, state: state, into: &grid, theme: theme)
    } else if let find = screen.find, state.entry == nil {
        // A row edited in place from the find's results says how to save it there instead.
        drawFindLine(find, screen: screen, state: state, into: &grid, theme: theme)
    } else {
        drawStatusLine(state, into: &grid, theme: theme)
        if state.help == nil, state.actionMenu == nil, state.entry == nil, let line = screen.selectedLine(in: viewport) {
            grid.cursor = Grid.Cursor(x: ScreenMetrics.pointerColumn, y: top + line, visible: false)
        }
    }
    return grid
}

/// The command of the selected row's `exec` action, if it has one.
private func selectedCommand(_ state: AppState) -> ExecCommand? {
    guard let row = state.current.selectedRow, ActionMenu.ownHint(of: row) == nil else { return nil }
    if case .exec(let command)? = row.action?.kind { return command }
    return nil
}

/// The breadcrumb, cut from the left so the current screen's title stays, and at the right the
/// scroll indicator.
private func drawTitleBar(_ breadcrumb: [String], indicator: String?, into grid: inout Grid, theme: Theme) {
    grid.fill(y: 0, style: theme.titleBar)
    let indicatorWidth = indicator.map { TextWidth.of($0) + 2 } ?? 0
    let text = TextFitting.sanitize(breadcrumbEnd(breadcrumb, characters: 4 * grid.width + 16))
    grid.put(TextFitting.truncateLeading(text, to: grid.width - 2 - indicatorWidth), x: 1, y: 0, style: theme.titleBar)
    if let indicator {
        grid.put(indicator, x: grid.width - indicatorWidth + 1, y: 0, style: theme.titleBar)
    }
}

/// The end of the breadcrumb, `limit` characters of it at most: what the title bar shows of it,
/// its end, without copying or measuring a title of megabytes on every frame. Joined by hand:
/// the generic `joined(separator:)` looks its types up by name the first time, a tenth of a
/// millisecond of every start.
private func breadcrumbEnd(_ titles: [String], characters limit: Int) -> String {
    var parts: [Substring] = []
    var count = 0
    for (index, title) in titles.enumerated().reversed() {
        let part = title.suffix(limit - count)
        parts.append(part)
        count += part.count
        // Room for the separator and something of the title before it, or the end is reached.
        guard index > 0, count + 3 < limit else { break }
        parts.append(" › ")
        count += 3
    }
    var text = ""
    // String to String: appending a Substring goes through generic code that looks its types
    // up at run time, a tenth of a millisecond the first time.
    for part in parts.reversed() { text += String(part) }
    return text
}

/// `12/240`: the selected row and the row count, when the list does not fit; hidden rows
/// (`"hidden"`) are not counted.
private func scrollIndicator(_ screen: Screen, viewport: Size) -> String? {
    guard screen.offset > 0 || screen.lastOffset(in: viewport) > 0 else { return nil }
    let hidden = screen.spec.hidesRows ? (0..<screen.rowCount).filter(screen.isHidden) : []
    let position = screen.selection.map { selected in String(selected + 1 - hidden.count { $0 < selected }) } ?? "-"
    return "\(position)/\(screen.rowCount - hidden.count)"
}

/// The list's rows from `top`; `bottomUp` (fzf's default layout): the first at the bottom, each
/// row's own lines still in their order.
private func drawList(_ screen: Screen, entry: TextEntry?, check: SettingsCheck?, tables: [Int: Screen.TableOnScreen], into grid: inout Grid, top: Int,
                      viewport: Size, bottomUp: Bool, theme: Theme) {
    guard bottomUp else {
        drawItems(screen, entry: entry, check: check, tables: tables, into: &grid, top: top, viewport: viewport, theme: theme)
        return
    }
    var scratch = Grid(width: grid.width, height: grid.height)
    let blocks = drawItems(screen, entry: entry, check: check, tables: tables, into: &scratch, top: top, viewport: viewport, theme: theme)
    let bottom = top + viewport.height
    func flipped(_ y: Int) -> Int? {
        guard let block = blocks.first(where: { $0.contains(y) }) else { return nil }
        return bottom - (block.upperBound - top) + (y - block.lowerBound)
    }
    for block in blocks {
        for y in block { if let target = flipped(y) { grid.copyLine(y, of: scratch, to: target) } }
    }
    if var cursor = scratch.cursor, let y = flipped(cursor.y) {
        cursor.y = y
        grid.cursor = cursor
    }
}

/// The list's rows from `top` down; the lines each item took, in order.
@discardableResult
private func drawItems(_ screen: Screen, entry: TextEntry?, check: SettingsCheck?, tables: [Int: Screen.TableOnScreen], into grid: inout Grid, top: Int,
                       viewport: Size, theme: Theme) -> [Range<Int>] {
    guard screen.itemCount > 0 else {
        if let find = screen.find, find.matches != nil {
            // Rows still on their way may match yet.
            let loading = screen.feeds.contains { $0.feed.phase == .loading }
            let text = "No matches for \"\(TextFitting.sanitize(find.query.text))\"" + (loading ? " yet: loading…" : "")
            grid.put(TextFitting.truncate(text, to: grid.width - ScreenMetrics.textColumn - 1), x: ScreenMetrics.textColumn,
                     y: top, style: theme.notice)
        } else {
            grid.put("Nothing here", x: ScreenMetrics.textColumn, y: top, style: theme.notice)
        }
        return [top..<(top + 1)]
    }
    var blocks: [Range<Int>] = []
    var y = top
    var index = screen.offset
    let bottom = top + viewport.height
    while y < bottom, index < screen.itemCount {
        let item = screen.layout.item(at: index)
        var start = y
        defer { if y > start { blocks.append(start..<y) } }
        switch item {
        case .gap:
            y += 1
        case .header(let section):
            if let header = screen.header(section) {
                y = drawParagraph(header, x: ScreenMetrics.pointerColumn, width: ScreenMetrics.headerWidth(grid.width),
                                  viewport: viewport, y: y, bottom: bottom, style: theme.header, into: &grid)
            }
            for line in screen.headerLines(section) where y < bottom {
                // Each header line an item of its own, as fzf stacks them from the bottom up.
                if y > start { blocks.append(start..<y) }
                start = y
                // In the rows' column, so a table's column names stand over their columns.
                grid.put(TextFitting.truncate(TextFitting.sanitize(line), to: ScreenMetrics.footerWidth(grid.width)),
                         x: ScreenMetrics.textColumn, y: y, style: theme.header)
                y += 1
            }
        case .footer(let section):
            y = drawParagraph(screen.footer(section) ?? "", x: ScreenMetrics.textColumn,
                              width: ScreenMetrics.footerWidth(grid.width), viewport: viewport, y: y, bottom: bottom,
                              style: theme.footer, into: &grid)
        case .row(let row):
            let (section, position) = screen.locate(row)
            // A table's row on screen was bound to measure its cells.
            let measured = tables[section]?.rows[position]
            let bound = measured?.bound ?? screen.boundRow(row)
            if screen.spec.hidesRows, bound.row.isHidden {
                index += 1
                continue
            }
            var table: TableRow?
            if let layout = tables[section]?.layout, screen.showsCells(bound, section: section, position: position) {
                table = TableRow(layout: layout, cells: measured?.cells ?? screen.cells(of: bound, section: section, position: position))
            }
            var rowLayout = RowLayout(bound, viewport: viewport, renderers: screen.renderers,
                                      looks: theme.ascii ? screen.looks.ascii() : screen.looks)
            // A table's row is one line of cells, whatever its title would wrap to.
            if table != nil { rowLayout = RowLayout(oneLine: rowLayout) }
            let cell = RowDrawing(bound: bound, layout: rowLayout,
                                  table: table,
                                  selected: row == screen.selection, marked: screen.isMarked(row),
                                  unmatched: screen.looks.raw && !screen.isMatch(row),
                                  settings: screen.settings, theme: theme,
                                  highlights: screen.highlights(ofRow: row, bound: bound),
                                  editing: row == screen.selection && entry?.setting != nil && entry?.setting == bound.row.setting ? entry : nil,
                                  command: screen.commands.isEmpty ? nil : screen.commands[screen.fullRow(row)],
                                  problem: check.flatMap { bound.row.settingsPointer.flatMap($0.problem(at:)) })
            y = cell.draw(into: &grid, y: y, bottom: bottom)
        }
        index += 1
    }
    return blocks
}

private func drawParagraph(_ text: String, x: Int, width: Int, viewport: Size, y: Int, bottom: Int, style: Style,
                           into grid: inout Grid) -> Int {
    var y = y
    for line in ScreenMetrics.paragraph(text, width: width, viewport: viewport) where y < bottom {
        grid.put(line, x: x, y: y, style: style)
        y += 1
    }
    return y
}

/// Key hints, or a message on up to three lines.
private func drawStatusLine(_ state: AppState, into grid: inout Grid, theme: Theme) {
    let lines = ScreenMetrics.statusLines(state.status, width: grid.width)
    let top = grid.height - lines.count
    if let status = state.status {
        let style = status.kind == .error ? theme.error : status.kind == .warning ? theme.warning : theme.info
        for (index, line) in lines.enumerated() {
            grid.put(line, x: 1, y: top + index, style: style)
        }
    } else if let running = StatusLines.runningHandlers(state, width: grid.width - 2) ?? StatusLines.capturing(state) {
        grid.put(TextFitting.truncate(running, to: grid.width - 2), x: 1, y: top, style: theme.info)
    } else if state.entry?.isInPlace == true {
        grid.put(theme.ascii ? "Enter save  Esc cancel" : "⏎ save  Esc cancel", x: 1, y: top, style: theme.hints)
    } else if case .message? = state.mode {
        grid.put(theme.ascii ? "Enter close  Up/Down scroll" : "⏎ close  ↑↓ scroll", x: 1, y: top, style: theme.hints)
    } else if let command = selectedCommand(state) {
        // What Enter would run, before it runs.
        let prefix = state.options.allowExec ? "⏎ runs: " : "exec is off: "
        let shown = command.display(characters: 4 * grid.width + 16)
        grid.put(TextFitting.truncate(prefix + TextFitting.sanitize(shown), to: grid.width - 2), x: 1, y: top,
                 style: theme.hints)
    } else {
        // Whole hints only: as many as fit; the selected row's own actions first.
        var hints = ""
        let extras = state.current.selectedBoundRow.map { ExtraAction.of($0.row) } ?? []
        let rowHints = extras.compactMap { extra in extra.key.map { (keys: $0.label, text: extra.title.lowercased()) } }
            + (extras.isEmpty ? [] : [(keys: "⇥", text: "actions")])
        let screen = state.current
        let bound = screen.selectedBoundRow
        let enabled = screen.selection.map(screen.isEnabled) == true
        let multi = state.multiSelects
        let kind = bound?.style.kind
        let space = !enabled ? nil : kind?.space ?? (multi && kind?.usesArrows != true ? "mark" : nil)
        let enter = multi && !screen.marks.isEmpty ? (state.options.answersProgram ? "choose marked" : "print marked") : enabled ? bound.flatMap(ActionMenu.enterHint) : nil
        let context = Keymap.HintContext(enter: enter, onChoice: enabled && kind?.usesArrows == true, space: space,
                                         canGoBack: state.stack.count > 1, canFind: screen.spec.find.enabled,
                                         marks: screen.marks.count)
        // A row whose Enter goes back does not also get `← back`.
        let keyHints = state.current.keymap.hints(context).filter { enter != "back" || $0.text != "back" || $0.keys == "⏎" }
        for hint in rowHints + keyHints {
            // ASCII has no ⏎ or arrows: the keys are spelled.
            let keys = theme.ascii ? asciiKeyLabels[hint.keys] ?? hint.keys : hint.keys
            let next = (hints.isEmpty ? "" : hints + "  ") + "\(keys) \(hint.text)"
            if TextWidth.of(next) > grid.width - 2 { break }
            hints = next
        }
        grid.put(hints, x: 1, y: top, style: theme.hints)
    }
}

/// Hint keys as ASCII spells them.
private let asciiKeyLabels = ["⏎": "Enter", "↑↓": "j/k", "←→": "h/l", "←": "h", "⇥": "Tab", "✓": "*"]

private func drawTooSmall(into grid: inout Grid, size: Size, theme: Theme, quitKey: String) {
    guard size.width > 0, size.height > 0 else { return }
    let minimum = ScreenMetrics.minimumSize
    let notice = size.width >= 18 ? "Terminal too small" : "Too small"
    let lines = [notice, "need \(minimum.width)x\(minimum.height)", "have \(size.width)x\(size.height)", "\(quitKey) quits"]
    let top = max(0, (size.height - lines.count) / 2)
    for (index, line) in lines.enumerated() where top + index < size.height {
        let text = TextFitting.truncate(line, to: size.width)
        let x = max(0, (size.width - TextWidth.of(text)) / 2)
        grid.put(text, x: x, y: top + index, style: theme.notice)
    }
}
