import Testing
@testable import SegueCore
@testable import SegueSpec
import SegueFiles

private func load(_ text: String) throws(SpecError) -> Spec {
    try SpecLoader(disk: nil).parse(bytes: Array(text.utf8), file: "/specs/form.json")
}

private func problem(_ text: String) -> String? {
    do {
        _ = try load(text)
        return nil
    } catch {
        return error.description
    }
}

/// A state for a spec written as JSON, with settings kept in memory but writable (a path that is
/// never written: saves are effects here).
private func app(_ text: String, settings: JSONValue = .object([:]), width: Int = 40, height: Int = 12) throws -> AppState {
    AppState(root: try load(text), size: Size(width: width, height: height),
             settings: Settings(path: "/nonexistent/settings.json", values: settings))
}

private func type(_ text: String, on state: inout AppState) {
    for character in text { _ = update(&state, .key(.char(character))) }
}

private let profile = #"""
    {"title": "Profile", "sections": [{"rows": [
      {"title": "Name", "cell": "input", "setting": "name", "placeholder": "your name"},
      {"title": "Port", "cell": "input", "setting": "port", "kind": "number", "min": 1, "max": 65535},
      {"title": "Token", "cell": "input", "setting": "token", "kind": "password"},
      {"title": "Branch", "cell": "input", "setting": "branch", "pattern": "[a-z][a-z0-9-]*", "invalid": "lowercase, digits, dashes"}
    ]}]}
    """#

@Suite struct InputRowTests {
    @Test func aRowShowsItsValueOrADimPlaceholder() throws {
        var state = try app(profile, settings: .object(["port": .number("8080")]))
        #expect(screen(state)[1] == " > Name                     your name")
        #expect(screen(state)[2] == "   Port                          8080")
        #expect(render(state, size: state.size)[30, 1].style == Theme.standard.selected)
        press(.down, on: &state)
        #expect(render(state, size: state.size)[30, 1].style == Theme.standard.detail)
    }

    @Test func enterEditsInPlaceAndSavesTheTypedValue() throws {
        var state = try app(profile)
        press(.enter, on: &state)
        #expect(state.entry?.setting == "name")
        type("Ann", on: &state)
        let grid = render(state, size: state.size)
        #expect(grid.lines[1].hasPrefix(" > Name"))
        #expect(grid.lines[1].contains("Ann"))
        #expect(grid.cursor?.visible == true && grid.cursor?.y == 1)
        #expect(grid.lines.last == " ⏎ save  Esc cancel")
        let effects = press(.enter, on: &state)
        #expect(state.entry == nil)
        #expect(state.settings.value(for: "name") == .string("Ann"))
        #expect(effects == [.saveSettings(state.settings)])
        #expect(screen(state)[1] == " > Name                           Ann")
    }

    /// A row found with `/` and edited in place says how to save it, in place of the find line,
    /// which comes back once it is saved.
    @Test func aRowEditedFromTheFindsResultsSaysHowToSaveIt() throws {
        var state = try app(profile)
        press(.char("/"), on: &state)
        type("port", on: &state)
        press(.enter, on: &state)
        #expect(state.entry?.setting == "port")
        type("80", on: &state)
        #expect(render(state, size: state.size).lines.last == " ⏎ save  Esc cancel")
        press(.enter, on: &state)
        #expect(state.settings.value(for: "port") == .number("80"))
        #expect(render(state, size: state.size).lines.last?.hasPrefix(" /port") == true)
    }

    @Test func escapeKeepsTheOldValue() throws {
        var state = try app(profile, settings: .object(["name": "Ann"]))
        press(.enter, .ctrl("u"), on: &state)
        type("Bob", on: &state)
        #expect(press(.escape, on: &state) == [])
        #expect(state.entry == nil)
        #expect(state.settings.value(for: "name") == .string("Ann"))
        #expect(state.stack.count == 1)
    }

    @Test func numbersAreSavedAsNumbersWithinTheirBounds() throws {
        var state = try app(profile)
        press(.down, .enter, on: &state)
        type("70000", on: &state)
        #expect(press(.enter, on: &state) == [])
        #expect(state.entry != nil)  // still editing
        #expect(state.status == .error("expected a number from 1 to 65535"))
        #expect(screen(state).last == " expected a number from 1 to 65535")
        press(.ctrl("u"), on: &state)
        type("80x", on: &state)
        press(.enter, on: &state)
        #expect(state.status == .error("expected a number"))
        press(.backspace, .enter, on: &state)
        #expect(state.settings.value(for: "port") == .number("80"))
        // Emptied, a number is unset again.
        press(.enter, .ctrl("u"), .enter, on: &state)
        #expect(state.settings.value(for: "port") == .null)
    }

    @Test func aPatternMustMatchTheWholeValueAndItsMessageShows() throws {
        var state = try app(profile)
        press(.end, .enter, on: &state)
        type("Feature/x", on: &state)
        press(.enter, on: &state)
        #expect(state.status == .error("lowercase, digits, dashes"))
        press(.ctrl("u"), on: &state)
        type("feature-2", on: &state)
        press(.enter, on: &state)
        #expect(state.settings.value(for: "branch") == .string("feature-2"))
    }

    @Test func aPasswordIsNeverDrawnAndItsLengthIsNotShown() throws {
        var state = try app(profile, settings: .object(["token": "hunter2"]))
        #expect(screen(state)[3] == "   Token                     ••••••••")
        press(.down, .down, .enter, on: &state)
        type("xyz", on: &state)
        let lines = screen(state)
        #expect(lines[3].contains("••••••••••") && !lines.joined().contains("hunter2") && !lines.joined().contains("xyz"))
        press(.enter, on: &state)
        #expect(state.settings.value(for: "token") == .string("hunter2xyz"))
        #expect(!screen(state).joined().contains("hunter2"))
    }

    @Test func aPasswordIsNotFoundByItsValue() throws {
        var state = try app(profile, settings: .object(["token": "hunter2", "name": "hunter"]))
        press(.char("/"), on: &state)
        type("hunter", on: &state)
        #expect(state.current.rowCount == 1)
        #expect(selectedTitle(state) == "Name")
    }

    @Test func pasteGoesIntoTheEditorOnOneLine() throws {
        var state = try app(profile)
        press(.enter, on: &state)
        _ = update(&state, .paste("Ann\nLee"))
        press(.enter, on: &state)
        #expect(state.settings.value(for: "name") == .string("Ann Lee"))
    }

    @Test func aLongValueScrollsSoTheCursorStaysInView() throws {
        var state = try app(profile, width: 30)
        press(.enter, on: &state)
        type(String(repeating: "abcdefghij", count: 4), on: &state)
        let grid = render(state, size: state.size)
        let line = grid.lines[1]
        #expect(line.hasSuffix("ghij") || line.hasSuffix("ghij "))
        #expect(grid.cursor.map { $0.x < 30 && $0.x > 15 } == true)
        press(.home, on: &state)
        #expect(render(state, size: state.size).lines[1].contains("abcdefghij"))
    }

    @Test func aValueOfTheWrongTypeIsAWarningAndShowsAsText() throws {
        let state = try app(profile, settings: .object(["port": "eighty", "token": .number("12")]))
        let warnings = BindingWarnings.check(state.current)
        #expect(warnings.contains(#"sections[0].rows[1].setting: settings.port holds "eighty" where a number is expected; shown as text"#))
        #expect(warnings.contains("sections[0].rows[2].setting: settings.token holds a number where text is expected; shown as text"))
        #expect(!warnings.joined().contains("12"))
        #expect(screen(state)[2] == "   Port                        eighty")
    }

    @Test func helpOnAnInputRowSaysEnterEditsAndListsTheEditorsKeys() throws {
        let state = try app(profile)
        let lines = HelpContent.lines(for: state)
        #expect(lines.contains(.entry("Enter", "Edit")))
        #expect(lines.contains(.heading("Editing a value (an input row, a prompt)")))
        #expect(lines.contains(.entry("Alt-← Alt-→", "move by words (also Ctrl-← Ctrl-→, Alt-B, Alt-F)")))
        #expect(screen(state).last?.hasPrefix(" ↑↓ move  ⏎ edit") == true)
    }

    @Test func keysAndWordMovesWorkInTheEditor() throws {
        var state = try app(profile)
        press(.enter, on: &state)
        type("one two three", on: &state)
        press(.ctrlLeft, .ctrl("w"), on: &state)
        #expect(state.entry?.editor.text == "one three")
        press(.altLeft, .altRight, .altRight, .ctrl("k"), on: &state)
        #expect(state.entry?.editor.text == "one three")
        press(.home, .delete, .char("O"), on: &state)
        #expect(state.entry?.editor.text == "One three")
    }
}

@Suite struct InputRuleTests {
    @Test func badRulesAreLoadErrorsWithTheirPath() {
        #expect(problem(#"[{"rows": [{"cell": "input", "kind": "date"}]}]"#)
            == #"/specs/form.json:1:12: [0].rows[0].kind: expected "text", "number", "password", "list" or "json", found "date""#)
        #expect(problem(#"[{"rows": [{"cell": "input", "kind": "number", "min": 10, "max": 2}]}]"#)
            == "/specs/form.json:1:12: [0].rows[0].min: min (10) is more than max (2)")
        #expect(problem(#"[{"rows": [{"cell": "input", "min": 1}]}]"#)
            == #"/specs/form.json:1:12: [0].rows[0].min: min and max need "kind": "number""#)
        #expect(problem(#"[{"rows": [{"cell": "input", "pattern": "[a-"}]}]"#)?
            .hasPrefix("/specs/form.json:1:12: [0].rows[0].pattern: not a valid regular expression") == true)
        #expect(problem(#"[{"rows": [{"cell": "input", "kind": "number", "max": "9"}]}]"#)
            == #"/specs/form.json:1:12: [0].rows[0].max: expected a number, found "9""#)
        #expect(problem(#"[{"rows": [{"cell": "input", "placeholder": 3}]}]"#)
            == "/specs/form.json:1:45: [0].rows[0].placeholder: expected a string, found 3")
        #expect(problem(#"{"cells": {"Port": {"base": "input", "kind": "port"}}, "sections": []}"#)
            == #"/specs/form.json:1:11: cells.Port.kind: expected "text", "number", "password", "list" or "json", found "port""#)
        #expect(problem(#"[{"forEach": "x", "row": {"cell": "input", "pattern": "("}}]"#)?.contains("[0].row.pattern: not a valid regular expression") == true)
    }

    @Test func rulesAreAttributesOnRowsThatAreNoInputRows() {
        #expect(problem(#"[{"rows": [{"title": "a.txt", "kind": "file", "min": "x"}]}]"#) == nil)
        #expect(problem(#"[{"forEach": "files", "row": {"title": "{{item}}", "kind": "{{item.kind}}"}}]"#) == nil)
    }

    @Test func numbersAreWrittenAsJSONWritesThem() throws {
        let rules = InputRules(kind: .number)
        #expect(try rules.validate("1e3").get() == .number("1e3"))
        #expect(try rules.validate("1.50").get() == .number("1.50"))
        #expect(try rules.validate("99999999999999999999").get() == .number("99999999999999999999"))
        #expect(try rules.validate("5.").get() == .number("5"))
        #expect(try rules.validate(" 42 ").get() == .number("42"))
        #expect(try rules.validate("+7").get() == .number("7"))
        #expect(try rules.validate("-0.5").get() == .number("-0.5"))
        #expect(try rules.validate(".5").get() == .number("0.5"))
        for text in ["nan", "inf", "0x10", "1,5", "1 2", "e"] {
            #expect(throws: InvalidInput.self) { try rules.validate(text).get() }
        }
        #expect(try rules.validate("").get() == .null)
    }

    @Test func minAndMaxAloneSayWhichBound() {
        #expect(InputRules(kind: .number, minimum: 1).validate("0") == .failure(InvalidInput(message: "expected a number of at least 1")))
        #expect(InputRules(kind: .number, maximum: 2.5).validate("3") == .failure(InvalidInput(message: "expected a number of at most 2.5")))
    }

    @Test func aPasswordsRefusalNeverQuotesIt() {
        let rules = InputRules(kind: .password, pattern: ".{8,}")
        #expect(rules.validate("short") == .failure(InvalidInput(message: "the password does not have the expected form")))
    }
}

@Suite struct PromptTests {
    let spec = #"""
        {"title": "Git", "sections": [{"rows": [
          {"title": "New branch", "id": 7, "action": {"type": "prompt", "question": "Branch name?", "default": "feature-",
            "pattern": "[a-z-]+", "then": {"type": "emit", "value": "{{input}} for {{title}} #{{id}}"}}},
          {"title": "Sure first", "action": {"type": "prompt", "question": "Name?", "confirm": "Ask?",
            "then": {"type": "exec", "command": ["echo", "{{input}}"], "confirm": "Run for {{input}}?"}}},
          {"title": "Pin", "action": {"type": "prompt", "question": "PIN?", "kind": "password",
            "then": {"type": "segue", "spec": "next.json", "data": {"pin": "{{input}}"}}}}
        ]}]}
        """#

    @Test func theAnswerIsBoundAsInputInTheActionThatFollows() throws {
        var state = try app(spec)
        press(.enter, on: &state)
        #expect(screen(state).last == " Branch name? feature-")
        #expect(render(state, size: state.size).cursor == Grid.Cursor(x: 22, y: 11))
        type("x", on: &state)
        let effects = press(.enter, on: &state)
        #expect(effects == [.emit(["feature-x for New branch #7"])])
    }

    @Test func aRefusedAnswerKeepsThePromptWithTheReasonAbove() throws {
        var state = try app(spec)
        press(.enter, on: &state)
        type("9", on: &state)
        #expect(press(.enter, on: &state) == [])
        let lines = screen(state)
        #expect(lines[lines.count - 2] == " expected a value matching [a-z-]+")
        #expect(lines.last == " Branch name? feature-9")
    }

    @Test func escapeCancels() throws {
        var state = try app(spec)
        press(.enter, on: &state)
        #expect(press(.escape, on: &state) == [])
        #expect(state.entry == nil && state.status == StatusMessage("cancelled"))
    }

    @Test func itComposesWithConfirmBeforeAndAfter() throws {
        var state = try app(spec)
        press(.down, .enter, on: &state)
        #expect(state.status?.text == "Ask? (y/N)")
        press(.char("y"), on: &state)
        type("bob", on: &state)
        press(.enter, on: &state)
        #expect(state.status?.text == "Run for bob? (y/N)")
        #expect(press(.char("y"), on: &state) == [.exec(ExecCommand(arguments: ["echo", "bob"]), directory: "/specs")])
    }

    @Test func aPasswordAnswerIsMaskedAndPassedAsData() throws {
        var state = try app(spec)
        press(.end, .enter, on: &state)
        type("1234", on: &state)
        #expect(screen(state).last == " PIN? ••••")
        #expect(press(.enter, on: &state) == [.loadSpec(path: "/specs/next.json")])
        #expect(state.pendingSegue?.passed.first == .object(["pin": "1234"]))
    }

    @Test func thenMayNameAHandlerAndAPasswordNeverShowsInWhatFollows() throws {
        let spec = try SpecLoader(disk: nil, actionNames: ["deploy"]).parse(bytes: Array(#"""
            [{"rows": [{"title": "Deploy", "action": {"type": "prompt", "question": "Tag?", "then": "deploy"}},
                       {"title": "Login", "action": {"type": "prompt", "question": "Password?", "kind": "password",
                         "then": {"type": "exec", "command": ["login", "{{input}}"], "confirm": "Log in with {{input}}?"}}}]}]
            """#.utf8), file: "/specs/form.json")
        var state = AppState(root: spec, size: Size(width: 50, height: 8))
        press(.enter, on: &state)
        type("v1", on: &state)
        #expect(press(.enter, on: &state) == [.callHandler(name: "deploy", row: ["title": "Deploy", "action": spec.sections[0].rows[0].action!.json])])
        press(.down, .enter, on: &state)
        type("hunter2", on: &state)
        press(.enter, on: &state)
        #expect(state.status?.text == "Log in with ••••••••? (y/N)")
        // The same when `then` is a list: each confirmation is shown with the password masked.
        let listed = try SpecLoader(disk: nil).parse(bytes: Array(#"""
            [{"rows": [{"title": "Login", "action": {"type": "prompt", "question": "Password?", "kind": "password",
              "then": [{"type": "exec", "command": ["login", "{{input}}"], "confirm": "Log in with {{input}}?"}]}}]}]
            """#.utf8), file: "/specs/form.json")
        var inList = AppState(root: listed, size: Size(width: 50, height: 8))
        press(.enter, on: &inList)
        type("hunter2", on: &inList)
        press(.enter, on: &inList)
        #expect(inList.status?.text == "Log in with ••••••••? (y/N)")
        #expect(!screen(inList).joined().contains("hunter2"))
        var refused = AppState(root: spec, size: Size(width: 50, height: 8), options: AppOptions(allowExec: false))
        press(.down, .enter, on: &refused)
        type("hunter2", on: &refused)
        press(.enter, on: &refused)
        press(.char("y"), on: &refused)
        #expect(!screen(refused).joined().contains("hunter2"))
    }

    @Test func aPromptNeedsAQuestionAndThen() {
        #expect(problem(#"[{"rows": [{"action": {"type": "prompt", "question": "Q?"}}]}]"#)
            == #"/specs/form.json:1:23: [0].rows[0].action.then: a prompt needs "then": the action to run with the answer"#)
        #expect(problem(#"[{"rows": [{"action": {"type": "prompt", "then": "back"}}]}]"#)
            == #"/specs/form.json:1:23: [0].rows[0].action.question: expected the prompt's "question", found nothing"#)
        #expect(problem(#"[{"rows": [{"action": {"type": "prompt", "question": "Q?", "then": {"type": "fly"}}}]}]"#)?
            .contains("[0].rows[0].action.then.type: expected segue") == true)
        #expect(problem(#"[{"rows": [{"action": {"type": "prompt", "question": "Q?", "kind": "number", "min": 5, "max": 1, "then": "back"}}]}]"#)
            == "/specs/form.json:1:23: [0].rows[0].action.min: min (5) is more than max (1)")
    }
}

@Suite struct ConditionalRowTests {
    let spec = #"""
        {"title": "Server", "sections": [{"rows": [
          {"title": "TLS", "cell": "toggle", "setting": "tls"},
          {"title": "Certificate", "cell": "input", "setting": "cert", "enabled": "{{settings.tls}}"},
          {"title": "Plain port", "hidden": "{{settings.tls}}"},
          {"title": "Last"}
        ]}]}
        """#

    @Test func flippingAToggleEnablesAndHidesRowsAtOnce() throws {
        var state = try app(spec)
        #expect(screen(state)[1...4] == [" > [ ] TLS", "   Certificate", "   Plain port", "   Last"])
        #expect(!state.current.isEnabled(1))
        press(.down, on: &state)
        #expect(selectedTitle(state) == "Plain port")
        press(.up, .char(" "), on: &state)
        #expect(screen(state)[1...3] == [" > [x] TLS", "   Certificate", "   Last"])
        press(.down, on: &state)
        #expect(selectedTitle(state) == "Certificate")
        press(.down, on: &state)
        #expect(selectedTitle(state) == "Last")
    }

    @Test func aHiddenRowIsNotFound() throws {
        var state = try app(spec)
        press(.char(" "), .char("/"), on: &state)
        type("plain", on: &state)
        #expect(state.current.rowCount == 0)
        #expect(screen(state)[1].contains("No matches"))
    }

    @Test func truthRules() {
        for value: JSONValue in [.bool(false), .number("0"), .string(""), .string("false"), .string("0"), .null] {
            #expect(!value.isTrue)
        }
        for value: JSONValue in [.bool(true), .number("2"), .string("yes"), .string("no"), .array([]), .object([:])] {
            #expect(value.isTrue)
        }
    }

    @Test func aConditionMustBeABooleanOrATemplate() {
        #expect(problem(#"[{"rows": [{"hidden": "yes"}]}]"#)
            == #"/specs/form.json:1:23: [0].rows[0].hidden: expected true, false or a template ("{{settings.name}}"), found "yes""#)
        #expect(problem(#"[{"rows": [{"hidden": true}, {"title": "a"}]}]"#) == nil)
    }
}

@Suite struct TypedChoiceTests {
    @Test func numberAndBooleanOptionsAreSavedAsTheyAreWritten() throws {
        var state = try app(#"""
            [{"rows": [{"title": "Level", "cell": "choice", "setting": "level", "options": [1, 2, 3]},
                       {"title": "Mode", "cell": "choice", "setting": "mode", "options": [true, false, "auto"]}]}]
            """#)
        #expect(screen(state)[1].hasSuffix("‹ 1 ›"))
        press(.enter, on: &state)
        #expect(state.settings.value(for: "level") == .number("2"))
        press(.down, .enter, .enter, on: &state)
        #expect(state.settings.value(for: "mode") == .string("auto"))
        press(.enter, on: &state)
        #expect(state.settings.value(for: "mode") == .bool(true))
        #expect(problem(#"[{"rows": [{"cell": "choice", "options": [1, null]}]}]"#)
            == "/specs/form.json:1:42: [0].rows[0].options[1]: expected a string, number or boolean, found null")
    }
}

@Suite struct SaveOnSaveTests {
    let spec = #"""
        {"title": "Profile", "saveSettings": "onSave", "sections": [{"rows": [
          {"title": "Name", "cell": "input", "setting": "name"},
          {"title": "TLS", "cell": "toggle", "setting": "tls"},
          {"title": "Save", "action": "save"},
          {"title": "Discard", "action": "discard"},
          {"title": "Elsewhere", "segue": "other.json"}
        ]}]}
        """#

    @Test func changesAreHeldUntilSaved() throws {
        var state = try app(spec, settings: .object(["name": "Ann"]))
        #expect(press(.down, .enter, on: &state) == [])  // flipped, not saved
        #expect(state.settings.bool("tls"))
        #expect(screen(state)[2] == " > [x] TLS")
        #expect(press(.down, .enter, on: &state) == [.saveSettings(state.settings)])
        #expect(state.status == StatusMessage("saved"))
        #expect(state.current.heldSettings.isEmpty)
    }

    @Test func discardUndoesEveryHeldChange() throws {
        var state = try app(spec, settings: .object(["name": "Ann"]))
        press(.enter, .ctrl("u"), on: &state)
        type("Bob", on: &state)
        press(.enter, .down, .enter, on: &state)
        #expect(state.settings.value(for: "name") == .string("Bob"))
        press(.down, .down, .enter, on: &state)
        #expect(state.settings.value(for: "name") == .string("Ann"))
        #expect(state.settings.value(for: "tls") == nil)
        #expect(!state.settings.changedNames.contains("tls"))
        #expect(state.status == StatusMessage("discarded unsaved changes"))
    }

    @Test func leavingWithUnsavedChangesAsksFirst() throws {
        var state = try app(spec)
        press(.down, .enter, on: &state)
        #expect(press(.char("q"), on: &state) == [])
        #expect(state.status == .warning("Discard unsaved changes? (y/N)"))
        press(.char("n"), on: &state)
        #expect(state.settings.bool("tls"))
        press(.char("q"), on: &state)
        #expect(press(.char("y"), on: &state) == [.quit(.success)])
        #expect(!state.settings.bool("tls"))
    }

    @Test func savedChangesLeaveWithoutAQuestionAndASegueIsNoLeaving() throws {
        var state = try app(spec)
        press(.down, .enter, on: &state)
        #expect(press(.end, .enter, on: &state) == [.loadSpec(path: "/specs/other.json")])
        // Saved, leaving asks nothing.
        press(.up, .up, .enter, on: &state)
        #expect(state.status == StatusMessage("saved"))
        #expect(press(.escape, on: &state) == [.quit(.cancelled)])
    }

    @Test func readingTheSpecAgainKeepsWhatIsHeld() throws {
        var state = try app(spec)
        press(.down, .enter, on: &state)
        #expect(update(&state, .filesChanged(["/specs/form.json"])) == [.loadSpec(path: "/specs/form.json")])
        _ = update(&state, .specLoaded(path: "/specs/form.json", .success(try load(spec))))
        #expect(state.settings.bool("tls"))
        #expect(press(.char("q"), on: &state) == [])
        #expect(state.status == .warning("Discard unsaved changes? (y/N)"))
    }

    @Test func heldChangesAreNotWrittenByAnotherScreensSaveAndQuittingFromItAsks() throws {
        var state = try app(spec)
        press(.down, .enter, on: &state)  // TLS held
        press(.end, .enter, on: &state)
        _ = update(&state, .specLoaded(path: "/specs/other.json", .success(try load(#"""
            {"title": "Other", "sections": [{"rows": [{"title": "Dark", "cell": "toggle", "setting": "dark"}]}]}
            """#))))
        #expect(state.breadcrumb == ["Profile", "Other"])
        guard case .saveSettings(let saved)? = press(.enter, on: &state).first else { throw Failure() }
        #expect(saved.changedNames == ["dark"])
        #expect(saved.heldNames == ["tls"])
        // Back to the holding screen asks nothing; quitting from above it does.
        #expect(press(.char("q"), on: &state) == [])
        #expect(state.status == .warning("Discard unsaved changes? (y/N)"))
        #expect(press(.char("y"), on: &state) == [.quit(.success)])
        #expect(!state.settings.bool("tls"))
    }

    @Test func goingBackOnTheFirstScreenAsksNothing() throws {
        var state = try app(spec)
        press(.down, .enter, .left, on: &state)
        #expect(state.pendingConfirmation == nil && state.status == nil)
    }

    /// `--watch`: a read that fails shows its error; the next good read takes it away, as it no
    /// longer says anything true (issue 30, item 7).
    @Test func aGoodReloadTakesAwayTheErrorOfAFailedOne() throws {
        var state = try app(spec)
        _ = update(&state, .filesChanged(["/specs/form.json"]))
        let missing = SpecError(file: "/specs/form.json", kind: .notFound)
        _ = update(&state, .specLoaded(path: "/specs/form.json", .failure(missing)))
        #expect(state.status == .error(missing.description))
        _ = update(&state, .filesChanged(["/specs/form.json"]))
        _ = update(&state, .specLoaded(path: "/specs/form.json", .success(try load(spec))))
        #expect(state.status == nil)
    }

    @Test func anOpenEditorClosesWhenItsScreenIsReadAgain() throws {
        var state = try app(spec)
        press(.enter, on: &state)
        type("Bob", on: &state)
        _ = update(&state, .filesChanged(["/specs/form.json"]))
        _ = update(&state, .specLoaded(path: "/specs/form.json", .success(try load(spec))))
        #expect(state.entry == nil)
        press(.enter, on: &state)
        #expect(state.entry?.editor.text == "")
    }

    struct Failure: Error {}

    @Test func aBadValueIsALoadError() {
        #expect(problem(#"{"saveSettings": "later", "sections": []}"#)
            == #"/specs/form.json:1:18: saveSettings: expected "atOnce" or "onSave", found "later""#)
    }
}

@Suite struct FormWarningTests {
    @Test func conditionsOnMissingValuesAndAPromptsInputAreNoWarnings() throws {
        let state = try app(#"""
            [{"rows": [{"title": "TLS", "cell": "toggle", "setting": "tls"}, {"title": "Off", "cell": "toggle", "setting": "off"},
                       {"title": "Cert", "enabled": "{{settings.tls}}", "hidden": "{{settings.off}}"},
                       {"title": "Ask", "action": {"type": "prompt", "question": "Q {{nmae}}?",
                         "then": {"type": "emit", "value": "{{input}} {{inptu}}"}}}]}]
            """#)
        #expect(BindingWarnings.check(state.current) == [
            "sections[0].rows[3].action.question: {{nmae}} resolves to nothing",
            "sections[0].rows[3].action.then.value: {{inptu}} resolves to nothing",
        ])
    }
}
