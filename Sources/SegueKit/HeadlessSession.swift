/// A session without a terminal: the same state, update, effect loop and rendering as the real
/// thing, driven by keys from code and read as lines of text. For testing screens and handlers.
///
/// Effects that touch the world are carried out as far as that is safe here (see `HeadlessWorld`):
/// specs are loaded, handlers called; commands are not run, settings are not written, and live
/// sections' loads from commands and files are only recorded: answer them with
/// `send(.sourceItems(…))` and `send(.sourceFinished(…))`. Sources and handlers written in Swift
/// run as tasks: `await settle()` waits for them and feeds their answers in.
///
/// ```swift
/// var session = HeadlessSession(menu, size: Size(width: 40, height: 10))
/// session.press(.down, .enter)
/// await session.settle()
/// #expect(session.lines[1] == " > Person 1")
/// ```
///
/// A session whose handlers finish it with a value (`context.finish(with:)`) names its type, as
/// `Segue.run` does: `HeadlessSession(releases, finishing: Release.self)`.
public struct HeadlessSession<Value: Sendable> {
    private var runtime: Runtime<HeadlessWorld>
    private let handlers: HandlerRegistry

    /// A session showing `screen` in a terminal of `size`:
    /// `HeadlessSession(screen, handlers: handlers, size: Size(width: 80, height: 24))`.
    public init(_ screen: ComposedScreen, finishing: Value.Type = Never.self, handlers: HandlerRegistry = HandlerRegistry(),
                renderers: CellRenderers = CellRenderers(), keymap: Keymap = .standard,
                size: Size = Size(width: 80, height: 24)) {
        self.handlers = handlers
        handlers.finish(with: Value.self)
        handlers.adopt(screen)
        let loader = SpecLoader(disk: nil, actionNames: handlers.names, cellRendererNames: renderers.names,
                                sourceNames: handlers.sourceNames, keymap: keymap)
        let world = HeadlessWorld(callbacks: handlers.callbacks, work: AsyncWork(), size: size, loader: loader)
        runtime = Runtime(state: AppState(root: screen.spec, size: size, keymap: keymap, renderers: renderers), world: world)
        runtime.send(.start)
    }

    /// The app's state, as `update` left it: `session.state.breadcrumb`, `session.state.status`.
    package var state: AppState { runtime.state }

    /// Set once the session has ended: `#expect(session.outcome == .emitted(["apple"]))`.
    public var outcome: Outcome<Value>.Ending? { runtime.outcome.map { Outcome.Ending($0, registry: handlers) } }

    /// The values toggle, choice, input and slider rows hold now, by their `setting`:
    /// `#expect(session.values["darkMode"] == .bool(true))`.
    public var values: [String: JSONValue] {
        if case .object(let members) = runtime.state.settings.values { return members }
        return [:]
    }

    /// The source loads asked for so far, in order: `session.sourceRequests.map(\.page.page)`.
    package var sourceRequests: [SourceRequest] { runtime.world.sourceRequests }

    /// The source loads stopped so far: single loads, and whole screens' (as a key with
    /// `section` and `generation` of -1): `#expect(session.cancelledSources.count == 1)`.
    public var cancelledSources: [SourceKey] { runtime.world.cancelled }

    /// The commands `exec` actions asked to run, in order:
    /// `#expect(session.commands == [ExecCommand(arguments: ["make"])])`.
    public var commands: [ExecCommand] { runtime.world.commands }

    /// Runs out every timer started so far (a find's command search waits on one), as if their
    /// time had passed: `session.fireTimers()`.
    public mutating func fireTimers() {
        let due = runtime.world.timers
        runtime.world.timers = []
        for key in due { send(.timerFired(key)) }
    }

    /// The screen as a person would read it: `#expect(session.lines[0] == " Main")`.
    public var lines: [String] { render(state, size: state.size).lines }

    /// Presses keys in order, carrying out what they lead to (and finishing any work they leave,
    /// such as filtering a long list): `session.press(.down, .down, .enter)`.
    public mutating func press(_ keys: Key...) {
        for key in keys where outcome == nil { send(.key(key)) }
    }

    /// Feeds any event, as the terminal would (source answers, resizes, ticks), then finishes the
    /// work it left pending: `session.send(.resize(Size(width: 100, height: 30)))`.
    package mutating func send(_ event: Event) {
        runtime.send(event)
        while runtime.state.hasPendingWork, runtime.outcome == nil { runtime.send(.work) }
    }

    /// Whether Swift sources or handlers are running as tasks: `#expect(!session.isWorking)`.
    public var isWorking: Bool { runtime.world.work.isRunning }

    /// Feeds in what Swift sources and handlers have answered so far, without waiting: `session.collect()`.
    public mutating func collect() {
        for event in runtime.world.work.drain() where outcome == nil { send(event) }
    }

    /// Waits until no Swift source or handler runs but for handlers waiting for an answer (a
    /// key answers them), feeding in their answers (and whatever those start, such as the next
    /// page) as they come: `await session.settle()`.
    public mutating func settle() async {
        repeat {
            await runtime.world.work.idle()
            collect()
        } while runtime.world.work.isUnderWay && outcome == nil
    }
}

/// The world of a headless session: specs from disk and handlers from the registry; everything
/// that would touch the terminal, the file system or processes is recorded instead.
struct HeadlessWorld: World {
    let callbacks: SwiftCallbacks
    let work: AsyncWork
    let size: Size
    let loader: SpecLoader
    var sourceRequests: [SourceRequest] = []
    var cancelled: [SourceKey] = []
    var commands: [ExecCommand] = []
    var timers: [TimerKey] = []

    func loadSpec(path: String) -> Result<Spec, SpecError> {
        Result { () throws(SpecError) -> Spec in try loader.load(path: path) }
    }

    func saveSettings(_ settings: Settings) -> SettingsSaved { SettingsSaved() }

    func callHandler(name: String, row: [String: JSONValue]) -> HandlerCall { callbacks.call(name, row: row, on: work) }

    func cancelHandler(task: Int) { work.cancel(.handler(task)) }

    func answerHandler(task: Int, with answer: JSONValue) { work.answer(task: task, with: answer) }

    /// Commands are not run: each answers as if it printed nothing and exited 0.
    mutating func runCommand(_ command: ExecCommand, in directory: String) -> ExecResult {
        commands.append(command)
        return ExecResult(command: command, status: 0)
    }

    /// Swift sources run; other loads are recorded, for the test to answer.
    mutating func startSource(_ request: SourceRequest) {
        sourceRequests.append(request)
        if case .handler(let name) = request.origin { callbacks.startSource(request, named: name, on: work) }
    }

    mutating func cancelSource(_ key: SourceKey) {
        cancelled.append(key)
        work.cancel(.source(key))
    }

    mutating func cancelSources(screen: Int) {
        cancelled.append(SourceKey(screen: screen, section: -1, generation: -1))
        work.cancelSources(screen: screen)
    }

    /// Timers are not waited for: `HeadlessSession.fireTimers()` runs them out.
    mutating func startTimer(_ key: TimerKey, seconds: Double) {
        timers.removeAll { $0.screen == key.screen && $0.purpose == key.purpose }
        timers.append(key)
    }

    func suspend() {}
    func ringBell() {}
    func replyRemote(_ id: Int, _ reply: RemoteReply) {}

    func parseSpec(_ bytes: [UInt8], file: String) -> Result<Spec, SpecError> { WorldWithoutFiles.parseSpec(file: file) }
    func readSettings(path: String) -> Settings? { WorldWithoutFiles.readSettings() }
    func recordQuery(_ query: String, for screen: String, in file: String) -> String? { WorldWithoutFiles.recordQuery() }
    func remember(_ change: RowMemory.Change, in file: String) -> String? { WorldWithoutFiles.remember() }
}
