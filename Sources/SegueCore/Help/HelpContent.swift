/// What `?` shows: what the selected row does, the screen's hotkeys, every key of the keymap,
/// the find line's keys and the mouse, generated from what the app really does (the keymap, the
/// row's bound actions, the screen's hotkeys), so help and behaviour cannot drift apart.
package enum HelpContent {
    /// A line of help: a heading, or keys and what they do.
    package struct Line: Equatable, Sendable {
        package var keys: String
        package var text: String
        package var isHeading: Bool

        static func heading(_ text: String) -> Line { Line(keys: "", text: text, isHeading: true) }
        static func entry(_ keys: String, _ text: String) -> Line { Line(keys: keys, text: text, isHeading: false) }
    }

    /// The keys of the find line, for `?` and `--help` alike.
    package static let findLineKeys: [(keys: String, text: String)] = [
        ("letters, Space", "type into the query (Esc closes the line)"),
        ("Enter", "open the selected match"),
        ("↑ ↓", "move in the results"),
        ("Ctrl-P, Ctrl-N", "an older, a newer past query (with none: move)"),
        ("Tab, Shift-Tab", "with --multi: mark and move down, up"),
        ("Ctrl-U, Ctrl-K", "delete to the start, to the end"),
        ("Ctrl-W, Alt-Backspace", "delete the word before the cursor"),
        ("Ctrl-, Alt-, F-keys", "the row's actions with those keys, else the screen's"),
    ]

    /// The line editor's keys, for input rows and prompts.
    package static let editorKeys: [(keys: String, text: String)] = [
        ("Enter, Esc", "keep the value (if it is accepted), drop the edit"),
        ("← → Home End", "move (also Ctrl-B, Ctrl-F, Ctrl-A, Ctrl-E)"),
        ("Alt-← Alt-→", "move by words (also Ctrl-← Ctrl-→, Alt-B, Alt-F)"),
        ("Ctrl-U, Ctrl-K", "delete to the start, to the end"),
        ("Ctrl-W, Alt-D", "delete the word before, after the cursor"),
    ]

    /// Mouse and confirmation keys, which no keymap binding describes.
    package static let otherKeys: [(keys: String, text: String)] = [
        ("click", "select a row; click the selected row to open it"),
        ("wheel", "move the selection (--no-mouse leaves the mouse to the terminal)"),
    ]

    /// The columns a key takes in a help box `width` wide.
    static func keyWidth(in width: Int) -> Int { min(24, max(8, width / 3)) }

    /// The help for the state as drawn in a box `width` wide: long texts wrap onto lines of
    /// their own, under the text; keys longer than their column (a problem's JSON Pointer) take
    /// a line of their own, the text under them.
    static func lines(for state: AppState, width: Int) -> [Line] {
        let room = max(8, width - keyWidth(in: width) - 4)
        return lines(for: state).flatMap { line -> [Line] in
            guard !line.isHeading else { return [line] }
            let keysAlone = TextWidth.of(line.keys) > keyWidth(in: width) - 1 && !line.text.isEmpty
            guard keysAlone || TextWidth.of(line.text) > room else { return [line] }
            let parts = TextWrapping.wrap(line.text, to: room)
            let wrapped: [Line] = parts.enumerated().map { index, part in .entry(index == 0 && !keysAlone ? line.keys : "", part) }
            return (keysAlone ? [.entry(line.keys, "")] : []) + wrapped
        }
    }

    /// The help for the state as it is.
    package static func lines(for state: AppState) -> [Line] {
        var lines: [Line] = []
        let screen = state.current
        // `segue edit`: every problem of the file, those no row shows too (the top level's).
        if let check = state.settingsCheck, !check.problems.isEmpty {
            let added = check.added.count
            let saving = check.force ? "saved anyway (--force)" : check.holdsChanges ? "changes wait until the new ones are fixed"
                : added == 0 ? "the file's own: saves go on while no edit adds one" : "a save waits until the new ones are fixed"
            lines.append(.heading("\(state.settings.fileName): \(SchemaCheck.count(check.problems.count, "problem")), \(saving)"))
            for problem in check.problems {
                // A problem an edit made is said so; the file's own are as they were.
                let message = TextFitting.sanitize(problem.message) + (check.found.contains(problem) ? "" : " (new)")
                lines.append(.entry(problem.pointer.isEmpty ? "top level" : TextFitting.sanitize(problem.pointer), message))
            }
            lines.append(.entry("", ""))
        }
        if let check = state.settingsCheck, !check.notes.isEmpty {
            lines.append(.heading("\(state.settings.fileName): values YAML 1.1 readers read otherwise"))
            for note in check.notes {
                let (place, why) = note.firstRange(of: ": ").map { (String(note[..<$0.lowerBound]), String(note[$0.upperBound...])) } ?? ("", note)
                lines.append(.entry("line " + place, TextFitting.sanitize(why)))
            }
            lines.append(.entry("", ""))
        }
        if let selection = screen.selection, let bound = screen.selectedBoundRow {
            lines.append(.heading("This row: " + TextFitting.sanitize(bound.row.title)))
            let enabled = screen.isEnabled(selection)
            lines.append(.entry("Enter", enabled ? (ActionMenu.mainTitle(of: bound) ?? "nothing (it has no action)") : "nothing (it is disabled)"))
            for (keys, text) in bound.style.kind.help { lines.append(.entry(keys, text)) }
            let extras = ExtraAction.of(bound.row)
            for extra in extras { lines.append(.entry(extra.key?.label ?? "(menu)", extra.title)) }
            if !extras.isEmpty { lines.append(.entry("Tab", "these actions in a menu")) }
            if screen.preview.spec != nil { lines.append(.entry("Ctrl-O", "hide or show its preview")) }
            lines.append(.entry("", ""))
        }
        let hotkeys = screen.hotkeys.sorted { $0.value < $1.value }
        if !hotkeys.isEmpty {
            lines.append(.heading("This screen's hotkeys"))
            for (key, row) in hotkeys { lines.append(.entry(String(key), TextFitting.sanitize(screen.boundRow(row).row.title))) }
            lines.append(.entry("", ""))
        }
        let bound = state.bindings
        let taken = takenKeys(state)
        if !bound.isEmpty {
            // fzf's actions (`--bind`, the spec's `"keys"`) win over what the lists below give their keys.
            lines.append(.heading("Bound with --bind or the spec's keys (over the keys below)"))
            for (key, actions) in bound.keyLines { lines.append(.entry(key.label, TextFitting.sanitize(actions))) }
            for event in BindEvent.allCases {
                guard let actions = bound[event] else { continue }
                lines.append(.entry("on " + event.rawValue, TextFitting.sanitize(actions.map(\.written).joined(separator: "+"))))
            }
            for interval in bound.everyIntervals {
                let trigger = BindTrigger.every(milliseconds: interval)
                guard let actions = bound.actions[trigger] else { continue }
                lines.append(.entry(trigger.name, TextFitting.sanitize(actions.map(\.written).joined(separator: "+"))))
            }
            lines.append(.entry("", ""))
        }
        lines.append(.heading("Keys"))
        for binding in state.current.keymap.bindings {
            // A command no key runs here (a form's `nextField` outside a form) is not listed.
            if binding.keys.isEmpty { continue }
            if binding.command == .find, !screen.spec.find.enabled { continue }
            if binding.command.isTableCommand, !screen.hasTable { continue }
            // A key bound above is not this command's any more; with none left, it says so.
            lines.append(.entry(keyLabels(of: binding, without: taken) ?? (binding.keys.isEmpty ? "" : "(no key)"), binding.help))
        }
        for (keys, text) in otherKeys { lines.append(.entry(keys, text)) }
        if screen.spec.find.enabled {
            lines.append(.entry("", ""))
            lines.append(.heading("In the find line (/)"))
            for (keys, text) in findLineKeys { lines.append(.entry(keys, text)) }
            lines += takenFindLineKeys(taken, bindings: state.bindings)
        }
        if let bound = screen.selectedBoundRow, bound.style.kind.editsText || bound.row.action.map(\.kind.isPrompt) == true {
            lines.append(.entry("", ""))
            lines.append(.heading("Editing a value (an input row, a prompt)"))
            for (keys, text) in editorKeys { lines.append(.entry(keys, text)) }
        }
        return lines
    }
}

/// The help overlay while it is open: only where it is scrolled to.
package struct HelpState: Equatable, Sendable {
    package internal(set) var scroll = 0
}
