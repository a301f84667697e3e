import SegueCore

/// The real world of a terminal session: specs from disk, settings files, handlers from the
/// program, commands run on the terminal, and sources run in the background.
struct TerminalWorld: World {
    let terminal: Terminal
    let loader: SpecLoader
    let sources: SourceRunner
    let timers: Timers
    let handlers: (String, [String: JSONValue]) -> [RowAction]?

    func loadSpec(path: String) -> Result<Spec, SpecError> {
        Result { () throws(SpecError) -> Spec in try loader.load(path: path) }
    }

    func saveSettings(_ settings: Settings) -> SettingsProblem? { SettingsFile.save(settings) }

    func callHandler(name: String, row: [String: JSONValue]) -> [RowAction]? { handlers(name, row) }

    func runCommand(_ command: ExecCommand, in directory: String) -> ExecResult { terminal.run(command, in: directory) }

    func startSource(_ request: SourceRequest) { sources.start(request) }

    func cancelSource(_ key: SourceKey) { sources.cancel(key) }

    func cancelSources(screen: Int) { sources.cancelAll(screen: screen) }

    func startTimer(_ key: TimerKey, seconds: Double) { timers.start(key, seconds: seconds) }

    func suspend() { terminal.suspend() }

    var size: Size { terminal.size }
}
