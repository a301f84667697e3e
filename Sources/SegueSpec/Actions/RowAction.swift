/// What activating a row does, written in a spec as a name (`"action": "back"`) or an object
/// (`"action": {"type": "exec", "command": ["ls", "-l"], "confirm": "List files?"}`).
///
/// Every action is a value: the core turns it into effects that the shell performs, so what a row
/// does can be tested without running anything.
public struct RowAction: Equatable, Sendable {
    public enum Kind: Equatable, Sendable {
        /// Push another spec (with data), like a row's `segue`.
        case segue(SegueTarget)
        /// Go back one screen (nothing at the first).
        case back
        /// Pop to the first screen.
        case root
        /// Swap the current screen for another spec, with no new back step.
        case replace(SegueTarget)
        /// Re-read the current spec from disk, keeping the selection.
        case reload
        /// Print a value to stdout and exit 0; `nil` prints the row's title.
        case emit(String?)
        /// Run a command.
        case exec(ExecCommand)
        /// End the session and run a command in Segue's place (fzf's `become`): the terminal is
        /// restored first and the command's exit status is the program's. Only its `arguments`
        /// count.
        case become(ExecCommand)
        /// Quit with a status.
        case quit(QuitStatus)
        /// End the session with a value a Swift program handed over (`context.finish(with:)`),
        /// which the program keeps under this number: asked by code, never written in a spec.
        case finish(Int)
        /// A handler registered by name (the seed format's `"menuItemTapped:"`).
        case named(String)
        /// Show a message in the status line, or whole in a box that waits for Enter.
        case message(String, isError: Bool, inBox: Bool = false)
        /// Ask in the status line, then run an action with the answer.
        case prompt(Prompt)
        /// Write the settings a screen holds until saved (`"saveSettings": "onSave"`).
        case save
        /// Undo the settings a screen holds unsaved.
        case discard
        /// Show the help (`?`), where `segue edit` lists the file's problems first.
        case help
        /// Set settings, as toggles and inputs do: names and values (a string is a template; one
        /// that is a placeholder alone keeps its value's type).
        case set([String: JSONValue])
        /// Add to a list setting, move its items, or take a setting away (`SettingChange`).
        case changeSetting(SettingChange)
        /// `{"type": "if", "when": "{{…}}", "then": …, "else": …}`: `then` when the action's
        /// `when` holds, else `otherwise`, each a list run in order. Bound as each runs.
        case branch(then: [RowAction], otherwise: [RowAction])
        /// fzf's actions, as `--bind` writes them after the colon (`{"type": "fzf", "do":
        /// "reload(ls)+change-prompt(x> )"}`), performed as a `--bind` key's are: one vocabulary
        /// for a picker's flags and a spec. Checked when the spec loads, read again once bound.
        case fzf(String)
    }

    public var kind: Kind {
        didSet { hasPlaceholders = Self.hasPlaceholders(kind, confirm, when) }
    }
    /// A question to answer with y before the action runs.
    public var confirm: String? {
        didSet { hasPlaceholders = Self.hasPlaceholders(kind, confirm, when) }
    }
    /// A condition (`"when": "{{settings.ssh}}"`, by the truth rules once bound): false, the
    /// action is skipped (an `if` runs its `else`); `nil` always runs.
    public var when: String? {
        didSet { hasPlaceholders = Self.hasPlaceholders(kind, confirm, when) }
    }
    /// Whether Enter answers the `confirm` question with yes (`"default": "yes"`, shown `Y/n`);
    /// else only y does, and Enter cancels (`y/N`).
    public var yesByDefault = false
    /// Whether any of its text could change when bound to a row's data; an action without
    /// placeholders is used as decoded, never encoded and decoded again for each row drawn.
    public private(set) var hasPlaceholders: Bool

    public init(_ kind: Kind, confirm: String? = nil, yesByDefault: Bool = false, when: String? = nil) {
        self.kind = kind
        self.confirm = confirm
        self.yesByDefault = yesByDefault
        self.when = when
        hasPlaceholders = Self.hasPlaceholders(kind, confirm, when)
    }

    /// Whether the action's condition holds: no `when`, or one true by the truth rules (bound already).
    public var holds: Bool { when.map { JSONValue.string($0).isTrue } ?? true }

    /// Whether it is skipped: its `when` does not hold (an `if` then runs its `else`).
    public var isSkipped: Bool {
        if case .branch = kind { return false }
        return !holds
    }

    private static func hasPlaceholders(_ kind: Kind, _ confirm: String?, _ when: String?) -> Bool {
        if let confirm, Template.mightHavePlaceholders(confirm) { return true }
        if let when, Template.mightHavePlaceholders(when) { return true }
        switch kind {
        case .segue(let target), .replace(let target):
            guard target.built == nil else { return false }
            return target.data != nil || Template.mightHavePlaceholders(target.spec)
                || target.command?.contains(where: Template.mightHavePlaceholders) == true
        case .emit(let value?), .message(let value, _, _), .named(let value), .fzf(let value):
            return Template.mightHavePlaceholders(value)
        case .exec(let command), .become(let command):
            return command.arguments.contains(where: Template.mightHavePlaceholders) || command.waitText.map(Template.mightHavePlaceholders) == true
                || (command.then + command.onFailure).contains(where: \.hasPlaceholders)
        case .prompt(let prompt):
            // `then` is bound when the answer is in, not with the row.
            return Template.mightHavePlaceholders(prompt.question) || prompt.defaultText.map(Template.mightHavePlaceholders) == true
                || prompt.text.map(Template.mightHavePlaceholders) == true
        case .set(let values):
            return values.contains { $0.key.contains("{{") || $0.value.allStrings.contains("{{") }
        case .changeSetting(let change):
            return change.hasPlaceholders
        case .branch(let then, let otherwise):
            return (then + otherwise).contains(where: \.hasPlaceholders)
        case .emit(nil), .back, .root, .reload, .quit, .finish, .save, .discard, .help:
            return false
        }
    }

    public static let back = RowAction(.back)
    public static let quit = RowAction(.quit(.success))
    public static let root = RowAction(.root)
    public static let reload = RowAction(.reload)
    public static func named(_ name: String) -> RowAction { RowAction(.named(name)) }

    /// The names an action string may take besides registered handlers.
    public static let builtInNames = ["back", "quit", "root", "reload", "emit", "save", "discard"]

    /// The action a name means: a built-in one, or a named handler.
    public init(name: String) {
        switch name {
        case "back": self = .back
        case "quit": self = .quit
        case "root": self = .root
        case "reload": self = .reload
        case "emit": self.init(.emit(nil))
        case "save": self.init(.save)
        case "discard": self.init(.discard)
        case "help": self.init(.help)
        default: self = .named(name)
        }
    }
}

/// A command an `exec` action runs: an argv (no shell unless the spec names one), whether to wait
/// for a key afterwards, and what happens next.
public struct ExecCommand: Equatable, Sendable {
    public var arguments: [String]
    public var wait: Bool
    /// What the line under a waiting command's output says (`"wait": "Back to the menu"`);
    /// `nil`: Segue's own words.
    public var waitText: String?
    /// The actions run, in order, once the command has ended.
    public var then: [RowAction]
    /// The actions run instead of `then` when it failed (a status other than 0); none: `then`.
    public var onFailure: [RowAction]
    /// Where what it prints is kept; with one, it runs in the background without the terminal.
    public var capture: ExecCapture?
    /// A capture that holds the screen while it runs (`"wait": "first"`): a screen's `onOpen`
    /// holds its first frame, keys typed meanwhile wait for it (Esc and Ctrl-C still act), and
    /// what it prints must be one value: a stray line is an error.
    public var holdsScreen = false

    /// A `quit` in `then` that passes the command's status on (`"then": "quit"`).
    package static let quitWithItsStatus = RowAction(.quit(.passedOn))

    /// The actions to run once the command has ended with `status`: `onFailure`'s when it
    /// failed and has some, else `then`'s; a `quit` without a status of its own passes it on.
    package func next(afterStatus status: Int32) -> [RowAction] {
        Self.passing(status, to: status != 0 && !onFailure.isEmpty ? onFailure : then)
    }

    /// `actions` with each `quit` that passes a status on (an `if`'s too, whichever branch it
    /// takes) given `status`.
    private static func passing(_ status: Int32, to actions: [RowAction]) -> [RowAction] {
        actions.map { action in
            var passing = action
            switch action.kind {
            case .quit(let code) where code == .passedOn:
                passing.kind = .quit(ExitStatus(status))
            case .branch(let then, let otherwise):
                passing.kind = .branch(then: Self.passing(status, to: then), otherwise: Self.passing(status, to: otherwise))
            default:
                break
            }
            return passing
        }
    }

    public init(arguments: [String], wait: Bool = false, then: [RowAction] = [], onFailure: [RowAction] = [],
                capture: ExecCapture? = nil) {
        self.capture = capture
        self.arguments = arguments
        self.wait = wait
        self.then = then
        self.onFailure = onFailure
    }

    /// The line shown under a command's output when it waits (`wait`): how it ended, then what
    /// a key does, in the spec's words if it has some (else `otherwise`): ` ✓ done · press a key
    /// to go back `.
    package func waitLine(after result: ExecResult, ascii: Bool, otherwise: String = "press a key to go back") -> String {
        let ended = result.status == 0 ? (ascii ? "OK" : "✓") + " done" : (ascii ? "x" : "✗") + " exit \(result.status)"
        let reason = result.reason.map { ": " + TextFitting.sanitize($0) } ?? ""
        let words = waitText.map(TextFitting.sanitize) ?? otherwise
        return " \(ended)\(reason)\(ascii ? " - " : " · ")\(words) "
    }

    /// The command as a person would type it, for the status line and the action menu: its
    /// first 1,024 characters at most (then `…`), made from its arguments' starts only.
    public var display: String { display(characters: 1_024) }
}

extension RowAction.Kind {
    /// Whether the action runs a command (refused with commands off).
    package var runsCommand: Bool {
        switch self {
        case .exec, .become: return true
        default: return false
        }
    }
}

extension RowAction {
    /// How the names SegueKit gives row closures begin (`segue.closure.1`): a spec cannot register
    /// such a name, and none is shown to the user.
    public static let madeUpNamePrefix = "segue."
}
