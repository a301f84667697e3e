import Testing
@testable import SegueCore
import SegueFiles

/// A world that records what it is asked and answers from fixtures.
struct RecordingWorld: World {
    var specs: [String: Spec] = [:]
    var calls: [String] = []
    var handlerActions: [RowAction]? = nil

    mutating func loadSpec(path: String) -> Result<Spec, SpecError> {
        calls.append("load \(path)")
        return specs[path].map { .success($0) } ?? .failure(SpecError(file: path, kind: .notFound))
    }
    mutating func saveSettings(_ settings: Settings) -> SettingsSaved { calls.append("save"); return SettingsSaved() }
    mutating func callHandler(name: String, row: [String: JSONValue]) -> HandlerCall {
        calls.append("handler \(name)")
        return .finished(handlerActions)
    }
    mutating func cancelHandler(task: Int) { calls.append("cancel handler \(task)") }
    mutating func answerHandler(task: Int, with answer: JSONValue) { calls.append("answer handler \(task): \(answer.summary)") }
    mutating func runCommand(_ command: ExecCommand, in directory: String) -> ExecResult {
        calls.append("run \(command.display) in \(directory)")
        return ExecResult(command: command, status: 3, reason: "bye")
    }
    mutating func startSource(_ request: SourceRequest) { calls.append("start \(request.key.screen)") }
    mutating func cancelSource(_ key: SourceKey) { calls.append("cancel \(key.screen)") }
    mutating func cancelSources(screen: Int) { calls.append("cancel screen \(screen)") }
    mutating func startTimer(_ key: TimerKey, seconds: Double) { calls.append("timer \(key.generation)") }
    mutating func suspend() { calls.append("suspend") }
    mutating func ringBell() { calls.append("bell") }
    mutating func replyRemote(_ id: Int, _ reply: RemoteReply) { calls.append("reply \(id) \(reply.status)") }
    var size: Size { Size(width: 40, height: 8) }
    func parseSpec(_ bytes: [UInt8], file: String) -> Result<Spec, SpecError> { WorldWithoutFiles.parseSpec(file: file) }
    func readSettings(path: String) -> Settings? { WorldWithoutFiles.readSettings() }
    func recordQuery(_ query: String, for screen: String, in file: String) -> String? { WorldWithoutFiles.recordQuery() }
    func remember(_ change: RowMemory.Change, in file: String) -> String? { WorldWithoutFiles.remember() }
}

/// The one effect loop: every effect goes to the world, its answer comes back as an event, and
/// nothing runs after the session ends.
@Suite struct RuntimeTests {
    func runtime(_ rows: [Row], world: RecordingWorld = RecordingWorld()) -> Runtime<RecordingWorld> {
        Runtime(state: AppState(root: Spec(sections: [Section(rows: rows)], path: "/m/main.json"),
                                size: Size(width: 40, height: 8)), world: world)
    }

    @Test func aSegueLoadsThroughTheWorldAndItsSourcesStart() throws {
        let live = try SpecLoader(disk: nil).parse(bytes: Array(#"""
            {"title": "Live", "sections": [{"source": {"command": ["ls"], "format": "lines"}}]}
            """#.utf8), file: "/m/live.json")
        var runtime = runtime([Row(title: "Go", segue: "live.json")], world: RecordingWorld(specs: ["/m/live.json": live]))
        runtime.send(.key(.enter))
        #expect(runtime.state.breadcrumb == ["m", "Live"])
        #expect(runtime.world.calls == ["load /m/live.json", "start 1"])
        runtime.send(.key(.escape))
        #expect(runtime.world.calls.last == "cancel screen 1")
    }

    @Test func aCommandsAnswerComesBackAndThenRunsItsAction() {
        let command = ExecCommand(arguments: ["make"], then: [ExecCommand.quitWithItsStatus])
        var runtime = runtime([Row(title: "Build", action: RowAction(.exec(command)))])
        runtime.send(.key(.enter))
        #expect(runtime.world.calls == ["run make in /m"])
        let lent = runtime.takeTerminalWasLent()
        #expect(lent)
        #expect(runtime.outcome == SessionOutcome(status: ExitStatus(3), emitted: []))
    }

    @Test func nothingIsPerformedAfterTheSessionEnds() {
        var world = RecordingWorld()
        world.handlerActions = [RowAction(.emit("x")), RowAction(.exec(ExecCommand(arguments: ["rm", "-rf", "/tmp/x"])))]
        var runtime = runtime([Row(title: "Pick", action: .named("pick"))], world: world)
        runtime.send(.key(.enter))
        #expect(runtime.outcome == SessionOutcome(status: .success, emitted: ["x"]))
        runtime.send(.key(.enter))
        #expect(runtime.world.calls == ["handler pick"])
    }

    @Test func aMissingHandlerIsReportedNotIgnored() {
        var runtime = runtime([Row(title: "Pick", action: .named("pick"))])
        runtime.send(.key(.enter))
        #expect(render(runtime.state, size: runtime.state.size).lines.last == " no handler for action \"pick\"")
    }
}
