/// A screen in the order of its rows' frecency (`"sort": "frecency"`; `AppState.orderedByFrecency`).
extension Screen {
    /// Orders each section's rows by `score` (a row without one keeps its place after those with
    /// one): `"sort": "frecency"`. Rows written in the spec and generated rows move (live rows
    /// once they have all come: `AppState.orderLiveByFrecency`); among the first
    /// `frecencyScanLimit` of a section, each row's score is asked once.
    mutating func order(by score: (String) -> Double?) {
        var reordered: [Int: RowList] = [:]
        for index in sections.indices {
            let rows = sections[index].rows
            let scored = (0..<min(rows.count, Self.frecencyScanLimit)).compactMap { position in
                // As a choice was kept: bound, unless the bytes say it plainly.
                let key = rows.plainMemoryKey(at: position) ?? RowMemory.key(of: boundRow(section: index, position: position).row)
                return key.flatMap(score).map { (position, $0) }
            }
            guard !scored.isEmpty else { continue }
            let front = scored.sorted { $0.1 > $1.1 }.map(\.0)
            // Rows written in the spec move as runs of their bytes; generated rows by an order.
            let moved = Set(front)
            let order = (front + (0..<rows.count).filter { !moved.contains($0) }).map { Int32($0) }
            guard let ordered = rows.moving(toFront: front) ?? rows.reordered(order) else { continue }
            reordered[index] = ordered
        }
        replaceRows(reordered)
    }

    /// Rows a frecency order reads per section: a launcher's list, with room; a million-row
    /// section is not decoded whole to open.
    static let frecencyScanLimit = 100_000
}
