/// Plain mode (`--plain`, and `TERM=dumb`): the same screens as numbered lines of text and a
/// prompt, for screen readers, Emacs shell buffers, serial consoles and CI logs. This is what a
/// screen reads as; `PlainInput` is what a typed line does.
package enum PlainView {
    /// The screen as lines: the breadcrumb, then each section's header, its rows numbered from
    /// 1 as they are shown (hidden rows are not shown; rows that cannot be chosen, text and
    /// separators get no number), its footer, and the status message.
    package static func lines(of state: AppState) -> [String] {
        switch state.mode {
        case .writing(let writing)?:
            let question = writing.question
            return [""] + [question.header, question.placeholder.map { "(\($0))" }].compactMap { $0.map(TextFitting.sanitize) }
        case .spinning(let spinning)?:
            return [TextFitting.sanitize(spinning.question.title)]
        case .message(let box)?:
            // Whole, as its own lines: a terminal or a screen reader wraps them.
            return [""] + (box.isError ? ["Error:"] : []) + box.text.split(separator: "\n", omittingEmptySubsequences: false).map { TextFitting.sanitize(String($0)) }
        default:
            break
        }
        let screen = state.current
        let numbers = Dictionary(uniqueKeysWithValues: choosableRows(of: screen).enumerated().map { ($1, $0 + 1) })
        var lines = ["", "== " + TextFitting.sanitize(state.breadcrumb.joined(separator: " > ")) + " =="]
        if let find = screen.find {
            lines.append("(finding \"\(TextFitting.sanitize(find.editor.text))\": \(screen.matchedRowCount ?? screen.rowCount) rows; / alone shows all)")
        }
        for index in 0..<screen.itemCount {
            switch screen.layout.item(at: index) {
            case .gap: lines.append("")
            case .header(let section):
                if let header = screen.header(section) { lines.append(Self.headerLine(TextFitting.sanitize(header))) }
                lines += screen.headerLines(section).map { "   " + TextFitting.sanitize($0) }
            case .footer(let section): lines.append("   " + TextFitting.sanitize(screen.footer(section) ?? ""))
            case .row(let row):
                // A table's column titles come before its first row.
                let section = screen.layout.section(ofRow: row)
                if row == screen.layout.spans[section].firstRow, let columns = screen.columns(ofSection: section) {
                    lines.append("   (" + columns.map { TextFitting.sanitize($0.title) }.joined(separator: " | ") + ")")
                }
                // A hidden row is no line here either (its number stays unused).
                if !screen.isHidden(row) { lines.append(line(ofRow: row, number: numbers[row], in: screen, settings: screen.settings,
                                                                   check: state.settingsCheck)) }
            }
        }
        if screen.itemCount == 0 { lines.append(screen.find != nil ? "   No matches." : "   Nothing here.") }
        if let status = state.status {
            let label = status.kind == .error ? "Error: " : status.kind == .warning ? "Warning: " : ""
            lines.append(label + TextFitting.sanitize(status.text))
        }
        return lines
    }

    /// A section's header as its line, ending in a colon: one already there (`Title:`, a question's
    /// own) is not doubled, nor put after a question mark.
    static func headerLine(_ header: String) -> String {
        header.hasSuffix(":") || header.hasSuffix("?") ? header : header + ":"
    }

    /// What the prompt asks: the confirmation's question, or what can be typed.
    package static func prompt(of state: AppState) -> String {
        if case .writing(let writing)? = state.mode {
            let kept = writing.area.isEmpty ? "" : " (typing nothing keeps [\(TextFitting.sanitize(writing.area.text))])"
            return "Type the text, then Ctrl-D at the start of a line\(kept):\n"
        }
        if state.isOneShot { return "" }
        if case .message? = state.mode { return "Press Enter to go on> " }
        if state.pendingConfirmation != nil, let question = state.status?.text { return question + " " }
        if let entry = state.entry { return entryPrompt(entry, state: state) }
        let count = choosableRows(of: state.current).count
        if state.options.form != nil { return "Change: 1-\(count), done answers, q cancels> " }
        let numbers = count == 0 ? "" : count == 1 ? "1, " : "1-\(count), "
        let back = state.stack.count > 1 ? "b back, " : ""
        let find = state.current.spec.find.enabled ? "/text find, " : ""
        return "Choose: \(numbers)a hotkey, \(back)\(find)? help, q quit> "
    }

    /// Whether the prompt reads a whole text, to its end (Ctrl-D), not a line: `segue write`'s.
    package static func readsText(_ state: AppState) -> Bool {
        if case .writing? = state.mode { return true }
        return false
    }

    /// Whether nothing is to be typed: `segue spin`'s command runs until it ends.
    package static func waits(_ state: AppState) -> Bool {
        if case .spinning? = state.mode { return true }
        return false
    }

    /// A value to type: `Name [Ann]: ` (Enter alone keeps what is in brackets); a password's
    /// value is never shown.
    private static func entryPrompt(_ entry: TextEntry, state: AppState) -> String {
        let question = entry.question.map(TextFitting.sanitize) ?? state.current.selectedRow.map { TextFitting.sanitize($0.title) } ?? "Value"
        let current = entry.editor.text
        // A question that ends in its own colon (`Title:`) is not given a second one.
        let asked = question.hasSuffix(":") ? String(question.dropLast()) : question
        guard !current.isEmpty else { return asked + ": " }
        return asked + " [" + (entry.rules.kind == .password ? "unchanged" : TextFitting.sanitize(current)) + "]: "
    }

    /// The rows a number chooses, in order: shown, enabled, and of a kind that can be chosen.
    static func choosableRows(of screen: Screen) -> [Int] {
        // `isEnabled` already says no for text, separators and disabled rows.
        (0..<screen.rowCount).filter { screen.isEnabled($0) && !screen.isHidden($0) }
    }

    private static func line(ofRow index: Int, number: Int?, in screen: Screen, settings: JSONValue, check: SettingsCheck?) -> String {
        let bound = screen.boundRow(index)
        let row = bound.row
        let kind = bound.style.kind
        let (section, position) = screen.locate(index)
        // A table's row reads as its cells, in the order the column titles above it name them.
        let title = screen.showsCells(bound, section: section, position: position)
            ? screen.cells(of: bound, section: section, position: position).joined(separator: " | ")
            : TextFitting.sanitize(row.title)
        if let line = kind.plainLine(title: title, row: row) { return line }
        // Plain text has no underline: the hotkey is spelled out.
        var text = (row.hotkey.map { "[\($0)] " } ?? "") + title
        if let value = kind.value(of: row, settings: settings) {
            text += ": " + value
        } else if let detail = row.detail, !detail.isEmpty {
            text += " — " + TextFitting.sanitize(detail)
        }
        // `segue edit`: what the schema refuses in the row's setting, after its value.
        if let problem = check.flatMap({ check in row.settingsPointer.flatMap(check.problem(at:)) }) {
            text += " [" + TextFitting.sanitize(problem) + "]"
        }
        var opens = row.segue != nil
        if case .segue? = row.action?.kind { opens = true }
        if case .replace? = row.action?.kind { opens = true }
        if opens { text += " (opens)" }
        guard let number else { return "   -. " + text + " (unavailable)" }
        let label = String(number)
        return String(repeating: " ", count: max(0, 3 - label.count)) + label + ". " + text
    }
}

/// A line typed at plain mode's prompt, as the events it stands for.
package enum PlainInput {
    /// A form's words (`segue form`, `Segue.form`): a field's number changes it (a choice steps, a
    /// yes-or-no flips, text is asked for), `done` answers the form as Enter past its last field
    /// does (that field's text taken as it stands), `q` cancels it.
    private static func formMeaning(_ text: String, in state: AppState) -> Meaning? {
        let rows = PlainView.choosableRows(of: state.current)
        if let number = Int(text) {
            guard number >= 1, number <= rows.count else { return .unknown("no field \(number) to change") }
            return .events([.select(rows[number - 1]), .command(.activate)])
        }
        switch text {
        case "done", "d":
            guard let last = rows.last else { return .events([.command(.nextField)]) }
            let takesText = state.current.boundRow(last).style.kind.editsText
            return .events([.select(last)] + Array(repeating: Event.key(.enter), count: takesText ? 2 : 1))
        case "q", "quit": return .events([.key(.escape)])
        default: return nil
        }
    }

    package enum Meaning: Sendable {
        /// Events for the app, in order.
        case events([Event])
        /// Show the help text.
        case help
        /// Show the screen again.
        case redraw
        /// Not understood: say why.
        case unknown(String)
    }

    /// What `line` means on the screen `state` shows.
    package static func meaning(of line: String, in state: AppState) -> Meaning {
        if case .writing(let writing)? = state.mode {
            // The whole text, read to its end: it replaces what the editor holds; nothing keeps it.
            var typed = line
            if typed.hasSuffix("\n") { typed.removeLast() }
            guard !typed.isEmpty else { return .events([.key(.ctrl("d"))]) }
            let clear = Array(repeating: Event.key(.backspace), count: writing.area.count)
            return .events(clear + [.paste(typed), .key(.ctrl("d"))])
        }
        // Any line closes a message box: it only waits to be read.
        if case .message? = state.mode { return .events([.key(.enter)]) }
        let text = String(line.drop { $0 == " " }.reversed().drop { $0 == " " || $0 == "\r" }.reversed())
        if state.pendingConfirmation != nil {
            // An empty line is Enter: the answer in capitals, `(y/N)`'s no or `(Y/n)`'s yes.
            return .events([.key(text.first.map(Key.char) ?? .enter)])
        }
        if state.entry != nil {
            // Enter alone keeps what the editor holds (the value, or the prompt's default).
            let typed = String(line.reversed().drop { $0 == "\r" }.reversed())
            return .events(typed.isEmpty ? [.key(.enter)] : [.key(.ctrl("a")), .key(.ctrl("k")), .paste(typed), .key(.enter)])
        }
        if text.isEmpty { return .redraw }
        if state.options.form != nil, let meaning = formMeaning(text, in: state) { return meaning }
        // A digit that is a shown row's hotkey is that row's; `#3` is always the third row.
        let isHotkey = text.count == 1 && text.first.map { state.current.hotkeys[$0] != nil } == true
        if !isHotkey, let number = Int(text.hasPrefix("#") ? String(text.dropFirst()) : text) {
            let rows = PlainView.choosableRows(of: state.current)
            guard number >= 1, number <= rows.count else { return .unknown("no row \(number) to choose") }
            return .events([.select(rows[number - 1]), .key(.enter)])
        }
        if text.hasPrefix("/") {
            let query = String(text.dropFirst())
            var events: [Event] = []
            if state.current.find != nil { events.append(.key(.ctrl("u"))) } else { events.append(.key(.char("/"))) }
            if query.isEmpty { return .events(events + [.key(.escape)]) }
            return .events(events + [.paste(query)])
        }
        // Words are commands, not a query: the find line closes first (a picker's Esc cancels it).
        let closeFind: [Event] = state.current.find != nil && !state.current.spec.find.opensAtStart ? [.key(.escape)] : []
        switch text {
        case "?", "help": return .help
        // Words mean commands, whatever keys a spec or the user's config gives them.
        case "b", "back": return .events(closeFind + [.command(.back)])
        // On a picker, Esc is the way out (status 1, as fzf's).
        case "q", "quit": return .events(state.current.spec.find.opensAtStart ? [.key(.escape)] : closeFind + [.command(.quit)])
        case "r", "reload": return .events(closeFind + [.command(.refresh)])
        default:
            guard text.count == 1, let character = text.first else {
                return .unknown("type a row's number, a hotkey, b, /text, ? or q")
            }
            return .events(closeFind + [.key(.char(character))])
        }
    }
}
