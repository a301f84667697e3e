import Testing
@testable import SegueCore
import SegueFiles

private func load(_ text: String) throws(SpecError) -> Spec {
    try SpecLoader(disk: nil).parse(bytes: Array(text.utf8), file: "/feeds/main.json")
}

/// Items `from...to` as a feed script would print them.
private func items(_ from: Int, _ to: Int) -> [JSONValue] {
    (from...to).map { .object(["id": .number(String($0)), "name": .string("Item \($0)")]) }
}

@Suite struct SourceTests {
    let spec = #"""
        {"title": "Feed", "sections": [
          {"header": "Users", "source": {"command": ["./feed.sh", "--page", "{{page}}"], "format": "jsonl", "pageSize": 10},
           "as": "user", "row": {"title": "{{user.name}}", "id": "{{user.id}}"}, "empty": "No users yet"},
          {"header": "After", "rows": [{"title": "Fixed"}]}]}
        """#

    /// A state showing the feed spec, with the effects of starting it.
    func started(height: Int = 12) throws -> (AppState, [Effect]) {
        var state = AppState(root: try load(spec), size: Size(width: 60, height: height))
        let effects = update(&state, .start)
        return (state, effects)
    }

    func key(generation: Int = 0) -> SourceKey { SourceKey(screen: 0, section: 0, generation: generation) }

    @Test func theFirstPageLoadsWithTemplatesAndEnvironmentFilledIn() throws {
        let (state, effects) = try started()
        #expect(effects == [.startSource(SourceRequest(
            key: key(), origin: .command(["./feed.sh", "--page", "1"]), format: .jsonl, directory: "/feeds",
            environment: ["SEGUE_PAGE": "1", "SEGUE_OFFSET": "0", "SEGUE_QUERY": ""], timeout: nil,
            page: PageRequest(page: 1, offset: 0, pageSize: 10)))])
        #expect(screen(state)[2].hasPrefix("   Loading… "))
        #expect(selectedTitle(state) == "Fixed")
    }

    @Test func itemsAppearAsTheyArriveAndTheSpinnerTurns() throws {
        var (state, _) = try started()
        let before = screen(state)[2]
        _ = update(&state, .tick)
        #expect(screen(state)[2] != before)
        _ = update(&state, .sourceItems(key(), items(1, 3)))
        #expect(Array(screen(state)[2...5]) == [" > Item 1", "   Item 2", "   Item 3", "   Loading… ⠙"])
        _ = update(&state, .sourceFinished(key(), .done(next: .unspecified)))
        #expect(screen(state)[5] == "")  // a short page: no more pages, no status row
    }

    @Test func anEmptySourceSaysSo() throws {
        var (state, _) = try started()
        _ = update(&state, .sourceFinished(key(), .done(next: .unspecified)))
        #expect(screen(state)[2] == "   No users yet")
    }

    @Test func aTallWindowFillsItself() throws {
        var (state, _) = try started(height: 30)
        _ = update(&state, .sourceItems(key(), items(1, 10)))
        let effects = update(&state, .sourceFinished(key(), .done(next: .unspecified)))
        guard case .startSource(let request)? = effects.first else {
            Issue.record("expected page 2, got \(effects)")
            return
        }
        #expect(request.origin == .command(["./feed.sh", "--page", "2"]))
    }

    @Test func theCursorNearTheEndLoadsTheNextPage() throws {
        var (state, _) = try started(height: 8)
        _ = update(&state, .sourceItems(key(), items(1, 10)))
        _ = update(&state, .sourceFinished(key(), .done(next: .unspecified)))
        #expect(press(.down, .down, .down, .down, .down, on: &state).isEmpty)
        let effects = press(.down, on: &state)  // Item 7: within 3 rows of Item 10
        #expect(effects.count == 1)
        guard case .startSource(let request)? = effects.first else { return }
        #expect(request.origin == .command(["./feed.sh", "--page", "2"]))
        #expect(request.environment["SEGUE_OFFSET"] == "10")
        #expect(press(.down, on: &state).isEmpty)  // already loading
    }

    @Test func aFailedPageKeepsItsRowsAndRetries() throws {
        var (state, _) = try started(height: 30)
        _ = update(&state, .sourceItems(key(), items(1, 10)))
        _ = update(&state, .sourceFinished(key(), .done(next: .unspecified)))
        press(.end, .up, on: &state)  // Item 10, which asks for page 2
        _ = update(&state, .sourceFinished(key(), .failed("exit status 3: page 2 is broken")))
        #expect(screen(state).contains("   ⚠ exit status 3: page 2 is broken        ⏎ or r: retry"))
        #expect(screen(state).contains(" > Item 10"))
        press(.down, on: &state)
        let effects = press(.enter, on: &state)
        guard case .startSource(let request)? = effects.first else {
            Issue.record("expected a retry, got \(effects)")
            return
        }
        #expect(request.origin == .command(["./feed.sh", "--page", "2"]))
    }

    @Test func answersFromSupersededLoadsAreDropped() throws {
        var (state, _) = try started()
        let effects = press(.char("r"), on: &state)
        #expect(effects.first == .cancelSource(key()))
        _ = update(&state, .sourceItems(key(generation: 0), items(1, 3)))
        #expect(screen(state)[2].hasPrefix("   Loading… "))  // the old answer is ignored
        _ = update(&state, .sourceItems(key(generation: 1), items(7, 8)))
        #expect(Array(screen(state)[2...3]) == [" > Item 7", "   Item 8"])
    }

    @Test func refreshKeepsTheSelectionOnTheSameItem() throws {
        var (state, _) = try started(height: 30)
        _ = update(&state, .sourceItems(key(), items(1, 5)))
        _ = update(&state, .sourceFinished(key(), .done(next: .unspecified)))
        press(.down, .down, on: &state)
        #expect(selectedTitle(state) == "Item 3")
        press(.char("r"), on: &state)
        #expect(selectedTitle(state) == "Item 3")  // old rows stay until new ones come
        _ = update(&state, .sourceItems(key(generation: 1), [.object(["id": .number("0"), "name": "New"])] + items(1, 5)))
        #expect(selectedTitle(state) == "Item 3")
    }

    @Test func leavingAScreenCancelsItsLoads() throws {
        var state = AppState(root: Spec(sections: [Section(rows: [Row(title: "Go", segue: "feed.json")])], path: "/feeds/a.json"),
                             size: Size(width: 40, height: 12))
        press(.enter, on: &state)
        let effects = update(&state, .specLoaded(path: "/feeds/feed.json", .success(try load(spec))))
        guard case .startSource(let request)? = effects.first else {
            Issue.record("expected the feed to start")
            return
        }
        #expect(press(.escape, on: &state) == [.cancelSources(screen: request.key.screen)])
        _ = update(&state, .sourceItems(request.key, items(1, 2)))  // too late: dropped
        #expect(state.stack.count == 1)
    }

    @Test func noExecTurnsCommandSourcesIntoVisibleFailures() throws {
        var state = AppState(root: try load(spec), size: Size(width: 60, height: 12), options: AppOptions(allowExec: false))
        #expect(update(&state, .start).isEmpty)
        #expect(state.current.row(0).title == "⚠ running commands is turned off (--no-exec): ./feed.sh --page 1")
    }

    @Test func aRetryReplacesWhatTheFailedPageHadBrought() throws {
        var (state, _) = try started(height: 40)
        _ = update(&state, .sourceItems(key(), items(1, 10)))
        _ = update(&state, .sourceFinished(key(), .done(next: .unspecified)))
        press(.end, .up, on: &state)  // asks for page 2
        _ = update(&state, .sourceItems(key(), items(11, 13)))
        _ = update(&state, .sourceFinished(key(), .failed("exit status 5")))
        press(.end, .up, on: &state)  // the failure row
        _ = press(.enter, on: &state)
        _ = update(&state, .sourceItems(key(), items(11, 20)))
        #expect(state.current.rowCount == 20 + 1 + 1)  // items, the status row, the fixed row
    }

    @Test func refreshFindsTheSelectedItemInALaterChunk() throws {
        var (state, _) = try started(height: 40)
        _ = update(&state, .sourceItems(key(), items(1, 10)))
        _ = update(&state, .sourceFinished(key(), .done(next: .unspecified)))
        press(.down, .down, .down, .down, .down, .down, on: &state)
        #expect(selectedTitle(state) == "Item 7")
        press(.char("r"), on: &state)
        _ = update(&state, .sourceItems(key(generation: 1), items(1, 3)))
        _ = update(&state, .sourceItems(key(generation: 1), items(4, 10)))
        #expect(selectedTitle(state) == "Item 7")
    }

    @Test func sourceShapesAreChecked() {
        func problem(_ text: String) -> String? {
            do { _ = try load(text); return nil } catch { return error.description }
        }
        #expect(problem(#"[{"source": {}}]"#)?.hasSuffix(#"[0].source: expected "command", "file" or "handler""#) == true)
        #expect(problem(#"[{"source": {"command": ["x"], "file": "y"}}]"#)?
            .hasSuffix(#"[0].source: expected one of "command", "file" and "handler", not command and file"#) == true)
        #expect(problem(#"[{"source": {"handler": "users"}}]"#)?.hasSuffix(
            #"[0].source.handler: no source named "users" is registered: sources written in Swift need a program that registers them (SegueKit)"#) == true)
        #expect(problem(#"[{"source": {"handler": 3}}]"#)?
            .hasSuffix("[0].source.handler: expected the name of a source registered from Swift, found 3") == true)
        #expect(problem(#"[{"source": {"file": "a.json", "format": "xml"}}]"#)?
            .hasSuffix(#"[0].source.format: expected "json", "jsonl" or "lines", found "xml""#) == true)
        #expect(problem(#"[{"source": {"command": ["x"], "pageSize": 0}}]"#)?
            .hasSuffix("[0].source.pageSize: expected a whole number of at least 1, found 0") == true)
        #expect(problem(#"[{"source": {"command": ["x"]}, "forEach": "a"}]"#)?
            .hasSuffix(#"[0].forEach: a section takes its rows from "forEach" or "source", not both"#) == true)
    }
}

@Suite struct SourceMovesRowsTests {
    let spec = #"""
        {"sections": [{"source": {"command": ["./lines.sh"], "format": "lines"}},
                      {"rows": [{"title": "F1", "key": "x", "action": "emit"}, {"title": "F2", "key": "y", "action": "emit"}]}]}
        """#

    @Test func hotkeysAndMarksStayOnTheirRowsWhenRowsArriveAbove() throws {
        var state = AppState(root: try SpecLoader(disk: nil).parse(bytes: Array(spec.utf8), file: "/f/main.json"),
                             size: Size(width: 40, height: 12), options: AppOptions(multiSelect: true))
        _ = update(&state, .start)
        press(.char(" "), .down, .char(" "), on: &state)  // mark F1 and F2
        let key = SourceKey(screen: 0, section: 0, generation: 0)
        _ = update(&state, .sourceItems(key, [.object(["line": "l1"]), .object(["line": "l2"]), .object(["line": "l3"])]))
        _ = update(&state, .sourceFinished(key, .done(next: .unspecified)))
        #expect(press(.enter, on: &state) == [.emit(["F1", "F2"])])
        state.current.marks = []
        #expect(press(.char("x"), on: &state) == [.emit(["F1"])])
    }
}

@Suite struct FeedItemsTests {
    @Test func rawAndDecodedItemsReadAlikeAndTrimAcrossChunks() {
        var raw = RawItems(kind: .json)
        raw.append(Array(#"{"n": 1}"#.utf8))
        raw.append(Array(#"{"n": 2}"#.utf8))
        var lines = RawItems(kind: .line)
        lines.append(Array("plain text".utf8))
        var items = FeedItems()
        items.append([.object(["n": .number("0")])])
        items.append(raw)
        items.append(lines)
        #expect(items.count == 4)
        #expect(items[0] == .object(["n": .number("0")]))
        #expect(items[2] == .object(["n": .number("2")]))
        #expect(items[3] == .object(["line": "plain text"]))
        items.removeLast(2)
        #expect(items.count == 2)
        #expect(items[1] == .object(["n": .number("1")]))
        items.append(lines)
        #expect(items[2] == .object(["line": "plain text"]))
    }
}

@Suite struct SourceColourTests {
    @Test func aSourcesAnsiGivesItsRowsTheirColours() throws {
        let spec = try loadSpec(#"{"sections": [{"source": {"command": ["git", "log"], "format": "lines", "ansi": true}, "row": {"title": "{{item.line}}"}}]}"#,
                                file: "/p/l.json")
        #expect(spec.sections[0].rows.liveSources.first?.template.extras["ansi"] == .bool(true))
        #expect(loadProblem(#"{"sections": [{"source": {"command": ["x"], "ansi": "yes"}, "row": {"title": "x"}}]}"#, file: "/p/l.json")?
            .contains("source.ansi: expected true or false") == true)
    }
}
