import Glibc
import SegueCore

/// Runs the app in the terminal: draws the state, and feeds keys, resizes, signals and source
/// answers to the one effect loop (`Runtime`).
package enum TerminalApp {
    /// Shows `root` until the user quits.
    /// - Parameters:
    ///   - root: the first screen's spec, already loaded (so its errors print before curses starts).
    ///   - loader: reads the specs that segues lead to.
    ///   - settings: the settings toggle and choice rows change, loaded from their file.
    ///   - options: multi-select, JSON output, whether commands may run.
    ///   - keymap: the keys and what they do.
    ///   - theme: the styles of each part of the screen.
    ///   - renderers: custom cell renderers, by cell type name.
    ///   - callbacks: the handlers and sources a program registered in Swift.
    ///   - mouse: whether clicks and the wheel work (they take over the terminal's own selection).
    ///   - height: inline mode: drawn in this many lines under the prompt, not the whole screen.
    ///   - hidesTitleLine: inline, the title line is left out (a one-shot question's, blank).
    ///   - listener: `--listen`'s server: programs ask what shows and send actions through it.
    /// - Returns: how the session ended, and what it emitted.
    /// - Throws: `TerminalError` when there is no usable terminal; nothing has been drawn then.
    package static func run(root: Spec, loader: SpecLoader, settings: Settings = Settings(path: nil),
                           options: AppOptions = AppOptions(), keymap: Keymap = .standard, theme: Theme = .standard,
                           renderers: CellRenderers = CellRenderers(),
                           callbacks: SwiftCallbacks = .none,
                           mouse: Bool = true, opening: [Spec] = [], select: String? = nil,
                           watch: Bool = false, height: InlineHeight? = nil, hidesTitleLine: Bool = false,
                           listener: RemoteListener? = nil) throws(TerminalError) -> SessionOutcome {
        let terminal: any Display
        if let height {
            terminal = try InlineTerminal(height: height, hidesTitleLine: hidesTitleLine)
        } else {
            terminal = try Terminal(mouse: mouse)
        }
        StartupTrace.mark("terminal")
        defer { terminal.close() }
        var state = AppState(root: root, size: terminal.size, keymap: keymap, settings: settings,
                             environment: ProcessEnvironment.variables(), options: options, renderers: renderers)
        // `--open` and `--select` were checked before the terminal was taken.
        _ = state.deepLink(opening: opening, select: select)
        StartupTrace.mark("state")
        let world = SessionWorld(loader: loader, callbacks: callbacks, command: { terminal.run($0, in: $1) },
                                 pause: { terminal.suspend() }, measure: { terminal.size }, bell: { terminal.ringBell() },
                                 listener: listener)
        // Runs before the terminal closes: no load outlives the session.
        defer { world.shutDown() }
        var runtime = Runtime(state: state, world: world)
        let crashKey = debugCrashKey()
        var events: [Event] = [.start]
        var lastTick = 0.0
        var drawn = false
        var lastFrame = 0.0
        let watcher = watch ? FileWatcher() : nil
        while true {
            for event in events {
                if case .resize = event { terminal.invalidate() }
                if case .key(.char(let character)) = event, character == crashKey {
                    fatalError("crash requested with SEGUE_DEBUG_CRASH_KEY")
                }
                runtime.send(event)
                if let outcome = runtime.outcome { return outcome }
                if runtime.takeTerminalWasLent() { terminal.invalidate() }
            }
            if !drawn { StartupTrace.mark("first events") }
            // While a long list is filtered a slice at a time or a source streams rows, and nothing
            // else happens, a frame comes at most every `backgroundFrameInterval`: drawing after
            // every slice or batch cost more than the filtering and loading. The frame that
            // ends it (the last slice, the source finished) is drawn at once.
            let unattended = runtime.state.hasPendingWork || world.isBusy
            if !(drawn && unattended && events.allSatisfy(Self.isBackground) && Monotonic.now() - lastFrame < Self.backgroundFrameInterval) {
                let frame = render(runtime.state, size: terminal.size, theme: theme)
                if !drawn { StartupTrace.mark("rendered") }
                terminal.draw(frame)
                lastFrame = Monotonic.now()
                if !drawn {
                    StartupTrace.mark("first frame")
                    drawn = true
                }
            }
            // Keys first, without waiting when sources have news; sources are read between keys,
            // so loading never makes the UI wait and a stream never starves the keyboard.
            events = world.collect()
            let busy = world.isBusy
            let working = runtime.state.hasPendingWork
            var wait: Int32? = events.isEmpty && !working ? (busy ? 30 : nil) : 0
            if let timer = world.timers.millisecondsToNext { wait = min(wait ?? timer, timer) }
            if let watcher {
                // Edits on disk are looked for a few times a second.
                watcher.watch(runtime.state.stack.flatMap(\.spec.files))
                let changed = watcher.changes()
                if !changed.isEmpty { events.append(.filesChanged(changed)) }
                wait = min(wait ?? 200, 200)
            }
            if let event = terminal.nextEvent(waitMilliseconds: wait, wakers: world.wakers) {
                events.append(event)
                // The rest of a burst (keys typed faster than a frame, or sent at once) is taken
                // before the next frame: one frame and one search for the query they make, not
                // one per key.
                while events.count < Self.burst, let next = terminal.nextEvent(waitMilliseconds: 0, wakers: []) {
                    events.append(next)
                }
            }
            // Pending work (filtering a long list) goes on a slice at a time, after the keys:
            // a key that makes it stale is handled first and replaces it.
            if working { events.append(.work) }
            if busy, Monotonic.now() - lastTick >= 0.1 {
                lastTick = Monotonic.now()
                events.append(.tick)
            }
        }
    }

    /// Seconds between frames while nothing but filtering and loading happens.
    private static let backgroundFrameInterval = 0.05

    /// Events that only carry on work already under way: a filter's slice, a source's rows.
    private static func isBackground(_ event: Event) -> Bool {
        switch event {
        case .work, .sourceItems, .sourceRawItems, .commandOutput: true
        default: false
        }
    }

    /// At most this many events are taken at once, so a frame still comes during a long paste
    /// of keys.
    private static let burst = 256

    /// A key that crashes the app on purpose, so tests can check the terminal survives a crash.
    private static func debugCrashKey() -> Character? {
        guard let value = getenv("SEGUE_DEBUG_CRASH_KEY") else { return nil }
        return String(cString: value).first
    }
}
