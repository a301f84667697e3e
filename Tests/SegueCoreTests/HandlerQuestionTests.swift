@testable import SegueCore
import Testing

/// A running handler's question as `update` sees it: shown once nothing else is in front,
/// answered by keys as effects, Esc a stop.
@Suite struct HandlerQuestionTests {
    /// A screen whose handler, task 7, runs and has asked `question`.
    func asking(_ question: HandlerQuestion) -> AppState {
        var state = state(Spec(title: "Ops", sections: [Section(rows: [Row(title: "Deploy", action: .named("deploy"))])]))
        _ = update(&state, .handlerStarted(name: "deploy", row: ["title": "Deploy"], task: 7))
        _ = update(&state, .handlerAsked(task: 7, question))
        return state
    }

    @Test func yIsYesAnyOtherKeyNoAndEnterWhatTheQuestionSays() {
        var yes = asking(.confirm("Deploy?", yesByDefault: false))
        #expect(screen(yes).last == " Deploy? (y/N)")
        #expect(press(.char("y"), on: &yes) == [.answerHandler(task: 7, .bool(true))])
        var no = asking(.confirm("Deploy?", yesByDefault: false))
        #expect(press(.enter, on: &no) == [.answerHandler(task: 7, .bool(false))])
        var yesByDefault = asking(.confirm("Deploy?", yesByDefault: true))
        #expect(screen(yesByDefault).last == " Deploy? (Y/n)")
        #expect(press(.enter, on: &yesByDefault) == [.answerHandler(task: 7, .bool(true))])
    }

    @Test func escStopsTheHandlerThatAsks() {
        var state = asking(.confirm("Deploy?", yesByDefault: false))
        #expect(press(.escape, on: &state) == [.cancelHandler(task: 7)])
        #expect(state.runningHandlers.isEmpty)
        #expect(screen(state).last == " stopped: Deploy")
    }

    @Test func inputAnswersWithTheTextTypedAfterItsDefault() {
        var state = asking(.input("Tag?", defaultText: "v2", rules: InputRules()))
        #expect(screen(state).last == " Tag? v2")
        #expect(press(.char("."), .char("1"), .enter, on: &state) == [.answerHandler(task: 7, "v2.1")])
        #expect(state.entry == nil)
    }

    @Test func aQuestionClosedWithoutAnAnswerComesBack() {
        var state = asking(.confirm("Deploy?", yesByDefault: false))
        _ = update(&state, .mouse(.click(x: 2, y: 8)))
        #expect(screen(state).last == " Deploy? (y/N)")
    }
}
