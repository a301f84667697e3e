import ArgumentParser
import SegueCore

/// fzf's looks of the frame that Segue draws (`PickerFrame`): where the find line, the count and
/// the list go. Given none, the screen is Segue's own. fzf's flags for them (`--reverse`,
/// `--no-info`, `--inline-info`, `--no-separator`) are spelled out as the valued options before
/// the parser reads them (`FzfLooks.spelledOut`), so the last one given wins, as in fzf.
struct FrameOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Picking: fzf's layout: the find line at the bottom, the list running up from it (default), the find line at the top (reverse), or the list from the top down to it (reverse-list). Without any of these looks, Segue's own screen.",
                               valueName: "default|reverse|reverse-list"))
    var layout: PickerFrame.Layout?

    @Flag(help: "Picking: --layout reverse.")
    var reverse = false

    @Option(help: ArgumentHelp("Picking: where the count goes, as in fzf: a line under the find line, at its left (default) or right, after the query (inline, inline:PREFIX), at the find line's right (inline-right), or nowhere (hidden).",
                               valueName: "default|right|inline|inline-right|hidden"))
    var info: String?

    @Flag(help: "Picking: --info hidden.")
    var noInfo = false

    @Flag(help: "Picking: --info inline.")
    var inlineInfo = false

    @Option(parsing: .unconditional, help: ArgumentHelp("Picking: the rule beside the count (─), repeated.", valueName: "text"))
    var separator: String?

    @Flag(help: "Picking: no line beside the count.")
    var noSeparator = false

    @Flag(help: "Picking: no find line, as in fzf; typing edits no query.")
    var noInput = false

    @Option(help: ArgumentHelp("Picking: fzf's border around the picker (--border alone: rounded).",
                               valueName: PickerFrame.BorderStyle.allCases.map(\.rawValue).joined(separator: "|")))
    var border: PickerFrame.BorderStyle?

    @Option(parsing: .unconditional, help: ArgumentHelp("Picking: a label on the border's top line.", valueName: "text"))
    var borderLabel: String?

    @Option(parsing: .unconditional, help: ArgumentHelp("Picking: where the label goes: 0 centred, N columns from the left, -N from the right; :bottom on the bottom line.",
                                                        valueName: "n[:top|bottom]"))
    var borderLabelPos: String?

    @Option(help: ArgumentHelp("Picking: blank space around the border, as fzf's: one value, or top and sides, or top, sides and bottom, or all four (cells or percent).",
                               valueName: "trbl"))
    var margin: String?

    @Option(help: ArgumentHelp("Picking: blank space inside the border, as --margin.", valueName: "trbl"))
    var padding: String?

    @Option(help: ArgumentHelp("With --height in percent: at least this many lines, as fzf's (never fewer than 5).", valueName: "n"))
    var minHeight: Int?

    /// `height` with fzf's `--min-height` applied: the least lines a percent height draws.
    func height(_ height: InlineHeight?) throws -> InlineHeight? {
        guard let minHeight else { return height }
        guard minHeight > 0 else { throw ValidationError("--min-height: expected a number of lines above 0, found \(minHeight)") }
        guard var height, case .percent = height.amount else { return height }
        height.minimum = max(InlineHeight.minimumRows, minHeight)
        return height
    }

    /// The frame asked for, `nil` for Segue's own screen.
    var frame: PickerFrame? {
        get throws {
            let layout = layout ?? (reverse ? .reverse : nil)
            let info = info ?? (noInfo ? "hidden" : inlineInfo ? "inline" : nil)
            let separator = noSeparator ? "" : separator
            guard layout != nil || info != nil || separator != nil || border != nil || borderLabel != nil || borderLabelPos != nil
                    || margin != nil || padding != nil || noInput else { return nil }
            var frame = PickerFrame(layout: layout ?? .default, separator: separator ?? "─")
            frame.border = border ?? .none
            frame.hidesInput = noInput
            frame.label = borderLabel ?? ""
            if let borderLabelPos {
                let parts = borderLabelPos.split(separator: ":", maxSplits: 1).map(String.init)
                guard let position = Int(parts.first ?? ""), parts.count == 1 || ["top", "bottom"].contains(parts[1]) else {
                    throw ValidationError("--border-label-pos: \"\(borderLabelPos)\" is not N, N:top or N:bottom")
                }
                frame.labelPosition = position
                frame.labelAtBottom = parts.count == 2 && parts[1] == "bottom"
            }
            for (name, text, keyPath) in [("--margin", margin, \PickerFrame.margin), ("--padding", padding, \PickerFrame.padding)] {
                guard let text else { continue }
                guard let insets = PickerFrame.Insets(parsing: text) else {
                    throw ValidationError("\(name): \"\(text)\" is not 1 to 4 sizes separated by commas (cells, or percent: 1,10%)")
                }
                frame[keyPath: keyPath] = insets
            }
            if let info {
                let (name, prefix) = info.hasPrefix("inline:") ? ("inline", String(info.dropFirst("inline:".count))) : (info, nil)
                guard let style = PickerFrame.Info(rawValue: name) else {
                    throw ValidationError("--info: \"\(info)\" is none of default, right, inline, inline-right, hidden")
                }
                frame.info = style
                if let prefix { frame.inlinePrefix = prefix }
            }
            return frame
        }
    }
}

extension PickerFrame.Layout: ExpressibleByArgument {}
extension PickerFrame.BorderStyle: ExpressibleByArgument {}
