@testable import SegueCore
import Testing

/// Flows that report back (issue 27), second part: confirmations that default to yes, a spec's
/// `onOpen`, `reload` and `"refresh": "onShow"` reading the settings file again, and an exec
/// that captures what its command prints.
@Suite struct FlowStateTests {
    struct Failure: Error {}

    func app(_ text: String, settings: JSONValue = .object([:]), path: String? = "/specs/settings.json") throws -> AppState {
        AppState(root: try loadSpec(text, file: "/specs/main.json"), size: Size(width: 60, height: 10),
                 settings: Settings(path: path, values: settings))
    }

    static let reboot = #"""
        {"sections": [{"rows": [
          {"title": "Reboot", "action": {"type": "quit", "status": 4, "confirm": {"question": "Reboot now?", "default": "yes"}}},
          {"title": "Halt", "action": {"type": "quit", "status": 5, "confirm": {"question": "Halt?", "default": "no"}}}
        ]}]}
        """#

    @Test func aConfirmThatDefaultsToYesRunsOnEnterAndSaysSo() throws {
        var state = try app(Self.reboot)
        press(.enter, on: &state)
        #expect(state.status?.text == "Reboot now? (Y/n)")
        #expect(press(.enter, on: &state) == [.quit(ExitStatus(4))])
    }

    @Test func aConfirmThatDefaultsToNoIsCancelledByEnter() throws {
        var state = try app(Self.reboot)
        press(.down, .enter, on: &state)
        #expect(state.status?.text == "Halt? (y/N)")
        #expect(press(.enter, on: &state) == [])
        #expect(state.status?.text == "cancelled")
        // Any key but y and Enter still cancels a yes-by-default question.
        press(.up, .enter, on: &state)
        #expect(press(.char("n"), on: &state) == [])
    }

    @Test func plainModesEmptyAnswerIsEnter() throws {
        var state = try app(Self.reboot)
        press(.enter, on: &state)
        guard case .events(let events) = PlainInput.meaning(of: "", in: state) else {
            Issue.record("an empty line is not an answer")
            return
        }
        var effects: [Effect] = []
        for event in events { effects += update(&state, event) }
        #expect(effects == [.quit(ExitStatus(4))])
    }

    @Test func badConfirmObjectsAreErrorsAtTheirPath() {
        let spec = { (confirm: String) in #"{"sections": [{"rows": [{"title": "A", "action": {"type": "quit", "confirm": \#(confirm)}}]}]}"# }
        #expect(loadProblem(spec(#"{"question": "Sure?", "default": "maybe"}"#), file: "/s.json")?
            .contains("sections[0].rows[0].action.confirm.default: expected \"yes\" or \"no\"") == true)
        #expect(loadProblem(spec(#"{"default": "yes"}"#), file: "/s.json")?
            .contains("sections[0].rows[0].action.confirm.question: expected a question") == true)
        #expect(loadProblem(spec(#"{"question": "Sure?", "defualt": "yes"}"#), file: "/s.json")?
            .contains("confirm.defualt") == true)
    }

    @Test func onOpenAsksBeforeTheFirstScreenAndItsAnswerSetsASetting() throws {
        var state = try app(#"""
            {"title": "Hello {{settings.user}}",
             "onOpen": {"type": "prompt", "question": "Which user?", "default": "pi",
                        "then": {"type": "set", "settings": {"user": "{{input}}"}}},
             "sections": [{"rows": [{"title": "Row"}]}]}
            """#)
        _ = update(&state, .start)
        #expect(state.entry != nil)
        press(.enter, on: &state)
        #expect(state.settings.values.member("user") == "pi")
        #expect(screen(state).first?.contains("Hello pi") == true)
    }

    @Test func onOpenRunsForAScreenASegueOpensButNotWhenItIsReadAgain() throws {
        var state = try app(#"{"sections": [{"rows": [{"title": "Next", "segue": "next.json"}]}]}"#)
        let next = try loadSpec(#"""
            {"onOpen": {"type": "set", "settings": {"seen": "{{settings.seen | 0}}1"}},
             "sections": [{"rows": [{"title": "Here"}]}]}
            """#, file: "/specs/next.json")
        #expect(press(.enter, on: &state) == [.loadSpec(path: "/specs/next.json")])
        _ = update(&state, .specLoaded(path: "/specs/next.json", .success(next)))
        #expect(state.settings.values.member("seen") == "01")
        _ = Activation.run(.reload, row: 0, on: &state)
        _ = update(&state, .specLoaded(path: "/specs/next.json", .success(next)))
        #expect(state.settings.values.member("seen") == "01")
    }

    @Test func reloadReadsTheSettingsFileAgainKeepingHeldValues() throws {
        var state = try app(#"""
            {"saveSettings": "onSave", "sections": [{"rows": [
              {"cell": "toggle", "title": "SSH", "setting": "ssh"},
              {"cell": "toggle", "title": "VNC", "setting": "vnc"},
              {"title": "Reload", "action": "reload"}
            ]}]}
            """#, settings: .object(["ssh": .bool(false), "vnc": .bool(false)]))
        press(.down, .enter, on: &state)  // VNC on, held until saved
        press(.down, on: &state)
        #expect(press(.enter, on: &state) == [.readSettings(path: "/specs/settings.json"), .loadSpec(path: "/specs/main.json")])
        // A command turned SSH on in the file meanwhile.
        _ = update(&state, .settingsRead(Settings(path: "/specs/settings.json", values: .object(["ssh": .bool(true), "vnc": .bool(false)]))))
        #expect(screen(state).contains { $0.contains("[x] SSH") })
        #expect(screen(state).contains { $0.contains("[x] VNC") })
        #expect(state.settings.heldNames == ["vnc"])
    }

    @Test func aSettingsFileThatNoLongerReadsKeepsTheSettingsAndSaysWhy() throws {
        var state = try app(#"{"sections": [{"rows": [{"cell": "toggle", "title": "SSH", "setting": "ssh"}]}]}"#,
                            settings: .object(["ssh": .bool(true)]))
        _ = update(&state, .settingsRead(Settings(path: "/specs/settings.json", problem: .corrupt("line 1: not JSON"))))
        #expect(state.settings.values.member("ssh") == .bool(true))
        #expect(state.status?.kind == .error)
    }

    @Test func aScreenThatRefreshesOnShowIsReadAgainWhenTheUserComesBack() throws {
        var state = try app(#"{"refresh": "onShow", "sections": [{"rows": [{"title": "Next", "segue": "next.json"}]}]}"#)
        press(.enter, on: &state)
        _ = update(&state, .specLoaded(path: "/specs/next.json", .success(try loadSpec(#"{"sections": [{"rows": [{"title": "Here"}]}]}"#, file: "/specs/next.json"))))
        #expect(press(.escape, on: &state) == [.readSettings(path: "/specs/settings.json"), .loadSpec(path: "/specs/main.json")])
        // Without it, coming back reads nothing.
        var plain = try app(#"{"sections": [{"rows": [{"title": "Next", "segue": "next.json"}]}]}"#)
        press(.enter, on: &plain)
        _ = update(&plain, .specLoaded(path: "/specs/next.json", .success(try loadSpec(#"{"sections": [{"rows": [{"title": "Here"}]}]}"#, file: "/specs/next.json"))))
        #expect(press(.escape, on: &plain) == [])
    }

    @Test func aMessageBoxWaitsBehindWhatIsBeingTyped() throws {
        // A screen's state check leaves it usable (`HeldInput`): its box waits for the typing.
        var state = try app(#"""
            {"onOpen": {"type": "exec", "command": ["r"], "capture": {"data": "x"},
                        "then": {"type": "message", "style": "box", "text": "Read it."}},
             "sections": [{"rows": [{"title": "Name", "cell": "input", "setting": "name"}]}]}
            """#)
        let request = try #require(captureRequest(update(&state, .start)))
        press(.enter, .char("a"), on: &state)
        _ = update(&state, .commandFinished(request.key, CommandRun(status: 0, chunks: [.init(.output, Array("1".utf8))])))
        #expect(state.entry != nil)  // still typing
        press(.char("b"), .enter, on: &state)
        #expect(state.settings.values.member("name") == "ab")
        #expect(screen(state).contains { $0.contains("│ Read it. ") })
    }

    @Test func decliningOnOpensQuestionTakesNothingOffTheQueueAndItGoesOn() throws {
        var state = try app(#"{"sections": [{"rows": [{"title": "Next", "segue": "next.json"}]}]}"#)
        let next = try loadSpec(#"{"onOpen": {"type": "set", "settings": {"a": 1}, "confirm": "Set a?"}, "sections": [{"rows": [{"title": "Here"}]}]}"#,
                                file: "/specs/next.json")
        // A handler opens the screen, then says something.
        let opened = update(&state, .handlerFinished(name: "h", row: [:], [RowAction(.segue(SegueTarget(spec: "next.json"))),
                                                                          RowAction(.message("after it", isError: false))]))
        #expect(opened == [.loadSpec(path: "/specs/next.json")])
        _ = update(&state, .specLoaded(path: "/specs/next.json", .success(next)))
        #expect(state.status?.text == "Set a? (y/N)")
        press(.char("n"), on: &state)
        #expect(state.status?.text == "after it")
        #expect(state.settings.values.member("a") == nil)
        #expect(state.queuedActions.isEmpty)
    }

    static let boxes = #"""
        {"sections": [{"rows": [
          {"title": "Licence", "action": {"type": "message", "style": "box", "text": "LICENCE\n\nline 1\nline 2\nline 3\nline 4\nline 5\nline 6\nline 7\nline 8\nthe end"}},
          {"title": "Update", "action": {"type": "exec", "command": ["update"], "then": [
            {"type": "message", "style": "box", "text": "Updated."}, {"type": "quit", "status": 7}]}}
        ]}]}
        """#

    @Test func aMessageBoxShowsItsLinesWholeAndScrolls() throws {
        var state = try app(Self.boxes)
        press(.enter, on: &state)
        // 10 lines high: a list of 8, so 5 lines of text between the borders and ⏎ OK.
        #expect(screen(state)[1...3] == [" > Licence           ┌─ 1–5/11 ↑↓ ───┐", "   Update            │ LICENCE       │",
                                          "                     │               │"])
        #expect(screen(state).contains { $0.contains("⏎ OK") })
        press(.end, on: &state)
        #expect(screen(state).contains { $0.contains("│ the end ") })
        #expect(screen(state)[1].contains("7–11/11"))
        // Keys that mean something on the list do nothing while it shows.
        #expect(press(.down, .char("/"), on: &state) == [])
        press(.enter, on: &state)
        #expect(state.mode == nil)
    }

    @Test func actionsAfterAMessageBoxWaitUntilItIsClosed() throws {
        var state = try app(Self.boxes)
        press(.down, on: &state)
        guard case .exec(let command, _)? = press(.enter, on: &state).first else {
            Issue.record("the row ran no command")
            return
        }
        #expect(update(&state, .execFinished(ExecResult(command: command, status: 0))) == [])
        #expect(screen(state).contains { $0.contains("│ Updated. ") })
        #expect(press(.enter, on: &state) == [.quit(ExitStatus(7))])
    }

    @Test func plainModePrintsAMessageBoxWholeAndAnyLineClosesIt() throws {
        var state = try app(Self.boxes)
        press(.enter, on: &state)
        #expect(PlainView.lines(of: state).suffix(3) == ["line 7", "line 8", "the end"])
        #expect(PlainView.prompt(of: state) == "Press Enter to go on> ")
        guard case .events(let events) = PlainInput.meaning(of: "x", in: state) else {
            Issue.record("a line does not close the box")
            return
        }
        for event in events { _ = update(&state, event) }
        #expect(state.mode == nil)
    }

    @Test func textRowsKeepTheirLineBreaks() throws {
        let state = try app(#"{"sections": [{"rows": [{"cell": "text", "title": "One\nTwo\n\nFour"}, {"title": "Row"}]}]}"#)
        #expect(screen(state)[1...5] == ["   One", "   Two", "", "   Four", " > Row"])
    }

    @Test func rowsNeverShownTogetherShareAHotkey() throws {
        var state = try app(#"""
            {"sections": [{"rows": [
              {"title": "Turn SSH on", "key": "s", "hidden": "{{settings.ssh}}", "action": {"type": "set", "settings": {"ssh": true}}},
              {"title": "Turn SSH off", "key": "s", "hidden": "{{!settings.ssh}}", "action": {"type": "set", "settings": {"ssh": false}}}
            ]}]}
            """#, settings: .object(["ssh": .bool(true)]))
        press(.char("s"), on: &state)
        #expect(state.settings.values.member("ssh") == .bool(false))
        press(.char("s"), on: &state)
        #expect(state.settings.values.member("ssh") == .bool(true))
        // Two rows that always show cannot share one.
        #expect(loadProblem(#"{"sections": [{"rows": [{"title": "A", "key": "s"}, {"title": "B", "key": "s"}]}]}"#, file: "/s.json")?
            .contains("hotkey \"s\" is already used by sections[0].rows[0].key") == true)
    }

    @Test func unattendedRunsAnswerQuestionsFromTheCommandLineOrSayWhichWasLeft() throws {
        var state = try app(#"""
            {"sections": [{"rows": [
              {"title": "Rename", "id": "rename", "action": {"type": "prompt", "question": "New name?",
                "then": {"type": "set", "settings": {"name": "{{input}}"}, "confirm": "Rename to {{input}}?"}}}
            ]}]}
            """#)
        func step(_ yes: Bool, _ answers: inout ArraySlice<String>) -> Unattended.Step {
            Unattended.answer(state, yes: yes, answers: &answers)
        }
        guard case .events(let open) = Unattended.activate("rename", in: state) else { throw Failure() }
        for event in open { _ = update(&state, event) }
        var none: ArraySlice<String> = []
        guard case .failed(let why) = step(true, &none) else { throw Failure() }
        #expect(why == #"it asks "New name?": give the answer with --answer"#)
        var answers: ArraySlice<String> = ["pi5"]
        guard case .events(let typed) = step(false, &answers) else { throw Failure() }
        for event in typed { _ = update(&state, event) }
        guard case .failed(let unconfirmed) = step(false, &answers) else { throw Failure() }
        #expect(unconfirmed == #"it asks "Rename to pi5?": --yes answers yes"#)
        guard case .events(let yes) = step(true, &answers) else { throw Failure() }
        for event in yes { _ = update(&state, event) }
        #expect(state.settings.values.member("name") == "pi5")
        guard case .done = step(true, &answers) else { throw Failure() }
        guard case .failed(let missing) = Unattended.activate("nope", in: state) else { throw Failure() }
        #expect(missing.hasPrefix(#"no row with the id or title "nope""#))
    }

    @Test func aWaitingCommandsLineSaysHowItEndedInTheSpecsWords() throws {
        let spec = try loadSpec(#"{"sections": [{"rows": [{"title": "Scan", "action": {"type": "exec", "command": ["scan"], "wait": "Enter: back to {{title}}"}}]}]}"#,
                                file: "/s.json")
        var state = AppState(root: spec, size: Size(width: 60, height: 10))
        guard case .exec(let command, _)? = press(.enter, on: &state).first else { throw Failure() }
        #expect(command.wait && command.waitText == "Enter: back to Scan")
        #expect(command.waitLine(after: ExecResult(command: command, status: 0), ascii: false) == " ✓ done · Enter: back to Scan ")
        #expect(command.waitLine(after: ExecResult(command: command, status: 3), ascii: true) == " x exit 3 - Enter: back to Scan ")
        let plain = ExecCommand(arguments: ["ls"], wait: true)
        #expect(plain.waitLine(after: ExecResult(command: plain, status: 127, reason: "cannot run ls"), ascii: false)
            == " ✗ exit 127: cannot run ls · press a key to go back ")
        #expect(loadProblem(#"{"sections": [{"rows": [{"title": "A", "action": {"type": "exec", "command": ["x"], "wait": 3}}]}]}"#, file: "/s.json")?
            .contains("action.wait: expected true, false or the words under the output") == true)
    }

    static let made = #"""
        {"sections": [{"rows": [{"title": "Hosts", "segue": {"command": ["hosts-menu", "{{title}}"], "data": {"kind": "ssh"}}}]}]}
        """#

    @Test func aSegueToACommandLoadsWhatItPrintsAndAReloadRunsItAgain() throws {
        var state = try app(Self.made)
        let effects = press(.enter, on: &state)
        guard effects.count == 1, case .startSource(let request) = effects[0] else { throw Failure() }
        #expect(request.origin == .command(["hosts-menu", "Hosts"]) && request.capturesOutput)
        #expect(screen(state).last?.contains("hosts-menu Hosts…") == true)
        // Keys wait while it runs.
        #expect(press(.down, on: &state) == [])
        let printed = Array(#"{"title": "Hosts", "sections": [{"rows": [{"title": "{{kind}}: web1"}]}]}"#.utf8)
        let parse = update(&state, .commandFinished(request.key, CommandRun(status: 0, chunks: [.init(.output, printed)])))
        #expect(parse == [.parseSpec(printed, file: "/specs/(hosts-menu)", command: ["hosts-menu", "Hosts"])])
        var spec = try loadSpec(String(decoding: printed, as: UTF8.self), file: "/specs/(hosts-menu)")
        spec.madeBy = ["hosts-menu", "Hosts"]
        _ = update(&state, .specLoaded(path: "/specs/(hosts-menu)", .success(spec)))
        #expect(state.breadcrumb.count == 2 && screen(state).contains { $0.contains("ssh: web1") })
        // Read again: the command runs again, in place.
        guard case .startSource(let again)? = Activation.run(.reload, row: 0, on: &state).last else { throw Failure() }
        #expect(again.origin == .command(["hosts-menu", "Hosts"]))
    }

    @Test func aFailingCommandOrEscLeavesTheScreenAndSaysWhy() throws {
        var state = try app(Self.made)
        guard case .startSource(let request)? = press(.enter, on: &state).first else { throw Failure() }
        _ = update(&state, .commandFinished(request.key, CommandRun(status: 4, chunks: [.init(.errors, Array("no hosts file\n".utf8))])))
        #expect(state.status == .error("hosts-menu Hosts: exit status 4: no hosts file"))
        #expect(state.breadcrumb.count == 1 && state.pendingSegue == nil)
        guard case .startSource(let second)? = press(.enter, on: &state).first else { throw Failure() }
        #expect(press(.escape, on: &state) == [.cancelSource(second.key)])
        #expect(state.specCommand == nil && state.pendingSegue == nil)
        // With commands off it is refused, as an exec.
        var off = AppOptions()
        off.allowExec = false
        var refused = AppState(root: try loadSpec(Self.made, file: "/specs/main.json"), size: Size(width: 60, height: 10), options: off)
        #expect(press(.enter, on: &refused) == [])
        #expect(refused.status?.kind == .error)
    }

}
