/// Everything the app shows: the navigation stack, the terminal size and the status line.
package struct AppState: Sendable {
    /// The screens from the first one (index 0) to the current one; never empty.
    package internal(set) var stack: [Screen]
    /// The terminal size; the list gets all but the top and bottom lines.
    package internal(set) var size: Size
    package internal(set) var status: StatusMessage?
    package let keymap: Keymap
    /// The settings toggle and choice rows change, shared by every screen: each screen's
    /// templates see them, so setting them here is the one way they change, everywhere at once.
    package internal(set) var settings: Settings {
        didSet {
            for index in stack.indices {
                stack[index].settings = settings.values
                stack[index].generateFromSettings(in: listViewport(finding: stack[index].find != nil))
            }
        }
    }
    /// `segue edit`'s check of the settings against their schema (`AppOptions.settingsCheck`),
    /// with what it found last: `nil` when nothing checks them.
    package internal(set) var settingsCheck: SettingsCheck?
    /// Why the last save wrote nothing (the file locked by another program, read-only, a value
    /// its format cannot hold): its changes wait in memory, kept over the file when it is read
    /// again and written by the next save; `nil` once a save succeeds. Leaving the session asks
    /// first, and `segue do` ends with 1.
    package internal(set) var failedSave: SettingsProblem?
    /// The question in front is whether to write the settings file anew (`segue do`: `--yes`).
    package var asksToRewriteSettings: Bool { pendingConfirmation?.rewritesSettings == true }
    /// What exec actions captured into the data every screen sees (`"capture": {"data": …}`).
    package internal(set) var captured: JSONValue = .object([:]) {
        didSet { for index in stack.indices { stack[index].captured = captured } }
    }
    /// An exec whose output is being captured, running in the background.
    var capturing: Capturing?
    /// The rest of a `--bind` list held while a command it started runs, and what triggered it.
    var bindingsWaiting: (actions: ArraySlice<BindAction>, trigger: String)?
    /// Keys and pastes that came while a change ran (`HeldInput`), for after it, in order.
    var heldInput: [Event] = []

    /// Whether input waits (`heldInput`) rather than acts (`HeldInput`).
    var holdsInput: Bool {
        transforming != nil || capturing?.holdsKeys(self) == true || specCommand != nil
    }
    /// A `transform…` binding's command running in the background.
    var transforming: Transforming?
    /// Keys and events an `unbind(…)` turned off (until a `rebind(…)`).
    var unboundTriggers: Set<BindTrigger> = []
    /// The last key pressed, for `SEGUE_KEY` when a row's fzf actions run.
    var pressedKey: Key?
    /// What fzf's actions are bound to: the screen's `"keys"`, with `--bind`'s over them.
    var bindings: KeyBindings { current.keymap.actions.overlaid(by: options.bindings) }
    /// What `print(…)` bindings queued: printed before the chosen values.
    var printed: [String] = []
    /// Whether something the user started runs in the background and will answer (a capture, a
    /// Swift handler running as a task): `segue do` waits for it.
    package var isWorking: Bool { capturing != nil || !runningHandlers.isEmpty }
    /// The command making the spec a segue waits for (`"segue": {"command": …}`).
    var specCommand: SpecCommand?
    /// Captures started so far: each load's generation.
    var captureRuns = 0
    /// The environment variables, as templates see them under `env`.
    let environment: JSONValue
    /// Session-wide choices: multi-select, JSON output, whether commands may run.
    package let options: AppOptions
    /// Renderers for custom cell types, shared by every screen.
    let renderers: CellRenderers
    /// The segue waiting for its spec to load, so its answer can be matched and titled.
    var pendingSegue: PendingSegue?
    /// What stands in front of the list and takes the keys first: the help, the action menu, a
    /// value being typed or a question. One at a time, so opening one closes any other.
    enum Mode: Sendable {
        case help(HelpState)
        case actionMenu(ActionMenu)
        case entry(TextEntry)
        case confirmation(Confirmation)
        /// `segue write`'s text (`AppOptions.oneShot`).
        case writing(Writing)
        /// `segue spin`'s command running (`AppOptions.oneShot`).
        case spinning(Spinning)
        /// A message shown whole in a box, waiting for Enter.
        case message(MessageBox)
    }

    /// The mode in front of the list, if any.
    var mode: Mode?
    /// `--select-1` and `--exit-0` have had their say (`AutoChoice.choose`).
    var autoChoiceDone = false
    /// A question asked (by a handler's follow-up) while another mode was in front: it waits
    /// behind it and comes in front when it closes, so a key meant for an entry never answers it.
    private var waitingQuestion: Confirmation?

    /// An action waiting for y/n.
    var pendingConfirmation: Confirmation? {
        get {
            if case .confirmation(let question)? = mode { return question }
            return waitingQuestion
        }
        set {
            switch (newValue, mode) {
            case (let question?, nil), (let question?, .confirmation?):
                mode = .confirmation(question)
            case (let question?, _?):
                waitingQuestion = question
            case (nil, .confirmation?):
                mode = nil
                waitingQuestion = nil
            case (nil, _):
                waitingQuestion = nil
            }
        }
    }
    /// The help overlay (`?`), while it is open.
    package internal(set) var help: HelpState? {
        get { if case .help(let help)? = mode { help } else { nil } }
        set { setMode(newValue.map(Mode.help)) { if case .help = $0 { true } else { false } } }
    }
    /// The action menu, while it is open.
    package internal(set) var actionMenu: ActionMenu? {
        get { if case .actionMenu(let menu)? = mode { menu } else { nil } }
        set { setMode(newValue.map(Mode.actionMenu)) { if case .actionMenu = $0 { true } else { false } } }
    }
    /// A value being typed (an input row, a prompt), while the editor is open.
    package internal(set) var entry: TextEntry? {
        get { if case .entry(let entry)? = mode { entry } else { nil } }
        set { setMode(newValue.map(Mode.entry)) { if case .entry = $0 { true } else { false } } }
    }

    /// Changes the open entry in place: the mode lets go of it meanwhile, so a long text is not
    /// copied for each key (nothing else changes: no question comes in front).
    mutating func editEntry(_ edit: (inout TextEntry) -> Void) {
        guard case .entry(var entry)? = mode else { return }
        mode = nil
        edit(&entry)
        mode = .entry(entry)
    }

    /// Opens `new`, or, given `nil`, closes the mode in front if it is of the kind `isSame` tells
    /// (closing the help never closes an entry); a question waiting behind it comes in front.
    private mutating func setMode(_ new: Mode?, isSame: (Mode) -> Bool) {
        if let new {
            mode = new
        } else if let current = mode, isSame(current) {
            closeMode()
        }
    }

    /// Closes the mode in front: a question waiting behind it comes in front, else the first
    /// message box waiting.
    mutating func closeMode() {
        mode = waitingQuestion.map(Mode.confirmation) ?? (waitingBoxes.isEmpty ? nil : .message(waitingBoxes.removeFirst()))
        waitingQuestion = nil
    }

    /// Shows `box` in front, or behind the mode in front (an editor, the help, a question) until
    /// it closes: a box a command's `then` shows never takes the place of what is being typed.
    mutating func show(_ box: MessageBox) {
        if mode == nil { mode = .message(box) } else { waitingBoxes.append(box) }
    }

    /// The box shown last holds the actions queued after it (`runInOrder`).
    mutating func letLastBoxHoldTheQueue() {
        if !waitingBoxes.isEmpty {
            waitingBoxes[waitingBoxes.count - 1].holdsQueue = true
        } else if case .message(var box)? = mode {
            box.holdsQueue = true
            mode = .message(box)
        }
    }

    /// Whether a message box shown or waiting holds queued actions.
    var boxHoldsTheQueue: Bool {
        if case .message(let box)? = mode, box.holdsQueue { return true }
        return waitingBoxes.contains(where: \.holdsQueue)
    }

    /// Message boxes waiting behind the mode in front, first to show first.
    private(set) var waitingBoxes: [MessageBox] = []
    /// Handlers running as tasks, the latest last.
    package internal(set) var runningHandlers: [RunningHandler] = []
    /// The spinner's frame while handlers run.
    var handlerFrame = 0
    /// What handlers asked for after an action that waits for an answer, and whose they are; the
    /// last is the innermost (a handler that called another).
    var queuedActions: [PendingActions] = []
    /// The bound row an exec ran for, whose `then` runs for it too.
    var commandRow: [String: JSONValue]?
    /// What the exec's `then` and `onFailure` are bound in, each as it runs: its row's context.
    var commandContext: DataContext?
    /// While a screen's `onOpen` holds its first frame: the spinner's frame when it began (the
    /// spinner shows from the next one, 100 ms later).
    var heldFirstFrame: Int?
    /// The find lines' past queries (`AppOptions.queryHistory`), with this session's added.
    var queryHistory: QueryHistory?
    /// The spec tree's memory (`AppOptions.rowMemory`), with this session's changes.
    var rowMemory: RowMemory?
    /// The id the next screen gets (the first has 0).
    var nextScreenID = 1
    /// Finished output of preview commands, for every screen (bounded in bytes).
    var previewCache = PreviewCache()
    /// Ctrl-O hid the preview pane.
    package internal(set) var previewHidden = false
    /// Whether rows can be marked here: `--multi`, or the screen's spec says `"multi"`.
    var multiSelects: Bool { multiChanged?.on ?? (options.multiSelect || current.spec.marksRows != nil) }
    /// fzf's `change-multi`: marking turned on (with a limit, or none) or off for the session.
    var multiChanged: (on: Bool, limit: Int?)?
    /// For fzf's actions that take alternatives in turn (`change-nth(1|2)`): how many times each
    /// has been performed.
    var rotations: [String: Int] = [:]
    /// The background transform running (fzf's `bg-transform…`), which holds nothing.
    var backgroundTransforming: Transforming?

    /// The most rows that can be marked on the current screen, if there is a limit.
    var markLimit: Int? {
        if let changed = multiChanged { return changed.limit }
        return options.markLimit ?? current.spec.marksRows.flatMap { $0 > 0 ? $0 : nil }
    }

    /// The `--expect` key that chose, printed before the values (none for Enter).
    var acceptedKey: String?

    struct PendingSegue: Sendable {
        enum Mode: Sendable { case push, replace, reload }
        var path: String
        var rowTitle: String
        /// The layers the destination gets: the segue's data and `sender`.
        var passed: [JSONValue]
        var mode: Mode = .push
    }

    struct Confirmation: Sendable {
        var action: RowAction
        /// The row it runs for; `nil` for leaving the screen.
        var row: Int?
        /// The row as it was when asked, so `y` never runs the action for another row that
        /// arrived in its place (a live section loading meanwhile).
        var asked: BoundRow?
        /// The question is whether to discard the screen's unsaved settings (and then leave).
        var discardsSettings = false
        /// The question is whether to stop the screen's running row commands (`progress` rows).
        var stopsCommands = false
        /// The question is whether to save the settings by writing their file anew, losing
        /// what `SettingsSaved.wouldLose` says.
        var rewritesSettings = false
        /// A handler asked for the action (among others, queued behind it): yes runs it for
        /// the handler's row and goes on with the rest; no drops them.
        var origin: ActionOrigin?
        /// A handler running as a task asked it (`context.confirm`): the answer goes to it, and
        /// Esc stops it.
        var answersHandler: Int?
        /// Whether the actions queued after it wait on it: a handler's list's do, a screen's
        /// `onOpen` has none (so "no" takes nothing off the queue, and the queue goes on).
        var holdsQueue = true
        /// Enter answers yes (the action's `"default": "yes"`); never for leaving or stopping.
        var yesByDefault: Bool { action.yesByDefault && !discardsSettings && !stopsCommands }
    }

    /// A state showing `root` as the first screen.
    /// - Parameters:
    ///   - root: the first screen's spec.
    ///   - size: the terminal size.
    ///   - keymap: the keys; Segue's standard ones unless given.
    ///   - settings: the settings, as loaded from their file.
    ///   - environment: environment variables, for `{{env.NAME}}`.
    ///   - options: multi-select, JSON output, whether commands may run.
    package init(root: Spec, size: Size, keymap: Keymap = .standard, settings: Settings = Settings(path: nil),
                environment: [String: String] = [:], options: AppOptions = AppOptions(),
                renderers: CellRenderers = CellRenderers()) {
        self.options = options
        queryHistory = options.queryHistory
        rowMemory = options.rowMemory
        self.renderers = renderers
        previewHidden = options.previewStartsHidden
        self.environment = .object(["env": .object(environment.mapValues { .string($0) })])
        self.settings = settings
        settingsCheck = options.settingsCheck
        settingsCheck?.check(settings)
        settingsCheck?.written(settings)
        self.size = size
        self.keymap = keymap
        stack = []
        status = nil
        stack = [makeScreen(root, title: root.title ?? Self.defaultTitle(forPath: root.path), passed: [])]
        // `--query`: the first screen opens with the find line open and the text typed.
        if let query = options.query, let find = root.find.options {
            if stack[0].find == nil {
                stack[0].openFind(query: query, prompt: find.prompt, sortsByScore: options.sortByScore || find.sortsByScore,
                                  algorithm: options.findAlgorithm, searchPaused: options.searchDisabled, in: listViewport(finding: true))
            } else {
                stack[0].editFind(in: listViewport(finding: true)) { $0.insert(query) }
            }
        }
        // A query the spec cannot take is said, not silently dropped.
        let refusedQuery = options.query.flatMap { root.find.enabled || $0.isEmpty ? nil : $0 }.map { _ in
            StatusMessage.error("--query is ignored: this spec turns finding off (\"filter\": false)")
        }
        // The file's problems are said as it opens (the rows show them), not refused.
        let fileProblems = settingsCheck.flatMap { check in
            if !check.problems.isEmpty {
                return StatusMessage.warning("\(settings.fileName) has \(check.summary)" + (check.problems.count > 1 || !check.notes.isEmpty ? " (? lists them)" : ""))
            }
            if let unfinished = check.unfinished { return StatusMessage.warning("\(settings.fileName): " + unfinished) }
            return check.notes.first.map { StatusMessage.warning("\(settings.fileName):\($0)" + (check.notes.count > 1 ? " (? lists them)" : "")) }
        }
        status = settings.problem.map { .error($0.description) } ?? refusedQuery ?? fileProblems
            ?? BindingWarnings.summary(BindingWarnings.check(stack[0], templates: options.showsWarnings)).map { StatusMessage.warning($0) }
        stack[0].scrollToSelection(in: listViewport)
    }

    /// A screen for `spec` that sees the session's environment, settings and cell renderers: the
    /// one way screens are made, so none misses them.
    func makeScreen(_ spec: Spec, title: String, passed: [JSONValue]) -> Screen {
        var screen = orderedByFrecency(Screen(spec: spec, title: title, environment: environment, passed: passed,
                                              settings: settings.values, captured: captured, renderers: renderers))
        // The spec's own keys, over the session's (checked when the spec loaded).
        screen.keymap = spec.keys.flatMap { try? keymap.applying($0, path: "keys").get() } ?? keymap
        if spec.find.opensAtStart, let find = spec.find.options {
            screen.openFind(prompt: find.prompt, sortsByScore: options.sortByScore || find.sortsByScore,
                            algorithm: options.findAlgorithm, searchPaused: options.searchDisabled, in: listViewport(finding: true))
        }
        // `"remember"`: the row it was left on; else `"select"`: whiptail's default item. A row not
        // there yet (live rows) leaves the first until it arrives (`Sources.receive`).
        let wanted = spec.selects.map { Template($0).render(in: screen.context) }
        if let row = rememberedRow(of: screen) ?? wanted.flatMap({ screen.row(withIDOrTitle: $0) }) {
            // Kept as a choice of the user's would be (arriving rows leave it), and not in
            // `listViewport`: that reads the top screen, and this one is not on the stack yet.
            screen.hasMoved = true
            screen.select(row, in: listViewport(finding: screen.find != nil))
        } else if screen.hasLoads {
            screen.wantedSelection = wanted
        }
        return screen
    }

    /// The screen on top of the stack.
    package internal(set) var current: Screen {
        get { stack[stack.count - 1] }
        // In place: a screen's feeds must not be copied to change one of them.
        _modify { yield &stack[stack.count - 1] }
    }

    /// The titles from the first screen to the current one.
    package var breadcrumb: [String] { stack.map(\.title) }

    /// Whether work is waiting for `Event.work`: filtering a long list for a find.
    package var hasPendingWork: Bool { current.find?.job != nil }

    /// Shows (or with `nil` clears) a status message; the list gives up lines to a long one and
    /// keeps the selection in view.
    mutating func setStatus(_ message: StatusMessage?) {
        guard message != status else { return }
        status = message
        current.scrollToSelection(in: listViewport)
    }

    /// A title for a first screen whose spec has none: its file name without `.json`, or for a
    /// folder's `main.json` the folder's name. Give an absolute path so `.` has a name.
    package static func defaultTitle(forPath path: String?) -> String {
        guard let path else { return "Segue" }
        var parts = SpecPath.normalize(path).split(separator: "/").map(String.init)
        if parts.last == "main.json", parts.count > 1, parts[parts.count - 2] != ".." { parts.removeLast() }
        guard var name = parts.last, name != ".", name != ".." else { return "Segue" }
        if name.hasSuffix(".json"), name.count > 5 { name.removeLast(5) }
        return name
    }
}
