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

    /// The frame asked for, `nil` for Segue's own screen.
    var frame: PickerFrame? {
        get throws {
            let layout = layout ?? (reverse ? .reverse : nil)
            let info = info ?? (noInfo ? "hidden" : inlineInfo ? "inline" : nil)
            let separator = noSeparator ? "" : separator
            guard layout != nil || info != nil || separator != nil else { return nil }
            var frame = PickerFrame(layout: layout ?? .default, separator: separator ?? "─")
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
