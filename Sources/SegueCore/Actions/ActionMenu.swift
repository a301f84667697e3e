/// The action menu (Tab): the selected row's main action first, then its extra actions with
/// their keys. ↑↓ choose, Enter or an entry's key runs it, Esc or Tab closes it.
public struct ActionMenu: Equatable, Sendable {
    public struct Entry: Equatable, Sendable {
        /// What runs it from the menu without moving to it: `⏎` for the main action, an extra
        /// action's key, or nothing.
        public var key: String
        public var title: String
        /// `nil` for the row's main action.
        public var extra: ExtraAction?
    }

    public private(set) var entries: [Entry]
    public private(set) var selection = 0
    /// The row as it was when the menu opened: if rows move under the menu, nothing runs.
    let asked: BoundRow

    /// The menu for `bound`; `nil` when the row can do nothing.
    init?(for bound: BoundRow) {
        var entries: [Entry] = []
        if let title = Self.mainTitle(of: bound) { entries.append(Entry(key: "⏎", title: title, extra: nil)) }
        for extra in ExtraAction.of(bound.row) {
            entries.append(Entry(key: extra.key.map(String.init) ?? "", title: extra.title, extra: extra))
        }
        guard !entries.isEmpty else { return nil }
        self.entries = entries
        asked = bound
    }

    mutating func move(by step: Int) {
        selection = max(0, min(entries.count - 1, selection + step))
    }

    /// The entry a key runs directly, if any.
    func entry(forKey character: Character) -> Entry? {
        entries.first { $0.extra?.key == character }
    }

    /// What Enter on the row does, in a word for the hint line; `nil` when it does nothing.
    static func enterHint(of bound: BoundRow) -> String? {
        switch bound.style {
        case .toggle: return "flip"
        case .choice: return "next"
        case .text, .separator: return nil
        default: break
        }
        if bound.row.segue != nil { return "open" }
        switch bound.row.action?.kind {
        case nil: return nil
        case .segue?, .replace?: return "open"
        case .back?, .root?: return "back"
        case .reload?: return "reload"
        case .emit?: return "choose"
        case .exec?, .named?: return "run"
        case .quit?: return "quit"
        case .message?: return "show"
        }
    }

    /// What Enter on the row does, in words; `nil` when it does nothing.
    static func mainTitle(of bound: BoundRow) -> String? {
        switch bound.style {
        case .toggle: return "Flip"
        case .choice: return "Next choice"
        case .text, .separator: return nil
        default: break
        }
        if bound.row.segue != nil { return "Open" }
        switch bound.row.action?.kind {
        case nil: return nil
        case .segue?: return "Open"
        case .replace?: return "Open in place"
        case .back?: return "Back"
        case .root?: return "Back to the first screen"
        case .reload?: return "Reload this screen"
        case .emit?: return "Choose"
        case .exec(let command)?: return "Run " + command.display
        case .quit?: return "Quit"
        case .named(let name)?: return name
        case .message?: return "Show the message"
        }
    }
}
