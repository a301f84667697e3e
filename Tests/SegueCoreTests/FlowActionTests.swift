@testable import SegueCore
import SegueFiles
import Testing

/// Flows that report back (issue 27): a `set` action, an exec's `then` and `onFailure` taking any
/// actions, and a screen opening on the row its `select` names.
@Suite struct FlowActionTests {
    func app(_ text: String, settings: JSONValue = .object([:])) throws -> AppState {
        AppState(root: try loadSpec(text, file: "/specs/main.json"), size: Size(width: 60, height: 10),
                 settings: Settings(path: "/specs/settings.json", values: settings))
    }

    @Test func setWritesSettingsWithTheirTypesAndSavesOnce() throws {
        var state = try app(#"""
            {"sections": [{"rows": [
              {"title": "Defaults", "action": {"type": "set", "settings": {"volume": 50, "theme": "Dark", "ssh": true, "note": null}}},
              {"cell": "toggle", "title": "SSH", "setting": "ssh"}
            ]}]}
            """#)
        let effects = press(.enter, on: &state)
        #expect(state.settings.values.member("volume") == .number("50"))
        #expect(state.settings.values.member("theme") == "Dark")
        #expect(state.settings.values.member("note") == .null)
        #expect(effects.count == 1 && effects.allSatisfy { if case .saveSettings = $0 { true } else { false } })
        // The toggle bound to it shows the new value.
        #expect(screen(state).contains { $0.contains("[x] SSH") })
    }

    @Test func aPromptsNumberKeepsItsTypeAndTextIsATemplate() throws {
        var state = try app(#"""
            {"sections": [{"rows": [
              {"title": "Port", "action": {"type": "prompt", "question": "Port?", "kind": "number",
                "then": {"type": "set", "settings": {"port": "{{input}}", "note": "port {{input}} on {{title}}"}}}}
            ]}]}
            """#)
        press(.enter, on: &state)
        for character in "8080" { press(.char(character), on: &state) }
        press(.enter, on: &state)
        #expect(state.settings.values.member("port") == .number("8080"))
        #expect(state.settings.values.member("note") == "port 8080 on Port")
    }

    static let enable = #"""
        {"sections": [{"rows": [
          {"title": "Enable SSH", "action": {"type": "exec", "command": ["enable-ssh"],
            "then": [{"type": "set", "settings": {"ssh": true}}, {"type": "message", "text": "SSH is on for {{title}}"}],
            "onFailure": {"type": "message", "text": "could not enable SSH", "error": true}}},
          {"title": "Build", "action": {"type": "exec", "command": ["make"], "then": "quit"}}
        ]}]}
        """#

    func ran(_ state: inout AppState) -> ExecCommand? {
        guard case .exec(let command, _)? = press(.enter, on: &state).first else { return nil }
        return command
    }

    @Test func thenRunsItsActionsInOrderAfterTheCommand() throws {
        var state = try app(Self.enable)
        let command = try #require(ran(&state))
        _ = update(&state, .execFinished(ExecResult(command: command, status: 0)))
        #expect(state.settings.values.member("ssh") == .bool(true))
        #expect(screen(state).last?.contains("SSH is on for Enable SSH") == true)
    }

    /// Issue 44: `"then": "reload"` emptied the find line; fzf keeps the query after
    /// `execute-silent(…)+reload(…)`. The query stays, filtered over the rows read again, and so
    /// does the selected row where it is still there.
    @Test func reloadAfterACommandKeepsTheQueryAndTheSelectedRow() throws {
        func rows(_ titles: [String]) -> String {
            #"{"sections": [{"rows": ["# + titles.map { #"{"title": "\#($0)", "action": {"type": "exec", "command": ["touch", "{{title}}"], "then": "reload"}}"# }.joined(separator: ", ") + "]}]}"
        }
        var state = try app(rows(["apple", "banana", "apricot", "cherry"]))
        press(.char("/"), .char("a"), .char("p"), .down, on: &state)
        #expect(selectedTitle(state) == "apricot")
        let command = try #require(ran(&state))
        let effects = update(&state, .execFinished(ExecResult(command: command, status: 0)))
        #expect(effects.contains(.loadSpec(path: "/specs/main.json")), "\(effects)")
        _ = update(&state, .specLoaded(path: "/specs/main.json", .success(try loadSpec(rows(["avocado", "apple", "apricot", "banana"]), file: "/specs/main.json"))))
        #expect(state.current.find?.editor.text == "ap")
        #expect(state.current.rowCount == 2, "\(screen(state))")  // apple and apricot match "ap"
        #expect(selectedTitle(state) == "apricot")
        // The row gone, the selection is where it was.
        press(.up, on: &state)
        let again = try #require(ran(&state))
        _ = update(&state, .execFinished(ExecResult(command: again, status: 0)))
        _ = update(&state, .specLoaded(path: "/specs/main.json", .success(try loadSpec(rows(["apricot", "grape"]), file: "/specs/main.json"))))
        #expect(state.current.find?.editor.text == "ap")
        #expect(selectedTitle(state) == "apricot")
    }

    /// The same for a live section: the query filters the rows the source brings again, and the
    /// row selected is selected again when it comes back (by its `id`, as a refresh keeps it).
    @Test func reloadOfALiveScreenKeepsTheQueryAndTheRowWhenItComesBack() throws {
        let text = #"{"sections": [{"source": {"command": ["ls"], "format": "lines"}, "row": {"title": "{{item.line}}", "id": "{{item.line}}", "action": {"type": "exec", "command": ["rm", "{{item.line}}"], "then": "reload"}}}]}"#
        var state = AppState(root: try loadSpec(text, file: "/p/m.json"), size: Size(width: 40, height: 10))
        func load(_ lines: [String], _ effects: [Effect]) throws {
            guard case .startSource(let request)? = effects.first(where: { if case .startSource = $0 { true } else { false } }) else {
                Issue.record("no load in \(effects)")
                return
            }
            var items = RawItems(kind: .line)
            for line in lines { items.append(Array(line.utf8)) }
            _ = update(&state, .sourceRawItems(request.key, items))
            _ = update(&state, .sourceFinished(request.key, .done(next: .end)))
            while state.current.find?.job != nil { _ = update(&state, .work) }
        }
        try load(["apple", "banana", "apricot", "cherry"], update(&state, .start))
        press(.char("/"), .char("a"), .char("p"), .down, on: &state)
        #expect(selectedTitle(state) == "apricot")
        let command = try #require(ran(&state))
        #expect(update(&state, .execFinished(ExecResult(command: command, status: 0))) == [.loadSpec(path: "/p/m.json")])
        let effects = update(&state, .specLoaded(path: "/p/m.json", .success(try loadSpec(text, file: "/p/m.json"))))
        #expect(state.current.find?.editor.text == "ap")
        try load(["avocado", "apple", "apricot", "banana"], effects)
        #expect(state.current.rowCount == 2)  // apple and apricot match "ap"
        #expect(selectedTitle(state) == "apricot")
    }

    @Test func onFailureRunsInsteadWhenTheCommandFails() throws {
        var state = try app(Self.enable)
        let command = try #require(ran(&state))
        _ = update(&state, .execFinished(ExecResult(command: command, status: 2)))
        #expect(state.settings.values.member("ssh") == nil)
        #expect(screen(state).last?.contains("could not enable SSH") == true)
    }

    @Test func quitInThenPassesTheCommandsStatusOn() throws {
        var state = try app(Self.enable)
        press(.down, on: &state)
        let command = try #require(ran(&state))
        #expect(update(&state, .execFinished(ExecResult(command: command, status: 3))) == [.quit(ExitStatus(3))])
        // A quit inside an `if` in `then` passes it on too, whichever branch it is in.
        var branched = try app(#"""
            {"sections": [{"rows": [{"title": "Build", "action": {"type": "exec", "command": ["make"],
              "then": [{"type": "if", "when": "{{status == 0}}", "then": {"type": "message", "text": "built"}, "else": "quit"}]}}]}]}
            """#)
        let make = try #require(ran(&branched))
        #expect(update(&branched, .execFinished(ExecResult(command: make, status: 5))) == [.quit(ExitStatus(5))])
    }

    @Test func badFollowUpsAreLoadErrorsAtTheirPath() {
        #expect(loadProblem(#"[{"rows": [{"action": {"type": "exec", "command": ["ls"], "then": ["back", "away"]}}]}]"#,
                            file: "/specs/main.json")?.contains(#"[0].rows[0].action.then[1]: expected "back""#) == true)
        #expect(loadProblem(#"[{"rows": [{"action": {"type": "set", "settings": {}}}]}]"#, file: "/specs/main.json")?
                    .contains("[0].rows[0].action.settings: expected an object of setting names and values") == true)
    }

    @Test func aScreenOpensOnTheRowItsSelectNames() throws {
        let text = #"""
            {"select": "{{settings.country}}", "sections": [{"rows": [
              {"title": "France", "id": "fr"}, {"title": "Germany", "id": "de"}, {"title": "Spain"}
            ]}]}
            """#
        #expect(selectedTitle(try app(text, settings: .object(["country": "de"]))) == "Germany")
        #expect(selectedTitle(try app(text, settings: .object(["country": "Spain"]))) == "Spain")
        #expect(selectedTitle(try app(text, settings: .object(["country": "Peru"]))) == "France")
        #expect(selectedTitle(try app(text)) == "France")
        // The session's start (sources, relayout) keeps it.
        var started = try app(text, settings: .object(["country": "de"]))
        _ = update(&started, .start)
        #expect(selectedTitle(started) == "Germany")
    }
}

/// A row's `"hint"`: what Enter does, in the spec's words, instead of the command it runs.
@Suite struct RowHintTests {
    @Test func theHintLineSaysTheRowsHintInsteadOfItsCommand() throws {
        let spec = try loadSpec(#"""
            {"sections": [{"rows": [
              {"title": "SSH", "hint": "enable SSH", "action": {"type": "exec", "command": ["python3", "scripts/rc.py", "do_ssh", "1"]}},
              {"title": "Raw", "action": {"type": "exec", "command": ["ls"]}},
              {"cell": "toggle", "title": "Dark", "setting": "dark", "hint": "switch {{title}}"}
            ]}]}
            """#, file: "/specs/main.json")
        var state = AppState(root: spec, size: Size(width: 60, height: 8))
        #expect(screen(state).last?.contains("  ⏎ enable SSH  ") == true)
        #expect(screen(state).last?.contains("runs:") == false)
        press(.down, on: &state)
        #expect(screen(state).last == " ⏎ runs: ls")
        press(.down, on: &state)
        #expect(screen(state).last?.contains("  ⏎ switch Dark  ") == true)
    }
}

/// What an exec's `then` runs, runs for the exec's row: a confirmation is asked, an emit
/// without a value prints the row's.
@Suite struct ThenForTheRowTests {
    @Test func thenAsksItsConfirmationAndEmitsTheRowsValue() throws {
        let spec = try loadSpec(#"""
            {"sections": [{"rows": [
              {"title": "Build", "action": {"type": "exec", "command": ["make"], "then": {"type": "emit"}}},
              {"title": "Deploy", "action": {"type": "exec", "command": ["make"], "then": {"type": "quit", "status": 4, "confirm": "Leave now?"}}}
            ]}]}
            """#, file: "/specs/main.json")
        var state = AppState(root: spec, size: Size(width: 60, height: 8))
        guard case .exec(let build, _)? = press(.enter, on: &state).first else {
            Issue.record("no exec")
            return
        }
        #expect(update(&state, .execFinished(ExecResult(command: build, status: 0))) == [.emit(["Build"])])
        press(.down, on: &state)
        guard case .exec(let deploy, _)? = press(.enter, on: &state).first else {
            Issue.record("no exec")
            return
        }
        #expect(update(&state, .execFinished(ExecResult(command: deploy, status: 0))) == [])
        #expect(screen(state).last == " Leave now? (y/N)")
        #expect(press(.char("y"), on: &state) == [.quit(ExitStatus(4))])
    }
}

/// A progress row's command goes with its screen, and stays with its row as rows arrive above it.
@Suite struct ProgressRowPlaceTests {
    @Test func goingBackStopsTheScreensCommands() throws {
        let spec = try loadSpec(#"{"sections": [{"rows": [{"cell": "progress", "title": "Copy", "command": ["cp"]}]}]}"#, file: "/specs/jobs.json")
        var state = AppState(root: try loadSpec(#"{"sections": [{"rows": [{"title": "Jobs"}]}]}"#, file: "/specs/main.json"),
                             size: Size(width: 60, height: 8))
        _ = update(&state, .specLoaded(path: "/specs/jobs.json", .success(spec)))
        state.pendingSegue = nil
        state.stack.append(state.makeScreen(spec, title: "Jobs", passed: []))
        let id = state.current.id
        guard case .startSource? = press(.enter, on: &state).first else {
            Issue.record("not started")
            return
        }
        #expect(press(.backspace, on: &state).contains(.cancelSources(screen: id)))
    }

    @Test func rowsArrivingAboveKeepTheBarOnItsRow() throws {
        let spec = try loadSpec(#"""
            {"sections": [{"source": {"command": ["ls"], "format": "lines"}, "row": {"title": "{{line}}"}},
                          {"rows": [{"cell": "progress", "title": "Copy", "command": ["cp"]}]}]}
            """#, file: "/specs/main.json")
        var state = AppState(root: spec, size: Size(width: 60, height: 10))
        let loads = update(&state, .start)
        guard case .startSource(let listing)? = loads.first else {
            Issue.record("no source")
            return
        }
        press(.end, on: &state)
        guard case .startSource(let copy)? = press(.enter, on: &state).first else {
            Issue.record("not started")
            return
        }
        _ = update(&state, .commandOutput(copy.key, Array("50%\n".utf8)))
        var items = RawItems(kind: .line)
        for name in ["a", "b", "c"] { items.append(Array(name.utf8)) }
        _ = update(&state, .sourceRawItems(listing.key, items))
        _ = update(&state, .sourceFinished(listing.key, .done(next: .end)))
        let lines = screen(state)
        #expect(lines.contains { $0.contains("Copy") && $0.hasSuffix("50%") }, "\(lines)")
        #expect(!lines.contains { !$0.contains("Copy") && $0.hasSuffix("50%") }, "\(lines)")
    }
}

/// The hint line says a word once: a row whose Enter goes back does not also show `← back`.
@Suite struct HintWordTests {
    @Test func enterBackIsNotSaidTwice() throws {
        let root = try loadSpec(#"{"sections": [{"rows": [{"title": "Next"}]}]}"#, file: "/specs/main.json")
        let next = try loadSpec(#"{"sections": [{"rows": [{"title": "B", "action": "back"}, {"title": "C"}]}]}"#, file: "/specs/b.json")
        var state = AppState(root: root, size: Size(width: 70, height: 6))
        state.stack.append(state.makeScreen(next, title: "B", passed: []))
        #expect(screen(state).last == " ↑↓ move  ⏎ back  / find  ? help  q quit")
        press(.down, on: &state)
        #expect(screen(state).last == " ↑↓ move  ← back  / find  ? help  q quit")
    }
}
