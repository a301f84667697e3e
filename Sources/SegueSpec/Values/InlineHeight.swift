/// How tall Segue is drawn under the prompt in inline mode (`--height`): a number of rows
/// (`10`), or a percentage of the terminal's (`40%`); with `~` in front, at most that, fewer when
/// the first screen needs fewer (`~20`, as fzf's).
public struct InlineHeight: Equatable, Sendable {
    public enum Amount: Equatable, Sendable {
        case rows(Int)
        case percent(Int)
    }

    public var amount: Amount
    /// `~N`: at most the amount, shrinking to `contentRows`.
    public var fitsContent = false
    /// The lines the first screen needs (its rows, headers, title and hint line), when known
    /// before it is drawn (no rows come from a source): what `~N` shrinks to.
    public var contentRows: Int?
    /// The fewest rows drawn: `minimumRows`, or fewer for what needs fewer (`segue spin`'s line).
    public var minimum = Self.minimumRows

    /// The fewest rows drawn: a title, a row and the hint line need them; less is raised to it.
    public static let minimumRows = 5

    public init(_ amount: Amount, fitsContent: Bool = false, minimum: Int = Self.minimumRows) {
        self.amount = amount
        self.fitsContent = fitsContent
        self.minimum = max(1, minimum)
    }

    /// `10`, `40%`, `~10` or `~40%`; `nil` for anything else (zero, negative, over 100%, not a
    /// number).
    public init?(parsing text: String) {
        var written = Substring(text.trimmingSpaces())
        if written.first == "~" {
            fitsContent = true
            written = written.dropFirst()
        }
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
        let wanted = fitsContent ? min(asked, contentRows ?? asked) : asked
        return max(1, min(terminalRows, max(minimum, wanted)))
    }
}
