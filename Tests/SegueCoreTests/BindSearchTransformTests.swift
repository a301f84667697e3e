import Testing
@testable import SegueCore

/// fzf's `--disabled` and the search actions, the `transform` actions, the events `result`,
/// `one`, `zero` and `resize`, and the marked count beside the match count, as state and
/// events in the picker of lines piped in.
@Suite struct BindSearchTransformTests {
    /// The stdin picker with `lines` arrived, `bind` read as `--bind` options.
    private func picker(_ lines: [String], bind: [String], disabled: Bool = false, multi: Bool = false,
                        finished: Bool = true, size: Size = Size(width: 40, height: 8)) throws -> AppState {
        var bindings = KeyBindings()
        for text in bind { try BindParser.parse(text, into: &bindings) }
        var options = AppOptions(multiSelect: multi)
        options.bindings = bindings
        options.searchDisabled = disabled
        return try AppState.piped(lines, size: size, options: options, finished: finished)
    }

    private func shown(_ state: AppState) -> [String] {
        (0..<state.current.rowCount).compactMap { state.current.boundRow($0).row.title }
    }

    private func type(_ text: String, _ state: inout AppState) -> [Effect] {
        text.flatMap { update(&state, .key(.char($0))) }
    }

    /// The transform command an effect starts: its key and its `sh -c` script.
    private func transformStarted(_ effects: [Effect]) -> (key: SourceKey, script: String)? {
        for case .startSource(let request) in effects where request.key.screen == SourceKey.transformScreen {
            if case .command(let arguments) = request.origin, let script = arguments.last { return (request.key, script) }
        }
        return nil
    }

    private func printed(_ text: String, status: Int32 = 0) -> CommandRun {
        CommandRun(status: status, chunks: [.init(.output, Array(text.utf8))])
    }

    // MARK: --disabled and the search actions

    @Test func withSearchDisabledTheQueryIsOnlyText() throws {
        var state = try picker(["gamma", "beta", "alpha"], bind: [], disabled: true)
        _ = type("al", &state)
        #expect(state.current.find?.editor.text == "al")
        #expect(shown(state) == ["gamma", "beta", "alpha"])
        #expect(screen(state).last?.contains("3/3") == true)
    }

    @Test func enableDisableAndToggleSearchTurnFilteringOnAndOff() throws {
        var state = try picker(["gamma", "beta", "alpha"], bind: ["ctrl-e:enable-search", "ctrl-d:disable-search", "ctrl-t:toggle-search"],
                               disabled: true)
        _ = type("al", &state)
        _ = press(.ctrl("e"), on: &state)
        #expect(shown(state) == ["alpha"])
        // Paused again, the rows stay filtered as they were, whatever is typed (as fzf's).
        _ = press(.ctrl("d"), on: &state)
        #expect(shown(state) == ["alpha"])
        _ = type("x", &state)
        #expect(shown(state) == ["alpha"])
        _ = press(.ctrl("t"), on: &state)
        #expect(shown(state) == [])
        _ = press(.backspace, on: &state)
        #expect(shown(state) == ["alpha"])
        _ = press(.ctrl("t"), on: &state)
        #expect(state.current.find?.searchPaused == true)
        _ = type("zz", &state)
        #expect(shown(state) == ["alpha"])
    }

    @Test func aReloadWhileSearchIsPausedShowsEveryLine() throws {
        var state = try picker(["gamma", "beta", "alpha"], bind: ["ctrl-d:disable-search+reload(cat)"])
        _ = type("al", &state)
        #expect(shown(state) == ["alpha"])
        let effects = press(.ctrl("d"), on: &state)
        #expect(state.current.find?.searchPaused == true)
        var reloaded: SourceKey?
        for case .startSource(let request) in effects where request.key.screen >= 0 { reloaded = request.key }
        let key = try #require(reloaded)
        var items = RawItems(kind: .line)
        for line in ["delta", "alpha 2"] { items.append(Array(line.utf8)) }
        _ = update(&state, .sourceRawItems(key, items))
        _ = update(&state, .sourceFinished(key, .done(next: .end)))
        #expect(shown(state) == ["delta", "alpha 2"])
    }

    @Test func commandsSeeWhetherSearchIsOn() throws {
        let state = try picker(["a"], bind: [], disabled: true)
        let arguments = Bindings.shellCommand("true", action: .ignore, trigger: "x", state)
        #expect(arguments.contains("FZF_INPUT_STATE=disabled"))
        #expect(arguments.contains("SEGUE_INPUT_STATE=disabled"))
    }

    // MARK: transform

    @Test func transformPerformsWhatItsCommandPrintsThenTheRest() throws {
        var state = try picker(["alpha", "beta", "gamma"], bind: ["ctrl-t:transform(echo {q})+last"])
        _ = type("a", &state)
        let effects = press(.ctrl("t"), on: &state)
        let started = try #require(transformStarted(effects))
        #expect(started.script == "echo 'a'")
        #expect(state.current.find?.prompt != "P> ")
        _ = update(&state, .commandFinished(started.key, printed("change-prompt(P> )+change-query(ta)\n")))
        #expect(state.current.find?.prompt == "P> ")
        #expect(state.current.find?.editor.text == "ta")
        #expect(shown(state) == ["beta"])
        #expect(state.current.selection == 0)
    }

    /// fzf reads no key while a transform runs: keys typed meanwhile come after its answer, so
    /// a `transform-query` does not swallow them (the ripgrep launcher's CTRL-T, typed on at once).
    @Test func keysTypedWhileATransformRunsComeAfterItsAnswer() throws {
        var state = try picker(["alpha", "beta", "gamma"], bind: ["ctrl-q:transform-query(x)"])
        let started = try #require(transformStarted(press(.ctrl("q"), on: &state)))
        _ = type("ta", &state)
        _ = update(&state, .paste("!"))
        #expect(state.current.find?.editor.text == "", "held until the command has answered")
        _ = update(&state, .commandFinished(started.key, printed("b\n")))
        #expect(state.current.find?.editor.text == "bta!")
        #expect(shown(state).isEmpty)
        _ = try #require(transformStarted(press(.ctrl("q"), on: &state)))
        let interrupted = update(&state, .key(.ctrl("c")))
        #expect(interrupted.contains { $0.endsSession }, "Ctrl-C is not held: it ends the session at once")
    }

    @Test func transformsOutputMayEndTheSession() throws {
        var state = try picker(["alpha", "beta"], bind: ["ctrl-t:transform(echo accept)"])
        _ = press(.down, on: &state)
        let started = try #require(transformStarted(press(.ctrl("t"), on: &state)))
        #expect(update(&state, .commandFinished(started.key, printed("accept\n"))) == [.emit(["beta"])])
    }

    @Test func transformQueryPromptAndHeaderTakeTheFirstLineOrTheText() throws {
        var state = try picker(["alpha", "beta"], bind: ["ctrl-q:transform-query(x)", "ctrl-p:transform-prompt(x)", "ctrl-h:transform-header(x)"])
        var started = try #require(transformStarted(press(.ctrl("q"), on: &state)))
        _ = update(&state, .commandFinished(started.key, printed("bet\nignored\n")))
        #expect(state.current.find?.editor.text == "bet")
        #expect(shown(state) == ["beta"])
        started = try #require(transformStarted(press(.ctrl("p"), on: &state)))
        _ = update(&state, .commandFinished(started.key, printed("Files> \n")))
        #expect(state.current.find?.prompt == "Files> ")
        started = try #require(transformStarted(press(.ctrl("h"), on: &state)))
        _ = update(&state, .commandFinished(started.key, printed("first line\nsecond line\n")))
        #expect(screen(state).contains { $0.contains("first line") })
        #expect(screen(state).contains { $0.contains("second line") })
    }

    /// A transform started by an event (keys wait for it: `keysTypedWhileATransformRuns…`) while
    /// another runs stops it.
    @Test func aNewerTransformStopsTheOlderWhoseAnswerIsDropped() throws {
        var state = try picker(["alpha"], bind: ["ctrl-q:transform-query(x)", "resize:transform-query(y)"])
        let first = try #require(transformStarted(press(.ctrl("q"), on: &state)))
        let effects = update(&state, .resize(Size(width: 50, height: 9)))
        #expect(effects.contains(.cancelSource(first.key)))
        let second = try #require(transformStarted(effects))
        _ = update(&state, .commandFinished(first.key, printed("old\n")))
        #expect(state.current.find?.editor.text == "")
        _ = update(&state, .commandFinished(second.key, printed("new\n")))
        #expect(state.current.find?.editor.text == "new")
    }

    @Test func aTransformsOutputThatIsNoActionIsSaid() throws {
        var state = try picker(["alpha"], bind: ["ctrl-t:transform(x)"])
        let started = try #require(transformStarted(press(.ctrl("t"), on: &state)))
        _ = update(&state, .commandFinished(started.key, printed("frobnicate\n")))
        #expect(state.status?.text.contains("unknown action \"frobnicate\"") == true)
    }

    @Test func transformIsRefusedWithCommandsOff() throws {
        var bindings = KeyBindings()
        try BindParser.parse("ctrl-t:transform(x)", into: &bindings)
        var options = AppOptions(allowExec: false)
        options.bindings = bindings
        var state = AppState(root: StandardInputPicker.spec(StandardInputPicker.Options()), size: Size(width: 40, height: 8), options: options)
        _ = update(&state, .start)
        #expect(transformStarted(press(.ctrl("t"), on: &state)) == nil)
        #expect(state.status?.kind == .error)
    }

    @Test func anEscapedPlaceholderIsLeftForTheActionsATransformPrints() {
        #expect(FzfPlaceholders.template(#"echo "transform-query:echo \{q}" {q}"#) == FzfPlaceholders.template(#"echo "transform-query:echo {"#) + #"q}" "# + FzfPlaceholders.template("{q}"))
    }

    // MARK: events

    @Test func resultRunsWhenFilteringHasFinished() throws {
        var state = try picker(["alpha", "beta"], bind: ["result:print(r)"])
        let before = state.printed.count
        _ = type("b", &state)
        #expect(state.printed.count == before + 1)
        _ = update(&state, .tick)
        #expect(state.printed.count == before + 1)
    }

    @Test func oneAcceptsTheOnlyMatch() throws {
        var state = try picker(["alpha", "beta", "gamma"], bind: ["one:accept"])
        #expect(type("al", &state) == [.emit(["alpha"])])
    }

    @Test func oneWaitsForEveryLine() throws {
        var state = try picker(["alpha"], bind: ["one:accept"], finished: false)
        #expect(type("a", &state).contains(where: \.endsSession) == false)
    }

    @Test func zeroRunsWhenNothingMatches() throws {
        var state = try picker(["alpha", "beta"], bind: ["zero:change-prompt(none> )"])
        _ = type("z", &state)
        #expect(state.current.find?.prompt == "none> ")
    }

    @Test func resizeRunsWhenTheTerminalsSizeChanges() throws {
        var state = try picker(["alpha"], bind: ["resize:change-prompt(resized> )"])
        _ = update(&state, .resize(state.size))
        #expect(state.current.find?.prompt != "resized> ")
        _ = update(&state, .resize(Size(width: 50, height: 10)))
        #expect(state.current.find?.prompt == "resized> ")
    }

    @Test func everyRunsItsActionsOnATimerArmedAtTheStart() throws {
        var bindings = KeyBindings()
        try BindParser.parse("every(0.5):print(tick)", into: &bindings)
        #expect(bindings.everyIntervals == [500])
        #expect(BindParser.trigger(named: "every(0)") == nil && BindParser.trigger(named: "every(x)") == nil)
        var options = AppOptions()
        options.bindings = bindings
        var state = AppState(root: StandardInputPicker.spec(StandardInputPicker.Options()), size: Size(width: 40, height: 8), options: options)
        let key = TimerKey(screen: 0, generation: 0, purpose: .every(milliseconds: 500))
        #expect(update(&state, .start).contains(.startTimer(key, seconds: 0.5)))
        #expect(update(&state, .timerFired(key)) == [.startTimer(key, seconds: 0.5)])
        #expect(state.printed == ["tick"])
    }

    @Test func theHelpListsTheNewEventsTimersAndKeys() throws {
        let state = try picker(["a"], bind: ["one:accept", "every(1.5):transform-header(date)", "ctrl-space:toggle-search"])
        let lines = HelpContent.lines(for: state)
        #expect(lines.contains { $0.keys == "on one" && $0.text == "accept" })
        #expect(lines.contains { $0.keys == "every(1.5)" && $0.text == "transform-header(date)" })
        #expect(lines.contains { $0.keys == "Ctrl-Space" && $0.text == "toggle-search" })
    }

    // MARK: the find line's count, keys

    @Test func theMarkedCountShowsBesideTheMatchCount() throws {
        var state = try picker(["alpha", "beta", "gamma"], bind: [], multi: true)
        #expect(screen(state).last?.hasSuffix("3/3 (0)") == true)
        _ = press(.tab, on: &state)
        _ = press(.tab, on: &state)
        #expect(screen(state).last?.hasSuffix("3/3 (2)") == true)
    }

    @Test func executeMultiIsExecuteWithEveryMarkedLine() throws {
        var bindings = KeyBindings()
        try BindParser.parse(#"ctrl-x:execute-multi(vim {} \{})"#, into: &bindings)
        #expect(bindings[.ctrl("x")] == [.execute(#"vim {+} \{}"#)])
    }

    @Test func upMatchAndDownMatchMoveAsUpAndDown() throws {
        var state = try picker(["a", "b", "c"], bind: ["ctrl-j:down-match", "ctrl-k:up-match"])
        _ = press(.ctrl("j"), .ctrl("j"), .ctrl("k"), on: &state)
        #expect(state.current.selection == 1)
    }

    @Test func ctrlSpaceAndAltEnterAreKeysToBind() throws {
        var decoder = RawInputDecoder()
        #expect(decoder.feed([0]) == [.key(.ctrl(" "))])
        #expect(decoder.feed([0x1B, 0x0D]) == [.key(.alt("\r"))])
        var bindings = KeyBindings()
        try BindParser.parse("ctrl-space:first,alt-enter:last", into: &bindings)
        #expect(bindings[.ctrl(" ")] == [.first])
        #expect(bindings[.alt("\r")] == [.last])
        #expect(Key.ctrl(" ").configName == "ctrl-space" && Key.alt("\r").configName == "alt-enter")
        #expect(Key.alt("\r").label == "Alt-Enter")
    }
}
