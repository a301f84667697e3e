import Testing
import SegueKit

/// What a handler asks for goes through the same effect loop as what rows ask for: nothing it
/// leads to (a source load, a cancellation) is dropped.
@Suite struct HandlerEffectsTests {
    func liveSpec() throws -> Spec {
        try SpecLoader().parse(bytes: Array(#"""
            {"title": "Feed", "sections": [{"header": "Items", "source": {"command": ["./feed.sh"], "format": "jsonl"},
              "as": "it", "row": {"title": "{{it.name}}"}}]}
            """#.utf8), file: "/feeds/feed.json")
    }

    func session() throws -> HeadlessSession {
        let feed = try liveSpec()
        var screen = ComposedScreen(title: "Menu")
        screen.addRow(title: "Open feed") { context in context.push(feed) }
        screen.addRow(title: "Open and leave") { context in
            context.push(feed)
            context.back()
        }
        return HeadlessSession(screen, size: Size(width: 40, height: 8))
    }

    @Test func aHandlerPushingALiveScreenStartsItsSources() throws {
        var session = try session()
        session.press(.enter)
        #expect(session.state.breadcrumb == ["Menu", "Feed"])
        #expect(session.sourceRequests.map(\.origin) == [.command(["./feed.sh"])])
        let key = try #require(session.sourceRequests.first?.key)
        session.send(.sourceItems(key, [.object(["name": "First"])]))
        session.send(.sourceFinished(key, .done(next: .unspecified)))
        #expect(session.lines[1...2] == [" Items", " > First"])
    }

    @Test func aHandlerGoingBackStopsTheSourcesOfTheScreenItLeaves() throws {
        var session = try session()
        session.press(.down, .enter)
        #expect(session.state.breadcrumb == ["Menu"])
        let started = try #require(session.sourceRequests.first)
        #expect(session.cancelledSources == [SourceKey(screen: started.key.screen, section: -1, generation: -1)])
    }

    @Test func handlersRunTheActionsRowsRun() throws {
        var screen = ComposedScreen(title: "Menu")
        screen.addRow(title: "Run") { context in context.run(RowAction(.exec(ExecCommand(arguments: ["true"])))) }
        screen.addRow(title: "Tell") { context in context.run(RowAction(.message("told", isError: false))) }
        screen.addRow(title: "Several") { context in context.emit("a", "b") }
        var session = HeadlessSession(screen, size: Size(width: 30, height: 6))
        session.press(.enter)
        #expect(session.commands == [ExecCommand(arguments: ["true"])])
        #expect(session.lines.last == " done")
        session.press(.down, .enter)
        #expect(session.lines.last == " told")
        session.press(.down, .enter)
        #expect(session.outcome == .emitted(["a", "b"]))
    }

    @Test func nothingAfterAQuitRuns() throws {
        var screen = ComposedScreen(title: "Menu")
        screen.addRow(title: "Quit") { context in
            context.quit(status: ExitStatus(4))
            context.run(RowAction(.exec(ExecCommand(arguments: ["true"]))))
        }
        var session = HeadlessSession(screen)
        session.press(.enter)
        #expect(session.outcome == .quit(ExitStatus(4)))
        #expect(session.commands.isEmpty)
    }
}
