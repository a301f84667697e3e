/// How tall Segue is drawn under the prompt in inline mode (`--height`): a number of rows
/// (`10`), or a percentage of the terminal's (`40%`).
public struct InlineHeight: Equatable, Sendable {
    public enum Amount: Equatable, Sendable {
        case rows(Int)
        case percent(Int)
    }

    public var amount: Amount
    /// The fewest rows drawn: `minimumRows`, or fewer for what needs fewer (`segue spin`'s line).
    public var minimum = Self.minimumRows

    /// The fewest rows drawn: a title, a row and the hint line need them; less is raised to it.
    public static let minimumRows = 5

    public init(_ amount: Amount, minimum: Int = Self.minimumRows) {
        self.amount = amount
        self.minimum = max(1, minimum)
    }

    /// `10` or `40%`; `nil` for anything else (zero, negative, over 100%, not a number).
    public init?(parsing text: String) {
        let written = text.trimmingSpaces()
        if written.hasSuffix("%") {
            guard let percent = Int(written.dropLast()), (1...100).contains(percent) else { return nil }
            amount = .percent(percent)
        } else {
            guard let rows = Int(written), rows > 0 else { return nil }
            amount = .rows(rows)
        }
    }

    /// The rows drawn on a terminal `terminalRows` tall: as asked, at least `minimum`, at
    /// most the whole terminal.
    public func rows(terminalRows: Int) -> Int {
        let asked = switch amount {
        case .rows(let rows): rows
        case .percent(let percent): (terminalRows * percent + 50) / 100
        }
        return max(1, min(terminalRows, max(minimum, asked)))
    }
}
