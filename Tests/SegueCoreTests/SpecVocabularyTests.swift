import Testing
@testable import SegueCore

/// Issue 44, item 2, one vocabulary: fzf's actions in a spec's `"keys"` and in a row's
/// `{"type": "fzf", "do": …}`, performed by the same reducer as `--bind`; an explicit binding
/// wins over the find line's use of a key, and `?` says what that use became.
@Suite struct SpecVocabularyTests {
    private let picker = #"""
        {"keys": {"ctrl-k": "change-prompt(x> )+put(!)", "ctrl-e": "bottom", "change": "change-header(changed)"},
         "filter": {"open": true},
         "sections": [{"rows": [
           {"title": "alpha", "action": {"type": "fzf", "do": "change-prompt(chose> )"},
            "actions": [{"key": "alt-b", "title": "Ask", "action": {"type": "fzf", "do": "change-query(gam)"}}]},
           {"title": "beta"}, {"title": "gamma"}]}]}
        """#

    private func opened(_ text: String) throws -> AppState {
        var state = AppState(root: try loadSpec(text, file: "/specs/vocab.json"), size: Size(width: 60, height: 12))
        _ = update(&state, .start)
        return state
    }

    private func prompt(_ state: AppState) -> String? { state.current.find?.prompt }
    private func query(_ state: AppState) -> String? { state.current.find?.editor.text }

    // MARK: reading `"keys"`

    @Test func aKeysTextThatIsNoCommandIsFzfsActions() throws {
        let keymap = try Keymap.standard.applying(["ctrl-r": "reload(ls)+change-prompt(x> )", "x": "quit", "ctrl-o": "toggle-preview"], path: "keys").get()
        #expect(keymap.actions[.ctrl("r")] == [.reload("ls", sync: false), .changePrompt("x> ")])
        #expect(keymap.command(for: .ctrl("r")) == nil)  // the key's command is gone: r still refreshes
        #expect(keymap.command(for: .char("r")) == .refresh)
        #expect(keymap.command(for: .char("x")) == .quit)
        #expect(keymap.actions[.ctrl("o")] == [.togglePreview])
        // A word Segue's keymap knows is its command, as before (Segue's `cancel`, `top`).
        let words = try Keymap.standard.applying(["ctrl-x": "cancel"], path: "keys").get()
        #expect(words.command(for: .ctrl("x")) == .cancel && words.actions[.ctrl("x")] == nil)
        // A command bound later takes the key back from actions.
        #expect(keymap.rebinding(.ctrl("r"), to: .bottom).actions[.ctrl("r")] == nil)
    }

    @Test func fzfsEventsMayBeBoundInKeys() throws {
        let keymap = try Keymap.standard.applying(["change": "reload(rg {q})", "every(2)": "reload(date)", "start": .null], path: "keys").get()
        #expect(keymap.actions[.change] == [.reload("rg {q}", sync: false)])
        #expect(keymap.actions.everyIntervals == [2_000])
    }

    @Test func anUnknownActionIsNamedWithItsJSONPath() {
        #expect(loadProblem(#"{"keys": {"ctrl-r": "reload(ls)+frob"}, "sections": []}"#, file: "/specs/k.json")
            == #"/specs/k.json:1:10: keys.ctrl-r: unknown action "frob" at column 12 of "reload(ls)+frob""#)
        #expect(loadProblem(#"{"keys": {"x": "qiut"}, "sections": []}"#, file: "/specs/k.json")?
            .contains(#"keys.x: expected a command (moveUp, "#) == true)
        #expect(loadProblem(#"{"keys": {"chnage": "reload(ls)"}, "sections": []}"#, file: "/specs/k.json")?
            .contains(#"keys.chnage: expected a key name"#) == true)
        #expect(loadProblem(#"{"keys": {"ctrl-c": "abort"}, "sections": []}"#, file: "/specs/k.json") == nil)  // spared, with a warning
        #expect(loadProblem(#"[{"rows": [{"title": "t", "action": {"type": "fzf", "do": "change-query(x)+frob"}}]}]"#, file: "/specs/k.json")
            == #"/specs/k.json:1:37: [0].rows[0].action.do: unknown action "frob" at column 17 of "change-query(x)+frob""#)
        #expect(loadProblem(#"[{"rows": [{"title": "t", "action": {"type": "fzf"}}]}]"#, file: "/specs/k.json")?
            .contains(#"[0].rows[0].action.do: expected fzf's actions"#) == true)
        #expect(loadProblem(#"[{"rows": [{"title": "t", "actions": [{"key": "ctrl-k", "title": "K", "action": {"type": "fzf", "do": "toggle-preview"}}]}]}]"#,
                            file: "/specs/k.json") == nil)
    }

    @Test func aRowsFzfActionReadsBackAsWritten() {
        let action = RowAction(.fzf("reload(ls {q})+first"))
        #expect(action.json == ["type": "fzf", "do": "reload(ls {q})+first"])
        #expect(RowAction(action.json) == action)
    }

    // MARK: performing them

    @Test func aSpecsKeyBoundToActionsWinsOverTheFindLinesUseOfIt() throws {
        var state = try opened(picker)
        press(.char("a"), .char("l"), .home, on: &state)
        press(.ctrl("k"), on: &state)  // the find line's "delete to the end", taken
        #expect(prompt(state) == "x> ")
        #expect(query(state) == "!al")
    }

    @Test func aSpecsKeyBoundToACommandWinsOverTheFindLinesUseOfIt() throws {
        var state = try opened(picker)
        #expect(state.current.find != nil && state.current.selection == 0)
        press(.ctrl("e"), on: &state)  // the find line's "move to the end", taken by "bottom"
        #expect(state.current.selection == 2)
    }

    @Test func aRowsActionKeyWinsOverTheFindLinesUseOfIt() throws {
        var state = try opened(picker)
        press(.char("a"), .char("l"), on: &state)
        press(.alt("b"), on: &state)  // the find line's "move a word left", taken by the row's action
        #expect(query(state) == "gam")
        #expect(selectedTitle(state) == "gamma")
    }

    @Test func aRowsEnterActionRunsFzfsActions() throws {
        var state = try opened(picker)
        #expect(press(.enter, on: &state).isEmpty)
        #expect(prompt(state) == "chose> ")
    }

    @Test func anEventBoundInKeysFires() throws {
        var state = try opened(picker)
        press(.char("b"), on: &state)
        #expect(screen(state).contains { $0.contains("changed") })
    }

    @Test func bindWinsOverASpecsKeys() throws {
        var options = AppOptions()
        try BindParser.parse("ctrl-k:change-prompt(bound> )", into: &options.bindings)
        var state = AppState(root: try loadSpec(picker, file: "/specs/vocab.json"), size: Size(width: 60, height: 12), options: options)
        _ = update(&state, .start)
        press(.ctrl("k"), on: &state)
        #expect(prompt(state) == "bound> ")
    }

    // MARK: the help

    @Test func theHelpSaysWhatTheFindLinesKeysBecame() throws {
        var state = try opened(picker)
        let lines = HelpContent.lines(for: state)
        func entry(_ keys: String) -> String? { lines.first { $0.keys == keys && $0.text.hasPrefix("now ") }?.text }
        #expect(entry("Ctrl-K") == "now change-prompt(x> )+put(!); delete to the end: gone from the find line")
        #expect(entry("Ctrl-E") == "now last row; move to the end: still End")
        #expect(entry("Alt-b") == #"now the row's "Ask"; move a word left: still Alt-←, Ctrl-←"#)
        #expect(lines.contains { $0.keys == "on change" && $0.text == "change-header(changed)" })
        // On a row without the action, Alt-B is the line's again.
        press(.down, on: &state)
        #expect(!HelpContent.lines(for: state).contains { $0.keys == "Alt-b" && $0.text.hasPrefix("now ") })
    }

    @Test func theHelpNamesAKeyBoundToATakenKeysEdit() throws {
        var options = AppOptions()
        try BindParser.parse("ctrl-k:change-prompt(k> ),alt-k:kill-line", into: &options.bindings)
        let state = AppState(root: try loadSpec(picker, file: "/specs/vocab.json"), size: Size(width: 60, height: 12), options: options)
        #expect(HelpContent.lines(for: state).contains { $0.keys == "Ctrl-K" && $0.text == "now change-prompt(k> ); delete to the end: still Alt-k" })
    }

    @Test func theHelpLeavesATakenKeyOutOfItsCommandsKeys() throws {
        var options = AppOptions()
        try BindParser.parse("ctrl-o:toggle-sort", into: &options.bindings)
        let state = AppState(root: try loadSpec(picker, file: "/specs/vocab.json"), size: Size(width: 60, height: 12), options: options)
        let lines = HelpContent.lines(for: state)
        #expect(lines.contains { $0.keys == "(no key)" && $0.text == "show or hide the preview pane" })
        #expect(lines.contains { $0.keys == "r" && $0.text.hasPrefix("reload") } == false)  // Ctrl-R is untouched here
        #expect(lines.contains { $0.keys == "r, Ctrl-R" })
    }
}
