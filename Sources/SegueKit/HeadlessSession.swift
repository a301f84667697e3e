/// A session without a terminal: the same state, update and rendering as the real thing, driven
/// by keys from code and read as lines of text. For testing screens and handlers.
///
/// Effects that touch the world are carried out as far as that is safe here: specs are loaded,
/// handlers called; commands are not run (`exec` answers as if the command printed nothing and
/// exited 0), settings are not written, and live sections' loads are only recorded in
/// `sourceRequests`: answer them with `send(.sourceItems(…))` and `send(.sourceFinished(…))`.
public struct HeadlessSession {
    public private(set) var state: AppState
    private let handlers: HandlerRegistry
    private let loader: SpecLoader
    /// Set once the session has ended.
    public private(set) var outcome: Outcome?
    /// The source loads asked for so far, in order.
    public private(set) var sourceRequests: [SourceRequest] = []

    /// A session showing `screen` in a terminal of `size`.
    public init(_ screen: ComposedScreen, handlers: HandlerRegistry = HandlerRegistry(),
                renderers: CellRenderers = CellRenderers(), size: Size = Size(width: 80, height: 24)) {
        handlers.adopt(screen)
        self.handlers = handlers
        loader = SpecLoader(actionNames: handlers.names, cellRendererNames: renderers.names)
        state = AppState(root: screen.spec, size: size, renderers: renderers)
        perform(update(&state, .start))
    }

    /// The screen as a person would read it.
    public var lines: [String] { render(state, size: state.size).lines }

    /// Presses keys in order, carrying out what they lead to.
    public mutating func press(_ keys: Key...) {
        for key in keys where outcome == nil { perform(update(&state, .key(key))) }
    }

    /// Feeds any event, as the terminal would (source answers, resizes, ticks).
    public mutating func send(_ event: Event) {
        perform(update(&state, event))
    }

    private mutating func perform(_ effects: [Effect]) {
        var queue = effects
        while !queue.isEmpty, outcome == nil {
            switch queue.removeFirst() {
            case .quit(let status):
                outcome = status == .cancelled ? .cancelled : .quit(status)
            case .emit(let values):
                outcome = .emitted(values)
            case .loadSpec(let path):
                let result = Result { () throws(SpecError) -> Spec in try loader.load(path: path) }
                queue += update(&state, .specLoaded(path: path, result))
            case .callHandler(let name, let row):
                queue += update(&state, .handlerFinished(name: name, handlers.call(name, row: row)))
            case .exec(let command, _):
                queue += update(&state, .execFinished(ExecResult(command: command, status: 0, lastLines: [])))
            case .saveSettings:
                queue += update(&state, .settingsSaved(nil))
            case .startSource(let request):
                sourceRequests.append(request)
            case .suspend, .cancelSource, .cancelSources:
                break
            }
        }
    }
}
