import Testing
@testable import SegueCore

/// The one-shot questions' specs: what they show, select and print.
@Suite struct QuestionTests {
    @Test func chooseSplitsLabelsFromValuesAtTheFirstDelimiter() {
        #expect(ChooseQuestion.split("Paris:fr:x", by: ":") == ("Paris", "fr:x"))
        #expect(ChooseQuestion.split("Paris", by: ":") == ("Paris", "Paris"))
        #expect(ChooseQuestion.split("a:b", by: nil) == ("a:b", "a:b"))
    }

    @Test func chooseShowsItemsAsDataAndPrintsTheirValues() {
        var state = AppState(root: ChooseQuestion.spec(items: ["{{x}}:1", "b:2"], options: .init(labelDelimiter: ":")),
                             size: Size(width: 40, height: 8))
        #expect(screen(state).contains { $0.contains("{{x}}") })
        _ = press(.down, on: &state)
        let effects = update(&state, .key(.enter))
        #expect(effects.contains { if case .emit(let values, _) = $0 { values == ["2"] } else { false } })
    }

    @Test func inputRefusesABadPatternNamingIt() throws {
        guard case .failure(let problem) = InputQuestion.make(.init(pattern: "[")) else {
            Issue.record("a bad pattern was taken")
            return
        }
        #expect(problem.path == "input.pattern")
    }

    @Test func escInTheQuestionAsAtTheStartEndsTheSession() throws {
        guard case .success(let made) = InputQuestion.make(.init(prompt: "Name: ")) else {
            Issue.record("no question")
            return
        }
        var options = AppOptions()
        options.startAction = made.question
        var state = AppState(root: made.spec, size: Size(width: 40, height: 6), options: options)
        _ = update(&state, .start)
        #expect(screen(state).contains { $0.hasPrefix(" Name:") })
        let effects = update(&state, .key(.escape))
        #expect(effects.contains { if case .quit(let status) = $0 { status == .cancelled } else { false } })
    }
}
