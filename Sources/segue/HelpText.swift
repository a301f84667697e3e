import Glibc
import SegueCore
import SegueTerminal

/// The keys and exit statuses for `--help`, generated from the keymap and the status table.
enum HelpText {
    /// Whether this run shows help (`-h`, `--help`, `help`): only then is the long text built, since
    /// generating it costs milliseconds, and every `segue` run would pay them at start-up.
    static let isRequested = CommandLine.arguments.dropFirst().contains {
        ["-h", "--help", "help", "--experimental-dump-help"].contains($0)
    }

    /// `segue run`'s options, for `segue --help` (the command people type).
    static var runOptions: String {
        let lines = Run.helpMessage(columns: width).split(separator: "\n", omittingEmptySubsequences: false)
        guard let start = lines.firstIndex(of: "OPTIONS:") else { return "" }
        let options = lines[(start + 1)...].filter { !$0.contains("--version") }
        var text = options.joined(separator: "\n")
        while text.last == "\n" { text.removeLast() }
        return "\n\nOptions of segue run (the default command):\n" + text
    }

    /// The terminal's width (`COLUMNS`, else the terminal's, else 80), for wrapping.
    static var width: Int {
        if let columns = getenv("COLUMNS").flatMap({ Int(String(cString: $0)) }), columns > 20 { return columns }
        var size = winsize()
        if ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 20 { return Int(size.ws_col) }
        return 80
    }

    /// `keys` padded to a column, then `text` wrapped to the width with its continuation lines
    /// under the text, not at the margin.
    static func entry(_ keys: String, _ text: String, keyWidth: Int = 24) -> String {
        let lines = TextWrapping.wrap(text, to: max(20, width - keyWidth - 3))
        return lines.enumerated().map { index, line in
            "  " + (index == 0 ? keys.padded(to: keyWidth) : String(repeating: " ", count: keyWidth)) + line
        }.joined(separator: "\n")
    }

    static var discussion: String {
        let keys = Keymap.standard.bindings.filter { !$0.keys.isEmpty }.map { entry($0.keyLabels, $0.help) }
        let statuses = ExitStatus.documented.map { entry($0.0, $0.1, keyWidth: 6) }
        let mouse = HelpContent.otherKeys.map { entry($0.keys, $0.text) }
            + [entry("a row's [key]", "activate that row from anywhere on its screen")]
        let findLine = HelpContent.findLineKeys.map { entry($0.keys, $0.text) }
        return (["Keys:"] + keys + mouse + ["", "In the find line (/):"] + findLine + ["", "Exit status:"] + statuses)
            .joined(separator: "\n")
    }
}

private extension String {
    /// The string followed by spaces up to `width` columns (at least one space).
    func padded(to width: Int) -> String {
        self + String(repeating: " ", count: max(1, width - TextWidth.of(self)))
    }
}
