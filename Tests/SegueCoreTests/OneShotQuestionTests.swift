import Testing
@testable import SegueCore

/// `segue write`'s text area and `segue spin`'s spinner: the questions that are a whole session.
@Suite struct TextAreaTests {
    /// `keys` typed into an area holding `text`.
    func typed(_ text: String = "", _ keys: [Key], limit: Int? = nil) -> TextArea {
        var area = TextArea(text, limit: limit)
        for key in keys { _ = area.apply(key) }
        return area
    }

    func chars(_ text: String) -> [Key] { text.map { .char($0) } }

    @Test func enterBreaksTheLineAtTheCursorAndBackspaceJoinsItAgain() {
        let area = typed("hello world", Array(repeating: Key.left, count: 5) + [.enter])
        #expect(area.text == "hello \nworld")
        #expect(area.cursor.line == 1 && area.cursor.column == 0)
        let joined = typed("hello world", Array(repeating: Key.left, count: 5) + [.enter, .backspace])
        #expect(joined.text == "hello world")
        #expect(joined.cursor.line == 0 && joined.cursor.column == 6)
    }

    @Test func deleteAtALinesEndJoinsTheNextAndCtrlDIsLeftToTheCaller() {
        var area = TextArea("ab\ncd")
        _ = area.apply(.up)
        _ = area.apply(.end)
        let deleted = area.apply(.delete)
        #expect(deleted)
        #expect(area.text == "abcd")
        let finishes = !area.apply(.ctrl("d"))
        #expect(finishes)
        #expect(area.text == "abcd")
    }

    @Test func upAndDownKeepTheColumnAimedForThroughShorterLines() {
        var area = TextArea("long line\nab\nanother line")
        _ = area.apply(.up)
        _ = area.apply(.up)
        #expect(area.cursor.line == 0 && area.cursor.column == 9)
        for _ in 0..<3 { _ = area.apply(.left) }  // column 6
        _ = area.apply(.down)
        #expect(area.cursor.line == 1 && area.cursor.column == 2)
        _ = area.apply(.down)
        #expect(area.cursor.line == 2 && area.cursor.column == 6)
        _ = area.apply(.down)
        #expect(area.cursor.column == 12)  // ↓ on the last line goes to its end
    }

    @Test func leftAndRightCrossLineEnds() {
        var area = TextArea("ab\ncd")
        _ = area.apply(.home)
        _ = area.apply(.left)
        #expect(area.cursor.line == 0 && area.cursor.column == 2)
        _ = area.apply(.right)
        #expect(area.cursor.line == 1 && area.cursor.column == 0)
    }

    @Test func pastedTextKeepsItsLineBreaksAndTheLimitCountsThem() {
        var area = TextArea(limit: 9)
        area.insert("one\r\ntwo\nthree")
        #expect(area.text == "one\ntwo\nt")
        #expect(area.count == 9)
        _ = area.apply(.enter)
        _ = area.apply(.char("x"))
        #expect(area.text == "one\ntwo\nt")
        #expect(TextArea("abcdef", limit: 3).text == "abc")
    }

    @Test func longLinesWrapBetweenWordsKeepingAColumnForTheCursor() {
        let area = TextArea("the quick brown fox")
        #expect(area.rows(width: 8).map(\.range) == [0..<4, 4..<10, 10..<16, 16..<19])
        let place = area.cursorPlace(in: area.rows(width: 8))
        #expect(place.row == 3 && place.x == 3)
        // A word longer than a row is cut.
        #expect(TextArea.wrap(Array("abcdefgh"), width: 4) == [0..<3, 3..<6, 6..<8])
        #expect(TextArea.wrap([], width: 4) == [0..<0])
    }

    @Test func theAreaScrollsAsLittleAsItMustToShowTheCursor() {
        var area = TextArea("1\n2\n3\n4\n5\n6")
        area.scroll(width: 10, height: 3)
        #expect(area.top == 3)
        for _ in 0..<3 { _ = area.apply(.up) }
        area.scroll(width: 10, height: 3)
        #expect(area.top == 2)
        _ = area.apply(.down)
        area.scroll(width: 10, height: 3)
        #expect(area.top == 2)
    }
}

@Suite struct WriteQuestionTests {
    func writing(_ question: WriteQuestion, width: Int = 30, height: Int = 6) -> AppState {
        var options = AppOptions()
        options.oneShot = .write(question)
        var state = AppState(root: WriteQuestion.spec(), size: Size(width: width, height: height), options: options)
        _ = update(&state, .start)
        return state
    }

    @Test func theBandShowsTheHeaderThePlaceholderAndTheHints() {
        let state = writing(WriteQuestion(header: "Commit message", placeholder: "Say why", limit: 50), width: 40)
        #expect(screen(state) == [
            " Commit message",
            " │ Say why",
            " │",
            " │",
            " │",
            " Ctrl-D done  Esc cancel           0/50",
        ])
        let grid = render(state, size: state.size)
        #expect(grid.cursor == Grid.Cursor(x: 3, y: 1))
    }

    @Test func enterBreaksLinesAndCtrlDPrintsTheText() {
        var state = writing(WriteQuestion(value: "Fix"))
        press(.char("!"), .enter, .char("{"), .char("{"), on: &state)
        #expect(screen(state)[0...1] == [" │ Fix!", " │ {{"])
        #expect(press(.ctrl("d"), on: &state) == [.emit(["Fix!\n{{"])])
    }

    @Test func escIsNoAnswerAndPasteKeepsLineBreaks() {
        var state = writing(WriteQuestion())
        _ = update(&state, .paste("a\nb"))
        #expect(screen(state)[0...1] == [" │ a", " │ b"])
        #expect(press(.escape, on: &state) == [.quit(.cancelled)])
        #expect(press(.ctrl("c"), on: &state) == [.quit(.interrupted)])
    }

    @Test func aLongTextScrollsToKeepTheCursorInTheBand() {
        var state = writing(WriteQuestion(value: "1\n2\n3\n4\n5\n6"), height: 5)
        #expect(screen(state) == [" │ 3", " │ 4", " │ 5", " │ 6", " Ctrl-D done  Esc cancel"])
        press(.pageUp, on: &state)
        #expect(screen(state)[0] == " │ 3")
        press(.pageUp, on: &state)
        #expect(screen(state)[0] == " │ 1")
    }

    @Test func plainModeSaysTheQuestionAndTakesTheWholeTextTyped() {
        let state = writing(WriteQuestion(header: "Notes", placeholder: "anything", value: "old"))
        #expect(PlainView.lines(of: state) == ["", "Notes", "(anything)"])
        #expect(PlainView.readsText(state))
        guard case .events(let events) = PlainInput.meaning(of: "new\ntext\n", in: state) else {
            Issue.record("no events")
            return
        }
        var typed = state
        let effects = events.flatMap { update(&typed, $0) }
        #expect(effects == [.emit(["new\ntext"])])
    }
}

@Suite struct SpinQuestionTests {
    func spinning(_ question: SpinQuestion) -> (AppState, [Effect]) {
        var options = AppOptions()
        options.oneShot = .spin(question)
        var state = AppState(root: SpinQuestion.spec(), size: Size(width: 24, height: 1), options: options)
        let effects = update(&state, .start)
        return (state, effects)
    }

    @Test func theCommandStartsAsASourceKeptWholeAndTheSpinnerTurns() {
        var (state, effects) = spinning(SpinQuestion(title: "Building…", command: ["make", "-j2"]))
        guard case .startSource(let request)? = effects.first else {
            Issue.record("no command started: \(effects)")
            return
        }
        #expect(request.origin == .command(["make", "-j2"]))
        #expect(request.capturesOutput)
        #expect(screen(state) == [" ⠋ Building…"])
        _ = update(&state, .tick)
        #expect(screen(state) == [" ⠙ Building…"])
        #expect(render(state, size: state.size, theme: { var theme = Theme.standard; theme.ascii = true; return theme }()).lines
                == [" / Building~"])
        #expect(press(.char("x"), on: &state) == [])
        #expect(press(.escape, on: &state) == [.quit(.cancelled)])
        #expect(press(.ctrl("c"), on: &state) == [.quit(.interrupted)])
    }

    @Test func theCommandsEndEndsTheSessionWithItsStatusAndOutput() {
        var (state, effects) = spinning(SpinQuestion(title: "x", command: ["false"]))
        guard case .startSource(let request)? = effects.first else { return }
        let run = CommandRun(status: 2, chunks: [.init(.output, Array("out\n".utf8)), .init(.errors, Array("err\n".utf8))])
        let other = SourceKey(screen: request.key.screen, section: 0, generation: 0)
        #expect(update(&state, .commandFinished(other, run)) == [])
        #expect(update(&state, .commandFinished(request.key, run))
                == [.relay(ExitStatus(2), RelayedOutput(errors: Array("out\nerr\n".utf8)))])
    }

    @Test func whatIsPrintedDependsOnSuccessAndShowOutput() {
        let run = CommandRun(status: 0, chunks: [.init(.output, Array("a".utf8)), .init(.errors, Array("w".utf8))])
        #expect(SpinQuestion(title: "", command: ["x"]).output(of: run) == RelayedOutput())
        #expect(SpinQuestion(title: "", command: ["x"], showsOutput: true).output(of: run) == RelayedOutput(output: Array("a".utf8)))
        var failed = run
        failed.status = 1
        #expect(SpinQuestion(title: "", command: ["x"], showsOutput: true).output(of: failed)
                == RelayedOutput(output: Array("a".utf8), errors: Array("w".utf8)))
        let missing = CommandRun(status: 127, reason: "cannot run nope: No such file or directory")
        #expect(SpinQuestion(title: "", command: ["nope"]).output(of: missing)
                == RelayedOutput(errors: Array("segue spin: cannot run nope: No such file or directory\n".utf8)))
    }
}

/// `segue progress`: the command's lines move a bar.
@Suite struct ProgressQuestionTests {
    @Test func linesSayHowFarAsDialogsGaugeAndProgressMetersDo() {
        #expect(ProgressReading.fraction(in: "42") == 0.42)
        #expect(ProgressReading.fraction(in: " 42% ") == 0.42)
        #expect(ProgressReading.fraction(in: "3/8 files") == 0.375)
        #expect(ProgressReading.fraction(in: "Copied 57% (12 MB)") == 0.57)
        #expect(ProgressReading.fraction(in: "Copying files") == nil)
        #expect(ProgressReading.fraction(in: "150") == nil)
    }

    @Test func theBarFollowsTheLinesAndOtherLinesSayWhatItDoes() {
        var options = AppOptions()
        options.oneShot = .spin(SpinQuestion(title: "Installing", command: ["./copy.sh"], readsProgress: true))
        var state = AppState(root: SpinQuestion.spec(), size: Size(width: 30, height: 2), options: options)
        guard case .startSource(let request)? = update(&state, .start).first else {
            Issue.record("the command did not start")
            return
        }
        _ = update(&state, .commandOutput(request.key, Array("Copying files\n4".utf8)))
        _ = update(&state, .commandOutput(request.key, Array("0\r".utf8)))
        let lines = render(state, size: state.size).lines
        #expect(lines[0].hasSuffix("Installing  Copying files"))
        #expect(lines[1].hasSuffix(" 40%") && lines[1].contains("█") && lines[1].contains("░"))
    }
}

/// `Segue.spin(_:operation:)`: Swift work behind the same spinner, run as a handler.
@Suite struct SwiftSpinTests {
    func spinning(progress: Bool) -> (AppState, [Effect]) {
        var options = AppOptions()
        options.oneShot = .spin(SpinQuestion(title: "Building", handler: "spin", readsProgress: progress))
        var state = AppState(root: SpinQuestion.spec(), size: Size(width: 30, height: progress ? 2 : 1), options: options)
        let effects = update(&state, .start)
        return (state, effects)
    }

    @Test func theHandlerIsCalledAndItsProgressMovesTheSpinnersWordsAndBar() {
        var (state, effects) = spinning(progress: true)
        #expect(effects == [.callHandler(name: "spin", row: ["title": "Building"])])
        _ = update(&state, .handlerStarted(name: "spin", row: ["title": "Building"], task: 7))
        #expect(render(state, size: state.size).lines == [" ⠋ Building", " ░░░░░░░░░░░░░░░░░░░░░░░ 0%"])
        _ = update(&state, .handlerProgress(task: 7, "linking", fraction: 0.5))
        let lines = render(state, size: state.size).lines
        #expect(lines[0] == " ⠋ Building  linking")
        #expect(lines[1].hasSuffix(" 50%") && lines[1].contains("█"))
        #expect(press(.escape, on: &state) == [.quit(.cancelled)])
    }

    @Test func theHandlersQuitEndsTheSessionAndAHandlerThatEndsOtherwiseFailsIt() {
        var (state, _) = spinning(progress: false)
        _ = update(&state, .handlerStarted(name: "spin", row: [:], task: 1))
        #expect(update(&state, .handlerEnded(task: 1, .actions([RowAction(.quit(.success))]))) == [.quit(.success)])
        var (failing, _) = spinning(progress: false)
        _ = update(&failing, .handlerStarted(name: "spin", row: [:], task: 1))
        #expect(update(&failing, .handlerEnded(task: 1, .failed("boom"))) == [.quit(ExitStatus(1))])
    }
}

/// A Swift program's own check of typed text (`Segue.input(…, validate:)`), after the rules.
@Suite struct AnswerCheckTests {
    @Test func theChecksMessageIsWhatTheUserReadsAfterTheWrittenRulesPass() {
        let rules = InputRules(kind: .number, check: AnswerCheck { Int($0) == 0 ? "not zero, please" : nil })
        #expect(refusal(rules.validate("0")) == "not zero, please")
        #expect(refusal(rules.validate("x")) == "expected a number")
        #expect(rules.validate("3") == .success(.number("3")))
    }

    func refusal(_ result: Result<JSONValue, InvalidInput>) -> String? {
        if case .failure(let invalid) = result { return invalid.message }
        return nil
    }

    @Test func aPromptsEnterShowsTheMessageAndKeepsTheEditorOpen() {
        let options = InputQuestion.Options(prompt: "Title:", check: AnswerCheck { $0.count < 3 ? "at least 3 characters" : nil })
        guard case .success(let made) = InputQuestion.make(options) else {
            Issue.record("no question")
            return
        }
        var appOptions = AppOptions()
        appOptions.startAction = made.question
        var state = AppState(root: made.spec, size: Size(width: 40, height: 5), options: appOptions)
        _ = update(&state, .start)
        _ = press(.char("a"), on: &state)
        _ = press(.char("b"), on: &state)
        #expect(press(.enter, on: &state) == [])
        #expect(render(state, size: state.size).lines.contains { $0.contains("at least 3 characters") })
        _ = press(.char("c"), on: &state)
        #expect(press(.enter, on: &state) == [.emit(["abc"])])
    }
}
