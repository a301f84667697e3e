import SegueCore

/// `segue render`: a spec's screen after some keys, drawn into a grid without a terminal, by the
/// same core and drawing as the app. Live sections load (their commands run) before each key;
/// `exec` actions do not run.
package enum RenderApp {
    package static func run(root: Spec, loader: SpecLoader, size: Size, keys: [Key], options: AppOptions = AppOptions(),
                           keymap: Keymap = .standard, theme: Theme = .standard) -> Grid {
        let world = SessionWorld(loader: loader, command: { command, _ in
            ExecResult(command: command, status: 126, reason: "commands do not run in segue render")
        }, measure: { size })
        defer { world.shutDown() }
        let state = AppState(root: root, size: size, keymap: keymap, settings: Settings(path: nil),
                             environment: ProcessEnvironment.variables(), options: options)
        var runtime = Runtime(state: state, world: world)
        runtime.send(.start)
        Settling.settle(&runtime, seconds: 10)
        for key in keys where runtime.outcome == nil {
            runtime.send(.key(key))
            Settling.settle(&runtime, seconds: 10)
        }
        return render(runtime.state, size: size, theme: theme)
    }
}
