import Glibc
import SegueCore

/// Runs the app in the terminal: draws the state, feeds events to `update`, performs effects.
public enum TerminalApp {
    /// Shows `root` until the user quits.
    /// - Parameters:
    ///   - root: the first screen's spec, already loaded (so its errors print before curses starts).
    ///   - loader: reads the specs that segues lead to.
    ///   - settings: the settings toggle and choice rows change, loaded from their file.
    ///   - options: multi-select, JSON output, whether commands may run.
    ///   - renderers: custom cell renderers, by cell type name.
    ///   - handlers: calls the handler registered under a name with a row's attributes; `nil` when
    ///     there is none.
    ///   - mouse: whether clicks and the wheel work (they take over the terminal's own selection).
    /// - Returns: how the session ended, and what it emitted.
    /// - Throws: `TerminalError` when there is no usable terminal; nothing has been drawn then.
    public static func run(root: Spec, loader: SpecLoader, settings: Settings = Settings(path: nil),
                           options: AppOptions = AppOptions(), renderers: CellRenderers = CellRenderers(),
                           handlers: (String, [String: JSONValue]) -> [HandlerRequest]? = { _, _ in nil },
                           mouse: Bool = true) throws(TerminalError) -> SessionOutcome {
        let terminal = try Terminal(mouse: mouse)
        defer { terminal.close() }
        let sources = SourceRunner()
        // Runs before the terminal closes: no load outlives the session.
        defer { sources.shutDown() }
        var state = AppState(root: root, size: terminal.size, settings: settings,
                             environment: ProcessEnvironment.variables(), options: options, renderers: renderers)
        var painter = GridPainter()
        let crashKey = debugCrashKey()
        var events: [Event] = [.start]
        var lastTick = 0.0
        while true {
            for event in events {
                if case .resize = event { painter.invalidate() }
                if case .key(.char(let character)) = event, character == crashKey {
                    fatalError("crash requested with SEGUE_DEBUG_CRASH_KEY")
                }
                var effects = update(&state, event)
                while !effects.isEmpty {
                    switch effects.removeFirst() {
                    case .quit(let status):
                        return SessionOutcome(status: status, emitted: [])
                    case .emit(let lines):
                        return SessionOutcome(status: .success, emitted: lines)
                    case .loadSpec(let path):
                        let result = Result { () throws(SpecError) -> Spec in try loader.load(path: path) }
                        effects += update(&state, .specLoaded(path: path, result))
                    case .exec(let command, let directory):
                        let result = terminal.run(command, in: directory)
                        painter.invalidate()
                        effects += update(&state, .resize(terminal.size))
                        effects += update(&state, .execFinished(result))
                    case .callHandler(let name, let row):
                        effects += update(&state, .handlerFinished(name: name, handlers(name, row)))
                    case .saveSettings(let settings):
                        effects += update(&state, .settingsSaved(SettingsFile.save(settings)))
                    case .startSource(let request):
                        sources.start(request)
                    case .cancelSource(let key):
                        sources.cancel(key)
                    case .cancelSources(let screen):
                        sources.cancelAll(screen: screen)
                    case .suspend:
                        terminal.suspend()
                        painter.invalidate()
                        effects += update(&state, .resize(terminal.size))
                    }
                }
            }
            painter.draw(render(state, size: terminal.size), on: terminal.window)
            // Keys first, without waiting when sources have news; sources are read between keys,
            // so loading never makes the UI wait and a stream never starves the keyboard.
            events = sources.poll()
            let busy = sources.isBusy
            if let event = terminal.nextEvent(waitMilliseconds: events.isEmpty ? (busy ? 30 : nil) : 0) {
                events.append(event)
            }
            if busy, Monotonic.now() - lastTick >= 0.1 {
                lastTick = Monotonic.now()
                events.append(.tick)
            }
        }
    }

    /// A key that crashes the app on purpose, so tests can check the terminal survives a crash.
    private static func debugCrashKey() -> Character? {
        guard let value = getenv("SEGUE_DEBUG_CRASH_KEY") else { return nil }
        return String(cString: value).first
    }
}
