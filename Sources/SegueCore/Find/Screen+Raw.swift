/// fzf's `--raw` (`RowLooks.raw`): a find leaves every row in place, in the rows' order, and
/// the rows it does not match are drawn dim; `up-match` and `down-match` step to the next match.
/// The find's matches are then in row order (the picker does not sort them), so whether a row
/// matches is a binary search, never a walk over the rows.
extension Screen {
    /// The matches that decide which rows show: the find's, or none under `--raw` (every row shows).
    var shownMatches: [[Int32]]? {
        looks.raw ? nil : find?.matches
    }

    /// Whether shown row `index` is one the find matches (every row while nothing is typed).
    func isMatch(_ index: Int) -> Bool {
        guard let matches = find?.matches else { return true }
        let (section, position) = locate(index)
        return section < matches.count && Self.firstMatch(in: matches[section], atOrAfter: position) == position
    }

    /// Selects the next row the find matches after the selection (`step` 1), or before it (-1),
    /// skipping rows it does not; stays put when there is none. Without `--raw`, every row
    /// shown is a match: the next row.
    mutating func moveToMatch(by step: Int, in viewport: Size) {
        guard looks.raw, let matches = find?.matches, let current = selection else { return move(by: step, in: viewport) }
        var (section, position) = locate(current)
        position += step
        while section >= 0, section < matches.count {
            let found = matches[section]
            var candidate: Int?
            if step > 0 {
                candidate = Self.firstMatch(in: found, atOrAfter: position)
            } else {
                let after = Self.insertionPoint(in: found, of: position + 1)
                candidate = after > 0 ? Int(found[after - 1]) : nil
            }
            if let candidate, let row = shownRow(section: section, position: candidate), isEnabled(row) {
                return select(row, in: viewport)
            }
            if let candidate {
                position = candidate + step
                continue
            }
            section += step
            position = step > 0 ? 0 : Int(Int32.max)
        }
    }

    /// The first of `positions` (ascending) at or after `position`.
    private static func firstMatch(in positions: [Int32], atOrAfter position: Int) -> Int? {
        let index = insertionPoint(in: positions, of: position)
        return index < positions.count ? Int(positions[index]) : nil
    }

    /// Where `position` would go in `positions` (ascending): the count of those below it.
    private static func insertionPoint(in positions: [Int32], of position: Int) -> Int {
        var low = 0
        var high = positions.count
        while low < high {
            let middle = (low + high) / 2
            if Int(positions[middle]) < position { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
