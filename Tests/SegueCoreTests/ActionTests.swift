import Testing
@testable import SegueCore
import SegueFiles

private func load(_ text: String, file: String = "/specs/main.json", actions: Set<String> = []) throws(SpecError) -> Spec {
    try SpecLoader(disk: nil, actionNames: actions).parse(bytes: Array(text.utf8), file: file)
}

private func problem(_ text: String) -> String? {
    do {
        _ = try load(text)
        return nil
    } catch {
        return error.description
    }
}

@Suite struct ActionDecodingTests {
    @Test func namesAndObjectsDecode() {
        #expect(RowAction(.string("root")) == .root)
        #expect(RowAction(.string("emit")) == RowAction(.emit(nil)))
        #expect(RowAction(.object(["type": "quit", "status": .number("3"), "confirm": "Sure?"]))
            == RowAction(.quit(ExitStatus(3)), confirm: "Sure?"))
        #expect(RowAction(.object(["type": "exec", "command": .array(["ls", "-l"]), "wait": .bool(true), "then": "reload"]))
            == RowAction(.exec(ExecCommand(arguments: ["ls", "-l"], wait: true, then: [.reload]))))
        #expect(RowAction(.object(["type": "replace", "spec": "b.json", "data": .object(["x": "1"])]))
            == RowAction(.replace(SegueTarget(spec: "b.json", data: .object(["x": "1"])))))
    }

    @Test func badActionsAreLoadErrorsWithTheirPath() {
        #expect(problem(#"[{"rows": [{"action": {"type": "exec", "command": []}}]}]"#)
            == "/specs/main.json:1:23: [0].rows[0].action.command: expected a command as a non-empty array of strings, found an array")
        #expect(problem(#"[{"rows": [{"action": {"type": "exec", "command": ["ls", 3]}}]}]"#)
            == "/specs/main.json:1:23: [0].rows[0].action.command[1]: expected a string, found 3")
        #expect(problem(#"[{"rows": [{"action": {"type": "exec", "command": ["ls"], "then": "away"}}]}]"#)
            == #"/specs/main.json:1:23: [0].rows[0].action.then: expected "back", "quit", "root", "reload", "emit", "save", "discard" (named actions need a registered handler), found "away""#)
        #expect(problem(#"[{"rows": [{"action": {"type": "quit", "status": 300}}]}]"#)
            == "/specs/main.json:1:23: [0].rows[0].action.status: expected a status from 0 to 255, found 300")
        #expect(problem(#"[{"rows": [{"action": {"type": "fly"}}]}]"#)
            == #"/specs/main.json:1:23: [0].rows[0].action.type: expected segue, back, root, replace, reload, emit, exec, become, quit, message, prompt, set, append, remove, move, add, rename, reshape, save, discard, help, if, fzf or a registered action, found "fly""#)
        #expect(problem(#"[{"rows": [{"action": {"type": "emit", "value": 1}}]}]"#)
            == "/specs/main.json:1:23: [0].rows[0].action.value: expected a string, found 1")
    }

    @Test func registeredNamesAreAccepted() throws {
        let spec = try load(#"[{"rows": [{"action": "menuItemTapped:"}]}]"#, actions: ["menuItemTapped:"])
        #expect(spec.sections[0].rows[0].action == .named("menuItemTapped:"))
    }
}

@Suite struct ActionEffectTests {
    let spec = #"""
        {"title": "Menu", "data": {"id": 7}, "sections": [{"header": "Fruit", "rows": [
          {"title": "Apple", "action": {"type": "emit", "value": "apple-{{id}}"}},
          {"title": "Banana", "action": "emit"},
          {"title": "Date", "action": {"type": "exec", "command": ["date", "+{{id}}"], "then": "quit"}},
          {"title": "Wipe", "action": {"type": "quit", "status": 4, "confirm": "Wipe it all?"}},
          {"title": "Swap", "action": {"type": "replace", "spec": "other.json"}},
          {"title": "Again", "action": "reload"}
        ]}]}
        """#

    func app(_ options: AppOptions = AppOptions()) throws -> AppState {
        AppState(root: try load(spec), size: Size(width: 60, height: 12), options: options)
    }

    @Test func emitPrintsTheBoundValueOrTheTitle() throws {
        var state = try app()
        #expect(press(.enter, on: &state) == [.emit(["apple-7"])])
        press(.down, on: &state)
        #expect(press(.enter, on: &state) == [.emit(["Banana"])])
    }

    @Test func printJSONDescribesTheRowItsSectionAndThePath() throws {
        var state = try app(AppOptions(printJSON: true))
        let effects = press(.enter, on: &state)
        guard case .emit(let lines, _)? = effects.first, let line = lines.first,
              case .object(let object)? = try? JSONParser.parse(Array(line.utf8)) else {
            Issue.record("expected one JSON line, got \(effects)")
            return
        }
        #expect(object["value"] == "apple-7")
        #expect(object["section"]?.member("header") == "Fruit")
        #expect(object["path"] == .array(["Menu"]))
        #expect(object["row"]?.member("title") == "Apple")
    }

    @Test func multiSelectMarksWithSpaceAndEmitsEveryMarkedRow() throws {
        var state = try app(AppOptions(multiSelect: true))
        press(.char(" "), .down, .char(" "), .down, .char(" "), .char(" "), on: &state)
        #expect(screen(state)[2].hasPrefix(" ✓ Apple"))
        #expect(press(.enter, on: &state) == [.emit(["apple-7", "Banana"])])
    }

    @Test func execRunsTheBoundCommandInTheSpecsFolderAndThenFollows() throws {
        var state = try app()
        press(.down, .down, on: &state)
        #expect(screen(state).last == " ⏎ runs: date +7")
        let command = ExecCommand(arguments: ["date", "+7"], then: [ExecCommand.quitWithItsStatus])
        #expect(press(.enter, on: &state) == [.exec(command, directory: "/specs")])
        let effects = update(&state, .execFinished(ExecResult(command: command, status: 3, reason: "boom")))
        #expect(effects == [.quit(ExitStatus(3))])
        #expect(screen(state).last == " exit status 3: boom")
    }

    @Test func noExecRefusesVisibly() throws {
        var state = try app(AppOptions(allowExec: false))
        press(.down, .down, on: &state)
        #expect(screen(state).last == " exec is off: date +7")
        #expect(press(.enter, on: &state).isEmpty)
        #expect(screen(state).last?.contains("running commands is turned off (--no-exec): date +7") == true)
    }

    @Test func confirmAsksFirstAndOnlyYGoesOn() throws {
        var state = try app()
        press(.down, .down, .down, on: &state)
        #expect(press(.enter, on: &state).isEmpty)
        #expect(screen(state).last == " Wipe it all? (y/N)")
        #expect(press(.char("n"), on: &state).isEmpty)
        #expect(screen(state).last == " cancelled")
        press(.enter, on: &state)
        #expect(press(.char("y"), on: &state) == [.quit(ExitStatus(4))])
    }

    @Test func replaceSwapsTheScreenAndReloadKeepsTheSelection() throws {
        var state = try app()
        press(.end, .up, on: &state)
        #expect(press(.enter, on: &state) == [.loadSpec(path: "/specs/other.json")])
        _ = update(&state, .specLoaded(path: "/specs/other.json", .success(Spec(title: "Other", sections: [
            Section(rows: [Row(title: "A", action: .root), Row(title: "B", action: .reload)])]))))
        #expect(state.breadcrumb == ["Other"])  // no new back step
        press(.down, on: &state)
        #expect(press(.enter, on: &state).isEmpty)  // an in-memory spec has no file to reload
        #expect(screen(state).last == " this screen has no file to reload")
    }

    @Test func rootPopsToTheFirstScreen() throws {
        var state = try app()
        press(.end, on: &state)
        #expect(press(.enter, on: &state) == [.loadSpec(path: "/specs/main.json")])
        _ = update(&state, .specLoaded(path: "/specs/main.json", .success(try load(spec))))
        #expect(state.stack.count == 1)  // reload replaced the screen in place
        #expect(selectedTitle(state) == "Again")
    }
}

@Suite struct ActionBindingTests {
    @Test func aLonePlaceholderInACommandOrValueIsText() throws {
        let spec = try SpecLoader(disk: nil).parse(bytes: Array(#"""
            {"data": {"n": 5}, "sections": [{"rows": [
              {"title": "A", "action": {"type": "exec", "command": ["echo", "{{n}}"]}},
              {"title": "B", "action": {"type": "emit", "value": "{{n}}"}},
              {"title": "C", "action": {"type": "segue", "spec": "x.json", "data": {"n": "{{n}}"}}}]}]}
            """#.utf8), file: "/s/main.json")
        var app = AppState(root: spec, size: Size(width: 40, height: 8))
        #expect(app.current.row(0).action == RowAction(.exec(ExecCommand(arguments: ["echo", "5"]))))
        #expect(app.current.row(1).action == RowAction(.emit("5")))
        #expect(app.current.row(2).action == RowAction(.segue(SegueTarget(spec: "x.json", data: .object(["n": .number("5")])))))
        press(.down, .down, on: &app)
        #expect(screen(app)[3].hasSuffix("›"))  // segue actions lead somewhere too
    }

    @Test func commandsShowQuotedAsAShellWouldTakeThem() {
        #expect(ExecCommand(arguments: ["sh", "-c", "echo 'hi'; ls"]).display == #"sh -c 'echo '\''hi'\''; ls'"#)
        #expect(ExecCommand(arguments: ["date", "+%Y"]).display == "date +%Y")
    }

    @Test func aClickDropsAPendingConfirmation() throws {
        let spec = try SpecLoader(disk: nil).parse(bytes: Array(#"""
            [{"rows": [{"title": "Quit", "action": {"type": "quit", "status": 3, "confirm": "Sure?"}}, {"title": "Other"}]}]
            """#.utf8), file: "/s/main.json")
        var app = AppState(root: spec, size: Size(width: 40, height: 8))
        press(.enter, on: &app)
        _ = update(&app, .mouse(.click(x: 5, y: 2)))
        #expect(press(.char("y"), on: &app).isEmpty)
    }
}

/// `{{marked}}`: what an action sees of the rows marked with `--multi`.
@Suite struct MarkedRowsTests {
    private func files() throws -> AppState {
        let spec = try loadSpec(#"""
        {"sections": [{"rows": [
          {"title": "a.txt", "action": {"type": "emit", "value": "src/a.txt"},
           "actions": [{"title": "Add", "key": "A", "action": {"type": "exec", "command": ["git", "add", "{{marked}}"]}}]},
          {"title": "b c.txt", "action": {"type": "emit", "value": "src/b c.txt"},
           "actions": [{"title": "Add", "key": "A", "action": {"type": "exec", "command": ["git", "add", "{{marked}}"]}}]},
          {"title": "d.txt", "action": {"type": "exec", "command": ["sh", "-c", "rm {{shell(marked)}}"]}}
        ]}]}
        """#, file: "/p/files.json")
        return AppState(root: spec, size: Size(width: 40, height: 10), options: AppOptions(multiSelect: true))
    }

    @Test func aListPlaceholderAloneInACommandIsOneArgumentPerMarkedRow() throws {
        var state = try files()
        _ = press(.char(" "), .down, .char(" "), .up, on: &state)  // marks a.txt and "b c.txt"
        #expect(state.current.marks.count == 2)
        #expect(press(.char("A"), on: &state) == [.exec(ExecCommand(arguments: ["git", "add", "src/a.txt", "src/b c.txt"]), directory: "/p")])
    }

    /// Issue 44: a confirmed action naming `marked` was refused ("the rows changed while
    /// asking"): the row asked about was bound with the marks, the row checked without them.
    @Test func anActionNamingMarkedRunsOnceConfirmed() throws {
        let spec = try loadSpec(#"""
        {"sections": [{"rows": [
          {"title": "a", "actions": [{"title": "Remove", "key": "R", "action": {"type": "exec", "command": ["rm", "{{marked}}"], "confirm": "Remove them?"}}]},
          {"title": "b", "actions": [{"title": "Remove", "key": "R", "action": {"type": "exec", "command": ["rm", "{{marked}}"], "confirm": "Remove them?"}}]},
          {"title": "c", "action": {"type": "exec", "command": ["rm", "{{marked}}"], "confirm": "Remove {{title}}?"}}
        ]}]}
        """#, file: "/p/files.json")
        var state = AppState(root: spec, size: Size(width: 40, height: 10), options: AppOptions(multiSelect: true))
        _ = press(.char(" "), .down, .char(" "), .up, on: &state)  // marks a and b
        #expect(press(.char("R"), on: &state).isEmpty)
        #expect(state.status?.text.hasPrefix("Remove them?") == true)
        #expect(press(.char("y"), on: &state) == [.exec(ExecCommand(arguments: ["rm", "a", "b"]), directory: "/p")], "status: \(String(describing: state.status?.text))")
        // The row's own action, with nothing marked.
        var unmarked = AppState(root: spec, size: Size(width: 40, height: 10), options: AppOptions(multiSelect: true))
        _ = press(.down, .down, on: &unmarked)
        #expect(press(.enter, on: &unmarked).isEmpty)
        #expect(press(.char("y"), on: &unmarked) == [.exec(ExecCommand(arguments: ["rm", "c"]), directory: "/p")], "status: \(String(describing: unmarked.status?.text))")
    }

    @Test func withNoMarksItIsTheSelectedRowAndShellQuotesEach() throws {
        var state = try files()
        #expect(press(.char("A"), on: &state) == [.exec(ExecCommand(arguments: ["git", "add", "src/a.txt"]), directory: "/p")])
        _ = press(.down, .down, on: &state)
        #expect(press(.enter, on: &state) == [.exec(ExecCommand(arguments: ["sh", "-c", "rm 'd.txt'"]), directory: "/p")])
    }
}

/// `become`, `--expect` and `"cwd": "caller"`: how a picker hands over to what comes next.
@Suite struct HandOverTests {
    private let spec = #"""
    {"sections": [{"rows": [
      {"title": "Edit", "action": {"type": "become", "command": ["vim", "{{title}}.txt"]}},
      {"title": "List", "action": {"type": "exec", "command": ["ls"]}}
    ]}]}
    """#

    @Test func becomeEndsTheSessionWithTheCommandToRunInItsPlace() throws {
        var state = AppState(root: try load(spec), size: Size(width: 40, height: 10))
        #expect(press(.enter, on: &state) == [.become(ExecCommand(arguments: ["vim", "Edit.txt"]), directory: "/specs")])
        #expect(Effect.become(ExecCommand(arguments: ["x"]), directory: ".").endsSession)
        #expect(problem(#"[{"rows": [{"action": {"type": "become", "command": ["vim"], "then": "back"}}]}]"#)?
            .contains("action.then: a become action does not come back") == true)
        var off = AppState(root: try load(spec), size: Size(width: 40, height: 10), options: AppOptions(allowExec: false))
        #expect(press(.enter, on: &off) == [])
        #expect(off.status?.text.contains("running commands is turned off") == true)
    }

    @Test func cwdCallerRunsCommandsWhereSegueStarted() throws {
        let caller = spec.replacingFirst("{\"sections\"", with: "{\"cwd\": \"caller\", \"sections\"")
        var state = AppState(root: try load(caller), size: Size(width: 40, height: 10))
        _ = press(.down, on: &state)
        #expect(press(.enter, on: &state) == [.exec(ExecCommand(arguments: ["ls"]), directory: ".")])
        #expect(problem(#"{"cwd": "home", "sections": []}"#)?.contains("cwd: expected \"spec\" or \"caller\"") == true)
    }

    @Test func anExpectedKeyChoosesAndItsNameIsPrintedAfterTheQuery() throws {
        let picker = StandardInputPicker.spec()
        var options = AppOptions(printQuery: true)
        options.expectedKeys = ["ctrl-x", "f2"]
        var state = AppState(root: picker, size: Size(width: 40, height: 10), options: options)
        guard case .startSource(let request)? = update(&state, .start).first else {
            Issue.record("no standard input")
            return
        }
        var items = RawItems(kind: .line)
        for line in ["one", "two"] { items.append(Array(line.utf8)) }
        _ = update(&state, .sourceRawItems(request.key, items))
        _ = press(.char("t"), on: &state)
        #expect(press(.ctrl("x"), on: &state) == [.emit(["t", "ctrl-x", "two"])])
        #expect(press(.enter, on: &state) == [.emit(["t", "", "two"])])
    }
}

private extension String {
    func replacingFirst(_ target: String, with replacement: String) -> String {
        guard let range = firstRange(of: target) else { return self }
        return replacingCharacters(in: range, with: replacement)
    }
}

/// `"multi"` on a spec and `--multi=N`: marking per screen, with a limit.
@Suite struct MarkLimitTests {
    @Test func aSpecsMultiMarksOnItsScreenAndItsLimitRefusesOneMore() throws {
        let spec = try load(#"{"multi": 2, "sections": [{"rows": [{"title": "a", "action": "emit"}, {"title": "b", "action": "emit"}, {"title": "c", "action": "emit"}]}]}"#)
        var state = AppState(root: spec, size: Size(width: 40, height: 10))
        _ = press(.char(" "), .down, .char(" "), .down, .char(" "), on: &state)
        #expect(state.current.marks.count == 2)
        #expect(state.status?.text == "at most 2 rows can be marked")
        #expect(press(.enter, on: &state) == [.emit(["a", "b"])])
        #expect(problem(#"{"multi": 0, "sections": []}"#)?.contains("multi: expected true, false or the most rows") == true)
    }

    @Test func theCommandLinesLimitWinsAndUnmarkingIsAlwaysAllowed() throws {
        let spec = try load(#"{"multi": true, "sections": [{"rows": [{"title": "a"}, {"title": "b"}]}]}"#)
        var options = AppOptions()
        options.markLimit = 1
        var state = AppState(root: spec, size: Size(width: 40, height: 10), options: options)
        _ = press(.char(" "), .down, .char(" "), on: &state)
        #expect(state.current.marks.count == 1)
        _ = press(.up, .char(" "), .down, .char(" "), on: &state)
        #expect(state.current.marks == [1])
    }
}
