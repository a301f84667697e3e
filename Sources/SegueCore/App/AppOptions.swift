/// Choices made on the command line (or by a program using the library) for a whole session.
public struct AppOptions: Equatable, Sendable {
    /// Space marks rows and Enter emits every marked row (`--multi`).
    public var multiSelect: Bool
    /// At most this many rows can be marked (`--multi=N`); over a spec's `"multi": N`.
    public var markLimit: Int?
    /// Emit a JSON object per row instead of its value (`--print-json`).
    public var printJSON: Bool
    /// Whether clicks and the wheel work; `false` leaves the mouse to the terminal, for
    /// selecting text (`segue --no-mouse`).
    public var mouse = true
    /// Whether `exec` actions may run (`--no-exec` and `SEGUE_NO_EXEC=1` turn them off; so does
    /// `confinement`).
    public var allowExec: Bool {
        get { allowsExec && confinement == nil }
        set { allowsExec = newValue }
    }
    private var allowsExec: Bool
    /// The first screen opens with the find line open and this typed (`--query`).
    public var query: String?
    /// Every find orders each section's matches best first (`--sort`).
    public var sortByScore: Bool
    /// An action run as the session starts, before any key: `segue input`'s question. Esc in
    /// the question it asks ends the session (exit 1), as the question is all there is.
    package var startAction: RowAction?
    /// A question that is the whole session, open from the start (`segue write`, `segue spin`).
    package var oneShot: OneShot?
    /// The form that is the whole session (`segue form`, `Segue.form`): its fields' rows are on
    /// the screen, and Enter goes from field to field (`FormAnswers`).
    package var form: FormQuestion?
    /// What is chosen goes back to the Swift program that asked (SegueKit), not to standard
    /// output: the hints say so (`⏎ choose marked`, not `⏎ print marked`).
    package var answersProgram = false
    /// `--algo`: how the find line matches fuzzy terms (fzf's v2, or the faster v1).
    package var findAlgorithm: FindQuery.Algorithm = .optimal
    /// fzf's `--disabled`: find lines open with search paused, the query only text (for a
    /// command to search with, `change:reload(rg {q})`) until `enable-search`.
    package var searchDisabled = false
    /// `--listen-unsafe`: `--listen` takes actions that run commands too (`BindAction.runsCommand`).
    package var listenUnsafe = false
    /// fzf's looks of the frame (`--layout`, `--info`, `--separator`); `nil`: Segue's own screen.
    package var frame: PickerFrame?
    /// Print the find line's text as the first line of what is emitted (`--print-query`).
    public var printQuery: Bool
    /// Where the preview pane goes (`--preview`).
    public var preview: PreviewPlacement
    /// `--expect`: keys (by their config names, `ctrl-x`, `f2`) that choose as Enter does; the
    /// name of the key that chose (an empty line for Enter) is printed before the values.
    package var expectedKeys: [String] = []
    /// fzf's `--bind`: actions on keys (winning over the find line's and the keymap's use of
    /// them) and on events (`start`, `load`, `change`).
    package var bindings = KeyBindings()
    /// The preview pane starts hidden; Ctrl-O shows it (fzf's `--preview-window hidden`).
    package var previewStartsHidden = false
    /// `--safe`: the folder files may be read from (file sources); commands never run.
    public var confinement: Confinement?
    /// Template warnings (a value that resolves to nothing) show in the status line as a screen
    /// opens: for the spec's author (`--watch`), not the user of a finished tool. Unknown keys
    /// show either way; `segue check` lists everything.
    package var showsWarnings = false
    /// `segue edit`'s schema: the settings are checked before every save, which is refused
    /// while they have problems (unless forced), and the problems show at their rows.
    package var settingsCheck: SettingsCheck?
    /// `--select-1`: when the first screen has loaded and shows exactly one row to choose (one
    /// match of `--query`), it is chosen without a key.
    package var selectsOnlyMatch = false
    /// `--exit-0`: when the first screen has loaded and shows nothing to choose, the session ends
    /// with status 1 without drawing a choice.
    package var exitsWithoutMatch = false

    /// The questions that stand in front of an empty screen from the start and are all a session is.
    package enum OneShot: Equatable, Sendable {
        case write(WriteQuestion)
        case spin(SpinQuestion)
    }

    /// How the status line says commands are off: `running commands is turned off (--no-exec)`.
    /// The find lines' past queries, loaded by the world; `nil`: none are kept (Ctrl-P and
    /// Ctrl-N then move, as ↑ and ↓).
    package var queryHistory: QueryHistory?
    /// The file the world keeps them in.
    package var queryHistoryFile: String?
    /// The spec tree's memory as it was read (where screens were left, rows chosen), and its file.
    package var rowMemory: RowMemory?
    package var rowMemoryFile: String?
    /// The time the session started, in seconds since 1970: what frecency decays to (fixed, so a
    /// session orders as it opened, and tests can set it).
    package var now: Double = 0

    package var commandsOff: String {
        "running commands is turned off (\(confinement == nil ? "--no-exec" : "--safe"))"
    }

    public init(multiSelect: Bool = false, printJSON: Bool = false, allowExec: Bool = true, query: String? = nil,
                sortByScore: Bool = false, printQuery: Bool = false, preview: PreviewPlacement = .auto) {
        self.preview = preview
        self.multiSelect = multiSelect
        self.printJSON = printJSON
        self.allowsExec = allowExec
        self.query = query
        self.sortByScore = sortByScore
        self.printQuery = printQuery
    }
}
