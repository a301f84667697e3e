import Synchronization
@testable import SegueCore
import Testing
import SegueKit

/// Opens when told; a task waiting on it sees cancellation.
private final class Gate: Sendable {
    private let isOpen = Atomic<Bool>(false)
    func open() { isOpen.store(true, ordering: .sequentiallyConsistent) }
    func wait() async throws {
        while !isOpen.load(ordering: .sequentiallyConsistent) {
            try Task.checkCancellation()
            try await Task.sleep(nanoseconds: 1_000_000)
        }
    }
}

/// Counts calls and remembers what a task saw.
private final class Log: Sendable {
    private let entries = Locked<[String]>([])
    func add(_ entry: String) { entries.withLock { $0.append(entry) } }
    var all: [String] { entries.withLock { $0 } }
}

/// People 1…total, `size` a page, as objects with a title and an id.
private func people(_ request: PageRequest, size: Int = 5, total: Int = 12) -> SourcePage {
    let first = request.offset + 1
    let last = min(total, request.offset + size)
    let rows: [[String: JSONValue]] = first > last ? [] : (first...last).map {
        ["title": .string("Person \($0)"), "id": .number(String($0))]
    }
    return SourcePage(rows: rows, next: last >= total ? .end : .cursor("after-\(last)"))
}

@Suite struct SwiftSourceTests {
    @Test func pagesLoadAsTheCursorNearsTheEndWithTheCursorPassedOn() async throws {
        let log = Log()
        var screen = ComposedScreen(title: "People")
        screen.addSection(header: "Directory", pageSize: 5, prefetch: 2) { request in
            log.add("page \(request.page) offset \(request.offset) cursor \(request.cursor ?? "-")")
            return people(request)
        }
        var session = HeadlessSession(screen, size: Size(width: 40, height: 7))
        #expect(session.lines[2].hasPrefix(" > Loading…") || session.lines[2].hasPrefix("   Loading…"))
        await session.settle()
        #expect(session.lines[2] == " > Person 1")
        #expect(log.all == ["page 1 offset 0 cursor -"])
        // Two rows from the end of what is loaded, the next page is asked for.
        session.press(.down, .down)
        await session.settle()
        #expect(log.all == ["page 1 offset 0 cursor -", "page 2 offset 5 cursor after-5"])
        session.press(.end)
        await session.settle()
        session.press(.end)
        await session.settle()
        #expect(log.all.count == 3)
        #expect(session.state.current.rowCount == 12)
        #expect(session.lines.contains(" > Person 12"))
    }

    @Test func anErrorShowsAsARowAndEnterRetriesThePage() async throws {
        let calls = Log()
        var screen = ComposedScreen(title: "Flaky")
        screen.addSection(pageSize: 5) { request in
            calls.add("call")
            if calls.all.count == 1 { throw DirectoryError.offline }
            return people(request)
        }
        var session = HeadlessSession(screen, size: Size(width: 80, height: 6))
        await session.settle()
        #expect(session.lines[1].contains("⚠ offline: the directory cannot be reached"))
        session.press(.enter)
        await session.settle()
        #expect(session.lines[1] == " > Person 1")
        #expect(calls.all.count == 2)
    }

    @Test func refreshingDuringASlowLoadCancelsItAndDropsItsAnswer() async throws {
        let gate = Gate()
        let log = Log()
        var screen = ComposedScreen(title: "Slow")
        screen.addSection { request in
            log.add("start")
            do {
                if log.all.count == 1 { try await gate.wait() }
            } catch {
                log.add("cancelled")
                throw error
            }
            return SourcePage(rows: [["title": .string("Fresh \(log.all.filter { $0 == "start" }.count)")]], next: .end)
        }
        var session = HeadlessSession(screen, size: Size(width: 40, height: 8))
        session.press(.char("r"))
        await session.settle()
        gate.open()
        #expect(log.all == ["start", "start", "cancelled"] || log.all == ["start", "cancelled", "start"])
        #expect(session.lines[1] == " > Fresh 2")
    }

    @Test func leavingTheScreenCancelsItsLoadAndTheTaskSeesIt() async throws {
        let gate = Gate()
        let log = Log()
        var slow = ComposedScreen(title: "Slow")
        slow.addSection { _ in
            do {
                try await gate.wait()
            } catch {
                log.add("cancelled")
                throw error
            }
            return SourcePage(items: [])
        }
        let pushed = slow
        var screen = ComposedScreen(title: "Menu")
        screen.addRow(title: "Open") { context in context.push(pushed) }
        var session = HeadlessSession(screen, size: Size(width: 40, height: 8))
        session.press(.enter)
        #expect(session.state.breadcrumb == ["Menu", "Slow"])
        #expect(session.isWorking)
        session.press(.escape)
        await session.settle()
        #expect(session.state.breadcrumb == ["Menu"])
        #expect(log.all == ["cancelled"])
    }

    @Test func aRowsClosureGetsItsItemAndRefreshKeepsTheSelectionByID() async throws {
        let round = Atomic<Int>(0)
        var screen = ComposedScreen(title: "People")
        screen.addSection(row: ["title": "{{item.title}}", "detail": "{{item.city}}"], action: { context in
            context.emit(context.item?.member("city")?.stringValue ?? "?")
        }) { _ in
            let shift = round.add(1, ordering: .relaxed).newValue == 1 ? 0 : 1
            let names = ["Ann", "Bob", "Cy"]
            var rows: [[String: JSONValue]] = (0..<3).map { ["title": .string(names[$0]), "city": .string("City \($0)"),
                                                            "id": .number(String($0))] }
            if shift == 1 { rows.insert(["title": "New", "id": .number("9")], at: 0) }
            return SourcePage(rows: rows, next: .end)
        }
        var session = HeadlessSession(screen, size: Size(width: 40, height: 8))
        await session.settle()
        session.press(.down)
        #expect(session.lines[2].hasPrefix(" > Bob"))
        session.press(.char("r"))
        await session.settle()
        #expect(session.lines[3].hasPrefix(" > Bob"))
        session.press(.enter)
        #expect(session.outcome == .emitted(["City 1"]))
    }

    @Test func aSpecNamesASourceRegisteredFromSwift() async throws {
        let handlers = HandlerRegistry()
        handlers.registerSource("people") { request in people(request, total: 3) }
        let spec = try SpecLoader(disk: nil, sourceNames: handlers.sourceNames).parse(bytes: Array(#"""
            {"title": "From a spec", "sections": [{"source": {"handler": "people"}, "row": {"title": "{{item.title}}!"}}]}
            """#.utf8), file: "/x/spec.json")
        var screen = ComposedScreen(title: "Menu")
        screen.addRow(title: "Open") { context in context.push(spec) }
        var session = HeadlessSession(screen, handlers: handlers, size: Size(width: 40, height: 8))
        session.press(.enter)
        await session.settle()
        #expect(session.lines[1...3] == [" > Person 1!", "   Person 2!", "   Person 3!"])
    }
}

@Suite struct AsyncHandlerTests {
    @Test func aRunningHandlerShowsASpinnerKeysStillWorkAndEscStopsIt() async throws {
        let gate = Gate()
        let log = Log()
        var screen = ComposedScreen(title: "Menu")
        screen.addRow(title: "Sync now") { context async throws in
            do {
                try await gate.wait()
            } catch {
                log.add("cancelled")
                throw error
            }
            context.show("synced")
        }
        screen.addRow(title: "Other")
        var session = HeadlessSession(screen, size: Size(width: 40, height: 6))
        session.press(.enter)
        #expect(session.lines.last?.hasSuffix("Sync now…  Esc stops it") == true)
        session.press(.down)
        #expect(session.lines[2] == " > Other")  // the UI answers while it runs
        session.press(.escape)
        #expect(session.lines.last == " stopped: Sync now")
        #expect(session.state.breadcrumb == ["Menu"])  // Esc stopped it, and did not leave
        await session.settle()
        gate.open()
        #expect(log.all == ["cancelled"])
        #expect(session.state.runningHandlers.isEmpty)
    }

    @Test func whatItAsksForHappensWhenItReturnsAndAnErrorShows() async throws {
        var people = ComposedScreen(title: "People")
        people.addSection(pageSize: 5) { request in
            try await Task.sleep(nanoseconds: 2_000_000)
            return SourcePage(rows: [["title": .string("Person \(request.page)")]], next: .end)
        }
        let directory = people
        var screen = ComposedScreen(title: "Menu")
        screen.addRow(title: "Load people") { context async throws in
            try await Task.sleep(nanoseconds: 2_000_000)
            context.push(directory)
        }
        screen.addRow(title: "Fail") { _ async throws in throw DirectoryError.offline }
        var session = HeadlessSession(screen, size: Size(width: 60, height: 6))
        session.press(.down, .enter)
        await session.settle()
        #expect(session.lines.last == " Fail: offline: the directory cannot be reached")
        session.press(.up, .enter)
        await session.settle()
        #expect(session.state.breadcrumb == ["Menu", "People"])
        #expect(session.lines[1] == " > Person 1")
    }

    @Test func whatComesAfterATaskHandlerWaitsForItAndIsDroppedWhenItStops() async throws {
        let handlers = HandlerRegistry()
        handlers.register("slow") { context async throws in
            try await Task.sleep(nanoseconds: 3_000_000)
            context.show("slow done")
        }
        handlers.register("forever") { _ async throws in try await Task.sleep(nanoseconds: 10_000_000_000) }
        var screen = ComposedScreen(title: "Menu")
        screen.addRow(title: "Both") { context in
            context.run(.named("slow"))
            context.show("after slow")
        }
        screen.addRow(title: "Stopped") { context in
            context.run(.named("forever"))
            context.show("must not show")
        }
        var session = HeadlessSession(screen, handlers: handlers, size: Size(width: 40, height: 6))
        session.press(.enter)
        #expect(session.lines.last?.contains("Both…") == true)
        await session.settle()
        #expect(session.lines.last == " after slow")
        session.press(.down, .enter)
        session.press(.escape)
        await session.settle()
        #expect(session.lines.last == " stopped: Stopped")
    }

    @Test func leavingItsScreenStopsATaskHandler() async throws {
        let log = Log()
        var inner = ComposedScreen(title: "Inner")
        inner.addRow(title: "Work") { context async throws in
            do { try await Task.sleep(nanoseconds: 10_000_000_000) } catch { log.add("cancelled"); throw error }
            context.back()
        }
        let pushed = inner
        var screen = ComposedScreen(title: "Menu")
        screen.addRow(title: "Open") { context in context.push(pushed) }
        var session = HeadlessSession(screen, size: Size(width: 40, height: 6))
        session.press(.enter, .enter)
        #expect(session.isWorking)
        session.press(.left)  // back: the handler's screen is gone
        await session.settle()
        #expect(log.all == ["cancelled"])
        #expect(session.state.breadcrumb == ["Menu"] && session.state.runningHandlers.isEmpty)
    }

    @Test func aPlainClosureStillAnswersAtOnce() {
        var screen = ComposedScreen(title: "Menu")
        screen.addRow(title: "Ping") { context in context.show("pong") }
        var session = HeadlessSession(screen, size: Size(width: 30, height: 5))
        session.press(.enter)
        #expect(session.lines.last == " pong")
        #expect(!session.isWorking)
    }
}

private enum DirectoryError: Error, CustomStringConvertible {
    case offline
    var description: String { "offline: the directory cannot be reached" }
}
