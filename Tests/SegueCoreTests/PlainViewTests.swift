import Testing
@testable import SegueCore
import SegueFiles

/// Plain mode's text and what its typed lines mean.
@Suite struct PlainViewTests {
    let spec = #"""
        {"title": "Settings", "sections": [{"header": "Look", "footer": "Saved at once.", "rows": [
          {"title": "Dark mode", "cell": "toggle", "setting": "dark"},
          {"title": "Size", "cell": "choice", "setting": "size", "options": ["S", "M"]},
          {"cell": "separator"},
          {"title": "Locked", "enabled": false},
          {"title": "About", "detail": "1.0", "segue": "about.json", "key": "a"}]}]}
        """#

    func started() throws -> AppState {
        AppState(root: try SpecLoader(disk: nil).parse(bytes: Array(spec.utf8), file: "/p/main.json"), size: Size(width: 100, height: 60))
    }

    @Test func aScreenReadsAsNumberedLines() throws {
        let state = try started()
        #expect(PlainView.lines(of: state) == [
            "", "== Settings ==", "Look:",
            // Numbered as they are chosen: the separator and the locked row take no number.
            "  1. Dark mode: off", "  2. Size: S", "   ----", "   -. Locked (unavailable)", "  3. [a] About — 1.0 (opens)",
            "   Saved at once.",
        ])
        #expect(PlainView.prompt(of: state) == "Choose: 1-3, a hotkey, /text find, ? help, q quit> ")
    }

    @Test func typedLinesBecomeTheAppsEvents() throws {
        var state = try started()
        guard case .events(let events) = PlainInput.meaning(of: "1", in: state) else { throw Failure() }
        for event in events { _ = update(&state, event) }
        #expect(PlainView.lines(of: state)[3] == "  1. Dark mode: on")
        guard case .unknown(let reason) = PlainInput.meaning(of: "4", in: state) else { throw Failure() }
        #expect(reason == "no row 4 to choose")
        guard case .events(let found) = PlainInput.meaning(of: "/size", in: state) else { throw Failure() }
        for event in found { _ = update(&state, event) }
        #expect(PlainView.lines(of: state).contains("  1. Size: S"))
        guard case .help = PlainInput.meaning(of: " ? ", in: state) else { throw Failure() }
        guard case .redraw = PlainInput.meaning(of: "", in: state) else { throw Failure() }
        guard case .unknown = PlainInput.meaning(of: "hello", in: state) else { throw Failure() }
    }

    @Test func onlyShownRowsAreNumberedAndADigitHotkeyWins() throws {
        var state = AppState(root: try SpecLoader(disk: nil).parse(bytes: Array(#"""
            {"sections": [{"rows": [
              {"cell": "text", "title": "Pick one"},
              {"title": "Hidden", "hidden": true},
              {"title": "First", "action": {"type": "emit", "value": "first"}},
              {"title": "Second", "action": {"type": "emit", "value": "second"}},
              {"title": "Third", "key": "1", "action": {"type": "emit", "value": "third"}}]}]}
            """#.utf8), file: "/p/main.json"), size: Size(width: 100, height: 60))
        #expect(PlainView.lines(of: state).suffix(4) == ["   Pick one", "  1. First", "  2. Second", "  3. [1] Third"])
        func choose(_ line: String) throws -> [Effect] {
            guard case .events(let events) = PlainInput.meaning(of: line, in: state) else { throw Failure() }
            return events.flatMap { update(&state, $0) }
        }
        #expect(try choose("1") == [.emit(["third"])])
        #expect(try choose("#1") == [.emit(["first"])])
    }

    @Test func aValueIsTypedOnALineAndEnterAloneKeepsIt() throws {
        var state = AppState(root: try SpecLoader(disk: nil).parse(bytes: Array(#"""
            [{"rows": [{"title": "Name", "cell": "input", "setting": "name", "placeholder": "who"},
                       {"title": "PIN", "cell": "input", "setting": "pin", "kind": "password"}]}]
            """#.utf8), file: "/p/main.json"), size: Size(width: 100, height: 60))
        #expect(PlainView.lines(of: state)[2] == "  1. Name: (who)")
        func enter(_ line: String) throws {
            guard case .events(let events) = PlainInput.meaning(of: line, in: state) else { throw Failure() }
            for event in events { _ = update(&state, event) }
        }
        try enter("1")
        #expect(PlainView.prompt(of: state) == "Name: ")
        try enter("Ann Lee")
        #expect(state.settings.value(for: "name") == .string("Ann Lee"))
        try enter("1")
        #expect(PlainView.prompt(of: state) == "Name [Ann Lee]: ")
        try enter("")
        #expect(state.entry == nil && state.settings.value(for: "name") == .string("Ann Lee"))
        try enter("2")
        try enter("1234")
        try enter("2")
        #expect(PlainView.prompt(of: state) == "PIN [unchanged]: ")
        #expect(PlainView.lines(of: state)[3] == "  2. PIN: ••••••••")
    }

    struct Failure: Error {}
}

/// A one-shot question in plain mode whose words end in their own colon keep one.
@Suite struct PlainQuestionWordsTests {
    @Test func aHeaderOrAQuestionEndingInAColonIsNotGivenASecond() throws {
        let state = AppState(root: ChooseQuestion.spec(items: ["a"], options: .init(header: "Title:")), size: Size(width: 40, height: 6))
        #expect(PlainView.lines(of: state).contains("Title:"))
        #expect(!PlainView.lines(of: state).contains { $0.contains("::") })
        let asked = AppState(root: ChooseQuestion.spec(items: ["a"], options: .init(header: "Bump")), size: Size(width: 40, height: 6))
        #expect(PlainView.lines(of: asked).contains("Bump:"))
        guard case .success(let made) = InputQuestion.make(.init(prompt: "Title:")) else {
            Issue.record("no question")
            return
        }
        var options = AppOptions()
        options.startAction = made.question
        var typing = AppState(root: made.spec, size: Size(width: 40, height: 6), options: options)
        _ = update(&typing, .start)
        #expect(PlainView.prompt(of: typing) == "Title: ")
    }
}
