import Testing
@testable import SegueCore
import SegueFiles

/// `"search": "command"`: a find runs the source's command again with the query, debounced, the
/// superseded run stopped and its answer dropped; other sections are filtered locally.
@Suite struct CommandSearchTests {
    let spec = #"""
        {"title": "Branches", "sections": [
          {"header": "Local", "rows": [{"title": "main"}, {"title": "feature/find"}]},
          {"header": "Remote", "source": {"command": ["./branches.sh", "--match", "{{query}}"], "format": "lines", "search": "command"}}]}
        """#

    func started() throws -> (AppState, SourceKey) {
        var state = AppState(root: try SpecLoader(disk: nil).parse(bytes: Array(spec.utf8), file: "/r/main.json"),
                             size: Size(width: 40, height: 12))
        guard case .startSource(let request)? = update(&state, .start).first else { throw Failure() }
        #expect(request.origin == .command(["./branches.sh", "--match", ""]))
        _ = update(&state, .sourceItems(request.key, [.object(["line": "origin/main"]), .object(["line": "origin/release"])]))
        _ = update(&state, .sourceFinished(request.key, .done(next: .unspecified)))
        return (state, request.key)
    }

    struct Failure: Error {}

    func timers(_ effects: [Effect]) -> [TimerKey] {
        effects.compactMap { if case .startTimer(let key, _) = $0 { return key } else { return nil } }
    }

    func loads(_ effects: [Effect]) -> [SourceRequest] {
        effects.compactMap { if case .startSource(let request) = $0 { return request } else { return nil } }
    }

    @Test func typingWaitsThenRunsTheCommandWithTheQuery() throws {
        var (state, key) = try started()
        press(.char("/"), on: &state)
        let first = timers(press(.char("r"), on: &state))
        let second = timers(press(.char("e"), on: &state))
        #expect(first.count == 1 && second.count == 1 && first[0].generation < second[0].generation)
        // The first pause came too late: a newer key was typed.
        #expect(update(&state, .timerFired(first[0])).isEmpty)
        let effects = update(&state, .timerFired(second[0]))
        #expect(effects.first == .cancelSource(key))
        let request = try #require(loads(effects).first)
        #expect(request.origin == .command(["./branches.sh", "--match", "re"]))
        #expect(request.environment["SEGUE_QUERY"] == "re")
        // Until the answer comes, the old rows stay; the answer replaces them, unfiltered.
        _ = update(&state, .sourceItems(key, [.object(["line": "stale answer"])]))
        _ = update(&state, .sourceItems(request.key, [.object(["line": "origin/release"]), .object(["line": "origin/prerelease-x"])]))
        _ = update(&state, .sourceFinished(request.key, .done(next: .unspecified)))
        let lines = screen(state)
        #expect(lines.contains("   origin/release") && lines.contains("   origin/prerelease-x"))
        #expect(!lines.joined().contains("stale"))
        // The fixed section is filtered here: "main" has no r-e in order; "feature/find" has.
        #expect(!lines.contains("   main") && lines.contains(" > feature/find"))
    }

    @Test func escRunsTheCommandAgainWithNoQuery() throws {
        var (state, _) = try started()
        press(.char("/"), .char("x"), on: &state)
        let effects = press(.escape, on: &state)
        #expect(loads(effects).map(\.origin) == [.command(["./branches.sh", "--match", ""])])
    }

    /// Types `query` and lets the pause pass: the search's request.
    func search(_ query: String, _ state: inout AppState) throws -> SourceRequest {
        var due: [TimerKey] = []
        for character in query { due = timers(press(.char(character), on: &state)) }
        let pause = try #require(due.last)
        return try #require(loads(update(&state, .timerFired(pause))).first)
    }

    @Test func anEmptyAnswerShowsOneEmptyRowAndIsCountedAsNothing() throws {
        var (state, _) = try started()
        press(.char("/"), on: &state)
        let request = try search("zzz", &state)
        _ = update(&state, .sourceFinished(request.key, .done(next: .unspecified)))
        let lines = screen(state)
        #expect(lines.filter { $0.contains("origin/") }.isEmpty)
        #expect(lines.filter { $0.contains("Nothing") || $0.contains("No ") }.count == 1, "\(lines)")
        #expect(lines.last?.hasSuffix(" 0/2") == true, "\(lines)")  // main and feature/find are the rows to find
        // A later answer shows as it is, counted.
        let again = try search("q", &state)
        _ = update(&state, .sourceItems(again.key, [.object(["line": "origin/x"])]))
        _ = update(&state, .sourceFinished(again.key, .done(next: .unspecified)))
        #expect(screen(state).filter { $0.contains("origin/") }.count == 1)
    }

    @Test func enterBeforeTheSearchRanWaitsForItsAnswer() throws {
        let spec = #"""
            {"sections": [{"source": {"command": ["./find.sh", "{{query}}"], "format": "lines", "search": "command"},
                           "row": {"title": "{{item.line}}", "action": {"type": "emit", "value": "{{item.line}}"}}}]}
            """#
        var state = AppState(root: try SpecLoader(disk: nil).parse(bytes: Array(spec.utf8), file: "/r/main.json"),
                             size: Size(width: 40, height: 12))
        guard case .startSource(let first)? = update(&state, .start).first else { throw Failure() }
        _ = update(&state, .sourceItems(first.key, [.object(["line": "old answer"])]))
        _ = update(&state, .sourceFinished(first.key, .done(next: .unspecified)))
        press(.char("/"), .char("n"), .char("e"), .char("w"), on: &state)
        // The pause is cut short: the search runs now, and "old answer" is not what Enter takes.
        let effects = press(.enter, on: &state)
        let request = try #require(loads(effects).first)
        #expect(request.origin == .command(["./find.sh", "new"]))
        #expect(!effects.contains { if case .emit = $0 { true } else { false } })
        #expect(screen(state).joined().contains("Searching…"))
        _ = update(&state, .sourceItems(request.key, [.object(["line": "new answer"])]))
        #expect(update(&state, .sourceFinished(request.key, .done(next: .unspecified))) == [.emit(["new answer"])], "\(screen(state))")
    }

    @Test func typingAfterEnterTakesTheWaitingEnterBack() throws {
        var (state, _) = try started()
        press(.char("/"), .char("r"), on: &state)
        let request = try #require(loads(press(.enter, on: &state)).first)
        let due = timers(press(.char("e"), on: &state))
        _ = update(&state, .sourceFinished(request.key, .done(next: .unspecified)))
        #expect(state.current.find?.acceptsWhenSearched == false)
        #expect(!due.isEmpty)
    }

    @Test func searchIsCheckedWhenTheSpecLoads() {
        func problem(_ source: String) -> String {
            let text = #"{"sections": [{"source": "# + source + #"}]}"#
            do { _ = try SpecLoader(disk: nil).parse(bytes: Array(text.utf8), file: "/r/x.json"); return "loaded" } catch { return "\(error)" }
        }
        #expect(problem(#"{"command": ["ls"], "search": "cmd"}"#).contains("sections[0].source.search: expected \"command\" or \"rows\", found \"cmd\""))
        #expect(problem(#"{"file": "x.json", "search": "command"}"#).contains("sections[0].source.search: expected a \"command\" source"))
        #expect(problem(#"{"command": ["ls"], "search": "rows"}"#) == "loaded")
    }
}
