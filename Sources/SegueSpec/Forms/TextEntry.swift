/// A line being typed: an input row's new value, edited in place, or a prompt's answer, typed
/// in the status line. Enter keeps it (if the rules accept it), Esc drops it.
package struct TextEntry: Sendable {
    package enum Purpose: Sendable {
        /// The value of a setting, edited on the selected row, which shows it.
        case setting(String)
        /// The answer to a prompt; `then` is bound in `context` with `{{input}}` added, and runs
        /// for `origin` (for a row: only while it is still the row that was asked about).
        case prompt(Prompt, origin: ActionOrigin, asked: BoundRow?, context: DataContext)
        /// The answer to what handler `task` asked (`context.input`), handed to it as typed.
        case handlerAnswer(task: Int, question: String)
    }

    package var purpose: Purpose
    package var editor: LineEditor
    package var rules: InputRules
    /// The screen it was opened on: it closes when another screen shows.
    package var screen: Int
    /// The first line shown of its box (`boxText`), scrolled by ↑↓ and the page keys.
    package var boxScroll = 0

    package init(purpose: Purpose, editor: LineEditor, rules: InputRules, screen: Int) {
        self.purpose = purpose
        self.editor = editor
        self.rules = rules
        self.screen = screen
    }

    /// Whether it edits a setting on a row (else it is a prompt on the bottom line).
    package var isInPlace: Bool {
        if case .setting = purpose { return true }
        return false
    }

    /// What a prompt on the bottom line asks; `nil` for a setting edited in place.
    /// What a prompt shows in a box over the list while it asks (`"text"`), if anything.
    package var boxText: String? {
        if case .prompt(let prompt, _, _, _) = purpose { return prompt.text }
        return nil
    }

    package var question: String? {
        switch purpose {
        case .setting: return nil
        case .prompt(let prompt, _, _, _): return prompt.question
        case .handlerAnswer(_, let question): return question
        }
    }

    /// The setting edited in place, if it is one.
    package var setting: String? {
        if case .setting(let name) = purpose { return name }
        return nil
    }

    /// The text as drawn: a password as `•`s, one for each character typed.
    package func visible(width: Int) -> (text: String, cursorColumn: Int) {
        guard rules.kind == .password else { return editor.visible(width: width) }
        // A column a `•`: the cursor's column ends within the room, as much before it as fits.
        let room = max(1, width)
        let first = max(0, editor.cursor + 1 - room)
        return (String(repeating: "•", count: min(editor.count - first, room)), editor.cursor - first)
    }
}
