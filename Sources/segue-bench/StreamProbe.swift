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
        var state = AppState(root: spec, size: Probe.size)
        let runner = SourceRunner()
        defer { runner.shutDown() }
        var firstRows: Double?
        var pending = update(&state, .start)
        while true {
            for effect in pending {
                if case .startSource(let request) = effect { runner.start(request) }
            }
            pending = []
            for event in runner.poll() {
                pending += update(&state, event)
                if event.bringsItems, firstRows == nil {
                    _ = render(state, size: Probe.size)
                    firstRows = Monotonic.now() - start
                }
                if case .sourceFinished(_, let outcome) = event {
                    _ = render(state, size: Probe.size)
                    guard case .done = outcome else { throw ProbeFailure(message: "stream failed: \(outcome)") }
                    return (firstRows ?? 0, Monotonic.now() - start, state.current.rowCount)
                }
            }
            if !runner.isBusy { throw ProbeFailure(message: "the stream ended without finishing") }
            usleep(1000)
        }
    }
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
