import SegueCore

/// The keys and exit statuses for `--help`, generated from the keymap and the status table.
enum HelpText {
    static var discussion: String {
        let keys = Keymap.standard.bindings.map { binding in
            "  " + binding.keyLabels.padded(to: 24) + binding.help
        }
        let statuses = ExitStatus.documented.map { code, meaning in "  " + code.padded(to: 6) + meaning }
        let mouse = [
            "  " + "click".padded(to: 24) + "select a row; click the selected row to open it",
            "  " + "wheel".padded(to: 24) + "move the selection (--no-mouse leaves the mouse to the terminal)",
            "  " + "y / any other key".padded(to: 24) + "at a confirmation: y runs it, any other key cancels",
            "  " + "a row's [key]".padded(to: 24) + "activate that row from anywhere on its screen",
        ]
        let findLine = [
            "  " + "letters, Space".padded(to: 24) + "type into the query (Esc closes the line)",
            "  " + "Enter".padded(to: 24) + "open the selected match",
            "  " + "↑ ↓ Ctrl-P Ctrl-N".padded(to: 24) + "move in the results",
            "  " + "Tab, Shift-Tab".padded(to: 24) + "with --multi: mark and move down, up",
            "  " + "Ctrl-U, Ctrl-K".padded(to: 24) + "delete to the start, to the end",
            "  " + "Ctrl-W, Alt-Backspace".padded(to: 24) + "delete the word before the cursor",
        ]
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
