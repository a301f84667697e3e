import Testing
@testable import SegueCore

/// `segue form` and `Segue.form`: a spec's `"form"` read and checked, and the form's state as keys
/// move through it: Enter going on, Tab and Shift-Tab, conditions, checks, the answers printed.
@Suite struct FormQuestionTests {
    static let release = """
        {"title": "Release", "form": [
          {"name": "bump", "type": "choose", "title": "Version bump", "options": ["major", "minor", "patch"], "default": "minor"},
          {"name": "title", "type": "input", "title": "Title", "pattern": ".{3,}", "invalid": "at least 3 characters"},
          {"name": "publish", "type": "confirm", "title": "Publish now?"},
          {"name": "note", "type": "input", "title": "Release note", "when": "{{settings.publish}}"}
        ]}
        """

    /// The release form open, as `segue form` opens it.
    func opened(_ text: String = release, output: FormQuestion.Output = .json, size: Size = Size(width: 60, height: 8)) throws -> AppState {
        let spec = try loadSpec(text, file: "/specs/release.json")
        let form = FormQuestion(title: spec.title, fields: spec.form ?? [], output: output)
        var options = AppOptions()
        options.form = form
        var state = AppState(root: form.spec(), size: size, settings: Settings(path: nil, values: form.startingAnswers), options: options)
        _ = update(&state, .start)
        return state
    }

    func typed(_ text: String) -> [Key] { text.map { .char($0) } }

    func emitted(_ effects: [Effect]) -> [String]? {
        for effect in effects { if case .emit(let lines, .success) = effect { return lines } }
        return nil
    }

    @Test func aSpecsFormIsReadWithEachFieldsKindOptionsChecksAndCondition() throws {
        let fields = try #require(try loadSpec(Self.release, file: "/specs/release.json").form)
        #expect(fields.map(\.name) == ["bump", "title", "publish", "note"])
        #expect(fields.map(\.kind) == [.choose, .input, .confirm, .input])
        #expect(fields[0].options == ["major", "minor", "patch"] && fields[0].startingAnswer == "minor")
        #expect(fields[1].rules.pattern == ".{3,}" && fields[1].rules.invalidMessage == "at least 3 characters")
        #expect(fields[2].startingAnswer == .bool(false))
        #expect(fields[3].when == "{{settings.publish}}")
        #expect(!fields[3].isAsked(given: .object(["publish": .bool(false)])))
        #expect(fields[3].isAsked(given: .object(["publish": .bool(true)])))
    }

    @Test func aFieldWrittenWrongIsALoadErrorNamingItsPathAndWhatWasExpected() {
        func problem(_ field: String) -> String? {
            loadProblem(#"{"form": [{"name": "a", "type": "choose", "options": ["x"]}, \#(field)]}"#, file: "/specs/f.json")
        }
        #expect(problem(#"{"name": "b", "type": "input", "colour": "red"}"#)?.contains("form[1].colour: a field takes") == true)
        #expect(problem(#"{"name": "b", "type": "radio"}"#)?.contains(#"form[1].type: expected "input", "choose", "confirm", "password""#) == true)
        #expect(problem(#"{"name": "b", "type": "choose"}"#)?.contains("form[1].options: expected the options to choose from") == true)
        #expect(problem(#"{"name": "b", "type": "confirm", "pattern": "x"}"#)?.contains(#"form[1].pattern: only an "input""#) == true)
        #expect(problem(#"{"name": "b", "type": "input", "when": "settings.a"}"#)?.contains("form[1].when: expected a condition") == true)
        #expect(problem(#"{"name": "b", "type": "choose", "options": ["y"], "default": "z"}"#)?.contains("form[1].default: expected one of the options") == true)
        #expect(problem(#"{"name": "a", "type": "confirm"}"#)?.contains(#"form[1].name: "a" names an earlier field too"#) == true)
    }

    @Test func enterGoesFromFieldToFieldEditingTextOnTheWayAndPrintsTheAnswersInOrder() throws {
        var state = try opened()
        #expect(selectedTitle(state) == "Version bump")
        press(.right, on: &state)  // minor → patch
        press(.enter, on: &state)
        #expect(selectedTitle(state) == "Title")
        press(.enter, on: &state)
        #expect(state.entry != nil)
        press(typed("ab") + [.enter], on: &state)
        #expect(state.entry != nil)  // refused: still typing, told why
        #expect(screen(state).contains { $0.contains("at least 3 characters") })
        press(.char("c"), .enter, on: &state)
        #expect(selectedTitle(state) == "Publish now?")
        #expect(!screen(state).contains { $0.contains("Release note") })
        press(.char(" "), on: &state)  // yes: the note is asked
        #expect(screen(state).contains { $0.contains("Release note") })
        press(.enter, .enter, on: &state)
        let effects = press(typed("Faster") + [.enter], on: &state)
        #expect(emitted(effects) == [#"{"bump":"patch","title":"abc","publish":true,"note":"Faster"}"#])
    }

    @Test func aFieldNotShownIsSkippedByTabAndLeftOutOfTheAnswers() throws {
        var state = try opened(output: .lines)
        press(.tab, .tab, on: &state)
        #expect(selectedTitle(state) == "Publish now?")
        press(.tab, on: &state)  // the note is not shown: nothing below
        #expect(selectedTitle(state) == "Publish now?")
        press(.backTab, on: &state)
        #expect(selectedTitle(state) == "Title")
        press(.enter, on: &state)
        press(typed("Faster start") + [.enter], on: &state)
        let effects = press(.enter, on: &state)
        #expect(emitted(effects) == ["bump=minor", "title=Faster start", "publish=false"])
    }

    @Test func enterPastTheLastFieldWithAnAnswerRefusedGoesToItSayingWhy() throws {
        var state = try opened()
        press(.tab, .tab, on: &state)
        let effects = press(.enter, on: &state)
        #expect(emitted(effects) == nil)
        #expect(selectedTitle(state) == "Title")
        #expect(screen(state).contains { $0.contains("Title: at least 3 characters") })
    }

    @Test func aSwiftProgramsCheckRidesOnTheFieldIntoItsEditor() throws {
        let title = FormField(name: "title", kind: .input, rules: InputRules(check: AnswerCheck { $0.hasPrefix("v") ? nil : "starts with v" }))
        let form = FormQuestion(title: nil, fields: [title])
        var options = AppOptions()
        options.form = form
        var state = AppState(root: form.spec(), size: Size(width: 40, height: 6), settings: Settings(path: nil, values: form.startingAnswers),
                             options: options)
        _ = update(&state, .start)
        press(.enter, on: &state)
        press(typed("1.0") + [.enter], on: &state)
        #expect(screen(state).contains { $0.contains("starts with v") })
        let effects = press(.ctrl("u"), .char("v"), .enter, on: &state)
        #expect(emitted(effects) == [#"{"title":"v"}"#])
    }

    @Test func inPlainModeANumberChangesAFieldDoneAnswersAndQCancels() throws {
        var state = try opened()
        func typed(_ line: String) -> [Effect] {
            guard case .events(let events) = PlainInput.meaning(of: line, in: state) else { return [] }
            return events.flatMap { update(&state, $0) }
        }
        #expect(PlainView.prompt(of: state) == "Change: 1-3, done answers, q cancels> ")
        _ = typed("1")  // minor → patch
        _ = typed("2")
        _ = typed("Faster")
        _ = typed("3")  // yes: the note is asked
        #expect(PlainView.lines(of: state).contains { $0.contains("4. Release note") })
        #expect(emitted(typed("done")) == [#"{"bump":"patch","title":"Faster","publish":true,"note":""}"#])
        var cancelled = try opened()
        guard case .events(let events) = PlainInput.meaning(of: "q", in: cancelled) else {
            Issue.record("q means nothing")
            return
        }
        let effects = events.flatMap { update(&cancelled, $0) }
        #expect(effects.contains { if case .quit(let status) = $0 { status == .cancelled } else { false } })
    }

    @Test func escCancelsTheFormAndQIsNoWayToAnswerIt() throws {
        var state = try opened()
        #expect(press(.char("q"), on: &state).isEmpty)
        let effects = press(.escape, on: &state)
        #expect(effects.contains { if case .quit(let status) = $0 { status == .cancelled } else { false } })
    }
}

/// Keys typed in order, as a list.
@discardableResult
private func press(_ keys: [Key], on state: inout AppState) -> [Effect] {
    keys.flatMap { update(&state, .key($0)) }
}
