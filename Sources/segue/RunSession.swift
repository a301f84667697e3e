import ArgumentParser
import Glibc
import SegueCore
import SegueFiles
import SegueTerminal

/// What `segue run SPEC` does with its options: read the config and the spec, then show it (full
/// screen, or plain mode) and print what was chosen. Plain values, so the common `segue SPEC` can
/// start without the argument parser (`SegueCommand.main`).
struct RunSession {
    /// How long `-1` and `-0` wait for piped lines to end before the screen opens anyway.
    static let decidingTime = 0.5

    var spec: String
    /// `cmd | segue`: no spec, a picker over the lines piped in.
    var picker: StandardInputPicker.Options?
    /// A one-shot question's spec (`segue choose`, `segue confirm`), made rather than read.
    var question: Spec?
    /// What the question asks as the session starts (`segue input`).
    var startAction: RowAction?
    /// The question that is the whole session (`segue write`, `segue spin`).
    var oneShot: AppOptions.OneShot?
    /// `segue form`: the form the session is; its answers start as the session's settings.
    var form: FormQuestion?
    var multi = false
    var printJSON = false
    var noExec = false
    var safe = false
    var noMouse = false
    var query: String?
    var sort = false
    var algo: FindQuery.Algorithm = .optimal
    var height: InlineHeight?
    var printQuery = false
    var preview: PreviewPlacement = .auto
    var previewStartsHidden = false
    var expectedKeys: [String] = []
    var markLimit: Int?
    var theme: String?
    var color: ColourChoice = .auto
    var ascii = false
    var plain = false
    var watch = false
    var open: String?
    var select: String?
    var settings: String?
    var selectOne = false
    var exitZero = false
    /// `--history FILE`: where find lines keep their accepted queries; `""` keeps none.
    var history: String?
    /// `--frecency FILE`: where a picker of piped lines keeps the lines chosen.
    var frecency: String?
    /// `--print0`: values end with NUL, not a line feed.
    var print0 = false
    /// `--bind`: fzf's actions on keys and events.
    var bindings = KeyBindings()
    /// `--disabled`: the find line's text does not filter until `enable-search`.
    var searchDisabled = false
    /// `--listen-unsafe`: `--listen` takes actions that run commands too.
    var listenUnsafe = false
    /// fzf's frame (`--layout`, `--info`, `--separator`); `nil`: Segue's own screen.
    var frame: PickerFrame?
    /// `--listen`: where programs ask what shows and send actions.
    var listen: RemoteListener.Address?
    /// Specs made in code, by path, read before the disk (`segue edit`'s screens).
    var madeSpecs: (any SpecMaker)?
    /// `segue edit`'s schema, which the settings are checked by before each save.
    var settingsCheck: SettingsCheck?

    /// A file named on the command line, from where segue started.
    private static func fromHere(_ file: String) -> String {
        guard !file.isEmpty, !file.hasPrefix("/"), let folder = WorkingDirectory.current() else { return file }
        return folder + "/" + file
    }

    /// `--settings`, else the first spec's `settingsFile`, else none (settings last for the session).
    private func settingsPath(for root: Spec) -> String? {
        settings ?? root.settingsFile
    }

    /// `--height`, else the spec's `"height"`; for `~N`, with the lines the first screen needs
    /// when they are known before it draws (no live section: those rows are still to come).
    private func inlineHeight(for root: Spec) -> InlineHeight? {
        guard var chosen = height ?? root.inlineHeight else { return nil }
        if chosen.fitsContent {
            // The title line and the hint (or find) line around the rows.
            chosen.contentRows = AppState(root: root, size: Size(width: 80, height: 24)).current.knownListLines.map { $0 + 2 }
        }
        return chosen
    }

    /// What a state file holds for the session; none, with a warning, when it is not Segue's
    /// (it is then neither read nor written).
    private static func stateFile<Contents>(_ file: String, loadedBy load: (String) -> (Contents, problem: String?)) -> Contents? {
        let (contents, problem) = load(file)
        if let problem {
            Diagnostics.report("warning: " + problem)
            return nil
        }
        return contents
    }

    func run() throws {
        let environment = ProcessEnvironment.variables()
        let config = try UserConfig.forCommand(environment: environment)
        StartupTrace.mark("config")
        let safeMode = try SafeMode(spec: spec, safe: safe, noExec: noExec, environment: environment)
        let confinement = safeMode.confinement
        var loader = safeMode.confining(SpecLoader(keymap: config.keymap))
        if let madeSpecs { loader.files = MadeSpecs(madeSpecs, over: loader.files) }
        var root = try question ?? picker.map(StandardInputPicker.spec) ?? loader.loadFirst(spec)
        StartupTrace.mark("spec")
        if root.title == nil, let path = root.path {
            root.title = AppState.defaultTitle(forPath: SpecPath.resolve(path, relativeTo: (WorkingDirectory.current() ?? ".") + "/"))
        }
        // `--open`: each spec on the way, from the one before; a missing or broken one is told now.
        var opening: [Spec] = []
        var base = root.path
        for part in (open ?? "").split(separator: "/") {
            let next = try loader.loadFirst(SpecPath.resolve(String(part), relativeTo: base))
            opening.append(next)
            base = next.path
        }
        if !opening.isEmpty || select != nil {
            var probe = AppState(root: root, size: Size(width: 80, height: 24), keymap: config.keymap)
            if let problem = probe.deepLink(opening: opening, select: select) {
                Diagnostics.report(problem)
                throw ExitCode(ExitStatus.badSpec.code)
            }
        }
        var options = safeMode.applied(to: AppOptions(multiSelect: multi, printJSON: printJSON, query: query, sortByScore: sort,
                                                      printQuery: printQuery, preview: preview))
        options.findAlgorithm = algo
        options.previewStartsHidden = previewStartsHidden
        options.expectedKeys = expectedKeys
        options.bindings = bindings
        options.searchDisabled = searchDisabled
        options.listenUnsafe = listenUnsafe
        options.frame = frame
        options.markLimit = markLimit
        options.startAction = startAction
        options.oneShot = oneShot
        options.form = form
        options.settingsCheck = settingsCheck
        // Authoring: whoever watches a spec for changes is writing it, and wants its warnings;
        // `segue edit`'s are about the file's values the schema refuses.
        options.showsWarnings = watch || madeSpecs != nil
        options.selectsOnlyMatch = selectOne
        options.exitsWithoutMatch = exitZero
        // Find lines remember the queries Enter accepted: a spec's in the user's state folder,
        // piped lines' only in a file named with --history (as fzf's), questions' never. In safe
        // mode nothing outside the spec's folder is read or written, the state folder included:
        // the spec tree's queries and memory last for the session (a file named on the command
        // line, as --settings, is the user's own choice, and stands).
        let spokenFor = picker == nil && question == nil && form == nil && oneShot == nil && madeSpecs == nil && spec != "-"
        if spokenFor, confinement != nil, history == nil { options.queryHistory = QueryHistory() }
        let keepsState = spokenFor && confinement == nil
        if let file = (history ?? (keepsState ? QueryHistoryFile.path(forSpec: spec, environment: environment) : nil)).map(Self.fromHere),
           !file.isEmpty {
            if let history = Self.stateFile(file, loadedBy: QueryHistoryFile.load) {
                options.queryHistoryFile = file
                options.queryHistory = history
            }
        }
        // Where screens were left and rows chosen: kept for a spec tree, as its queries are.
        // Piped lines keep theirs only in a file named with --frecency.
        if let file = picker != nil ? frecency.map(Self.fromHere) : keepsState ? RowMemoryFile.path(forSpec: spec, environment: environment) : nil {
            if let memory = Self.stateFile(file, loadedBy: RowMemoryFile.load) {
                options.rowMemoryFile = file
                options.rowMemory = memory
            }
        }
        var clock = timespec()
        clock_gettime(CLOCK_REALTIME, &clock)
        options.now = Double(clock.tv_sec) + Double(clock.tv_nsec) / 1e9
        var chosenTheme: Theme
        switch Theme.resolve(option: theme, environment: environment, config: config.theme, spec: root.theme, colour: color) {
        case .success(let resolved):
            chosenTheme = resolved
            chosenTheme.ascii = ascii  // and where the locale cannot show UTF-8 (`Session`)
        case .failure(let problem):
            Diagnostics.report(problem.description)
            throw ExitCode(ExitStatus.usage.code)
        }
        // In safe mode a spec's own settingsFile is neither read nor written (it could name any
        // file of its folder to write into); `--settings` is the user's own choice, and stands.
        let settings: Settings
        if let form {
            settings = Settings(path: nil, values: form.startingAnswers)
        } else if self.settings == nil, let refused = safeMode.refusingSettingsFile(of: root, hint: " (--settings PATH keeps them)") {
            settings = refused
        } else {
            settings = settingsPath(for: root).map(SettingsFile.load) ?? Settings(path: nil)
        }
        StartupTrace.mark("settings")
        // `-1` and `-0` on lines piped in are decided before the terminal is taken, as fzf's are:
        // a script gets its answer even where there is no terminal. The lines are then read again.
        // Input still coming after a while (`tail -f`) opens the screen, which decides once it ends.
        if let picker, selectOne || exitZero, isatty(STDIN_FILENO) == 0 {
            let (input, ended) = StandardInputBuffer.read(within: Self.decidingTime)
            if ended, let outcome = try? StandardInputPicker.automaticOutcome(input, options: picker, settings: options) {
                try StandardOutput.writeValues(outcome.emitted, terminator: print0 ? "\0" : "\n")
                throw ExitCode(outcome.status.code)
            }
            StandardInputBuffer.replay(input, ended: ended)
        }
        // What escapes the process groups Segue kills (a daemon a source started) is adopted,
        // and killed when the session ends.
        Descendants.adoptOrphans()
        defer { Descendants.endAll() }
        let listener = try listen.map(startListening)
        defer { listener?.close() }
        do {
            var session = SessionConfiguration(
                root: root, loader: loader, settings: settings, options: options, keymap: config.keymap, theme: chosenTheme,
                presentation: plain ? .plain : inlineHeight(for: root).map { .inline($0) } ?? .automatic, mouse: !noMouse, opening: opening,
                select: select, watch: watch, listener: listener)
            // A question's band starts with the question, not a blank title line.
            session.hidesTitleLine = question != nil && oneShot == nil
            let outcome = try Session.run(session)
            WalkerInput.stop()  // `--walker`: chosen, so not one folder more is read
            // The terminal is back: what could not be kept for the next run is told, and chosen
            // values go to stdout, for `choice=$(segue menu.json)`.
            for problem in outcome.notKept { Diagnostics.report("warning: " + problem) }
            try StandardOutput.writeValues(outcome.emitted, terminator: print0 ? "\0" : "\n")
            if let relayed = outcome.relayed {
                Diagnostics.pass(relayed.errors)
                try StandardOutput.write(relayed.output)
            }
            if let replacement = outcome.replacement {
                Descendants.endAll()
                throw ExitCode(ProcessReplacement.become(replacement.command, in: replacement.directory))
            }
            throw ExitCode(outcome.status.code)
        } catch let error as TerminalError {
            Diagnostics.report(error.description)
            throw ExitCode(ExitStatus.noTerminal.code)
        }
    }

    /// `--listen`'s server, started before the terminal is taken so what stops it is said plainly;
    /// children see where it is (`SEGUE_PORT`, `FZF_PORT`, or `SEGUE_SOCK`).
    private func startListening(_ address: RemoteListener.Address) throws -> RemoteListener {
        do throws(RemoteListenerError) {
            let listener = try RemoteListener(address, environment: ProcessEnvironment.variables())
            for (name, value) in listener.exported { setenv(name, value, 1) }
            return listener
        } catch {
            Diagnostics.report(error.description)
            throw ExitCode(ExitStatus.usage.code)
        }
    }
}
