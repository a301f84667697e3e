/// Scoring a match the way fzf does, so results rank as its users expect: every matched character
/// scores, gaps cost, and characters at the start of a word, after a path separator, at a camelCase
/// hump or right after another match earn a bonus.
enum Scoring {
    static let match = 16
    static let gapStart = -3
    static let gapExtension = -1
    static let boundary = match / 2
    static let boundaryWhite = boundary + 2
    static let boundaryDelimiter = boundary + 1
    static let nonWord = match / 2
    static let camel = boundary + gapExtension
    static let consecutive = -(gapStart + gapExtension)
    static let firstCharMultiplier = 2

    enum CharClass: Int, Comparable, CaseIterable {
        case white, nonWord, delimiter, lower, upper, letter, number

        init(_ scalar: Unicode.Scalar) {
            switch scalar.value {
            case 0x61...0x7A: self = .lower
            case 0x41...0x5A: self = .upper
            case 0x30...0x39: self = .number
            case 0x20, 0x09...0x0D: self = .white
            case 0x2F, 0x2C, 0x3A, 0x3B, 0x7C: self = .delimiter  // / , : ; |
            case 0...0x7F: self = .nonWord
            case 0x80..<0x250: self = Self.latin[Int(scalar.value - 0x80)]
            default: self = Self.byCategory(scalar)
            }
        }

        /// The classes of ASCII, by byte.
        static let ascii: [CharClass] = (0..<128).map { CharClass(Unicode.Scalar(UInt8($0))) }

        /// The classes of U+0080…U+024F (Latin-1 and Latin Extended), looked up: lines of
        /// accented text, and lists with a `·` or `é` in every row, ask for them all the time.
        private static let latin: [CharClass] = (0x80..<0x250).map { byCategory(Unicode.Scalar(UInt32($0)) ?? " ") }

        private static func byCategory(_ scalar: Unicode.Scalar) -> CharClass {
            // By general category, in fzf's order (a letter that is also a number is a number).
            switch scalar.properties.generalCategory {
            case .lowercaseLetter: return .lower
            case .uppercaseLetter: return .upper
            case .decimalNumber, .letterNumber, .otherNumber: return .number
            case .titlecaseLetter, .modifierLetter, .otherLetter: return .letter
            default: return scalar.properties.isWhitespace ? .white : .nonWord
            }
        }

        static func < (lhs: CharClass, rhs: CharClass) -> Bool { lhs.rawValue < rhs.rawValue }

        static let count = allCases.count
    }

    /// Today's fzf's rule (0.74): any character but a space starts a word after a space, a
    /// delimiter (`/ , : ; |`) or another sign, and a delimiter earns what a sign does. (fzf 0.38
    /// gave a sign or delimiter no word start, and a delimiter nothing.)
    static func bonus(after previous: CharClass, for current: CharClass) -> Int {
        if current >= .nonWord {
            switch previous {
            case .white: return boundaryWhite
            case .delimiter: return boundaryDelimiter
            case .nonWord: return boundary
            default: break
            }
        }
        if previous == .lower && current == .upper || previous != .number && current == .number { return camel }
        switch current {
        case .nonWord, .delimiter: return nonWord
        case .white: return boundaryWhite
        default: return 0
        }
    }

    /// `bonus(after:for:)` for every pair of classes, at `bonusIndex(after:for:)`: looked up
    /// for each column of an alignment.
    static let bonusTable: [Int32] = (0..<(CharClass.count * CharClass.count)).map { index in
        Int32(bonus(after: CharClass(rawValue: index / CharClass.count) ?? .white,
                    for: CharClass(rawValue: index % CharClass.count) ?? .white))
    }

    @inline(__always) static func bonusIndex(after previous: CharClass, for current: CharClass) -> Int {
        previous.rawValue &* CharClass.count &+ current.rawValue
    }

    /// The score of `pattern` matched in `haystack` between `start` and `end`, taking matches
    /// greedily from the left.
    static func score(_ text: SearchText, _ haystack: ArraySlice<Unicode.Scalar>, _ pattern: [Unicode.Scalar],
                      from start: Int, to end: Int, positions wanted: Bool) -> FindMatch {
        var score = 0
        var positions: [Int] = []
        var next = 0
        var inGap = false
        var run = 0
        var firstBonus = 0
        var previous = start > 0 ? text.charClass(start - 1) : .white
        for index in start..<end {
            let current = text.charClass(index)
            if next < pattern.count, haystack[index] == pattern[next] {
                if wanted { positions.append(index) }
                score += match
                var bonus = Self.bonus(after: previous, for: current)
                if run == 0 {
                    firstBonus = bonus
                } else {
                    if bonus >= boundary && bonus > firstBonus { firstBonus = bonus }
                    bonus = max(bonus, firstBonus, consecutive)
                }
                score += next == 0 ? bonus * firstCharMultiplier : bonus
                inGap = false
                run += 1
                next += 1
            } else {
                score += inGap ? gapExtension : gapStart
                inGap = true
                run = 0
                firstBonus = 0
            }
            previous = current
        }
        return FindMatch(score: score, positions: positions)
    }
}
