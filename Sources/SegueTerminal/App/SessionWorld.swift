import SegueCore

/// The real world of a session: specs from disk, settings files, handlers from the program and
/// sources run in the background; and the terminal, which the full-screen app and plain mode
/// give to a command (and take back) each their own way.
struct SessionWorld: World {
    let loader: SpecLoader
    let sources: SourceRunner
    let timers: Timers
    let handlers: (String, [String: JSONValue]) -> [RowAction]?
    /// Runs a command with the terminal given to it.
    let command: (ExecCommand, String) -> ExecResult
    /// Gives the terminal to the shell until resumed.
    let pause: () -> Void
    /// The terminal's size now.
    let measure: () -> Size

    func loadSpec(path: String) -> Result<Spec, SpecError> {
        Result { () throws(SpecError) -> Spec in try loader.load(path: path) }
    }

    func saveSettings(_ settings: Settings) -> SettingsProblem? { SettingsFile.save(settings) }

    func callHandler(name: String, row: [String: JSONValue]) -> [RowAction]? { handlers(name, row) }

    func runCommand(_ command: ExecCommand, in directory: String) -> ExecResult { self.command(command, directory) }

    func startSource(_ request: SourceRequest) { sources.start(request) }

    func cancelSource(_ key: SourceKey) { sources.cancel(key) }

    func cancelSources(screen: Int) { sources.cancelAll(screen: screen) }

    func startTimer(_ key: TimerKey, seconds: Double) { timers.start(key, seconds: seconds) }

    func suspend() { pause() }

    var size: Size { measure() }
}
