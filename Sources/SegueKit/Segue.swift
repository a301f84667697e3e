/// Runs Segue screens from Swift: a spec file, or a screen composed in code, with handlers for
/// named actions and renderers for custom cell types.
///
/// ```swift
/// let handlers = HandlerRegistry()
/// handlers.register("menuItemTapped:") { context in context.show("tapped \(context.title)") }
/// handlers.registerSource("users") { request in try await api.users(page: request.page) }
/// let outcome = try Segue.run(specAt: "menu.json", handlers: handlers)
/// ```
public enum Segue {
    /// Shows the spec at `path` until the user quits: `try Segue.run(specAt: "menu.json", handlers: handlers)`.
    /// - Parameters:
    ///   - path: a spec file (JSON or YAML), or a folder holding `main.json` (or `main.yaml`).
    ///   - handlers: handlers for the spec's named actions and sources for its `"handler"`
    ///     sources (other names are load errors).
    ///   - renderers: renderers for custom cell types, by the name specs use in `cell`.
    ///   - options: multi-select, JSON output, whether `exec` actions may run.
    ///   - settings: where toggles and choices save (default: the spec's `settingsFile`).
    ///   - keymap: the keys and what they do (default: Segue's standard keys).
    ///   - theme: the styles of each part of the screen.
    ///   - height: draw in this many lines under the prompt (`InlineHeight(.rows(10))`) instead of
    ///     the whole screen, as `segue --height` does.
    /// - Returns: how the session ended.
    /// - Throws: `SpecError` when the spec cannot be loaded, `TerminalError` without a terminal.
    public static func run(specAt path: String, handlers: HandlerRegistry = HandlerRegistry(),
                           renderers: CellRenderers = CellRenderers(), options: AppOptions = AppOptions(),
                           settings: String? = nil, keymap: Keymap = .standard, theme: Theme = .standard,
                           height: InlineHeight? = nil) throws -> Outcome {
        // Safe mode: no file outside the folder.
        let loader = SpecLoader(disk: options.confinement, actionNames: handlers.names, cellRendererNames: renderers.names,
                                sourceNames: handlers.sourceNames, keymap: keymap)
        let spec = try loader.loadNamed(path: path)
        return try run(spec, loader: loader, handlers: handlers, renderers: renderers, options: options,
                       settings: settings ?? spec.settingsFile, keymap: keymap, theme: theme, height: height)
    }

    /// Shows a screen composed in code until the user quits: `try Segue.run(menu, renderers: renderers)`.
    /// - Parameters:
    ///   - screen: the first screen; its row closures (and those of screens it pushes) run on activation.
    ///   - handlers: handlers for named actions in specs the screens lead to.
    ///   - renderers: renderers for custom cell types.
    ///   - options: multi-select, JSON output, whether `exec` actions may run.
    ///   - settings: the settings file toggles and choices save to, if any.
    ///   - keymap: the keys and what they do (default: Segue's standard keys).
    ///   - theme: the styles of each part of the screen.
    ///   - height: draw in this many lines under the prompt instead of the whole screen.
    /// - Returns: how the session ended.
    /// - Throws: `TerminalError` without a terminal.
    public static func run(_ screen: ComposedScreen, handlers: HandlerRegistry = HandlerRegistry(),
                           renderers: CellRenderers = CellRenderers(), options: AppOptions = AppOptions(),
                           settings: String? = nil, keymap: Keymap = .standard, theme: Theme = .standard,
                           height: InlineHeight? = nil) throws -> Outcome {
        handlers.adopt(screen)
        let loader = SpecLoader(disk: options.confinement, actionNames: handlers.names, cellRendererNames: renderers.names,
                                sourceNames: handlers.sourceNames, keymap: keymap)
        return try run(screen.spec, loader: loader, handlers: handlers, renderers: renderers, options: options,
                       settings: settings, keymap: keymap, theme: theme, height: height)
    }

    /// The session the `segue` command would run: plain mode on `TERM=dumb`, ASCII where the
    /// locale cannot show UTF-8.
    private static func run(_ spec: Spec, loader: SpecLoader, handlers: HandlerRegistry, renderers: CellRenderers,
                            options: AppOptions, settings: String?, keymap: Keymap, theme: Theme,
                            height: InlineHeight?) throws -> Outcome {
        let configuration = SessionConfiguration(
            root: spec, loader: loader, settings: settings.map(SettingsFile.load) ?? Settings(path: nil), options: options,
            keymap: keymap, theme: theme, renderers: renderers, callbacks: handlers.callbacks,
            presentation: height.map { .inline($0) } ?? .automatic)
        var outcome = try Session.run(configuration)
        // A `become` action: a program that goes on cannot turn into the command; it runs it in
        // its place instead, and the session ends with the command's status.
        if let replacement = outcome.replacement {
            outcome = SessionOutcome(status: ExitStatus(ProcessReplacement.runInstead(replacement.command, in: replacement.directory)),
                                     emitted: [])
        }
        return Outcome(outcome)
    }
}
