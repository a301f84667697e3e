/// How a match ranks when matches are ordered by score, as in fzf: a higher score first, then the
/// shorter text (leading and trailing spaces not counted), then the row listed first.
@usableFromInline package enum FindRank {
    /// Inlinable, as `FindQuery.match` is: taken for every row that matches.
    @inlinable package static func of(_ match: FindMatch, in text: SearchText) -> Int64 {
        Int64(clamping: match.score) << 32 | Int64(UInt32.max - UInt32(clamping: trimmedLength(text)))
    }

    /// Whether the match at `a` (rank and position) shows before the one at `b`.
    static func precedes(_ a: (rank: Int64, position: Int32), _ b: (rank: Int64, position: Int32)) -> Bool {
        a.rank != b.rank ? a.rank > b.rank : a.position < b.position
    }

    /// `positions` and their `ranks` in the order they show.
    package static func sorted(_ positions: [Int32], _ ranks: [Int64]) -> (positions: [Int32], ranks: [Int64]) {
        let order = positions.indices.sorted { precedes((ranks[$0], positions[$0]), (ranks[$1], positions[$1])) }
        return (order.map { positions[$0] }, order.map { ranks[$0] })
    }

    /// Two ordered runs of matches as one.
    package static func merged(_ a: (positions: [Int32], ranks: [Int64]), _ b: (positions: [Int32], ranks: [Int64]))
        -> (positions: [Int32], ranks: [Int64]) {
        var positions: [Int32] = []
        var ranks: [Int64] = []
        positions.reserveCapacity(a.positions.count + b.positions.count)
        ranks.reserveCapacity(a.positions.count + b.positions.count)
        var i = 0
        var j = 0
        while i < a.positions.count || j < b.positions.count {
            let takesA = j == b.positions.count
                || i < a.positions.count && precedes((a.ranks[i], a.positions[i]), (b.ranks[j], b.positions[j]))
            if takesA {
                positions.append(a.positions[i])
                ranks.append(a.ranks[i])
                i += 1
            } else {
                positions.append(b.positions[j])
                ranks.append(b.ranks[j])
                j += 1
            }
        }
        return (positions, ranks)
    }

    @usableFromInline static func trimmedLength(_ text: SearchText) -> Int {
        let scalars = text.original
        var start = scalars.startIndex
        var end = scalars.endIndex
        while start < end, isSpace(scalars[start]) { start += 1 }
        while end > start, isSpace(scalars[end - 1]) { end -= 1 }
        return end - start
    }

    private static func isSpace(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.value < 0x80 { return scalar == " " || (0x09...0x0D).contains(scalar.value) }
        return scalar.properties.isWhitespace
    }
}
