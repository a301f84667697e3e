/// What a spec tree remembers between runs (`"remember": true`, `"sort": "frecency"`): the row
/// each screen was left on, and how often and how recently rows were chosen. Screens go by
/// their spec's path from the first spec's folder (as query histories do), rows by `id`, else
/// title. The world keeps it in a file (`SegueFiles.RowMemoryFile`).
public struct RowMemory: Sendable, Equatable {
    /// How much a row has been chosen, decayed to `at` (seconds since 1970): each choice adds 1,
    /// and the sum halves every half-life, so a row chosen today outranks one chosen often a
    /// year ago.
    public struct Use: Sendable, Equatable {
        package var score: Double
        package var at: Double

        package init(score: Double, at: Double) {
            self.score = score
            self.at = at
        }
    }

    /// A change to keep: where a screen was left, or a row chosen at a time.
    public enum Change: Sendable, Equatable {
        case left(screen: String, row: String)
        case chose(screen: String, row: String, at: Double, halfLife: Double)
    }

    /// The most chosen rows kept for a screen; the least used go first.
    package static let rowsKept = 1_000
    /// Half-life of a choice, in days, unless a spec says (`"halfLife"`).
    package static let defaultHalfLife = Spec.defaultHalfLife
    /// The longest id (or title) remembered, in bytes of UTF-8: a row of megabytes (a piped
    /// line, a generated title) is neither chosen nor left on for next time, so no quit writes
    /// megabytes.
    package static let keyLimit = 1_024

    /// What a row goes by: its `id`, else its title (as `select` finds it), as bound; `nil` for
    /// a row with neither, or one longer than `keyLimit`.
    static func key(of row: Row) -> String? {
        // An `id` a template left empty (`{{item.id}}` on an item without one) is no id.
        if let id = row.id, case let text = Template.text(of: id), !text.isEmpty { return isKept(text) ? text : nil }
        return row.title.isEmpty || !isKept(row.title) ? nil : row.title
    }

    /// Whether a row of this id (or title) is remembered: it is not longer than `keyLimit`.
    package static func isKept(_ key: String) -> Bool { key.utf8.count <= keyLimit }

    /// The memory `left` and `uses` hold (a file read: `SegueFiles.RowMemoryFile`).
    package init(left: [String: String], uses: [String: [String: Use]]) {
        self.left = left
        self.uses = uses
    }

    /// Orders uses as their frecency does at any time after them (`halfLife` in days): the score
    /// halves every half-life, so its base-2 logarithm plus the half-lives since 1970 ranks them
    /// without a clock, which is how a file of a million rows is cut to its best `rowsKept`.
    package static func rank(_ use: Use, halfLife: Double = defaultHalfLife) -> Double {
        guard use.score > 0 else { return -.infinity }
        return log2(use.score) + use.at / 86_400 / max(halfLife, 0.001)
    }

    /// The base-2 logarithm, without Foundation: the exponent, and the mantissa's by its series.
    private static func log2(_ value: Double) -> Double {
        let exponent = Double(value.exponent)
        let mantissa = value.significand  // in [1, 2)
        // ln(m) = 2 atanh((m - 1) / (m + 1)); the ratio is below 1/3, so 20 terms are exact to doubles.
        let ratio = (mantissa - 1) / (mantissa + 1)
        let square = ratio * ratio
        var term = ratio, sum = 0.0, n = 1.0
        // A while loop: a file of a million rows asks this a million times.
        while n < 40 {
            sum += term / n
            term *= square
            n += 2
        }
        return exponent + 2 * sum / 0.693_147_180_559_945_3
    }

    package private(set) var left: [String: String] = [:]
    package private(set) var uses: [String: [String: Use]] = [:]

    package init() {}

    package mutating func apply(_ change: Change) {
        switch change {
        case .left(let screen, let row):
            guard Self.isKept(row) else { return }
            left[screen] = row
        case .chose(let screen, let row, let at, let halfLife):
            guard Self.isKept(row) else { return }
            var rows = uses[screen] ?? [:]
            let before = rows[row].map { Self.decayed($0, to: at, halfLife: halfLife) } ?? 0
            rows[row] = Use(score: before + 1, at: at)
            if rows.count > Self.rowsKept, let least = rows.min(by: { Self.decayed($0.value, to: at, halfLife: halfLife) < Self.decayed($1.value, to: at, halfLife: halfLife) }) {
                rows[least.key] = nil
            }
            uses[screen] = rows
        }
    }

    /// The frecency of `row` on `screen` at `now`: its choices, each halved every `halfLife` days since.
    package func score(of row: String, on screen: String, now: Double, halfLife: Double) -> Double {
        uses[screen]?[row].map { Self.decayed($0, to: now, halfLife: halfLife) } ?? 0
    }

    private static func decayed(_ use: Use, to now: Double, halfLife: Double) -> Double {
        let days = max(0, now - use.at) / 86_400
        return use.score * pow2(-days / max(halfLife, 0.001))
    }

    /// 2 to the power `exponent`, without Foundation.
    private static func pow2(_ exponent: Double) -> Double {
        guard exponent > -1_000 else { return 0 }
        let whole = exponent.rounded(.down)
        let fraction = exponent - whole
        // 2^f = e^(f ln 2), by its series: f is in [0, 1), so a dozen terms are exact to doubles.
        var term = 1.0, sum = 1.0
        let x = fraction * 0.693_147_180_559_945_3
        for n in 1...16 {
            term *= x / Double(n)
            sum += term
        }
        var scale = 1.0
        for _ in 0..<Int(-whole) { scale /= 2 }
        return sum * scale
    }

    /// As its file keeps it: `{"left": {screen: row}, "chosen": {screen: {row: [score, at]}}}`.
    package var json: JSONValue {
        .object([
            "left": .object(left.mapValues { .string($0) }),
            "chosen": .object(uses.mapValues { rows in
                .object(rows.mapValues { .array([.number(String($0.score)), .number(String($0.at))]) })
            }),
        ])
    }
}
