import Glibc
import SegueCore

/// Everything a session needs, decided in one place: the CLI, `Segue.run` and plain mode all
/// start a session from one of these, so a program embedding Segue gets the same fallbacks as
/// the `segue` command (plain mode on `TERM=dumb`, ASCII where the locale cannot show UTF-8).
package struct SessionConfiguration: Sendable {
    /// How the session shows itself.
    package enum Presentation: Sendable {
        /// Full screen, or plain mode where the terminal cannot draw a screen (`TERM=dumb`).
        case automatic
        case fullScreen
        /// In a band of lines under the shell prompt (`--height`); plain mode where the terminal
        /// cannot draw (`TERM=dumb`).
        case inline(InlineHeight)
        /// Numbered lines and a prompt (`--plain`).
        case plain
    }

    /// The first screen's spec, already loaded (so its errors are told before the terminal is taken).
    package var root: Spec
    /// Reads the specs that segues lead to.
    package var loader: SpecLoader
    /// The settings toggles, choices, inputs and sliders change, loaded from their file.
    package var settings: Settings
    package var options: AppOptions
    /// The keys: Segue's, with the user's config over them (a spec's own `"keys"` go over these).
    package var keymap: Keymap
    package var theme: Theme
    package var renderers: CellRenderers
    /// The handlers and sources a program registered in Swift.
    package var callbacks: SwiftCallbacks
    package var presentation: Presentation
    /// Whether clicks and the wheel work (they take over the terminal's own selection).
    package var mouse: Bool
    /// Screens stacked over the first (`--open`), and the row to select (`--select`).
    package var opening: [Spec]
    package var select: String?
    /// Reload a screen when its files change on disk (`--watch`).
    package var watch: Bool
    /// `--listen`'s server, already listening (its errors said before the terminal was taken).
    package var listener: RemoteListener?
    /// What the program writes to standard error meanwhile is kept and written once the terminal
    /// is back (`StandardErrorCapture`): a Swift program's logger would draw over the screen. Not
    /// the `segue` command's: it writes nothing there while it draws, and a script's `2>&1` is its own.
    package var capturesStandardError = false
    /// A one-shot question's band (choose, confirm, input, a form) leaves out the title line, which
    /// its empty title would leave blank above the question.
    package var hidesTitleLine = false

    package init(root: Spec, loader: SpecLoader, settings: Settings = Settings(path: nil), options: AppOptions = AppOptions(),
                keymap: Keymap = .standard, theme: Theme = .standard, renderers: CellRenderers = CellRenderers(),
                callbacks: SwiftCallbacks = .none, presentation: Presentation = .automatic, mouse: Bool = true,
                opening: [Spec] = [], select: String? = nil, watch: Bool = false, listener: RemoteListener? = nil) {
        self.listener = listener
        self.root = root
        self.loader = loader
        self.settings = settings
        self.options = options
        self.keymap = keymap
        self.theme = theme
        self.renderers = renderers
        self.callbacks = callbacks
        self.presentation = presentation
        self.mouse = mouse
        self.opening = opening
        self.select = select
        self.watch = watch
    }

    /// Whether it runs in plain mode: asked for, or a terminal that cannot draw a screen.
    package var isPlain: Bool {
        switch presentation {
        case .plain: return true
        case .fullScreen: return false
        case .automatic, .inline: return getenv("TERM").map { String(cString: $0) == "dumb" } ?? false
        }
    }

    /// The band's height in inline mode; `nil` for the whole screen. Inside Segue's own tmux
    /// popup (`--tmux`) the popup is the height: `--height` is ignored there, as fzf ignores it
    /// in its popup (it drew the picker in part of the popup).
    var inlineHeight: InlineHeight? {
        if case .inline(let height) = presentation, !TmuxPopup.isInsidePopup { return height }
        return nil
    }

    /// The theme as this terminal can draw it: ASCII where the locale cannot show UTF-8.
    package var drawableTheme: Theme {
        var theme = theme
        theme.ascii = theme.ascii || !UserLocale.isUTF8
        return theme
    }
}

/// The one way a session starts, whoever starts it.
package enum Session {
    /// Shows the configured spec until the user quits, in plain mode or full screen.
    /// - Throws: `TerminalError` when there is no usable terminal; nothing has been drawn then.
    package static func run(_ configuration: SessionConfiguration) throws(TerminalError) -> SessionOutcome {
        do {
            return try runOnTerminal(configuration)
        } catch {
            // `segue spin` without a terminal (a cron job, CI) just runs its command.
            guard case .spin? = configuration.options.oneShot else { throw error }
            return runUnattended(configuration)
        }
    }

    private static func runOnTerminal(_ configuration: SessionConfiguration) throws(TerminalError) -> SessionOutcome {
        let config = configuration
        // A program that goes on gets its signals and locale back as they were, even on a throw.
        let saved = ProcessState.save()
        defer { saved.restore() }
        if config.capturesStandardError, !config.isPlain { StandardErrorCapture.start() }
        defer { StandardErrorCapture.end() }
        if config.isPlain {
            return try PlainApp.run(root: config.root, loader: config.loader, settings: config.settings, options: config.options,
                                    keymap: config.keymap, renderers: config.renderers, callbacks: config.callbacks,
                                    opening: config.opening, select: config.select)
        }
        return try TerminalApp.run(root: config.root, loader: config.loader, settings: config.settings, options: config.options,
                                   keymap: config.keymap, theme: config.drawableTheme, renderers: config.renderers,
                                   callbacks: config.callbacks, mouse: config.mouse, opening: config.opening,
                                   select: config.select, watch: config.watch, height: config.inlineHeight,
                                   hidesTitleLine: config.hidesTitleLine, listener: config.listener)
    }

    /// A session with nothing to show nor keys to read, run until it ends by itself or by a
    /// signal: the one-shot questions that need no answer (`segue spin`) where there is no
    /// terminal. What it runs ends with it.
    private static func runUnattended(_ config: SessionConfiguration) -> SessionOutcome {
        SignalHandling.install()
        let world = SessionWorld(loader: config.loader, callbacks: config.callbacks,
                                 command: { command, _ in ExecResult(command: command, status: 127, reason: "no terminal to run it on") },
                                 measure: { Size(width: 80, height: 24) })
        defer { world.shutDown() }
        let state = AppState(root: config.root, size: world.size, keymap: config.keymap, settings: config.settings,
                             environment: ProcessEnvironment.variables(), options: config.options, renderers: config.renderers)
        var runtime = Runtime(state: state, world: world)
        runtime.send(.start)
        Settling.settle(&runtime, seconds: .infinity)
        return runtime.outcome ?? SessionOutcome(status: .cancelled, emitted: [])
    }
}
