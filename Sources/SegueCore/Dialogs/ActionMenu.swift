/// The action menu (Tab): the selected row's main action first, then its extra actions with
/// their keys. ↑↓ choose, Enter or an entry's key runs it, Esc or Tab closes it.
package struct ActionMenu: Equatable, Sendable {
    package struct Entry: Equatable, Sendable {
        /// What runs it from the menu without moving to it: `⏎` for the main action, an extra
        /// action's key, or nothing.
        package var key: String
        package var title: String
        /// `nil` for the row's main action.
        package var extra: ExtraAction?
    }

    package private(set) var entries: [Entry]
    package private(set) var selection = 0
    /// The row as it was when the menu opened: if rows move under the menu, nothing runs.
    let asked: BoundRow

    /// The menu for `bound`; `nil` when the row can do nothing.
    init?(for bound: BoundRow) {
        var entries: [Entry] = []
        if let title = Self.mainTitle(of: bound) { entries.append(Entry(key: "⏎", title: title, extra: nil)) }
        for extra in ExtraAction.of(bound.row) {
            entries.append(Entry(key: extra.key?.label ?? "", title: extra.title, extra: extra))
        }
        guard !entries.isEmpty else { return nil }
        self.entries = entries
        asked = bound
    }

    mutating func move(by step: Int) {
        selection = max(0, min(entries.count - 1, selection + step))
    }

    /// The entry a key runs directly, if any.
    func entry(forKey key: Key) -> Entry? {
        entries.first { $0.extra?.key == key }
    }

    /// What Enter on the row does, in a word for the hint line; `nil` when it does nothing.
    static func enterHint(of bound: BoundRow) -> String? { enter(bound)?.hint }

    /// A row's `"hint"`: what Enter does in the spec's words.
    static func ownHint(of row: Row) -> String? {
        guard let hint = row.extras["hint"]?.stringValue.map(TextFitting.sanitize), !hint.isEmpty else { return nil }
        return hint
    }

    /// What Enter on the row does, in words; `nil` when it does nothing.
    static func mainTitle(of bound: BoundRow) -> String? { enter(bound)?.title }

    /// What Enter does on a row: a word for the hint line and words for the menu and the help.
    private static func enter(_ bound: BoundRow) -> (hint: String, title: String)? {
        let kind = bound.style.kind
        // The spec's own words (`"hint": "enable SSH"`) say it best.
        if let hint = ownHint(of: bound.row), kind.isSelectable { return (hint, hint.prefix(1).uppercased() + hint.dropFirst()) }
        if let enter = kind.enter { return enter }
        guard kind.isSelectable else { return nil }
        if bound.row.segue != nil { return ("open", "Open") }
        switch bound.row.action?.kind {
        case nil: return nil
        case .segue?: return ("open", "Open")
        case .replace?: return ("open", "Open in place")
        case .back?: return ("back", "Back")
        case .root?: return ("back", "Back to the first screen")
        case .reload?: return ("reload", "Reload this screen")
        case .emit?: return ("choose", "Choose")
        case .exec(let command)?: return ("run", "Run " + command.display)
        case .become(let command)?: return ("run", "Leave and run " + command.display)
        case .quit?: return ("quit", "Quit")
        case .finish?: return ("choose", "Choose")
        // A closure's made-up name (`segue.closure.1`) is not for people.
        case .named(let name)?: return ("run", name.hasPrefix(RowAction.madeUpNamePrefix) ? "Run" : name)
        case .message?: return ("show", "Show the message")
        case .prompt(let prompt)?: return ("ask", "Ask: " + prompt.question)
        case .save?: return ("save", "Save the settings")
        case .discard?: return ("discard", "Discard unsaved changes")
        case .help?: return ("help", "Show the help")
        case .set?: return ("set", "Set it")
        case .changeSetting(let change)?: return change.label
        case .fzf(let text)?: return ("run", TextFitting.sanitize(text))
        case .branch(let then, let otherwise)?:
            // What it would do now: its condition was bound with the row.
            guard let chosen = (bound.row.action?.holds == true ? then : otherwise).first else { return nil }
            var row = bound
            row.row.action = chosen
            return enter(row)
        }
    }
}
