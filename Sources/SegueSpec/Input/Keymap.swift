/// Keys as data: which keys run which command, with the help text shown for them.
///
/// The help in `--help` and the hints in the status line are generated from here, so they can
/// never disagree with what the keys do.
public struct Keymap: Sendable {
    /// Keys bound to one command.
    public struct Binding: Sendable {
        public var keys: [Key]
        public var command: KeyCommand
        /// What the command does, for help text: "move down".
        public var help: String
        /// A short form for the status line, e.g. `("↑↓", "move")`; `nil` keeps it out of the hints.
        public var hint: (keys: String, text: String)?

        public init(keys: [Key], command: KeyCommand, help: String, hint: (keys: String, text: String)? = nil) {
            self.keys = keys
            self.command = command
            self.help = help
            self.hint = hint
        }

        /// The keys as help text writes them: "↓, j".
        public var keyLabels: String { keys.map(\.label).joined(separator: ", ") }
    }

    public private(set) var bindings: [Binding]
    private var commands: [Key: KeyCommand] = [:]
    /// fzf's actions a config's or a spec's `"keys"` bind keys and events to
    /// (`"ctrl-r": "reload(ls)+change-prompt(x> )"`), performed as `--bind`'s are.
    package internal(set) var actions = KeyBindings()
    /// The keys a config's or a spec's `"keys"` named: an explicit binding, which wins over the
    /// find line's own use of a key (Ctrl-E, Ctrl-K, Alt-B…), as in fzf.
    package internal(set) var explicitKeys: Set<Key> = []

    /// A keymap from bindings; a key bound twice runs its first binding.
    public init(_ bindings: [Binding]) {
        self.bindings = bindings
        for binding in bindings {
            for key in binding.keys where commands[key] == nil {
                commands[key] = binding.command
            }
        }
    }

    /// The printable characters bound to commands that pass `test` (rows may not take them as
    /// hotkeys).
    public func characters(where test: (KeyCommand) -> Bool) -> Set<Character> {
        Set(bindings.filter { test($0.command) }.flatMap(\.keys).compactMap {
            if case .char(let character) = $0 { return character } else { return nil }
        })
    }

    /// The command a key runs, if any.
    public func command(for key: Key) -> KeyCommand? { commands[key] }

    /// The first key that runs `command`, as the help writes it (`q`, `Ctrl-X`); `nil` when no
    /// key does.
    public func label(of command: KeyCommand) -> String? {
        bindings.first { $0.command == command && !$0.keys.isEmpty }?.keys.first?.label
    }

    /// What the hint line needs to know about the screen and the selected row.
    public struct HintContext: Sendable {
        /// What Enter does on the selected row, in a word (`open`, `run`, `flip`); `nil` where
        /// it does nothing.
        public var enter: String?
        /// The selected row is a choice: ← and → change it.
        public var onChoice = false
        /// What Space does on the selected row (`flip` a toggle, `mark` with `--multi`); `nil`
        /// where the hint would add nothing.
        public var space: String?
        public var canGoBack = false
        public var canFind = true
        /// Rows marked with `--multi`.
        public var marks = 0

        public init(enter: String? = "open", onChoice: Bool = false, space: String? = nil, canGoBack: Bool = false,
                    canFind: Bool = true, marks: Int = 0) {
            self.enter = enter
            self.onChoice = onChoice
            self.space = space
            self.canGoBack = canGoBack
            self.canFind = canFind
            self.marks = marks
        }
    }

    /// The status-line hints for the commands that make sense right now, in the keymap's order.
    public func hints(_ context: HintContext) -> [(keys: String, text: String)] {
        var hints: [(keys: String, text: String)] = context.marks > 0 ? [("✓", "\(context.marks) marked")] : []
        for binding in bindings {
            guard let hint = binding.hint, !binding.keys.isEmpty else { continue }
            switch binding.command {
            case .activate:
                guard let enter = context.enter else { continue }
                hints.append((hint.keys, enter))
            case .nextField:
                // An input is edited first; any other field is left for the next.
                hints.append((hint.keys, context.enter == "edit" ? "edit" : hint.text))
            case .previous:
                if context.onChoice { hints.append(("←→", "change")) } else if context.canGoBack { hints.append(hint) }
            case .flip:
                if let space = context.space { hints.append((hint.keys, space)) }
            case .find:
                if context.canFind { hints.append(hint) }
            case .cancel:
                if !context.canGoBack { hints.append(hint) }
            default:
                hints.append(hint)
            }
        }
        return hints
    }

    /// Segue's keys.
    public static let standard = Keymap([
        Binding(keys: [.up, .char("k"), .ctrl("p")], command: .moveUp, help: "move up", hint: ("↑↓", "move")),
        Binding(keys: [.down, .char("j"), .ctrl("n")], command: .moveDown, help: "move down"),
        Binding(keys: [.pageUp], command: .pageUp, help: "page up"),
        Binding(keys: [.pageDown], command: .pageDown, help: "page down"),
        Binding(keys: [.home, .char("g")], command: .top, help: "first row"),
        Binding(keys: [.end, .char("G")], command: .bottom, help: "last row"),
        Binding(keys: [.enter, .right, .char("l")], command: .activate,
                help: "open the row (follow its segue or run its action); flip a toggle, next choice, edit an input row", hint: ("⏎", "open")),
        // No key of its own: a form's keys give it Enter (`FormQuestion`).
        Binding(keys: [], command: .nextField, help: "in a form: edit the input field, else go to the next field; past the last, answer the form",
                hint: ("⏎", "next")),
        Binding(keys: [.left, .char("h")], command: .previous,
                help: "go back (nothing at the first screen); previous choice on a choice row", hint: ("←", "back")),
        Binding(keys: [.backspace], command: .back, help: "go back (nothing at the first screen)"),
        Binding(keys: [.char(" ")], command: .flip, help: "flip a toggle, next choice", hint: ("space", "flip")),
        Binding(keys: [.escape], command: .cancel, help: "go back; at the first screen quit with status 1", hint: ("esc", "cancel")),
        Binding(keys: [.char("/")], command: .find, help: "find: filter the rows as you type", hint: ("/", "find")),
        Binding(keys: [.char("?"), .function(1)], command: .help, help: "this help: keys, the row's actions, the screen's hotkeys",
                hint: ("?", "help")),
        Binding(keys: [.char("q")], command: .quit, help: "quit with status 0", hint: ("q", "quit")),
        Binding(keys: [.char("y"), .char("Y")], command: .confirm, help: "at a confirmation question: yes, run it (any other key cancels)"),
        Binding(keys: [.ctrl("c")], command: .interrupt, help: "quit with status 130"),
        Binding(keys: [.char("r"), .ctrl("r")], command: .refresh, help: "reload the screen's live sections"),
        Binding(keys: [.ctrl("z")], command: .suspend, help: "suspend to the shell (fg resumes)"),
        Binding(keys: [.tab], command: .actionMenu, help: "the selected row's actions, in a menu"),
        Binding(keys: [.ctrl("o")], command: .togglePreview, help: "show or hide the preview pane"),
        Binding(keys: [.shiftUp], command: .previewUp, help: "scroll the preview up"),
        Binding(keys: [.shiftDown], command: .previewDown, help: "scroll the preview down"),
        Binding(keys: [.shiftPageUp], command: .previewPageUp, help: "scroll the preview a page up"),
        Binding(keys: [.shiftPageDown], command: .previewPageDown, help: "scroll the preview a page down"),
        Binding(keys: [.char("s"), .alt("s")], command: .sortByNextColumn,
                help: "sort a table by its next column (past the last, the rows' own order)"),
        Binding(keys: [.char("S"), .alt("S")], command: .reverseSort, help: "sort a table the other way"),
    ])
}
