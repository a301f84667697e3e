import SegueCore

/// `SEGUE_DEFAULT_OPTS`: options every `segue run` starts with (fzf's `FZF_DEFAULT_OPTS`), such
/// as `--height ~40% --no-mouse`; options on the command line come after them, so they win.
enum DefaultOptions {
    static let variable = "SEGUE_DEFAULT_OPTS"

    /// `arguments` (without the program's name) with the defaults put in front of `run`'s own.
    /// Other commands (`check`, `choose`…) are left as they are: their options differ.
    static func applied(to arguments: [String], environment value: String?) -> [String] {
        let defaults = ShellWords.split(value ?? "")
        guard !defaults.isEmpty else { return arguments }
        if let first = arguments.first, SegueCommand.commandNames.contains(first) {
            return first == "run" ? [first] + defaults + arguments.dropFirst() : arguments
        }
        return defaults + arguments
    }
}
