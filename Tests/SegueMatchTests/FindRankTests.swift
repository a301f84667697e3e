import Testing
@testable import SegueMatch

/// Matches ordered as they show: score first, then the shorter text, then the row listed first;
/// the sort of packed integers gives the order a comparison of ranks gives, ties and all.
@Suite struct FindRankTests {
    func reference(_ positions: [Int32], _ ranks: [Int64]) -> [Int32] {
        positions.indices.sorted { FindRank.precedes((ranks[$0], positions[$0]), (ranks[$1], positions[$1])) }.map { positions[$0] }
    }

    func rank(score: Int64, length: Int64) -> Int64 { score << 32 | (Int64(UInt32.max) - length) }

    @Test func theOrderIsByScoreThenLengthThenPosition() {
        var state: UInt64 = 7
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(state >> 33) % bound
        }
        for size in [2, 3, 50, 5_000] {
            var position: Int32 = 0
            let positions = (0..<size).map { _ -> Int32 in position += Int32(1 + next(5)); return position }
            // Few distinct scores and lengths: many ties, decided by length, then by position.
            let ranks = positions.map { _ in rank(score: Int64(next(4) * 16), length: Int64(5 + next(3))) }
            let sorted = FindRank.sorted(positions, ranks)
            #expect(sorted.positions == reference(positions, ranks))
            #expect(sorted.ranks == sorted.positions.map { ranks[positions.firstIndex(of: $0) ?? 0] })
        }
        // Out of the packed range (a negative score, a length past 16 bits) or out of order: the same.
        let odd: [Int32] = [9, 3, 5]
        let oddRanks = [rank(score: -3, length: 2), rank(score: 70_000, length: 1), rank(score: 1, length: 100_000)]
        #expect(FindRank.sorted(odd, oddRanks).positions == reference(odd, oddRanks))
        #expect(FindRank.sorted([1, 2], oddRanks.prefix(2).map { $0 }).positions == reference([1, 2], Array(oddRanks.prefix(2))))
    }
}
