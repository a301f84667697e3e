import Testing
import Glibc
import SegueKit

/// What a handler asks for goes through the same effect loop as what rows ask for: nothing it
/// leads to (a source load, a cancellation) is dropped.
@Suite struct HandlerEffectsTests {
    func liveSpec() throws -> Spec {
        try SpecLoader(disk: nil).parse(bytes: Array(#"""
            {"title": "Feed", "sections": [{"header": "Items", "source": {"command": ["./feed.sh"], "format": "jsonl"},
              "as": "it", "row": {"title": "{{it.name}}"}}]}
            """#.utf8), file: "/feeds/feed.json")
    }

    func session() throws -> HeadlessSession<Never> {
        let feed = try liveSpec()
        var screen = ComposedScreen(title: "Menu")
        screen.addRow(title: "Open feed") { context in context.push(feed) }
        screen.addRow(title: "Open and leave") { context in
            context.push(feed)
            context.back()
        }
        return HeadlessSession(screen, size: Size(width: 40, height: 8))
    }

    /// A Swift handler registered under a built-in action's name would never run (a spec's
    /// "quit" is the built-in): loading any spec with it says so, naming both (issue 41).
    @Test func aHandlerNamedAsABuiltInActionIsALoadError() {
        let handlers = HandlerRegistry()
        handlers.register("quit") { _ in }
        let loader = SpecLoader(disk: nil, actionNames: handlers.names)
        do {
            _ = try loader.parse(bytes: Array(#"{"sections": [{"rows": [{"title": "Bye", "action": "quit"}]}]}"#.utf8), file: "menu.json")
            Issue.record("a handler named quit was taken")
        } catch {
            #expect(error.description.contains(#"a Swift handler is registered as "quit", the name of the built-in action "quit""#))
        }
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
            context.quit(status: QuitStatus(4))
            context.run(RowAction(.exec(ExecCommand(arguments: ["true"]))))
        }
        var session = HeadlessSession(screen)
        session.press(.enter)
        #expect(session.outcome == .quit(QuitStatus(4)))
        #expect(session.commands.isEmpty)
    }
}

/// A handler's actions run in the order it asked for them, each after the answer the one before
/// it waited for; a screen it opens sees the handler's row as `sender`.
@Suite struct HandlerOrderTests {
    /// Spec files in a fresh folder.
    func folder(_ files: [String: String]) throws -> String {
        let path = "/tmp/segue-handler-order-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        mkdir(path, 0o755)
        for (name, text) in files {
            let file = fopen(path + "/" + name, "w")
            fputs(text, file)
            fclose(file)
        }
        return path
    }

    @Test func seguesToFilesAndPushesStackInTheOrderAsked() throws {
        let dir = try folder(["a.json": #"{"title": "A", "sections": []}"#, "b.json": #"{"title": "B", "sections": []}"#])
        var screen = ComposedScreen(title: "Menu")
        screen.addRow(title: "Both") { context in
            context.run(RowAction(.segue(SegueTarget(spec: dir + "/a.json"))))
            context.run(RowAction(.segue(SegueTarget(spec: dir + "/b.json"))))
        }
        screen.addRow(title: "There and back") { context in
            context.run(RowAction(.segue(SegueTarget(spec: dir + "/a.json"))))
            context.back()
        }
        screen.addRow(title: "File then code") { context in
            context.run(RowAction(.segue(SegueTarget(spec: dir + "/a.json"))))
            var next = ComposedScreen(title: "Code")
            next.addRow(title: "x")
            context.push(next)
        }
        var session = HeadlessSession(screen)
        session.press(.enter)
        #expect(session.state.breadcrumb == ["Menu", "A", "B"])
        var back = HeadlessSession(screen)
        back.press(.down, .enter)
        #expect(back.state.breadcrumb == ["Menu"])
        var mixed = HeadlessSession(screen)
        mixed.press(.down, .down, .enter)
        #expect(mixed.state.breadcrumb == ["Menu", "A", "Code"])
    }

    @Test func aMessageAfterACommandIsShownAfterIt() throws {
        var screen = ComposedScreen(title: "Menu")
        screen.addRow(title: "Build") { context in
            context.run(RowAction(.exec(ExecCommand(arguments: ["make"]))))
            context.show("built")
        }
        var session = HeadlessSession(screen, size: Size(width: 30, height: 6))
        session.press(.enter)
        #expect(session.lines.last == " built")
    }

    @Test func aScreenAHandlerOpensSeesItsRowAsSender() throws {
        let dir = try folder(["who.json": #"{"title": "Opened by {{sender.title}}", "sections": []}"#])
        var screen = ComposedScreen()
        screen.addRow(title: "Profile") { context in context.run(RowAction(.segue(SegueTarget(spec: dir + "/who.json")))) }
        screen.addRow(title: "Settings") { context in
            var next = ComposedScreen()
            next.addRow(title: "x")
            context.push(next)
        }
        var session = HeadlessSession(screen)
        session.press(.enter)
        #expect(session.state.breadcrumb.last == "Opened by Profile")
        var untitled = HeadlessSession(screen)
        untitled.press(.down, .enter)
        #expect(untitled.state.breadcrumb.last == "Settings")
    }

    @Test func emitPrintsAHandlersValuesAsTheyAre() throws {
        var screen = ComposedScreen(title: "Menu")
        screen.addRow(title: "Nothing") { context in context.emit() }
        var session = HeadlessSession(screen)
        session.press(.enter)
        // Nothing to print: the session ends as a plain quit does.
        #expect(session.outcome == .quit(.success))
    }
}

/// Confirmations asked for from Swift: a row's own, and an action a handler returns with one.
@Suite struct HandlerConfirmationTests {
    func screen() -> ComposedScreen {
        var screen = ComposedScreen(title: "Deploy")
        screen.addRow(title: "Ship", confirm: "Ship it?") { context in context.emit("shipped") }
        screen.addRow(title: "Plan") { context in
            context.show("planned")
            context.run(RowAction(.emit("deployed"), confirm: "Deploy v2.4.6 to production?"))
            context.show("never reached when refused")
        }
        return screen
    }

    @Test func aRowsConfirmIsAskedBeforeItsClosureRuns() {
        var session = HeadlessSession(screen())
        session.press(.enter)
        #expect(session.outcome == nil)
        #expect(session.lines.last?.contains("Ship it? (y/N)") == true)
        session.press(.char("y"))
        #expect(session.outcome == .emitted(["shipped"]))
    }

    @Test func anActionAHandlerReturnsWithAConfirmIsAskedAndNoDropsWhatFollows() {
        var session = HeadlessSession(screen())
        session.press(.down, .enter)
        #expect(session.outcome == nil)
        #expect(session.lines.last?.contains("Deploy v2.4.6 to production? (y/N)") == true)
        session.press(.char("n"))
        #expect(session.outcome == nil)
        #expect(session.lines.last == " cancelled")
        session.press(.enter)
        session.press(.char("y"))
        #expect(session.outcome == .emitted(["deployed"]))
    }
}

/// A closure's made-up name never reaches the screen.
@Suite struct ClosureNameTests {
    @Test func theHelpAndTheActionMenuSayRunNotTheClosuresName() {
        var screen = ComposedScreen(title: "Tools")
        screen.addRow(title: "Sync") { context in context.show("synced") }
        var session = HeadlessSession(screen, size: Size(width: 60, height: 20))
        session.press(.tab)
        #expect(!session.lines.joined().contains("segue.closure"))
        #expect(session.lines.contains { $0.contains("Run") })
        session.press(.escape, .char("?"))
        #expect(!session.lines.joined().contains("segue.closure"))
    }
}

/// A handler's progress shows while it runs, not only when it returns.
@Suite struct HandlerProgressTests {
    /// Opened by the test once it has seen the progress: the handler waits for it.
    actor Gate {
        private var waiting: CheckedContinuation<Void, Never>?
        private var isOpen = false
        func wait() async {
            if isOpen { return }
            await withCheckedContinuation { waiting = $0 }
        }
        func open() {
            isOpen = true
            waiting?.resume()
            waiting = nil
        }
    }

    /// Presses Enter on the first row of a screen whose handler reports `progress` and waits for
    /// the gate, and polls until the status line says `expected` (the report comes from another
    /// thread; ten seconds at most).
    func statusLine(saying expected: String, whenReporting progress: @escaping @Sendable (HandlerContext) -> Void) async -> String? {
        let gate = Gate()
        var screen = ComposedScreen(title: "Ops")
        screen.addRow(title: "Migrate") { context async throws in
            progress(context)
            await gate.wait()
            context.show("migrated")
        }
        var session = HeadlessSession(screen, size: Size(width: 60, height: 8))
        session.press(.enter)
        let deadline = ContinuousClock.now + .seconds(10)
        while session.lines.last?.contains(expected) != true, ContinuousClock.now < deadline {
            try? await Task.sleep(for: .milliseconds(2))
            session.collect()
        }
        let shown = session.lines.last
        await gate.open()
        await session.settle()
        #expect(session.lines.last == " migrated")
        return shown
    }

    @Test func progressShowsBesideTheSpinnerWhileTheHandlerRuns() async {
        let line = await statusLine(saying: "migrating") { $0.progress("[2/4] migrating") }
        #expect(line?.contains("Migrate… [2/4] migrating  Esc stops it") == true)
    }

    @Test func aFractionShowsAsABarBeforeTheWords() async {
        let line = await statusLine(saying: "tables") { $0.progress("tables", fraction: 0.5) }
        #expect(line?.contains("Migrate… [█████░░░░░] 50% tables  Esc stops it") == true)
    }
}
