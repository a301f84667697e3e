/// Where each of some runs of rows laid one after another starts, and which of them holds a
/// position: a joined list's parts (`RowList`) and a screen's spec rows and feeds (`ScreenRows`).
/// Counted when asked, since a live part grows as its source loads.
package enum PartPositions {
    /// The part that holds `position` (the last one for a position past the end), and where that
    /// part starts.
    @inlinable
    package static func part<Part>(holding position: Int, in parts: [Part], count: (Part) -> Int) -> (Int, Int) {
        var start = 0
        for (index, part) in parts.enumerated() {
            let length = count(part)
            if position < start + length || index == parts.count - 1 { return (index, start) }
            start += length
        }
        return (0, 0)
    }

    /// Each part's index with the position of its first row.
    @inlinable
    package static func starts<Part>(of parts: [Part], count: (Part) -> Int) -> [(Int, Int)] {
        var start = 0
        return parts.indices.map { index in
            defer { start += count(parts[index]) }
            return (index, start)
        }
    }
}
