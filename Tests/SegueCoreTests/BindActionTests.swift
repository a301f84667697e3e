import Testing
@testable import SegueCore

/// Each `--bind` action as state and events: the picker of lines piped in, a key bound, the
/// effects it asks for and the state it leaves.
@Suite struct BindActionTests {
    /// The stdin picker with `lines` arrived, `bind` read as `--bind` options.
    private func picker(_ lines: [String], bind: [String], multi: Bool = false, allowExec: Bool = true, preview: String? = nil, size: Size = Size(width: 40, height: 8),
                        start: ((inout AppState, [Effect]) -> Void)? = nil) throws -> AppState {
        var bindings = KeyBindings()
        for text in bind { try BindParser.parse(text, into: &bindings) }
        var options = AppOptions(multiSelect: multi, allowExec: allowExec)
        options.bindings = bindings
        var pickerOptions = StandardInputPicker.Options()
        pickerOptions.previewCommand = preview
        var state = AppState(root: StandardInputPicker.spec(pickerOptions), size: size, options: options)
        let effects = update(&state, .start)
        start?(&state, effects)
        let request = try #require(sourceRequest(in: effects))
        feed(lines, to: request, &state)
        return state
    }

    private func sourceRequest(in effects: [Effect]) -> SourceRequest? {
        for case .startSource(let request) in effects where !request.key.isCapture { return request }
        return nil
    }

    @discardableResult
    private func feed(_ lines: [String], to request: SourceRequest, _ state: inout AppState) -> [Effect] {
        var items = RawItems(kind: .line)
        for line in lines { items.append(Array(line.utf8)) }
        _ = update(&state, .sourceRawItems(request.key, items))
        return update(&state, .sourceFinished(request.key, .done(next: .end)))
    }

    private func query(_ state: AppState) -> String? { state.current.find?.editor.text }
    private func selectedLine(_ state: AppState) -> String? { state.current.selectedBoundRow?.row.title }

    // MARK: accepting and leaving

    @Test func acceptPrintsTheSelectedLine() throws {
        var state = try picker(["one", "two"], bind: ["ctrl-x:down+accept"])
        #expect(press(.ctrl("x"), on: &state) == [.emit(["two"])])
    }

    @Test func abortEndsWith130AsFzfs() throws {
        var state = try picker(["one"], bind: ["ctrl-q:abort"])
        #expect(press(.ctrl("q"), on: &state) == [.quit(.interrupted)])
    }

    @Test func acceptNonEmptyDoesNothingWithoutAMatch() throws {
        var state = try picker(["one"], bind: ["ctrl-x:accept-non-empty"])
        _ = press(.char("z"), on: &state)
        #expect(press(.ctrl("x"), on: &state) == [])
        _ = press(.backspace, on: &state)
        #expect(press(.ctrl("x"), on: &state) == [.emit(["one"])])
    }

    @Test func acceptOrPrintQueryPrintsTheQueryWithoutAMatch() throws {
        var state = try picker(["one"], bind: ["ctrl-x:accept-or-print-query"])
        _ = press(.char("z"), on: &state)
        #expect(press(.ctrl("x"), on: &state) == [.emit(["z"])])
    }

    @Test func printQueryPrintsTheQuery() throws {
        var state = try picker(["one"], bind: ["ctrl-x:print-query"])
        _ = press(.char("o"), on: &state)
        #expect(press(.ctrl("x"), on: &state) == [.emit(["o"])])
    }

    // MARK: commands

    @Test func executeLendsTheTerminalWithPlaceholdersAndStateAndHoldsTheRest() throws {
        var state = try picker(["one", "two words"], bind: ["ctrl-e:execute(less {})+first"])
        _ = press(.down, on: &state)
        let effects = press(.ctrl("e"), on: &state)
        guard case .exec(let command, _)? = effects.first else {
            Issue.record("expected an exec, found \(effects)")
            return
        }
        #expect(Array(command.arguments.suffix(3)) == ["sh", "-c", "less 'two words'"])
        #expect(command.arguments.first == "env")
        for variable in ["SEGUE_QUERY=", "FZF_QUERY=", "SEGUE_MATCH_COUNT=2", "FZF_TOTAL_COUNT=2", "SEGUE_POS=2",
                         "FZF_KEY=ctrl-e", "SEGUE_ACTION=execute", "FZF_PROMPT=> "] {
            #expect(command.arguments.contains(variable), "\(variable) in \(command.arguments)")
        }
        // `first` waits for the command to end.
        #expect(selectedLine(state) == "two words")
        _ = update(&state, .execFinished(ExecResult(command: command, status: 0)))
        #expect(selectedLine(state) == "one")
    }

    @Test func executeSilentRunsInTheBackgroundThenTheRest() throws {
        var state = try picker(["one"], bind: ["ctrl-y:execute-silent(echo {q})+abort"])
        _ = press(.char("o"), on: &state)
        let effects = press(.ctrl("y"), on: &state)
        guard case .startSource(let request)? = effects.first, request.key.isCapture, case .command(let arguments) = request.origin else {
            Issue.record("expected a command in the background, found \(effects)")
            return
        }
        #expect(Array(arguments.suffix(3)) == ["sh", "-c", "echo 'o'"])
        let ends = effects.contains { $0.endsSession }
        #expect(!ends)
        #expect(update(&state, .commandFinished(request.key, CommandRun(status: 0))) == [.quit(.interrupted)])
    }

    @Test func becomeRunsTheCommandInSeguesPlace() throws {
        var state = try picker(["one"], bind: ["enter:become(vim {})"])
        let effects = press(.enter, on: &state)
        guard case .become(let command, _)? = effects.first else {
            Issue.record("expected become, found \(effects)")
            return
        }
        #expect(Array(command.arguments.suffix(3)) == ["sh", "-c", "vim 'one'"])
    }

    @Test func commandsAreRefusedWithCommandsOff() throws {
        var state = try picker(["one"], bind: ["ctrl-r:reload(ls)", "ctrl-y:execute-silent(ls)"], allowExec: false)
        #expect(press(.ctrl("r"), on: &state) == [])
        #expect(state.status?.text.contains("turned off") == true)
        #expect(press(.ctrl("y"), on: &state) == [])
    }

    @Test func reloadReplacesThePipedLinesWithTheCommandsKeepingTheQuery() throws {
        var state = try picker(["one", "two"], bind: ["ctrl-r:reload(ps -ef)"])
        _ = press(.char("a"), on: &state)
        let effects = press(.ctrl("r"), on: &state)
        let request = try #require(sourceRequest(in: effects))
        guard case .command(let arguments) = request.origin else {
            Issue.record("expected the command as the source, found \(request.origin)")
            return
        }
        #expect(Array(arguments.suffix(3)) == ["sh", "-c", "ps -ef"])
        feed(["alpha", "beta", "gamma"], to: request, &state)
        #expect(query(state) == "a")
        #expect(state.current.rowCount == 3)
        #expect(screen(state).contains { $0.contains("alpha") })
        #expect(!screen(state).contains { $0.contains("one") })
        // Reloaded again, the command runs again.
        #expect(sourceRequest(in: press(.ctrl("r"), on: &state)) != nil)
    }

    @Test func reloadTakesTheHeaderLinesAgainFromTheCommandsOutput() throws {
        var pickerOptions = StandardInputPicker.Options()
        pickerOptions.headerLines = 1
        var bindings = KeyBindings()
        try BindParser.parse("ctrl-r:reload(ps)", into: &bindings)
        var options = AppOptions()
        options.bindings = bindings
        var state = AppState(root: StandardInputPicker.spec(pickerOptions), size: Size(width: 40, height: 8), options: options)
        feed(["HEAD 1", "one"], to: try #require(sourceRequest(in: update(&state, .start))), &state)
        #expect(state.current.headerLines(0) == ["HEAD 1"])
        feed(["HEAD 2", "two"], to: try #require(sourceRequest(in: press(.ctrl("r"), on: &state))), &state)
        #expect(state.current.headerLines(0) == ["HEAD 2"])
        #expect(selectedLine(state) == "two")
    }

    /// One vocabulary (issue 44): on a spec's screen, which has no piped lines, `reload` gives
    /// its live sections that run a command the new one, so a picker grown into a spec keeps its
    /// bindings; a screen with none says so.
    @Test func reloadOnASpecReplacesItsLiveSectionsCommand() throws {
        let text = #"{"keys": {"ctrl-t": "reload(printf 'x\\ny\\n')"}, "sections": [{"source": {"command": ["ls"], "format": "lines"}, "row": {"title": "{{item.line}}"}}]}"#
        let spec = try SpecLoader(disk: nil, actionNames: []).parse(bytes: Array(text.utf8), file: "/specs/main.json")
        var bindings = KeyBindings()
        try BindParser.parse("ctrl-r:reload(ps)", into: &bindings)
        var options = AppOptions()
        options.bindings = bindings
        var state = AppState(root: spec, size: Size(width: 40, height: 8), options: options)
        _ = update(&state, .start)
        let reloaded = try #require(sourceRequest(in: press(.ctrl("r"), on: &state)))
        guard case .command(let arguments) = reloaded.origin else { Issue.record("not a command: \(reloaded.origin)"); return }
        #expect(Array(arguments.suffix(2)) == ["-c", "ps"])
        let fromKeys = try #require(sourceRequest(in: press(.ctrl("t"), on: &state)))
        guard case .command(let second) = fromKeys.origin else { Issue.record("not a command"); return }
        #expect(second.last == "printf 'x\\ny\\n'")
        let still = #"{"sections": [{"rows": [{"title": "a"}]}]}"#
        var plain = AppState(root: try SpecLoader(disk: nil, actionNames: []).parse(bytes: Array(still.utf8), file: "/specs/main.json"),
                             size: Size(width: 40, height: 8), options: options)
        _ = update(&plain, .start)
        #expect(press(.ctrl("r"), on: &plain) == [])
        #expect(plain.status?.text.contains("no lines from standard input or a command to replace") == true)
    }

    // MARK: the find line

    @Test func changeQueryClearQueryAndPutEditTheFindLine() throws {
        var state = try picker(["alpha", "beta"], bind: ["ctrl-t:change-query(be)", "ctrl-u:clear-query", "ctrl-p:put(ta)"])
        _ = press(.ctrl("t"), on: &state)
        #expect(query(state) == "be")
        #expect(state.current.rowCount == 1)
        _ = press(.ctrl("p"), on: &state)
        #expect(query(state) == "beta")
        _ = press(.ctrl("u"), on: &state)
        #expect(query(state) == "")
        #expect(state.current.rowCount == 2)
    }

    @Test func changePromptChangesTheFindLinesPrompt() throws {
        var state = try picker(["alpha"], bind: ["ctrl-t:change-prompt(files> )"])
        _ = press(.ctrl("t"), on: &state)
        #expect(state.current.find?.prompt == "files> ")
        #expect(screen(state).contains { $0.contains("files> ") })
    }

    @Test func aBoundKeyWinsOverTheFindLinesUseOfIt() throws {
        // Ctrl-E moves to the end of the find line, Ctrl-K deletes to it: bound, they do what the binding says.
        var state = try picker(["alpha", "beta"], bind: ["ctrl-e:last", "ctrl-k:change-query(x)"])
        _ = press(.ctrl("e"), on: &state)
        #expect(selectedLine(state) == "beta")
        _ = press(.ctrl("k"), on: &state)
        #expect(query(state) == "x")
    }

    @Test func toggleSortSwitchesBetweenBestFirstAndTheInputsOrder() throws {
        // fzf ranks `ab` in "ab" above "a-b" (consecutive characters); the input has it second.
        var state = try picker(["a_xb", "ab"], bind: ["ctrl-s:toggle-sort"])
        _ = press(.char("a"), .char("b"), on: &state)
        #expect(selectedLine(state) == "ab")
        _ = press(.ctrl("s"), on: &state)
        #expect(query(state) == "ab")
        #expect(selectedLine(state) == "a_xb")
        _ = press(.ctrl("s"), on: &state)
        #expect(selectedLine(state) == "ab")
    }

    // MARK: moving, marking, the preview

    @Test func firstLastUpDownAndPagesMove() throws {
        var state = try picker(["a1", "a2", "a3"], bind: ["ctrl-l:last", "ctrl-f:first", "ctrl-n:down", "ctrl-b:up", "f3:page-down", "f4:page-up"])
        _ = press(.ctrl("l"), on: &state)
        #expect(selectedLine(state) == "a3")
        _ = press(.ctrl("b"), on: &state)
        #expect(selectedLine(state) == "a2")
        _ = press(.ctrl("f"), on: &state)
        #expect(selectedLine(state) == "a1")
        _ = press(.ctrl("n"), on: &state)
        #expect(selectedLine(state) == "a2")
        _ = press(.function(4), on: &state)
        #expect(selectedLine(state) == "a1")
        _ = press(.function(3), on: &state)
        #expect(selectedLine(state) == "a3")
    }

    @Test func toggleSelectAllDeselectAllAndToggleAllMark() throws {
        var state = try picker(["a", "b", "c"], bind: ["ctrl-t:toggle", "ctrl-a:select-all", "ctrl-d:deselect-all", "ctrl-g:toggle-all"], multi: true)
        _ = press(.ctrl("t"), on: &state)
        #expect(state.current.marks.count == 1)
        _ = press(.ctrl("g"), on: &state)
        #expect(state.current.marks.count == 2)
        _ = press(.ctrl("a"), on: &state)
        #expect(state.current.marks.count == 3)
        #expect(press(.enter, on: &state) == [.emit(["a", "b", "c"])])
        _ = press(.ctrl("d"), on: &state)
        #expect(state.current.marks.isEmpty)
    }

    @Test func selectDeselectAndToggleDownUp() throws {
        var state = try picker(["a", "b", "c"], bind: ["ctrl-s:select", "ctrl-d:deselect", "ctrl-t:toggle-down", "ctrl-u:toggle-up",
                                                       "ctrl-x:clear-selection"], multi: true)
        _ = press(.ctrl("s"), .ctrl("s"), on: &state)  // select twice: still marked
        #expect(state.current.marks.count == 1)
        _ = press(.ctrl("d"), .ctrl("d"), on: &state)
        #expect(state.current.marks.isEmpty)
        _ = press(.ctrl("t"), on: &state)
        #expect(selectedLine(state) == "b" && state.current.marks.count == 1)
        _ = press(.ctrl("u"), on: &state)
        #expect(selectedLine(state) == "a" && state.current.marks.count == 2)
        _ = press(.ctrl("x"), on: &state)
        #expect(state.current.marks.isEmpty)
    }

    @Test func cancelClearsTheQueryThenAborts() throws {
        var state = try picker(["a"], bind: ["esc:cancel"])
        _ = press(.char("z"), on: &state)
        #expect(press(.escape, on: &state) == [])
        #expect(query(state) == "")
        #expect(press(.escape, on: &state) == [.quit(.interrupted)])
    }

    @Test func replaceQueryTakesTheSelectedLine() throws {
        var state = try picker(["alpha", "beta"], bind: ["ctrl-q:down+replace-query"])
        _ = press(.ctrl("q"), on: &state)
        #expect(query(state) == "beta")
        #expect(state.current.rowCount == 1)
    }

    @Test func ignoreTakesAKeysOwnUseAway() throws {
        var state = try picker(["alpha", "beta"], bind: ["down:ignore"])
        _ = press(.down, on: &state)
        #expect(selectedLine(state) == "alpha")
    }

    @Test func halfPagesMove() throws {
        var state = try picker((1...40).map { "line \($0)" }, bind: ["ctrl-f:half-page-down", "ctrl-b:half-page-up"],
                               size: Size(width: 40, height: 12))
        _ = press(.ctrl("f"), on: &state)
        let half = try #require(state.current.selection)
        #expect(half > 1 && half < 10)
        _ = press(.ctrl("b"), on: &state)
        #expect(state.current.selection == 0)
    }

    @Test func marksNeedMulti() throws {
        var state = try picker(["a", "b"], bind: ["ctrl-a:select-all"])
        _ = press(.ctrl("a"), on: &state)
        #expect(state.current.marks.isEmpty)
    }

    @Test func hideAndShowPreviewSayWhichWay() throws {
        var state = try picker(["a"], bind: ["alt-h:hide-preview", "alt-s:show-preview"], preview: "echo {}")
        _ = press(.alt("s"), on: &state)
        #expect(!state.previewHidden)
        _ = press(.alt("h"), .alt("h"), on: &state)
        #expect(state.previewHidden)
        _ = press(.alt("s"), on: &state)
        #expect(!state.previewHidden)
    }

    @Test func togglePreviewHidesAndShowsThePane() throws {
        var state = try picker(["a"], bind: ["alt-p:toggle-preview"], preview: "echo {}")
        #expect(!state.previewHidden)
        _ = press(.alt("p"), on: &state)
        #expect(state.previewHidden)
        _ = press(.alt("p"), on: &state)
        #expect(!state.previewHidden)
    }

    @Test func theHelpListsTheBindingsOverTheKeysTheyTake() throws {
        let state = try picker(["a"], bind: ["ctrl-k:change-query(x)+first", "start:first"])
        let lines = HelpContent.lines(for: state)
        let heading = try #require(lines.firstIndex { $0.isHeading && $0.text.hasPrefix("Bound with --bind") })
        let keys = try #require(lines.firstIndex { $0.isHeading && $0.text == "Keys" })
        #expect(heading < keys)
        #expect(lines.contains { $0.keys == "Ctrl-K" && $0.text == "change-query(x)+first" })
        #expect(lines.contains { $0.keys == "on start" && $0.text == "first" })
    }

    @Test func changeHeaderReplacesTheTextAboveTheRows() throws {
        var state = try picker(["a"], bind: ["ctrl-h:change-header(Press CTRL-R)"])
        #expect(!screen(state).contains(" Press CTRL-R"))
        _ = press(.ctrl("h"), on: &state)
        #expect(screen(state).contains(" Press CTRL-R"))
    }

    @Test func printQueuesLinesPrintedBeforeTheChoice() throws {
        var state = try picker(["one"], bind: ["ctrl-p:print(first)+print(second)", "ctrl-x:print(third)+accept"])
        _ = press(.ctrl("p"), on: &state)
        #expect(press(.ctrl("x"), on: &state) == [.emit(["first", "second", "third", "one"])])
    }

    @Test func unbindAndRebindTurnAKeyOffAndOn() throws {
        var state = try picker(["a", "b"], bind: ["ctrl-u:unbind(ctrl-l,change)", "ctrl-r:rebind(ctrl-l)", "ctrl-l:last", "change:first"])
        _ = press(.ctrl("u"), on: &state)
        _ = press(.ctrl("l"), on: &state)
        #expect(selectedLine(state) == "a")
        _ = press(.ctrl("r"), on: &state)
        _ = press(.ctrl("l"), on: &state)
        #expect(selectedLine(state) == "b")
        // `change` stays unbound: typing leaves the selection where the find puts it.
        _ = press(.char("b"), on: &state)
        #expect(selectedLine(state) == "b")
    }

    /// The preview of the selected row run and its `lines` shown.
    private func showPreview(_ lines: [String], _ effects: [Effect], _ state: inout AppState) throws {
        var pending = effects
        for _ in 0..<3 {
            if let request = pending.compactMap({ effect -> SourceRequest? in
                if case .startSource(let request) = effect, request.key.isPreview { return request } else { return nil }
            }).first {
                _ = update(&state, .sourceItems(request.key, lines.map { .object(["line": .string($0)]) }))
                _ = update(&state, .sourceFinished(request.key, .done(next: .end)))
                return
            }
            guard let timer = pending.compactMap({ effect -> TimerKey? in
                if case .startTimer(let key, _) = effect, key.purpose == .preview { return key } else { return nil }
            }).first else { break }
            pending = update(&state, .timerFired(timer))
        }
        Issue.record("no preview ran: \(effects)")
    }

    @Test func previewTopBottomAndRefreshPreview() throws {
        var state = try picker(["a", "b"], bind: ["ctrl-b:preview-bottom", "ctrl-t:preview-top", "ctrl-r:refresh-preview",
                                                     "ctrl-h:preview-half-page-down", "ctrl-u:preview-half-page-up"], preview: "seq 100 # {}",
                               size: Size(width: 120, height: 30))
        // The preview depends on the row: moving runs it.
        try showPreview((1...100).map(String.init), press(.down, on: &state), &state)
        #expect(state.current.preview.lines.count == 100)
        _ = press(.ctrl("b"), on: &state)
        #expect(state.current.preview.scroll > 50)
        _ = press(.ctrl("t"), on: &state)
        #expect(state.current.preview.scroll == 0)
        _ = press(.ctrl("h"), on: &state)
        let half = state.current.preview.scroll
        #expect(half > 1 && half < 50)
        _ = press(.ctrl("u"), on: &state)
        #expect(state.current.preview.scroll == 0)
        let refreshed = press(.ctrl("r"), on: &state)
        #expect(state.current.preview.lines.isEmpty)
        try showPreview(["again"], refreshed, &state)
        #expect(state.current.preview.lines == ["again"])
    }

    @Test func changePreviewRunsTheNewCommandForTheSelectedRow() throws {
        var state = try picker(["a b", "c d"], bind: ["ctrl-p:change-preview(wc -l {-1})"], preview: "cat {}",
                               size: Size(width: 120, height: 30))
        guard case .success(let before)? = state.current.preview(ofRow: 0) else {
            Issue.record("no preview")
            return
        }
        #expect(before.origin == PreviewSpec.Origin.command(["sh", "-c", "cat 'a b'"]))
        let effects = press(.ctrl("p"), on: &state)
        guard case .success(let after)? = state.current.preview(ofRow: 0) else {
            Issue.record("no preview")
            return
        }
        #expect(after.origin == PreviewSpec.Origin.command(["sh", "-c", "wc -l 'b'"]))
        #expect(after.window == before.window)
        // The pane follows: the new command is due.
        #expect(effects.contains { if case .startTimer(let key, _) = $0 { key.purpose == .preview } else { false } })
    }

    @Test func bellRingsThroughTheWorld() throws {
        var state = try picker(["a"], bind: ["ctrl-g:bell"])
        #expect(press(.ctrl("g"), on: &state) == [.bell])
        var runtime = Runtime(state: state, world: RecordingWorld())
        runtime.send(.key(.ctrl("g")))
        #expect(runtime.world.calls == ["bell"])
    }

    @Test func changePreviewWindowLaysThePaneOutAgain() throws {
        var state = try picker(["a", "b"], bind: ["ctrl-w:change-preview-window(down,5,wrap)", "ctrl-h:change-preview-window(hidden)"],
                               preview: "cat {}", size: Size(width: 120, height: 30))
        _ = press(.ctrl("w"), on: &state)
        guard case .success(let spec)? = state.current.preview(ofRow: 0) else {
            Issue.record("no preview")
            return
        }
        #expect(spec.window.side == .bottom && spec.window.extent == .cells(5) && spec.window.wraps)
        #expect(spec.origin == PreviewSpec.Origin.command(["sh", "-c", "cat 'a'"]))
        _ = press(.ctrl("h"), on: &state)
        #expect(state.previewHidden)
        _ = press(.ctrl("w"), on: &state)
        #expect(!state.previewHidden)
    }

    // MARK: events

    @Test func focusRunsWhenTheSelectedRowChanges() throws {
        // Once as the first row is selected, once for the move; not for a key that leaves it.
        var state = try picker(["a", "b"], bind: ["focus:print(focused)"])
        _ = press(.down, on: &state)
        _ = press(.down, on: &state)
        #expect(press(.enter, on: &state) == [.emit(["focused", "focused", "b"])])
    }

    @Test func startRunsAsTheSessionStarts() throws {
        var started: [Effect] = []
        var state = try picker(["alpha", "beta"], bind: ["start:change-query(be)+change-prompt(go> )"]) { state, effects in
            started = effects
            #expect(state.current.find?.editor.text == "be")
        }
        #expect(sourceRequest(in: started) != nil)
        #expect(state.current.find?.prompt == "go> ")
        #expect(state.current.rowCount == 1)
        #expect(press(.enter, on: &state) == [.emit(["beta"])])
    }

    @Test func startCanReloadFromACommand() throws {
        var startedBy: SourceSpec.Origin?
        _ = try picker([], bind: ["start:reload(seq 3)"]) { _, effects in
            startedBy = effects.compactMap { effect -> SourceSpec.Origin? in
                if case .startSource(let request) = effect { return request.origin }
                return nil
            }.last
        }
        guard case .command(let arguments)? = startedBy else {
            Issue.record("expected the start's reload, found \(String(describing: startedBy))")
            return
        }
        #expect(arguments.last == "seq 3")
    }

    @Test func loadRunsWhenTheLinesHaveAllCome() throws {
        let state = try picker(["a", "b", "c"], bind: ["load:last"])
        #expect(selectedLine(state) == "c")
    }

    @Test func aChangeThatChangesTheQueryDoesNotRunItselfAgain() throws {
        var state = try picker(["ax", "b"], bind: ["change:put(x)"])
        _ = press(.char("a"), on: &state)
        #expect(query(state) == "ax")
    }

    @Test func changeRunsWhenTheQueryChanges() throws {
        var state = try picker(["alpha", "beta"], bind: ["change:last"])
        _ = press(.char("a"), on: &state)
        #expect(selectedLine(state) == "beta")
    }
}
