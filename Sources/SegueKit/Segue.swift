/// Runs Segue screens from Swift: a spec file, or a screen composed in code, with handlers for
/// named actions and renderers for custom cell types.
///
/// ```swift
/// let handlers = HandlerRegistry()
/// handlers.register("menuItemTapped:") { context in context.show("tapped \(context.title)") }
/// handlers.registerSource("users") { request in try await api.users(page: request.page) }
/// let outcome = try await Segue.run(specAt: "menu.json", handlers: handlers)
/// ```
public enum Segue {
    /// Shows the spec at `path` until the user quits, and tells how it ended:
    /// `try await Segue.run(specAt: "menu.json", handlers: handlers)`.
    ///
    /// The session runs on a thread of its own; the calling task waits for it without holding
    /// one of Swift's cooperative threads, so the program's handlers and sources run meanwhile.
    /// - Parameters:
    ///   - path: a spec file (JSON or YAML), or a folder holding `main.json` (or `main.yaml`).
    ///   - finishing: what handlers end the session with (`context.finish(with:)`), handed back
    ///     as `Outcome.Ending.finished`; none by default.
    ///   - handlers: handlers for the spec's named actions and sources for its `"handler"`
    ///     sources (other names are load errors).
    ///   - renderers: renderers for custom cell types, by the name specs use in `cell`.
    ///   - options: multi-select, JSON output, whether `exec` actions may run, the mouse.
    ///   - settings: where toggles and choices save (default: the spec's `settingsFile`).
    ///   - keymap: the keys and what they do; by default the user's (their config's `"keys"`
    ///     over Segue's, `UserPreferences`), as the `segue` command answers them.
    ///   - theme: the styles of each part of the screen; by default the user's (their config,
    ///     `SEGUE_THEME`). Without colours under `NO_COLOR` either way.
    ///   - height: draw in this many lines under the prompt (`InlineHeight(.rows(10))`) instead of
    ///     the whole screen, as `segue --height` does.
    /// - Returns: how the session ended, and the values its rows were left at.
    /// - Throws: `SpecError` when the spec cannot be loaded, `TerminalError` without a terminal.
    public static func run<Value: Sendable>(specAt path: String, finishing: Value.Type = Never.self,
                                            handlers: HandlerRegistry = HandlerRegistry(), renderers: CellRenderers = CellRenderers(),
                                            options: AppOptions = AppOptions(), settings: String? = nil, keymap: Keymap? = nil,
                                            theme: Theme? = nil, height: InlineHeight? = nil) async throws -> Outcome<Value> {
        let configuration = try configure(specAt: path, handlers: handlers, renderers: renderers, options: options,
                                          settings: settings, keymap: keymap, theme: theme, height: height)
        handlers.finish(with: Value.self)
        return Outcome(try await onThreadOfItsOwn { try run(configuration) }, of: handlers)
    }

    /// Shows a screen composed in code until the user quits, and tells how it ended:
    /// `try await Segue.run(menu, renderers: renderers)`.
    ///
    /// The session runs on a thread of its own; the calling task waits for it without holding
    /// one of Swift's cooperative threads, so the program's handlers and sources run meanwhile.
    /// - Parameters:
    ///   - screen: the first screen; its row closures (and those of screens it pushes) run on activation.
    ///   - finishing: what handlers end the session with (`context.finish(with:)`), handed back
    ///     as `Outcome.Ending.finished`; none by default.
    ///   - handlers: handlers for named actions in specs the screens lead to.
    ///   - renderers: renderers for custom cell types.
    ///   - options: multi-select, JSON output, whether `exec` actions may run, the mouse.
    ///   - settings: the settings file toggles and choices save to, if any.
    ///   - keymap: the keys and what they do; by default the user's (their config's `"keys"`
    ///     over Segue's, `UserPreferences`), as the `segue` command answers them.
    ///   - theme: the styles of each part of the screen; by default the user's (their config,
    ///     `SEGUE_THEME`). Without colours under `NO_COLOR` either way.
    ///   - height: draw in this many lines under the prompt instead of the whole screen.
    /// - Returns: how the session ended, and the values its rows were left at.
    /// - Throws: `TerminalError` without a terminal.
    public static func run<Value: Sendable>(_ screen: ComposedScreen, finishing: Value.Type = Never.self,
                                            handlers: HandlerRegistry = HandlerRegistry(), renderers: CellRenderers = CellRenderers(),
                                            options: AppOptions = AppOptions(), settings: String? = nil, keymap: Keymap? = nil,
                                            theme: Theme? = nil, height: InlineHeight? = nil) async throws -> Outcome<Value> {
        let configuration = configure(screen, handlers: handlers, renderers: renderers, options: options, settings: settings,
                                      keymap: keymap, theme: theme, height: height)
        handlers.finish(with: Value.self)
        return Outcome(try await onThreadOfItsOwn { try run(configuration) }, of: handlers)
    }

    /// The synchronous form, for code that is not `async`: shows the spec at `path` on the
    /// calling thread, which it holds until the user is done, and tells how it ended. Named
    /// apart from `run`, so that `try await Segue.run(…)` at a program's top level cannot pick
    /// it (Swift prefers a synchronous overload there, and `await` only warned).
    public static func runBlocking(specAt path: String, handlers: HandlerRegistry = HandlerRegistry(),
                           renderers: CellRenderers = CellRenderers(), options: AppOptions = AppOptions(),
                           settings: String? = nil, keymap: Keymap? = nil, theme: Theme? = nil,
                           height: InlineHeight? = nil) throws -> Outcome<Never>.Ending {
        let configuration = try configure(specAt: path, handlers: handlers, renderers: renderers, options: options,
                                          settings: settings, keymap: keymap, theme: theme, height: height)
        handlers.finish(with: Never.self)
        return Outcome(try run(configuration), of: handlers).ending
    }

    /// The synchronous form, for code that is not `async`: shows `screen` on the calling thread,
    /// which it holds until the user is done, and tells how it ended.
    public static func runBlocking(_ screen: ComposedScreen, handlers: HandlerRegistry = HandlerRegistry(),
                           renderers: CellRenderers = CellRenderers(), options: AppOptions = AppOptions(),
                           settings: String? = nil, keymap: Keymap? = nil, theme: Theme? = nil,
                           height: InlineHeight? = nil) throws -> Outcome<Never>.Ending {
        let configuration = configure(screen, handlers: handlers, renderers: renderers, options: options, settings: settings,
                                      keymap: keymap, theme: theme, height: height)
        handlers.finish(with: Never.self)
        return Outcome(try run(configuration), of: handlers).ending
    }

    /// The session of the spec at `path`; its names are checked against what is registered.
    private static func configure(specAt path: String, handlers: HandlerRegistry, renderers: CellRenderers, options: AppOptions,
                                  settings: String?, keymap: Keymap?, theme: Theme?, height: InlineHeight?) throws -> SessionConfiguration {
        // The user's keys unless the program chose others; safe mode: no file outside the folder.
        let keymap = keymap ?? UserPreferences.ofThisUser().keymap
        let loader = SpecLoader(disk: options.confinement, actionNames: handlers.names, cellRendererNames: renderers.names,
                                sourceNames: handlers.sourceNames, keymap: keymap)
        let spec = try loader.loadNamed(path: path)
        return configure(spec, loader: loader, handlers: handlers, renderers: renderers, options: options,
                         settings: settings ?? spec.settingsFile, keymap: keymap, theme: theme, height: height)
    }

    /// The session of a composed screen, whose closures become callable.
    private static func configure(_ screen: ComposedScreen, handlers: HandlerRegistry, renderers: CellRenderers, options: AppOptions,
                                  settings: String?, keymap: Keymap?, theme: Theme?, height: InlineHeight?) -> SessionConfiguration {
        handlers.adopt(screen)
        let keymap = keymap ?? UserPreferences.ofThisUser().keymap
        let loader = SpecLoader(disk: options.confinement, actionNames: handlers.names, cellRendererNames: renderers.names,
                                sourceNames: handlers.sourceNames, keymap: keymap)
        return configure(screen.spec, loader: loader, handlers: handlers, renderers: renderers, options: options,
                         settings: settings, keymap: keymap, theme: theme, height: height)
    }

    /// The session the `segue` command would run: plain mode on `TERM=dumb`, ASCII where the
    /// locale cannot show UTF-8.
    private static func configure(_ spec: Spec, loader: SpecLoader, handlers: HandlerRegistry, renderers: CellRenderers,
                                  options: AppOptions, settings: String?, keymap: Keymap, theme: Theme?,
                                  height: InlineHeight?) -> SessionConfiguration {
        var options = options
        options.answersProgram = true
        var configuration = SessionConfiguration(
            root: spec, loader: loader, settings: settings.map(SettingsFile.load) ?? Settings(path: nil), options: options,
            keymap: keymap, theme: drawn(theme), renderers: renderers, callbacks: handlers.callbacks,
            presentation: height.map { .inline($0) } ?? .automatic, mouse: options.mouse)
        configuration.capturesStandardError = true
        return configuration
    }

    /// The theme a session draws with: the program's, else the user's; without colours when the
    /// user says `NO_COLOR`, whoever chose it.
    static func drawn(_ chosen: Theme?) -> Theme {
        let theme = chosen ?? UserPreferences.ofThisUser().theme
        return ColourChoice.auto.usesColour(environment: ProcessEnvironment.variables()) ? theme : theme.withoutColour
    }

    /// Runs the session. A `become` action: a program that goes on cannot turn into the
    /// command; it runs it in its place instead, and the session ends with the command's status.
    private static func run(_ configuration: SessionConfiguration) throws -> SessionOutcome {
        var outcome = try Session.run(configuration)
        if let replacement = outcome.replacement {
            outcome.status = ExitStatus(ProcessReplacement.runInstead(replacement.command, in: replacement.directory))
            outcome.replacement = nil
        }
        return outcome
    }
}
