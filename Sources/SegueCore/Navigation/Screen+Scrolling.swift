/// Moving the selection and keeping it in view.
///
/// Every operation here walks at most a viewport's worth of items (plus any run of disabled rows
/// it has to skip), so its cost does not grow with the number of rows.
extension Screen {
    /// Takes over the selection and scroll of `old` (the same spec before a reload), as far as
    /// they still fit.
    mutating func keepPosition(of old: Screen) {
        guard let selected = old.selection.map(old.locate), rowCount > 0 else { return }
        // A sorted table comes back in its rows' own order: the row's place in that order.
        let ownPosition = old.sections[selected.section].rows.unordered?.order.map { Int($0[selected.position]) } ?? selected.position
        let previous = old.fullLayout.spans[selected.section].firstRow + ownPosition
        let row = min(previous, rowCount - 1)
        selection = enabledRow(from: row, step: 1) ?? enabledRow(from: row, step: -1)
        offset = old.offset
        hasMoved = old.hasMoved
    }

    /// Lines an item takes at a list width: headers, footers, text cells and wrapping titles wrap,
    /// subtitle cells take two lines, multi-line titles their lines, everything else one; a row
    /// and its gap (`--gap`).
    func height(of item: ListItem, viewport: Size) -> Int {
        switch item {
        case .gap: return 1
        case .row(let index):
            if isHidden(index) { return 0 }
            // Only text cells and wrapping titles need binding to know their height.
            let raw = rawRow(index)
            let resolved = try? spec.cells.resolve(raw.cellName)
            let wraps = raw.wraps || resolved?.attributes["wrap"] == .bool(true) || looks.wrap != nil
            let style = resolved?.style ?? .default
            // A table's row is one line of cells.
            if style == .default, sections[locate(index).section].columns != nil { return 1 + looks.gap }
            // Multi-line titles (`--read0`) need binding too, to count their lines.
            if !(looks.multiLine && style == .default), let height = style.kind.fixedHeight(wraps: wraps) { return height + looks.gap }
            return RowLayout(boundRow(index), viewport: viewport, renderers: renderers, looks: looks).height
        case .header(let section):
            let paragraph = header(section).map {
                ScreenMetrics.paragraph($0, width: ScreenMetrics.headerWidth(viewport.width), viewport: viewport).count
            } ?? 0
            return paragraph + headerLines(section).count
        case .footer(let section):
            return ScreenMetrics.paragraph(footer(section) ?? "", width: ScreenMetrics.footerWidth(viewport.width),
                                           viewport: viewport).count
        }
    }

    /// Selects the next (`step` 1) or previous (`step` -1) enabled row; stays put at the ends.
    mutating func move(by step: Int, in viewport: Size) {
        guard let current = selection else { return }
        if let next = enabledRow(from: current + step, step: step) {
            selection = next
        } else if looks.cycle, let next = enabledRow(from: step > 0 ? 0 : rowCount - 1, step: step) {
            // `--cycle`: past the end, the other end.
            selection = next
        }
        scrollToSelection(in: viewport)
    }

    /// Selects `row` (which must be enabled) and scrolls it into view.
    mutating func select(_ row: Int, in viewport: Size) {
        selection = row
        scrollToSelection(in: viewport)
    }

    /// The row drawn on `line` of the list (0 is the list's first line), if a row is there.
    func row(atLine line: Int, in viewport: Size) -> Int? {
        guard line >= 0, line < viewport.height else { return nil }
        var top = 0
        var index = offset
        while index < itemCount {
            let item = layout.item(at: index)
            let height = self.height(of: item, viewport: viewport)
            if line < top + height {
                if case .row(let row) = item { return row }
                return nil
            }
            top += height
            index += 1
        }
        return nil
    }

    /// The list line (0 is the first) the selected row starts on, if it is in view.
    func selectedLine(in viewport: Size) -> Int? {
        guard let selection else { return nil }
        let target = layout.itemIndex(ofRow: selection)
        guard target >= offset else { return nil }
        var top = 0
        for index in offset..<target {
            top += height(of: layout.item(at: index), viewport: viewport)
            if top >= viewport.height { return nil }
        }
        return top
    }

    /// Selects the first enabled row and scrolls to the very top.
    mutating func selectFirst(in viewport: Size) {
        selection = enabledRow(from: 0, step: 1)
        offset = 0
        scrollToSelection(in: viewport)
    }

    /// Selects the last enabled row and scrolls to the very bottom.
    mutating func selectLast(in viewport: Size) {
        selection = enabledRow(from: rowCount - 1, step: -1)
        offset = lastOffset(in: viewport)
        scrollToSelection(in: viewport)
    }

    /// Moves the selection and the scroll position a page down (`direction` 1) or up (-1).
    mutating func page(_ direction: Int, in viewport: Size) {
        guard let current = selection else { return }
        let pageLines = max(1, viewport.height - 1)
        let targetItem = item(pageLines, linesFrom: layout.itemIndex(ofRow: current), direction: direction, viewport: viewport)
        let targetRow = nearestRow(toItem: targetItem, direction: direction)
        if let found = targetRow.flatMap({ enabledRow(from: $0, step: direction) })
            ?? targetRow.flatMap({ enabledRow(from: $0, step: -direction) }) {
            // Never move against the direction of the key.
            if (found - current) * direction > 0 { selection = found }
        }
        offset = item(pageLines, linesFrom: offset, direction: direction, viewport: viewport)
        offset = min(offset, lastOffset(in: viewport))
        scrollToSelection(in: viewport)
    }

    /// Adjusts the offset so the selection is visible, showing the header above a section's first
    /// row and the footer below its last row when they fit, and no blank space past the end.
    mutating func scrollToSelection(in viewport: Size) {
        let height = max(1, viewport.height)
        offset = max(0, min(offset, lastOffset(in: viewport)))
        guard let selected = selection else { return }
        let selectedItem = layout.itemIndex(ofRow: selected)
        if selectedItem < offset {
            offset = selectedItem
        } else if lines(from: offset, through: selectedItem, viewport: viewport, limit: height) > height {
            offset = firstItem(endingAt: selectedItem, viewport: viewport, height: height)
        }
        // Reveal a section's header (and the gap before it) above the selection.
        while offset > 0,
              !layout.item(at: offset - 1).isRow,
              lines(from: offset - 1, through: selectedItem, viewport: viewport, limit: height) <= height {
            offset -= 1
        }
        // Reveal a section's footer below the selection.
        var last = selectedItem
        while last + 1 < itemCount, !layout.item(at: last + 1).isRow, last - selectedItem < 3 { last += 1 }
        while last > selectedItem, offset < selectedItem,
              lines(from: offset, through: last, viewport: viewport, limit: height) > height {
            offset += 1
        }
    }

    /// The largest offset that still fills the viewport: where End scrolls to.
    func lastOffset(in viewport: Size) -> Int {
        guard itemCount > 0 else { return 0 }
        return firstItem(endingAt: itemCount - 1, viewport: viewport, height: max(1, viewport.height))
    }

    /// The first item of the run of items that ends at `last` and fits in `height` lines.
    private func firstItem(endingAt last: Int, viewport: Size, height: Int) -> Int {
        var first = last
        var used = self.height(of: layout.item(at: last), viewport: viewport)
        while first > 0 {
            let above = self.height(of: layout.item(at: first - 1), viewport: viewport)
            if used + above > height { break }
            used += above
            first -= 1
        }
        return first
    }

    /// Lines taken by items `first...last`, counting no further than `limit + 1`.
    private func lines(from first: Int, through last: Int, viewport: Size, limit: Int) -> Int {
        var total = 0
        var index = first
        while index <= last, total <= limit {
            total += height(of: layout.item(at: index), viewport: viewport)
            index += 1
        }
        return total
    }

    /// The item `count` lines away from `start` in `direction`, clamped to the list.
    private func item(_ count: Int, linesFrom start: Int, direction: Int, viewport: Size) -> Int {
        var index = start
        var moved = 0
        while moved < count {
            let next = index + direction
            guard next >= 0, next < itemCount else { break }
            moved += height(of: layout.item(at: direction > 0 ? index : next), viewport: viewport)
            index = next
        }
        return index
    }

    /// The row at `item`, or the nearest row to it looking in `direction` then back.
    private func nearestRow(toItem item: Int, direction: Int) -> Int? {
        var index = item
        while index >= 0, index < itemCount {
            if case .row(let row) = layout.item(at: index) { return row }
            index += direction
        }
        index = item
        while index >= 0, index < itemCount {
            if case .row(let row) = layout.item(at: index) { return row }
            index -= direction
        }
        return nil
    }
}
