import Testing
@testable import SegueCore

/// fzf's actions added for issue 44's item 2: `pos`, `change-multi`, `search`,
/// `transform-search`, `change-nth`, the line's edits by name, `bg-transform…` and `bg-cancel`,
/// `trigger`, `down-selected`/`up-selected`, `close`, and `become` with `{+}`.
@Suite struct BindMoreActionsTests {
    private func picker(_ lines: [String], bind: [String], multi: Bool = false, preview: String? = nil) throws -> AppState {
        var bindings = KeyBindings()
        for text in bind { try BindParser.parse(text, into: &bindings) }
        var options = AppOptions(multiSelect: multi)
        options.bindings = bindings
        var pickerOptions = StandardInputPicker.Options()
        pickerOptions.previewCommand = preview
        return try AppState.piped(lines, spec: StandardInputPicker.spec(pickerOptions), options: options)
    }

    private func shown(_ state: AppState) -> [String] {
        (0..<state.current.rowCount).compactMap { state.current.boundRow($0).row.title }
    }

    private func query(_ state: AppState) -> String? { state.current.find?.editor.text }

    private func started(_ effects: [Effect], screen: Int) -> SourceKey? {
        for case .startSource(let request) in effects where request.key.screen == screen { return request.key }
        return nil
    }

    private func printed(_ text: String) -> CommandRun { CommandRun(status: 0, chunks: [.init(.output, Array(text.utf8))]) }

    @Test func posMovesToTheNthRowFromEitherEnd() throws {
        var state = try picker(["a", "b", "c", "d"], bind: ["ctrl-x:pos(3)", "ctrl-y:pos(-1)", "ctrl-z:pos(-9)", "f2:pos(99)"])
        press(.ctrl("x"), on: &state)
        #expect(state.current.selection == 2)
        press(.ctrl("y"), on: &state)
        #expect(state.current.selection == 3)
        press(.ctrl("z"), on: &state)
        #expect(state.current.selection == 0)
        press(.function(2), on: &state)
        #expect(state.current.selection == 3)
        #expect(throws: BindParser.Problem.self) { var bindings = KeyBindings(); try BindParser.parse("x:pos(two)", into: &bindings) }
        #expect(throws: BindParser.Problem.self) { var bindings = KeyBindings(); try BindParser.parse("x:pos", into: &bindings) }
    }

    @Test func changeMultiTurnsMarkingOnWithALimitOrOff() throws {
        var state = try picker(["a", "b", "c"], bind: ["ctrl-x:change-multi", "ctrl-y:change-multi(1)", "ctrl-z:change-multi(0)", "f2:select-all"])
        press(.function(2), on: &state)
        #expect(state.current.marks.isEmpty)  // not --multi
        press(.ctrl("x"), .function(2), on: &state)
        #expect(state.current.marks.count == 3)
        press(.ctrl("z"), on: &state)
        #expect(state.current.marks.isEmpty && !state.multiSelects)
        press(.ctrl("y"), .tab, .tab, on: &state)
        #expect(state.current.marks.count == 1)
    }

    @Test func searchFiltersByItsTextAndTheQueryStaysUntilEdited() throws {
        var state = try picker(["alpha", "beta", "gamma"], bind: ["ctrl-x:search(ga)"])
        press(.ctrl("x"), on: &state)
        #expect(query(state) == "")
        #expect(shown(state) == ["gamma"])
        press(.char("b"), on: &state)
        #expect(shown(state) == ["beta"])
    }

    @Test func transformSearchSearchesForWhatTheCommandPrints() throws {
        var state = try picker(["alpha", "beta"], bind: ["ctrl-x:transform-search(echo bet)"])
        let key = try #require(started(press(.ctrl("x"), on: &state), screen: SourceKey.transformScreen))
        _ = update(&state, .commandFinished(key, printed("bet\n")))
        #expect(shown(state) == ["beta"] && query(state) == "")
    }

    @Test func changeNthChangesTheFieldsFoundTakingAlternativesInTurn() throws {
        var state = try picker(["a x", "b y", "x z"], bind: ["ctrl-x:change-nth(1|2|)"])
        press(.char("x"), on: &state)
        #expect(Set(shown(state)) == ["a x", "x z"])
        press(.ctrl("x"), on: &state)  // the first field only
        #expect(shown(state) == ["x z"])
        press(.ctrl("x"), on: &state)  // the second
        #expect(shown(state) == ["a x"])
        press(.ctrl("x"), on: &state)  // the whole line again
        #expect(Set(shown(state)) == ["a x", "x z"])
    }

    @Test func theLinesEditsByName() throws {
        var state = try picker(["alpha"], bind: ["ctrl-x:beginning-of-line+kill-line", "ctrl-y:put(ab)+backward-char+backward-delete-char", "ctrl-q:delete-char/eof"])
        press(.char("a"), .char("l"), on: &state)
        press(.ctrl("x"), on: &state)
        #expect(query(state) == "")
        press(.ctrl("y"), on: &state)
        #expect(query(state) == "b")
        #expect(BindAction.edit(.ctrl("k"), orAbort: false).name == "kill-line")
        #expect(press(.ctrl("q"), on: &state) == [] && query(state) == "")
        #expect(press(.ctrl("q"), on: &state) == [.quit(.interrupted)])
    }

    @Test func aBackgroundTransformHoldsNeitherKeysNorTheListAndANewerOneStopsAnOlder() throws {
        var state = try picker(["alpha", "beta"], bind: ["ctrl-x:bg-transform-query(echo be)+first", "ctrl-y:bg-cancel"])
        let first = try #require(started(press(.ctrl("x"), on: &state), screen: SourceKey.backgroundTransformScreen))
        press(.char("a"), on: &state)  // typed at once, not held
        #expect(query(state) == "a")
        let second = press(.ctrl("x"), on: &state)
        #expect(second.contains(.cancelSource(first)))
        let key = try #require(started(second, screen: SourceKey.backgroundTransformScreen))
        #expect(update(&state, .commandFinished(first, printed("old\n"))).isEmpty && query(state) == "a")  // an older answer is dropped
        _ = update(&state, .commandFinished(key, printed("be\n")))
        #expect(query(state) == "be")
        let third = try #require(started(press(.ctrl("x"), on: &state), screen: SourceKey.backgroundTransformScreen))
        #expect(press(.ctrl("y"), on: &state) == [.cancelSource(third)])
    }

    @Test func triggerPerformsWhatOtherKeysAreBoundTo() throws {
        var state = try picker(["a", "b", "c"], bind: ["ctrl-y:last+trigger(ctrl-y)", "ctrl-x:trigger(ctrl-y,f2)", "f2:change-prompt(z> )"])
        press(.ctrl("x"), on: &state)
        #expect(state.current.find?.prompt == "z> ")
        #expect(state.current.selection == 2)
    }

    @Test func downAndUpSelectedMoveToTheMarkedRows() throws {
        var state = try picker(["a", "b", "c", "d"], bind: ["ctrl-x:down-selected", "ctrl-y:up-selected"], multi: true)
        press(.down, .tab, .tab, on: &state)  // b and c marked, on d
        press(.ctrl("y"), on: &state)
        #expect(state.current.selection == 2)
        press(.ctrl("y"), on: &state)
        #expect(state.current.selection == 1)
        press(.ctrl("y"), on: &state)
        #expect(state.current.selection == 1)
        press(.ctrl("x"), on: &state)
        #expect(state.current.selection == 2)
    }

    @Test func excludeTakesTheSelectedRowOutAndKeepsTheMarksOnTheirRows() throws {
        var state = try picker(["a", "b", "c", "d"], bind: ["ctrl-x:exclude", "ctrl-y:exclude-multi"], multi: true)
        press(.down, .down, .down, .tab, on: &state)  // d marked
        press(.up, .up, on: &state)  // on b
        press(.ctrl("x"), on: &state)
        #expect(shown(state) == ["a", "c", "d"])
        #expect(state.current.boundRow(state.current.selection ?? -1).row.title == "c")
        #expect(state.current.isMarked(2) && state.current.marks.count == 1)  // d, still marked
        press(.up, .tab, on: &state)  // a marked too
        press(.ctrl("y"), on: &state)
        #expect(shown(state) == ["c"] && state.current.marks.isEmpty)
        press(.char("z"), on: &state)
        #expect(shown(state).isEmpty)
        press(.backspace, on: &state)
        #expect(shown(state) == ["c"])
    }

    @Test func excludeWhileFindingFiltersTheRest() throws {
        var state = try picker(["apple", "avocado", "banana", "cherry"], bind: ["ctrl-x:exclude"])
        press(.char("a"), .char("v"), on: &state)
        #expect(shown(state) == ["avocado"])
        press(.ctrl("x"), on: &state)
        #expect(shown(state).isEmpty)
        press(.backspace, .backspace, on: &state)
        #expect(shown(state) == ["apple", "banana", "cherry"])
    }

    @Test func aBarePutPutsTheKeysOwnCharacter() throws {
        var state = try picker(["a b"], bind: ["space:put+first", "x:put", "ctrl-x:put"])
        press(.char("a"), .char(" "), .char("x"), .ctrl("x"), on: &state)
        #expect(query(state) == "a x")
    }

    @Test func closeHidesThePreviewElseAborts() throws {
        var state = try picker(["a"], bind: ["ctrl-x:close"], preview: "echo {}")
        #expect(!state.previewHidden)
        press(.ctrl("x"), on: &state)
        #expect(state.previewHidden)
        #expect(press(.ctrl("x"), on: &state) == [.quit(.interrupted)])
    }

    @Test func becomeTakesTheMarkedLines() throws {
        var state = try picker(["one", "two words"], bind: ["ctrl-x:become(printf '%s\\n' {+})"], multi: true)
        press(.tab, .tab, on: &state)
        let effects = press(.ctrl("x"), on: &state)
        guard case .become(let command, _)? = effects.first else { Issue.record("no become: \(effects)"); return }
        #expect(command.arguments.last == "printf '%s\\n' 'one' 'two words'")
    }

    @Test func thePreviewRunsWithTheUsersShellAsFzfs() throws {
        let spec = StandardInputPicker.spec({ var options = StandardInputPicker.Options(); options.previewCommand = "echo {}"; return options }())
        guard case .array(let command)? = spec.sections[0].rows.liveSources.first?.template.attributes["preview"]?.member("command") else {
            Issue.record("no preview command")
            return
        }
        #expect(command.first == .string(FzfPlaceholders.shell))
        let bound = Template(FzfPlaceholders.shell).render(in: DataContext(layers: [["env": ["SHELL": "/bin/bash"]]]))
        #expect(bound == "/bin/bash")
        #expect(Template(FzfPlaceholders.shell).render(in: DataContext(layers: [["env": [:]]])) == "sh")
    }
}

/// fzf's events `result-final` (a result once every line has come) and `multi` (the marks changed).
@Suite struct BindMoreEventsTests {
    @Test func resultFinalWaitsForTheLastLineAndMultiFollowsTheMarks() throws {
        var bindings = KeyBindings()
        try BindParser.parse("result-final:change-prompt(final> ),multi:change-header(marked)", into: &bindings)
        var options = AppOptions(multiSelect: true)
        options.bindings = bindings
        var state = AppState(root: StandardInputPicker.spec(StandardInputPicker.Options()), size: Size(width: 40, height: 8), options: options)
        var request: SourceRequest?
        for case .startSource(let started) in update(&state, .start) where started.key.screen >= 0 { request = started }
        let key = try #require(request).key
        var items = RawItems(kind: .line)
        for line in ["a", "b"] { items.append(Array(line.utf8)) }
        _ = update(&state, .sourceRawItems(key, items))
        #expect(state.current.find?.prompt == "> ")
        _ = update(&state, .sourceFinished(key, .done(next: .end)))
        #expect(state.current.find?.prompt == "final> ")
        #expect(!screen(state).contains { $0.contains("marked") })
        press(.tab, on: &state)
        #expect(screen(state).contains { $0.contains("marked") })
    }
}
