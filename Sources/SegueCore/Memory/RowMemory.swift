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
    }

    /// A change to keep: where a screen was left, or a row chosen at a time.
    public enum Change: Sendable, Equatable {
        case left(screen: String, row: String)
        case chose(screen: String, row: String, at: Double, halfLife: Double)
    }

    /// The most chosen rows kept for a screen; the least used go first.
    package static let rowsKept = 1_000
    /// Half-life of a choice, in days, unless a spec says (`"halfLife"`).
    package static let defaultHalfLife = 7.0

    /// What a row goes by: its `id`, else its title (as `select` finds it), as bound; `nil` for
    /// a row with neither.
    static func key(of row: Row) -> String? {
        // An `id` a template left empty (`{{item.id}}` on an item without one) is no id.
        if let id = row.id, case let text = Template.text(of: id), !text.isEmpty { return text }
        return row.title.isEmpty ? nil : row.title
    }

    package private(set) var left: [String: String] = [:]
    package private(set) var uses: [String: [String: Use]] = [:]

    package init() {}

    package mutating func apply(_ change: Change) {
        switch change {
        case .left(let screen, let row):
            left[screen] = row
        case .chose(let screen, let row, let at, let halfLife):
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

    /// The memory `value` holds; `nil` for anything else (a file Segue did not write is left alone).
    package init?(json value: JSONValue) {
        guard case .object(let members) = value else { return nil }
        if case .object(let left)? = members["left"] {
            for (screen, row) in left { if let row = row.stringValue { self.left[screen] = row } }
        }
        if case .object(let chosen)? = members["chosen"] {
            for (screen, rows) in chosen {
                guard case .object(let rows) = rows else { continue }
                for (row, pair) in rows {
                    guard case .array(let parts) = pair, parts.count == 2, let score = parts[0].doubleValue,
                          let at = parts[1].doubleValue else { continue }
                    uses[screen, default: [:]][row] = Use(score: score, at: at)
                }
            }
        }
    }
}
