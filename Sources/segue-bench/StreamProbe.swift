import Glibc
import SegueCore
import SegueTerminal

/// A live section streaming a jsonl file through `cat`, as `segue` runs it: the time until the
/// first rows are drawn and until everything has loaded.
enum StreamProbe {
    static func run(lines path: String) throws -> (firstRows: Double, allLoaded: Double, items: Int) {
        let spec = try SpecLoader().parse(bytes: Array("""
            {"title": "Stream", "sections": [{"source": {"command": ["cat", "\(path)"], "format": "jsonl"},
              "as": "it", "row": {"title": "{{it.title}}", "detail": "{{it.detail}}"}}]}
            """.utf8), file: "stream.json")
        let start = Monotonic.now()
        let runner = SourceRunner()
        defer { runner.shutDown() }
        var runtime = Runtime(state: AppState(root: spec, size: Probe.size), world: SourcesOnlyWorld(sources: runner))
        var firstRows: Double?
        runtime.send(.start)
        while true {
            for event in runner.poll() {
                runtime.send(event)
                if event.bringsItems, firstRows == nil {
                    _ = render(runtime.state, size: Probe.size)
                    firstRows = Monotonic.now() - start
                }
                if case .sourceFinished(_, let outcome) = event {
                    _ = render(runtime.state, size: Probe.size)
                    guard case .done = outcome else { throw ProbeFailure(message: "stream failed: \(outcome)") }
                    return (firstRows ?? 0, Monotonic.now() - start, runtime.state.current.rowCount)
                }
            }
            if !runner.isBusy { throw ProbeFailure(message: "the stream ended without finishing") }
            // As the app waits: until a pipe has something (or 30 ms, for a process to end).
            var watched = runner.descriptors.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
            _ = poll(&watched, nfds_t(watched.count), 30)
        }
    }
}

/// The world of the stream probe: sources run for real; nothing else is asked for.
struct SourcesOnlyWorld: World {
    let sources: SourceRunner

    func loadSpec(path: String) -> Result<Spec, SpecError> { .failure(SpecError(file: path, kind: .unreadable("not in a benchmark"))) }
    func saveSettings(_ settings: Settings) -> SettingsSaved { SettingsSaved() }
    func callHandler(name: String, row: [String: JSONValue]) -> HandlerCall { .finished(nil) }
    func cancelHandler(task: Int) {}
    func answerHandler(task: Int, with answer: JSONValue) {}
    func runCommand(_ command: ExecCommand, in directory: String) -> ExecResult {
        ExecResult(command: command, status: 127, reason: "not in a benchmark")
    }
    func startSource(_ request: SourceRequest) { sources.start(request) }
    func cancelSource(_ key: SourceKey) { sources.cancel(key) }
    func cancelSources(screen: Int) { sources.cancelAll(screen: screen) }
    func startTimer(_ key: TimerKey, seconds: Double) {}
    func suspend() {}
    func ringBell() {}
    func replyRemote(_ id: Int, _ reply: RemoteReply) {}
    var size: Size { Probe.size }
    func parseSpec(_ bytes: [UInt8], file: String) -> Result<Spec, SpecError> { WorldWithoutFiles.parseSpec(file: file) }
    func readSettings(path: String) -> Settings? { WorldWithoutFiles.readSettings() }
    func recordQuery(_ query: String, for screen: String, in file: String) -> String? { WorldWithoutFiles.recordQuery() }
    func remember(_ change: RowMemory.Change, in file: String) -> String? { WorldWithoutFiles.remember() }
}

struct ProbeFailure: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}

extension Event {
    /// Whether the event brings a source's items.
    var bringsItems: Bool {
        switch self {
        case .sourceItems, .sourceRawItems: return true
        default: return false
        }
    }
}
