import SegueCore

/// The keys and exit statuses for `--help`, generated from the keymap and the status table.
enum HelpText {
    static var discussion: String {
        let keys = Keymap.standard.bindings.map { binding in
            "  " + binding.keyLabels.padded(to: 24) + binding.help
        }
        let statuses = ExitStatus.documented.map { code, meaning in "  " + code.padded(to: 6) + meaning }
        let mouse = HelpContent.otherKeys.map { "  " + $0.keys.padded(to: 24) + $0.text }
            + ["  " + "a row's [key]".padded(to: 24) + "activate that row from anywhere on its screen"]
        let findLine = HelpContent.findLineKeys.map { "  " + $0.keys.padded(to: 24) + $0.text }
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
