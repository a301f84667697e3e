/// One selectable line of a screen.
public struct Row: Equatable, Sendable {
    /// The main text, drawn at the left.
    public var title: String
    /// Secondary text, drawn right-aligned.
    public var detail: String?
    /// Disabled rows are drawn dim, skipped by the cursor and cannot be activated.
    public var enabled: Bool
    /// Path of another spec, relative to the folder of the spec that holds this row.
    public var segue: String?
    /// What activating the row does besides (or instead of) a segue.
    public var action: RowAction?
    /// Keys the loader does not interpret, kept for binding.
    public var extras: [String: JSONValue]

    public init(
        title: String = "",
        detail: String? = nil,
        enabled: Bool = true,
        segue: String? = nil,
        action: RowAction? = nil,
        extras: [String: JSONValue] = [:]
    ) {
        self.title = title
        self.detail = detail
        self.enabled = enabled
        self.segue = segue
        self.action = action
        self.extras = extras
    }
}

/// What a row does when activated, other than following its segue.
public enum RowAction: Equatable, Hashable, Sendable {
    /// Go back one screen (at the root: nothing).
    case back
    /// Quit with status 0.
    case quit
    /// A handler registered by name (the seed format's `"menuItemTapped:"`).
    case named(String)

    /// The action a spec string names.
    public init(name: String) {
        switch name {
        case "back": self = .back
        case "quit": self = .quit
        default: self = .named(name)
        }
    }
}
