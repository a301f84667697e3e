import SegueCore
import SegueFiles

/// The real world of a session: specs from disk, settings files, Swift handlers and sources of
/// the program, commands' sources run in the background; and the terminal, which the full-screen
/// app and plain mode give to a command (and take back) each their own way.
struct SessionWorld: World {
    let loader: SpecLoader
    let sources: SourceRunner
    let timers: Timers
    /// Handlers and sources registered in Swift (none for the `segue` command).
    let callbacks: SwiftCallbacks
    /// Where Swift handlers and sources run as tasks.
    let work: AsyncWork
    /// Runs a command with the terminal given to it.
    let command: (ExecCommand, String) -> ExecResult
    /// Gives the terminal to the shell until resumed.
    let pause: () -> Void
    /// The terminal's size now.
    let measure: () -> Size
    /// Rings the terminal's bell (the display's: curses' `beep`, or BEL on the tty inline).
    let bell: () -> Void
    /// `--listen`'s server, if the session has one.
    let listener: RemoteListener?

    init(loader: SpecLoader, callbacks: SwiftCallbacks = .none, command: @escaping (ExecCommand, String) -> ExecResult,
         pause: @escaping () -> Void = {}, measure: @escaping () -> Size, bell: @escaping () -> Void = {},
         listener: RemoteListener? = nil) {
        self.listener = listener
        self.loader = loader
        self.callbacks = callbacks
        self.command = command
        self.pause = pause
        self.measure = measure
        self.bell = bell
        sources = SourceRunner()
        timers = Timers()
        work = AsyncWork()
    }

    /// What happened in the background since the last call: source answers (processes, files,
    /// Swift tasks), handlers that ended, timers that ran out. Never blocks.
    func collect() -> [Event] { sources.poll() + work.drain() + timers.fired() + (listener?.requests() ?? []) }

    /// What wakes the loop besides the keyboard: sources' output, a program connecting.
    var wakers: [Int32] { sources.descriptors + (listener.map { [$0.descriptor] } ?? []) }

    /// Whether something loads or runs in the background.
    var isBusy: Bool { sources.isBusy || work.isBusy }

    /// A query is kept for the next run; a history that cannot be written is told as the
    /// session ends.
    func recordQuery(_ query: String, for screen: String, in file: String) -> String? {
        QueryHistoryFile.record(query, for: screen, path: file).map { $0 + " — queries accepted are not kept" }
    }

    /// A change to the spec tree's memory is kept; one that cannot be written is told as the
    /// session ends.
    func remember(_ change: RowMemory.Change, in file: String) -> String? {
        RowMemoryFile.apply(change, path: file).map { $0 + " — rows chosen and where screens were left are not kept" }
    }

    /// Stops everything running in the background; no load outlives the session.
    func shutDown() {
        work.shutDown()
        sources.shutDown()
    }

    func loadSpec(path: String) -> Result<Spec, SpecError> {
        Result { () throws(SpecError) -> Spec in try loader.load(path: path) }
    }

    func readSettings(path: String) -> Settings? { SettingsFile.load(path: path) }

    func parseSpec(_ bytes: [UInt8], file: String) -> Result<Spec, SpecError> {
        Result { () throws(SpecError) -> Spec in try loader.parse(text: SpecFormat.text(bytes, path: file), file: file) }
    }

    func saveSettings(_ settings: Settings) -> SettingsSaved { SettingsFile.saved(settings) }

    func callHandler(name: String, row: [String: JSONValue]) -> HandlerCall { callbacks.call(name, row: row, on: work) }

    func cancelHandler(task: Int) { work.cancel(.handler(task)) }

    func answerHandler(task: Int, with answer: JSONValue) { work.answer(task: task, with: answer) }

    func runCommand(_ command: ExecCommand, in directory: String) -> ExecResult { self.command(command, directory) }

    func startSource(_ request: SourceRequest) {
        if case .handler(let name) = request.origin {
            callbacks.startSource(request, named: name, on: work)
        } else {
            sources.start(request)
        }
    }

    func cancelSource(_ key: SourceKey) {
        sources.cancel(key)
        work.cancel(.source(key))
    }

    func cancelSources(screen: Int) {
        sources.cancelAll(screen: screen)
        work.cancelSources(screen: screen)
    }

    func startTimer(_ key: TimerKey, seconds: Double) { timers.start(key, seconds: seconds) }

    func suspend() { pause() }

    func ringBell() { bell() }

    func replyRemote(_ id: Int, _ reply: RemoteReply) { listener?.reply(id, reply) }

    var size: Size { measure() }
}
