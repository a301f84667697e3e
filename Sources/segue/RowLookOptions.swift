import ArgumentParser
import SegueCore

/// fzf's looks of the list's rows that Segue draws, for lines piped in: multi-line items
/// (`--read0`), `--gap`, `--gap-line`, `--wrap`, `--wrap-sign`. fzf lets some go without a value
/// or take one after a space only when it looks like one (`--gap`, `--gap 2`); `spelledOut`
/// writes them as the parser reads them first.
struct RowLookOptions: ParsableArguments {
    @Flag(inversion: .prefixedNo, exclusivity: .chooseLast,
          help: "Picking from stdin with --read0: an item holding line breaks is drawn on as many lines (fzf's multi-line items); --no-multi-line joins them on one.")
    var multiLine = true

    @Option(help: ArgumentHelp("Picking from stdin: N blank lines after each row (--gap alone: 1), the last with a dim line across (--gap-line); --no-gap for none.",
                               valueName: "n"))
    var gap: Int?

    @Option(parsing: .unconditional,
            help: ArgumentHelp("The text repeated across each gap's last line (default ┈, - with --ascii); --no-gap-line leaves gaps blank.", valueName: "text"))
    var gapLine: String?

    @Option(help: ArgumentHelp("Picking from stdin: rows too long for the line go on onto the next lines (--wrap alone: char, anywhere; word: at spaces; --wrap-word says the same), instead of being cut with …; --no-wrap cuts them. toggle-wrap switches.",
                               valueName: "mode"))
    var wrap: WrapMode?

    @Option(parsing: .unconditional,
            help: ArgumentHelp("What starts each line a row wrapped onto, dim (default ↳ , > with --ascii).", valueName: "text"))
    var wrapSign: String?

    @Flag(inversion: .prefixedNo, exclusivity: .chooseLast,
          help: "Picking from stdin: the selection stays on its line when the query changes (fzf's --track); with --id-nth, across reloads too. toggle-track switches.")
    var track = false

    @Option(parsing: .unconditional,
            help: ArgumentHelp("With --track: the fields that tell a line again after a reload, as fzf's field indexes (1, 2,3).", valueName: "fields"))
    var idNth: String?

    @Flag(inversion: .prefixedNo, exclusivity: .chooseLast,
          help: "Picking from stdin: moving down past the last row goes to the first, and up past the first to the last (fzf's --cycle).")
    var cycle = false

    @Option(parsing: .unconditional, help: ArgumentHelp("Picking from stdin: what marks the selected row, before it (default >; at most two columns).", valueName: "text"))
    var pointer: String?

    @Option(parsing: .unconditional, help: ArgumentHelp("Picking from stdin: what marks a marked row with --multi, before it (default ✓; at most two columns).", valueName: "text"))
    var marker: String?

    @Flag(help: "fzf's --highlight-line: the selected row is highlighted across the whole line, as Segue always draws it.")
    var highlightLine = false

    @Flag(inversion: .prefixedNo, exclusivity: .chooseLast,
          help: "Picking from stdin: finding leaves every line in its place, in the input's order, those not matching dim (fzf's --raw); up-match and down-match step over them.")
    var raw = false

    /// `--wrap`'s value, with `off` for `--no-wrap` (what `spelledOut` writes it as).
    enum WrapMode: String, ExpressibleByArgument {
        case char, word, off
    }

    /// The options whose value may start with a dash (`--wrap-sign '-> '`).
    static let takingAnyValue: Set<String> = ["--wrap-sign", "--id-nth", "--pointer", "--marker"]

    /// The looks they say, over `RowLooks`' defaults.
    var looks: RowLooks {
        var looks = RowLooks()
        looks.multiLine = multiLine
        looks.gap = max(0, gap ?? 0)
        if let gapLine { looks.gapLine = gapLine }
        looks.wrap = wrap.flatMap { RowLooks.Wrapping(rawValue: $0.rawValue) }
        if let wrapSign { looks.wrapSign = wrapSign }
        looks.raw = raw
        looks.track = track
        looks.cycle = cycle
        if let pointer { looks.pointer = pointer }
        if let marker { looks.marker = marker }
        return looks
    }

    /// `arguments` as the parser reads them: `--gap` alone is `--gap=1` (`--gap 2` is fzf's too),
    /// `--no-gap` is `--gap=0`; `--gap-line` alone is fzf's default line, `--no-gap-line` an empty
    /// one; `--wrap` alone is `--wrap=char`, `--wrap-word` is `--wrap=word`, `--no-wrap` is
    /// `--wrap=off`. After `--`, nothing is read.
    static func spelledOut(_ arguments: [String]) -> [String] {
        var spelled: [String] = []
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            let next = index + 1 < arguments.count ? arguments[index + 1] : nil
            index += 1
            switch argument {
            case "--":
                return spelled + arguments[(index - 1)...]
            case "--gap":
                if let next, next.first?.isNumber == true {
                    spelled.append("--gap=" + next)
                    index += 1
                } else {
                    spelled.append("--gap=1")
                }
            case "--no-gap": spelled.append("--gap=0")
            case "--gap-line":
                if let next, !next.hasPrefix("-"), !next.hasPrefix("+") {
                    spelled.append("--gap-line=" + next)
                    index += 1
                } else {
                    spelled.append("--gap-line=" + RowLooks.defaultGapLine)
                }
            case "--no-gap-line": spelled.append("--gap-line=")
            case "--wrap":
                if let next, next == "char" || next == "word" {
                    spelled.append("--wrap=" + next)
                    index += 1
                } else {
                    spelled.append("--wrap=char")
                }
            case "--wrap-word": spelled.append("--wrap=word")
            case "--no-wrap": spelled.append("--wrap=off")
            default:
                // Another option's value (`--query --gap`) is the value.
                spelled.append(argument)
                if Run.optionsTakingAnyValue.contains(argument), let next {
                    spelled.append(next)
                    index += 1
                }
            }
        }
        return spelled
    }
}
