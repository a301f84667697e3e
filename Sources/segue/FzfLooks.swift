/// fzf's options that only change how its picker looks (`--border`, `--pointer`,
/// `--color=dark`…), which scripts and their users' FZF_DEFAULT_OPTS pass everywhere. Those
/// Segue draws (`--layout`, `--info`, `--separator`: `FrameOptions`) are read by the parser;
/// the others Segue does not draw yet; rather than refuse to run such a script, they are
/// taken out before the options are read, each said on standard error. Options that change what
/// is matched or printed are not among them: those Segue lacks stay errors.
enum FzfLooks {
    /// Looks that take a value, as `--layout reverse` or `--layout=reverse`.
    static let withValue: Set<String> = [
        "--marker-multi-line",
        "--ellipsis", "--tabstop", "--preview-label", "--preview-label-pos",
        "--scroll-off", "--hscroll-off", "--jump-labels", "--style", "--list-label", "--input-label",
        "--header-label", "--footer-label", "--gutter",
    ]
    /// Looks that take a value only after `=` (`--border=rounded`), or none.
    static let withOptionalValue: Set<String> = [
        "--scrollbar", "--list-border", "--input-border", "--header-border", "--footer-border",
    ]
    /// Looks that are flags.
    static let flags: Set<String> = [
        "--no-scrollbar", "--no-bold", "--black",
        "--header-first", "--keep-right", "--no-hscroll", "--no-unicode",
    ]
    /// fzf's flags for looks Segue draws, spelled as the options they stand for, so the parser
    /// reads one option and the last given wins, as in fzf (`--reverse` in the default options,
    /// `--layout=default` on the command line). See `FrameOptions`.
    /// An empty separator is given as a value of its own: the parser takes no empty `--separator=`.
    static let spelledOut: [String: [String]] = [
        "--reverse": ["--layout=reverse"], "--no-info": ["--info=hidden"], "--inline-info": ["--info=inline"],
        "--no-separator": ["--separator", ""], "--separator=": ["--separator", ""], "--border": ["--border=rounded"],
    ]
    /// Segue's own `--color` says when (auto, always, never); fzf's names colours.
    static let colourWhens: Set<String> = ["auto", "always", "never"]

    /// `arguments` without fzf's looks, and the looks taken out, as written.
    static func stripped(_ arguments: [String]) -> (kept: [String], ignored: [String]) {
        var kept: [String] = []
        var ignored: [String] = []
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if argument == "--" {
                kept += arguments[(index - 1)...]
                break
            }
            let name = argument.split(separator: "=", maxSplits: 1).first.map(String.init) ?? argument
            let inline = argument.contains("=")
            if Run.optionsTakingAnyValue.contains(argument), index < arguments.count {
                // Another option's value (`--query --border`) is the value.
                kept += [argument, arguments[index]]
                index += 1
            } else if withValue.contains(name) {
                if !inline, index < arguments.count {
                    ignored.append(argument + " " + arguments[index])
                    index += 1
                } else {
                    ignored.append(argument)
                }
            } else if let spelled = spelledOut[argument] {
                kept += spelled
            } else if withOptionalValue.contains(name) || flags.contains(argument) {
                ignored.append(argument)
            } else if name == "--color", let value = inline ? argument.split(separator: "=", maxSplits: 1).last.map(String.init)
                        : (index < arguments.count ? arguments[index] : nil), !colourWhens.contains(value) {
                ignored.append(inline ? argument : argument + " " + value)
                if !inline { index += 1 }
            } else {
                kept.append(argument)
            }
        }
        return (kept, ignored)
    }

    /// What is said for each look taken out.
    static func note(_ ignored: String) -> String {
        "\(ignored): fzf's look, not drawn by Segue yet; ignored"
    }
}
