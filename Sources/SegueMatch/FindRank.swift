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
        if let order = packedOrder(positions, ranks) { return (order.map { positions[$0] }, order.map { ranks[$0] }) }
        let order = positions.indices.sorted { precedes((ranks[$0], positions[$0]), (ranks[$1], positions[$1])) }
        return (order.map { positions[$0] }, order.map { ranks[$0] })
    }

    /// The same order, found by sorting plain integers: each match one `UInt64` of its score
    /// (16 bits, highest first), its length (16 bits, shortest first) and its index, which is its
    /// position's order when `positions` ascend (as a filter finds them). A sort of integers takes
    /// a fraction of one that calls a closure for each comparison. `nil` when something does not
    /// fit (a score or length past 16 bits, positions out of order).
    private static func packedOrder(_ positions: [Int32], _ ranks: [Int64]) -> [Int]? {
        guard positions.count > 1, positions.count <= Int(UInt32.max),
              zip(positions, positions.dropFirst()).allSatisfy({ $0 < $1 }) else { return nil }
        var keys: [UInt64] = []
        keys.reserveCapacity(ranks.count)
        for (index, rank) in ranks.enumerated() {
            let score = rank >> 32, length = Int64(UInt32.max) - (rank & 0xFFFF_FFFF)
            guard (0...0xFFFF).contains(score), (0...0xFFFF).contains(length) else { return nil }
            keys.append(UInt64(0xFFFF - score) << 48 | UInt64(length) << 32 | UInt64(index))
        }
        keys.sort()
        return keys.map { Int($0 & 0xFFFF_FFFF) }
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
