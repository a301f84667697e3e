import SegueKit
import Testing

/// What a session finishes with, typed: a handler's Swift value handed back as it is, the values
/// its rows were left at, rows made from Swift values.
@Suite struct TypedOutcomeTests {
    struct Release: Equatable, Sendable {
        var version: String
        var date: String
        var notes: [String]
    }

    let releases = [Release(version: "v2.4.6", date: "2026-11-20", notes: ["faster", "smaller"]),
                    Release(version: "v2.4.5", date: "2026-10-02", notes: ["fixes\nand more"])]

    func picker() -> ComposedScreen {
        var screen = ComposedScreen(title: "Releases")
        screen.addRows(releases) { Row(title: $0.version, detail: $0.date) } action: { release, context in
            context.finish(with: release)
        }
        return screen
    }

    @Test func rowsMadeFromValuesShowAndFinishWithTheirValueWhole() {
        var session = HeadlessSession(picker(), finishing: Release.self, size: Size(width: 40, height: 6))
        #expect(session.lines[1...2] == [" > v2.4.6                  2026-11-20", "   v2.4.5                  2026-10-02"])
        session.press(.down, .enter)
        // No newline joining: the value comes back as it was given, lines in it and all.
        #expect(session.outcome == .finished(releases[1]))
    }

    @Test func aValueOfAnotherTypeIsRefusedAndTheSessionGoesOn() {
        var screen = ComposedScreen(title: "Releases")
        screen.addRow(title: "Latest") { context in context.finish(with: "v2.4.6") }
        var session = HeadlessSession(screen, finishing: Release.self, size: Size(width: 100, height: 6))
        session.press(.enter)
        #expect(session.outcome == nil)
        #expect(session.lines.last == " finish(with:) was given a String, but this session finishes with a Release")
        var untyped = HeadlessSession(screen, size: Size(width: 100, height: 6))
        untyped.press(.enter)
        #expect(untyped.outcome == nil)
        #expect(untyped.lines.last == " finish(with:) was given a String: run the session with finishing: String.self")
    }

    @Test func anAsyncHandlerFinishesAfterItsQuestion() async {
        var screen = ComposedScreen(title: "Releases")
        screen.addRow(title: "Tag a release") { context async throws in
            guard let tag = await context.input("Tag?", default: "v2.4.7") else { return }
            context.finish(with: Release(version: tag, date: "today", notes: []))
        }
        var session = HeadlessSession(screen, finishing: Release.self, size: Size(width: 40, height: 6))
        session.press(.enter)
        await session.settle()
        session.press(.enter)
        await session.settle()
        #expect(session.outcome == .finished(Release(version: "v2.4.7", date: "today", notes: [])))
    }

    @Test func theValuesOfAFormsRowsAreThereWithoutASettingsFile() {
        var form = ComposedScreen(title: "New project")
        form.addRow(title: "Dark mode", cell: "toggle", attributes: ["setting": "darkMode"])
        form.addRow(title: "Licence", cell: "choice", attributes: ["setting": "licence", "options": .array(["MIT", "Apache-2.0"])])
        form.addRow(title: "Create") { context in context.quit() }
        var session = HeadlessSession(form, size: Size(width: 40, height: 8))
        session.press(.enter, .down, .right, .down, .enter)
        #expect(session.outcome == .quit(.success))
        #expect(session.values == ["darkMode": .bool(true), "licence": "Apache-2.0"])
    }
}
