/// fzf's `exclude` and `exclude-multi`: rows a source brought taken out of the list until the
/// source loads again.
extension Screen {
    /// Takes the rows at `fullRows` that a live section's source brought out of its feed; marks,
    /// running commands and the cursor stay on the rows left (the cursor on the row that took
    /// the place of its own), and a find filters again. Whether any row was taken out.
    mutating func exclude(_ fullRows: Set<Int>, in viewport: Size) -> Bool {
        var removed: [Int] = []
        for section in sections.indices {
            guard let (feed, firstRow) = feed(inSection: section) else { continue }
            let positions = Set(fullRows.map { $0 - firstRow }.filter { $0 >= 0 && $0 < feed.items.count })
            guard !positions.isEmpty else { continue }
            removed += positions.map { $0 + firstRow }
            _ = updateFeed(section: section) { feed in
                feed.items = feed.items.removing(positions)
                feed.arrival = feed.arrival.map { arrival in arrival.enumerated().filter { !positions.contains($0.offset) }.map(\.element) }
            }
            tableSamples[section] = nil
        }
        guard !removed.isEmpty else { return false }
        let gone = Set(removed)
        let sortedGone = removed.sorted()
        /// Where a full row is once the rows before it are gone.
        func shifted(_ full: Int) -> Int { full - sortedGone.prefix { $0 < full }.count }
        let cursor = selection.map(fullRow).map(shifted)
        marks = Set(marks.filter { !gone.contains($0) }.map(shifted))
        commands = Dictionary(commands.filter { !gone.contains($0.key) }.map { (shifted($0.key), $0.value) }) { first, _ in first }
        fullLayout = ListLayout(sections: sections)
        let moved = hasMoved
        hasMoved = false
        relayout(in: viewport, refilter: true)
        hasMoved = moved
        if let cursor, rowCount > 0 {
            let fullCount = fullLayout.rowCount
            selection = shownRow(full: min(cursor, fullCount - 1)) ?? min(selection ?? 0, rowCount - 1)
            scrollToSelection(in: viewport)
        }
        return true
    }
}
