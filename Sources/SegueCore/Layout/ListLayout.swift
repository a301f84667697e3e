/// Where every item of a screen's list sits, computed per section, not per row.
///
/// A spec with a million rows in a few sections has a few spans; finding the item at an index or
/// the item of a row is a binary search over them, so nothing here grows with the row count.
struct ListLayout: Sendable {
    struct Span: Sendable {
        var firstItem: Int
        var firstRow: Int
        var rowCount: Int
        var hasGap: Bool
        var hasHeader: Bool
        var hasFooter: Bool

        var itemCount: Int { (hasGap ? 1 : 0) + (hasHeader ? 1 : 0) + rowCount + (hasFooter ? 1 : 0) }
        var firstRowItem: Int { firstItem + (hasGap ? 1 : 0) + (hasHeader ? 1 : 0) }
    }

    let spans: [Span]
    let itemCount: Int
    let rowCount: Int

    /// The layout of every row of `sections`; with `shownRows`, of only that many rows of each
    /// section (a find's matches), where a section showing none disappears with its header and
    /// footer.
    init<Sections: Collection>(sections: Sections, shownRows: [Int]? = nil) where Sections.Element: LaidOutSection {
        var spans: [Span] = []
        spans.reserveCapacity(sections.count)
        var item = 0
        var row = 0
        for (index, section) in sections.enumerated() {
            let rowCount = shownRows?[index] ?? section.rowCount
            let span = Span(
                firstItem: item, firstRow: row, rowCount: rowCount,
                hasGap: item > 0, hasHeader: section.hasHeader, hasFooter: section.footer != nil)
            // A section with nothing to show takes no lines, not even a gap.
            let visible = shownRows == nil ? span.hasHeader || span.hasFooter || span.rowCount > 0 : rowCount > 0
            spans.append(visible ? span : Span(
                firstItem: item, firstRow: row, rowCount: 0, hasGap: false, hasHeader: false, hasFooter: false))
            item += visible ? span.itemCount : 0
            row += rowCount
        }
        self.spans = spans
        itemCount = item
        rowCount = row
    }

    /// The item at `index` (0 ..< itemCount).
    func item(at index: Int) -> ListItem {
        let section = spanIndex { $0.firstItem <= index }
        let span = spans[section]
        var local = index - span.firstItem
        if span.hasGap {
            if local == 0 { return .gap }
            local -= 1
        }
        if span.hasHeader {
            if local == 0 { return .header(section: section) }
            local -= 1
        }
        if local < span.rowCount { return .row(span.firstRow + local) }
        return .footer(section: section)
    }

    /// The item index of row `row` (0 ..< rowCount).
    func itemIndex(ofRow row: Int) -> Int {
        let span = spans[section(ofRow: row)]
        return span.firstRowItem + (row - span.firstRow)
    }

    /// The section holding row `row`.
    func section(ofRow row: Int) -> Int {
        spanIndex { $0.firstRow <= row }
    }

    /// The last span for which `isAtOrBefore` holds (it holds for a prefix of the spans). Empty
    /// sections share their start with the next one, so the last match is the one that holds it.
    private func spanIndex(_ isAtOrBefore: (Span) -> Bool) -> Int {
        var low = 0
        var high = spans.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if isAtOrBefore(spans[middle]) { low = middle } else { high = middle - 1 }
        }
        return low
    }
}

/// What the list's layout needs of a section: whether it has a header and a footer, and its rows.
protocol LaidOutSection {
    var hasHeader: Bool { get }
    var footer: String? { get }
    var rowCount: Int { get }
}
