import Testing
@testable import SegueCore

private func load(_ text: String) throws(SpecError) -> Spec { try loadSpec(text, file: "/specs/keys.json") }

private func problem(_ text: String) -> String? { loadProblem(text, file: "/specs/keys.json") }

/// Every mode reads keys through the screen's keymap (the spec's and the user's `"keys"`), and
/// a row's actions keep their keys in the find line.
@Suite struct ModeKeyTests {
    let actions = #"""
        {"keys": {"j": null, "k": null, "n": "moveDown", "p": "moveUp", "q": null, "x": "quit"},
         "sections": [{"rows": [
           {"title": "file.txt", "actions": [
             {"key": "e", "title": "Edit", "action": {"type": "emit", "value": "edit"}},
             {"key": "ctrl-y", "title": "Copy", "action": {"type": "emit", "value": "copy"}},
             {"key": "f5", "title": "Refresh", "action": {"type": "emit", "value": "f5"}}]},
           {"title": "other"}]}]}
        """#

    @Test func theActionMenuMovesWithTheSpecsKeys() throws {
        var state = AppState(root: try load(actions), size: Size(width: 50, height: 12))
        press(.tab, on: &state)
        #expect(state.actionMenu?.selection == 0)
        press(.char("j"), on: &state)
        #expect(state.actionMenu?.selection == 0)
        press(.char("n"), .char("n"), on: &state)
        #expect(state.actionMenu?.selection == 2)
        press(.char("p"), on: &state)
        #expect(state.actionMenu?.selection == 1)
        press(.char("x"), on: &state)
        #expect(state.actionMenu == nil)
    }

    @Test func plainModeAndTheTooSmallScreenQuitWithTheKeyThatQuits() throws {
        var state = AppState(root: try load(actions), size: Size(width: 50, height: 12))
        guard case .events(let events) = PlainInput.meaning(of: "q", in: state) else {
            Issue.record("q is no word")
            return
        }
        var effects: [Effect] = []
        for event in events { effects += update(&state, event) }
        #expect(effects == [.quit(.success)])
        let tiny = AppState(root: try load(actions), size: Size(width: 12, height: 4))
        #expect(render(tiny, size: tiny.size).lines.contains { $0.contains("x quits") })
        #expect(!render(tiny, size: tiny.size).lines.contains { $0.contains("q quits") })
    }

    @Test func aRowsActionsKeepTheirKeysInTheFindLine() throws {
        var state = AppState(root: try load(actions), size: Size(width: 50, height: 12))
        press(.char("/"), .char("f"), .char("i"), on: &state)
        #expect(state.current.find?.editor.text == "fi")
        #expect(press(.ctrl("y"), on: &state) == [.emit(["copy"])])
        #expect(press(.function(5), on: &state) == [.emit(["f5"])])
        // A printable key types, as it must in a find line.
        press(.char("e"), on: &state)
        #expect(state.current.find?.editor.text == "fie")
        // Without the find line the same keys run them too.
        var closed = AppState(root: try load(actions), size: Size(width: 50, height: 12))
        #expect(press(.ctrl("y"), on: &closed) == [.emit(["copy"])])
        #expect(press(.char("e"), on: &closed) == [.emit(["edit"])])
    }

    @Test func theFindLinePassesKeysItDoesNotUseToTheKeymap() throws {
        let spec = try load(#"{"keys": {"f2": "bottom"}, "sections": [{"rows": [{"title": "a1"}, {"title": "a2"}, {"title": "a3"}]}]}"#)
        var state = AppState(root: spec, size: Size(width: 40, height: 10))
        press(.char("/"), .char("a"), on: &state)
        press(.function(2), on: &state)
        #expect(state.current.selection == 2)
    }

    /// Issue 44: a row's action may take a key the find line or the screen uses (fzf's `--bind`
    /// does); only Ctrl-C, the last way out, is refused.
    @Test func anActionKeyMayTakeTheFindLinesOrTheScreensKeysButCtrlC() {
        func spec(_ key: String) -> String {
            #"[{"rows": [{"title": "t", "actions": [{"key": "\#(key)", "title": "Go", "action": "back"}]}]}]"#
        }
        for key in ["ctrl-e", "alt-b", "ctrl-r", "ctrl-k", "ctrl-d", "ctrl-o", "ctrl-p", "alt-f", "ctrl-g", "F7"] {
            #expect(problem(spec(key)) == nil, "\(key)")
        }
        #expect(problem(spec("ctrl-c")) == #"/specs/keys.json:1:38: [0].rows[0].actions[0].key: key "Ctrl-C" always quits with status 130 (the last way out); pick another"#)
        #expect(problem(spec("up"))?.contains(#"expected a single character, or ctrl-X, alt-X or F1…F12, found "up""#) == true)
    }

    /// Issue 44: a live or generated row template's action keys were not checked, so a key the
    /// find line owned loaded and did nothing. They are checked as a written row's are.
    @Test func aRowTemplatesActionKeyIsCheckedAsAWrittenRowsIs() {
        let actions = #""actions": [{"key": "ctrl-g", "title": "Ok", "action": "back"}, {"key": "ctrl-c", "title": "Go", "action": "back"}]"#
        let live = #"[{"source": {"command": ["ls"], "format": "lines"}, "row": {"title": "{{item.line}}", \#(actions)}}]"#
        #expect(problem(live) == #"/specs/keys.json:1:60: [0].row.actions[1].key: key "Ctrl-C" always quits with status 130 (the last way out); pick another"#)
        let generated = #"[{"forEach": "data.files", "row": {"title": "{{item}}", \#(actions)}}]"#
        #expect(problem(generated)?.hasSuffix(#"[0].row.actions[1].key: key "Ctrl-C" always quits with status 130 (the last way out); pick another"#) == true,
                "\(String(describing: problem(generated)))")
        // Keys the find line or the screen use load, as on a written row.
        #expect(problem(#"[{"source": {"command": ["ls"], "format": "lines"}, "row": {"title": "{{item.line}}", "actions": [{"key": "ctrl-r", "title": "Go", "action": "back"}]}}]"#) == nil)
    }

    @Test func everyEditingKeyTheChecksKnowIsOneTheEditorTakes() {
        for key in LineEditor.editingKeys.keys {
            var editor = LineEditor("some text")
            let applied = editor.apply(key)
            #expect(applied, "\(key.label)")
        }
    }

    @Test func oneModeAtATime() throws {
        var state = AppState(root: try load(actions), size: Size(width: 50, height: 12))
        press(.tab, on: &state)
        #expect(state.actionMenu != nil)
        press(.char("?"), on: &state)  // the menu takes the key: no help over it
        #expect(state.help == nil && state.actionMenu != nil)
        state.help = HelpState()
        #expect(state.actionMenu == nil)
        state.actionMenu = nil  // closing what is not open leaves the help
        #expect(state.help != nil)
    }
}

@Suite struct ActionKeyReviewTests {
    @Test func aSpecKeyThatTypesNothingCannotAlsoBeAnActionsKey() {
        #expect(loadProblem(#"""
            {"keys": {"ctrl-y": "refresh"}, "sections": [{"rows": [{"title": "t", "actions": [{"key": "ctrl-y", "title": "Copy", "action": "back"}]}]}]}
            """#, file: "/specs/keys.json")?.contains(#"keys.ctrl-y: key "ctrl-y" is already used at sections[0].rows[0].actions[0].key"#) == true)
    }

    @Test func keysATerminalSendsAsTabOrEnterAreRefused() {
        #expect(loadProblem(#"[{"rows": [{"title": "t", "actions": [{"key": "ctrl-m", "title": "Go", "action": "back"}]}]}]"#,
                            file: "/specs/keys.json")?.hasSuffix("[0].rows[0].actions[0].key: Ctrl-M reaches Segue as Enter; pick another key") == true)
    }

    @Test func aSliderOfEndsTooFarApartIsRefused() {
        #expect(loadProblem(#"[{"rows": [{"cell": "slider", "title": "V", "setting": "v", "min": -1e308, "max": 1e308}]}]"#,
                            file: "/specs/keys.json")?.hasSuffix("[0].rows[0].max: min and max must lie within ±10^15") == true)
    }
}

@Suite struct FindLineTabTests {
    @Test func tabOpensTheActionMenuFromTheFindLineWithoutMarks() throws {
        let spec = try loadSpec(#"[{"rows": [{"title": "t", "actions": [{"key": "ctrl-x", "title": "Go", "action": "back"}]}]}]"#,
                                file: "/specs/keys.json")
        var state = AppState(root: spec, size: Size(width: 40, height: 8))
        press(.char("/"), .tab, on: &state)
        #expect(state.actionMenu != nil)
        var marking = AppState(root: spec, size: Size(width: 40, height: 8), options: AppOptions(multiSelect: true))
        press(.char("/"), .tab, on: &marking)
        #expect(marking.actionMenu == nil && marking.current.marks == [0])
    }
}
