/// Matching a fuzzy term as fzf does by default (its "v2" algorithm): of every way the pattern's
/// characters appear in order in the text, the one with the highest score (`Scoring`), found by
/// filling a score matrix over the window from the pattern's first possible start to its last
/// possible end, then walking back through it for the matched positions.
///
/// `bord` in `b6add2a2 Fix rendering of preview window border` takes the word "border", where the
/// greedy match (`greedy`, fzf's "v1", its `--algo=v1`) took the hash's `b` and letters of three
/// other words. Every detail follows fzf 0.38's `FuzzyMatchV2` so rows rank and highlight as in
/// fzf, including its ties (the first of equal best ends wins) and its fallback to the greedy
/// match when text length × pattern length passes `cellLimit`.
enum FuzzyAlignment {
    /// Beyond this many cells (text length × pattern length) the greedy match is used: fzf's slab.
    static let cellLimit = 100 * 1024

    /// The best alignment of `pattern` in `haystack` (the text's scalars as compared: folded, or
    /// with case kept); `nil` when the pattern's characters do not all appear in order.
    static func best(_ text: SearchText, _ haystack: ArraySlice<Unicode.Scalar>, _ pattern: [Unicode.Scalar],
                     positions wanted: Bool) -> FindMatch? {
        let m = pattern.count
        let n = haystack.count
        guard m > 0 else { return FindMatch(score: 0, positions: []) }
        guard m <= n else { return nil }
        if n * m > cellLimit { return greedy(text, haystack, pattern, positions: wanted) }
        if m == 1 { return bestSingle(text, haystack, pattern[0], positions: wanted) }
        // Read through unchecked pointers: the cells below are the hottest loop of a find.
        return haystack.withUnsafeBufferPointer { haystack in
            pattern.withUnsafeBufferPointer { pattern in
                text.withClasses { classes in
                    Scoring.bonusTable.withUnsafeBufferPointer { bonusTable in
                        best(haystack, pattern, classes: classes, bonusTable: bonusTable, positions: wanted)
                    }
                }
            }
        }
    }

    private static func best(_ haystack: UnsafeBufferPointer<Unicode.Scalar>, _ pattern: UnsafeBufferPointer<Unicode.Scalar>,
                             classes: UnsafeBufferPointer<Scoring.CharClass>, bonusTable: UnsafeBufferPointer<Int32>,
                             positions wanted: Bool) -> FindMatch? {
        let m = pattern.count
        let n = haystack.count
        // The window: from where the first character can first be to where the last can last be.
        return withUnsafeTemporaryAllocation(of: Int32.self, capacity: m) { firsts -> FindMatch? in
            var next = 0
            for index in 0..<n where haystack[index] == pattern[next] {
                firsts[next] = Int32(index)
                next += 1
                if next == m { break }
            }
            guard next == m else { return nil }
            var last = n - 1
            while haystack[last] != pattern[m - 1] { last -= 1 }
            let start = Int(firsts[0])
            let width = last - start + 1
            // One allocation (on the stack when it fits): each column's bonus, then the score
            // matrix and the run matrix, a row per pattern character.
            return withUnsafeTemporaryAllocation(of: Int32.self, capacity: width * (2 * m + 1)) { buffer in
                // Not cleared: every cell is written before it is read, but the one left of each
                // row's first column, set to 0 there (fzf's slab is not cleared either).
                return align(haystack, pattern, classes: classes, bonusTable: bonusTable, wanted: wanted,
                             firsts: firsts, start: start, width: width,
                             bonuses: UnsafeMutableBufferPointer(rebasing: buffer[0..<width]),
                             scores: UnsafeMutableBufferPointer(rebasing: buffer[width..<(width * (m + 1))]),
                             runs: UnsafeMutableBufferPointer(rebasing: buffer[(width * (m + 1))...]))
            }
        }
    }

    /// One character: its occurrence with the best bonus, the first at a word start.
    private static func bestSingle(_ text: SearchText, _ haystack: ArraySlice<Unicode.Scalar>, _ character: Unicode.Scalar,
                                   positions wanted: Bool) -> FindMatch? {
        var best = -1
        var bestIndex = -1
        let boundary = Scoring.boundary
        for index in haystack.indices where haystack[index] == character {
            let previous = index > 0 ? text.charClass(index - 1) : .white
            let bonus = Scoring.bonus(after: previous, for: text.charClass(index))
            let score = Scoring.match + bonus * Scoring.firstCharMultiplier
            if score > best {
                best = score
                bestIndex = index
                if bonus >= boundary { break }
            }
        }
        guard bestIndex >= 0 else { return nil }
        return FindMatch(score: best, positions: wanted ? [bestIndex] : [])
    }

    /// The greedy match: forward to the end of the first full match, back to its latest start,
    /// scored over that window (fzf's `--algo=v1`).
    static func greedy(_ text: SearchText, _ haystack: ArraySlice<Unicode.Scalar>, _ pattern: [Unicode.Scalar],
                       positions wanted: Bool) -> FindMatch? {
        let count = haystack.count
        var index = 0
        var end = -1
        var next = 0
        while index < count {
            if haystack[index] == pattern[next] {
                next += 1
                if next == pattern.count { end = index + 1; break }
            }
            index += 1
        }
        guard end > 0 else { return nil }
        var start = end - 1
        next = pattern.count - 1
        while start >= 0 {
            if haystack[start] == pattern[next] {
                if next == 0 { break }
                next -= 1
            }
            start -= 1
        }
        return Scoring.score(text, haystack, pattern, from: start, to: end, positions: wanted)
    }

    private static func align(_ haystack: UnsafeBufferPointer<Unicode.Scalar>, _ pattern: UnsafeBufferPointer<Unicode.Scalar>,
                              classes: UnsafeBufferPointer<Scoring.CharClass>, bonusTable: UnsafeBufferPointer<Int32>,
                              wanted: Bool, firsts: UnsafeMutableBufferPointer<Int32>, start: Int, width: Int,
                              bonuses: UnsafeMutableBufferPointer<Int32>, scores: UnsafeMutableBufferPointer<Int32>,
                              runs: UnsafeMutableBufferPointer<Int32>) -> FindMatch {
        let m = pattern.count
        let match = Int32(Scoring.match)
        let gapStart = Int32(Scoring.gapStart)
        let gapExtension = Int32(Scoring.gapExtension)
        let boundary = Int32(Scoring.boundary)
        let consecutiveBonus = Int32(Scoring.consecutive)
        let multiplier = Int32(Scoring.firstCharMultiplier)

        // Each column's bonus, and the first row: the pattern's first character matched there.
        var previousClass = start > 0 ? classes[start - 1] : .white
        var previousScore: Int32 = 0
        var inGap = false
        let first = pattern[0]
        for column in 0..<width {
            let charClass = classes[start + column]
            let bonus = bonusTable[Scoring.bonusIndex(after: previousClass, for: charClass)]
            bonuses[column] = bonus
            previousClass = charClass
            if haystack[start + column] == first {
                scores[column] = match + bonus * multiplier
                runs[column] = 1
                inGap = false
            } else {
                scores[column] = max(previousScore + (inGap ? gapExtension : gapStart), 0)
                runs[column] = 0
                inGap = true
            }
            previousScore = scores[column]
        }

        // The other rows: each cell the best score of the pattern up to this row ending at this
        // column, and the length of the run of consecutive matches it ends.
        var best: Int32 = 0
        var bestEnd = start
        for row in 1..<m {
            let firstColumn = Int(firsts[row]) - start
            let character = pattern[row]
            let rowStart = row * width
            var inGap = false
            // The cell left of the row's first column reads as 0, as the matrix starts.
            scores[rowStart + firstColumn - 1] = 0
            runs[rowStart + firstColumn - 1] = 0
            for column in firstColumn..<width {
                let cell = rowStart + column
                let skip = scores[cell - 1] + (inGap ? gapExtension : gapStart)
                var take: Int32 = 0
                var run: Int32 = 0
                if character == haystack[start + column] {
                    take = scores[cell - width - 1] + match
                    var bonus = bonuses[column]
                    run = runs[cell - width - 1] + 1
                    if run > 1 {
                        // A run keeps the bonus of its first character, unless this one starts
                        // a word with more: then a new run starts here.
                        let runBonus = bonuses[column - Int(run) + 1]
                        if bonus >= boundary && bonus > runBonus {
                            run = 1
                        } else {
                            bonus = max(bonus, consecutiveBonus, runBonus)
                        }
                    }
                    if take + bonus < skip {
                        take += bonuses[column]
                        run = 0
                    } else {
                        take += bonus
                    }
                }
                runs[cell] = run
                inGap = take < skip
                let score = max(take, skip, 0)
                if row == m - 1, score > best {
                    best = score
                    bestEnd = start + column
                }
                scores[cell] = score
            }
        }
        guard wanted else { return FindMatch(score: Int(best), positions: []) }
        return FindMatch(score: Int(best), positions: backtrace(
            scores: scores, runs: runs, firsts: firsts, width: width, start: start, rows: m, end: bestEnd))
    }

    /// The positions of the best alignment, walking back from its end: a match wherever the
    /// score came from the diagonal, preferring a match on ties while inside a run.
    private static func backtrace(scores: UnsafeMutableBufferPointer<Int32>, runs: UnsafeMutableBufferPointer<Int32>,
                                  firsts: UnsafeMutableBufferPointer<Int32>, width: Int, start: Int, rows: Int,
                                  end: Int) -> [Int] {
        var positions: [Int] = []
        positions.reserveCapacity(rows)
        var row = rows - 1
        var column = end
        var prefersMatch = true
        while true {
            let current = row
            let rowStart = row * width
            let offset = column - start
            let score = scores[rowStart + offset]
            var diagonal: Int32 = 0
            var left: Int32 = 0
            if row > 0, column >= Int(firsts[row]) { diagonal = scores[rowStart - width + offset - 1] }
            if column > Int(firsts[row]) { left = scores[rowStart + offset - 1] }
            if score > diagonal, score > left || score == left && prefersMatch {
                positions.append(column)
                if row == 0 { break }
                row -= 1
            }
            let below = rowStart + width + offset + 1
            // The row below is written only from its first column on.
            prefersMatch = runs[rowStart + offset] > 1
                || current + 1 < rows && offset + 1 < width && column + 1 >= Int(firsts[current + 1]) && runs[below] > 0
            column -= 1
        }
        return positions.reversed()
    }
}
