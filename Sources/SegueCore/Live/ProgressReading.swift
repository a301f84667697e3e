/// What a running command's output says of how far it is, as dialog's gauge reads it: each
/// finished line (ended by a line feed, or a carriage return as meters redraw) is either a figure
/// that moves the bar (`42`, `42%` anywhere in it, `3/8` at its start) or words that say what the
/// command is doing. `segue progress` and `progress` rows read their commands this way.
struct ProgressReading: Sendable, Equatable {
    /// How far the command says it is (0…1), once a line has said it.
    var fraction: Double?
    /// Its last line that was not a figure: what it is doing.
    var message: String?
    /// Output not yet ended by a line break.
    private var partial: [UInt8] = []

    /// Reads more of the command's output.
    mutating func read(_ bytes: [UInt8]) {
        partial += bytes
        // Lines are read where they stand and the read part dropped once, so a chunk of many
        // lines costs its length, not its length times its lines.
        var start = 0
        while let end = partial[start...].firstIndex(where: { $0 == 0x0A || $0 == 0x0D }) {
            let line = String(decoding: partial[start..<end], as: UTF8.self)
            start = end + 1
            if let fraction = Self.fraction(in: line[...]) {
                self.fraction = fraction
            } else if !line.allSatisfy(\.isWhitespace) {
                message = line
            }
        }
        partial.removeFirst(start)
        // A meter that never ends its line keeps no more than a line's worth.
        if partial.count > 4096 { partial.removeFirst(partial.count - 4096) }
    }

    /// How far a line says the command is (0…1), or `nil` when it says something else: a number
    /// alone (`42`, a percentage as dialog's gauge reads it), `42%` anywhere in it (curl, pip,
    /// rsync), or `3/8` at its start.
    static func fraction(in line: Substring) -> Double? {
        let text = String(line).trimmingSpaces()
        if let number = Double(text.hasSuffix("%") ? String(text.dropLast()) : text), (0...100).contains(number) {
            return number / 100
        }
        // `3/8` or `3/8 files`, but not a date (`2025/11/25 10:00 copying`): a count no larger
        // than its total, which the line's end or a space follows.
        let parts = text.split(separator: "/", maxSplits: 1)
        if parts.count == 2, let done = Double(String(parts[0]).trimmingSpaces()) {
            let digits = parts[1].prefix { $0.isNumber || $0 == "." }
            let after = parts[1].dropFirst(digits.count).first
            if let total = Double(digits), total > 0, done >= 0, done <= total, after == nil || after == " " {
                return done / total
            }
        }
        if let percent = text.firstIndex(of: "%") {
            let digits = text[..<percent].reversed().prefix { $0.isNumber || $0 == "." }
            if let number = Double(String(digits.reversed())), (0...100).contains(number) { return number / 100 }
        }
        return nil
    }

    /// A bar in brackets and the figure: `[████░░░░░░] 42%`, the bar `width` cells wide.
    static func gauge(_ fraction: Double, width: Int) -> String {
        "[" + bar(fraction, width: width) + "] \(Int((fraction * 100).rounded(.down)))%"
    }

    /// A bar `width` cells wide, filled to `fraction` (`█`/`░`; `--ascii` draws `#`/`.`).
    static func bar(_ fraction: Double, width: Int) -> String {
        let width = max(0, width)
        let filled = fraction.isFinite ? min(width, max(0, Int((Double(width) * fraction).rounded(.down)))) : 0
        return String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled)
    }
}
