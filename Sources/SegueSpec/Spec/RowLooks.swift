/// How a screen's rows are laid out and drawn beyond what their kind says: fzf's looks of the
/// list's rows (`--read0`'s multi-line items, `--gap`, `--wrap`), set for the stdin picker by
/// its options. A screen keeps its own copy (`Screen.looks`), which actions change
/// (`toggle-wrap`); the spec's is where it starts.
package struct RowLooks: Equatable, Sendable {
    /// A title's own lines (a `\n`, in items read with `--read0`) are drawn as lines, the row
    /// taking as many (fzf's multi-line items: its CTRL-R shows a command of several lines
    /// whole); else they are joined by spaces on one line.
    package var multiLine = false
    /// Blank lines after each row (`--gap[=N]`).
    package var gap = 0
    /// Repeated across the last line of each gap, dim (`--gap-line[=STR]`, fzf's `┈` unless
    /// told); empty: the gap is blank (`--no-gap-line`).
    package var gapLine = RowLooks.defaultGapLine
    /// How titles too long for the line go on (`--wrap`): cut with `…` (`nil`), or on the next
    /// lines, after `wrapSign`.
    package var wrap: Wrapping?
    /// What starts each line a title wrapped onto (`--wrap-sign`), dim.
    package var wrapSign = RowLooks.defaultWrapSign
    /// A find leaves every row in place, in the rows' order, those it does not match dim
    /// (fzf's `--raw`): `up-match` and `down-match` step over them; the count is the matches'.
    package var raw = false
    /// The selection stays on its row when a query changes what shows (fzf's `--track`), rather
    /// than going to the first match; across a reload, a row is known again by its `id`.
    package var track = false
    /// Moving past the last row goes to the first, and before the first to the last (`--cycle`).
    package var cycle = false
    /// Drawn before the selected row, at most two columns (`--pointer`; `>` unless told).
    package var pointer = ">"
    /// Drawn before a marked row, at most two columns (`--marker`; `✓` unless told).
    package var marker = "✓"

    /// Where a wrapped title breaks: anywhere (fzf's `char`, its default), or at spaces (`word`).
    package enum Wrapping: String, Equatable, Sendable {
        case char, word
    }

    package static let defaultGapLine = "┈"
    package static let defaultWrapSign = "↳ "

    package init() {}

    /// Whether a row's height needs its title: its lines, or where they wrap.
    package var measuresTitles: Bool { multiLine || wrap != nil }

    /// The gap line and the wrap sign as ASCII draws them (`-`, `> `), where they are fzf's defaults.
    package func ascii() -> RowLooks {
        var looks = self
        if gapLine == Self.defaultGapLine { looks.gapLine = "-" }
        if wrapSign == Self.defaultWrapSign { looks.wrapSign = "> " }
        return looks
    }
}
