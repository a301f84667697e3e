import Testing
@testable import SegueCore

private func state() throws -> AppState {
    let spec = try loadSpec(#"{"sections": [{"rows": [{"title": "one"}, {"title": "two"}]}]}"#, file: "/specs/reducers.json")
    return AppState(root: spec, size: Size(width: 40, height: 10))
}

/// The reducers that work on their own slice of the state, tested on that slice alone (the rest
/// are tested through `update`, as a key press or an event).
@Suite struct ReducerTests {
    @Test func textScrollsByLinePageAndEndWithinItsLength() {
        #expect(TextScroll.scrolled(0, by: .moveDown, height: 5, last: 3) == 1)
        #expect(TextScroll.scrolled(0, by: .moveUp, height: 5, last: 3) == 0)
        #expect(TextScroll.scrolled(2, by: .pageDown, height: 5, last: 3) == 3)
        #expect(TextScroll.scrolled(3, by: .pageUp, height: 5, last: 3) == 0)
        #expect(TextScroll.scrolled(1, by: .bottom, height: 5, last: 3) == 3)
        #expect(TextScroll.scrolled(2, by: .top, height: 5, last: 3) == 0)
        // Other commands (and none) are not scrolling: the mode decides what they do.
        #expect(TextScroll.scrolled(1, by: .activate, height: 5, last: 3) == nil)
        #expect(TextScroll.scrolled(1, by: nil, height: 5, last: 3) == nil)
    }

    @Test func aRunningHandlersQuestionAndItsAnswerChangeOnlyTheRunningHandlers() {
        var running = [RunningHandler(task: 7, name: "deploy", row: [:], screen: 0)]
        #expect(Handlers.asked(task: 7, .confirm("Deploy?", yesByDefault: false), &running) == [])
        #expect(running[0].question == .confirm("Deploy?", yesByDefault: false))
        #expect(Handlers.answer(task: 7, .bool(true), &running) == [.answerHandler(task: 7, .bool(true))])
        #expect(running[0].question == nil)
        // A handler stopped meanwhile is no longer there: its answer goes nowhere.
        #expect(Handlers.answer(task: 8, .bool(true), &running) == [])
        #expect(Handlers.asked(task: 8, .confirm("Again?", yesByDefault: true), &running) == [])
        #expect(running.count == 1 && running[0].question == nil)
    }

    @Test func aHandlersProgressIsKeptWithinZeroAndOne() {
        var running = [RunningHandler(task: 1, name: "sync", row: [:], screen: 0)]
        Handlers.progress(task: 1, "half way", fraction: 1.5, &running)
        #expect(running[0].progress == "half way" && running[0].fraction == 1)
        Handlers.progress(task: 1, nil, fraction: -0.5, &running)
        #expect(running[0].progress == nil && running[0].fraction == 0)
        Handlers.progress(task: 1, "unsure", fraction: .nan, &running)
        #expect(running[0].fraction == nil)
        Handlers.progress(task: 2, "not ours", fraction: 0.5, &running)
        #expect(running[0].progress == "unsure")
    }

    @Test func aScreenWithNothingRunningHasNothingToStop() throws {
        var state = try state()
        #expect(RowCommands.running(on: state.current) == [])
        #expect(RowCommands.stop(on: &state.current) == [])
        #expect(Preview.stop(on: state.current) == [])
    }

    @Test func aRewriteSavesACopyThatMayRewriteTheWholeFile() throws {
        let state = try state()
        guard case .saveSettings(let once)? = SettingChanges.rewrite(state.settings).first else {
            Issue.record("no save")
            return
        }
        #expect(once.rewritesWhole)
        #expect(!state.settings.rewritesWhole)  // this save alone may
    }

    @Test func noToAQuestionCancelsItAndRunsNothing() throws {
        var state = try state()
        let question = AppState.Confirmation(action: RowAction(.quit(.success)), row: nil, asked: nil, origin: ActionOrigin.none)
        state.pendingConfirmation = question
        #expect(AppState.Confirmation.key(.char("n"), question, &state) == [])
        #expect(state.pendingConfirmation == nil)
        #expect(state.status == StatusMessage("cancelled"))
        state.pendingConfirmation = question
        #expect(AppState.Confirmation.key(.char("y"), question, &state) == [.quit(.success)])
    }
}
