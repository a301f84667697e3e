import Testing
@testable import SegueCore
@testable import SegueSpec

private func load(_ text: String) throws(SpecError) -> Spec { try loadSpec(text, file: "/specs/t.json") }

private func app(_ text: String, environment: [String: String] = [:], settings: JSONValue = .object([:])) throws -> AppState {
    AppState(root: try load(text), size: Size(width: 50, height: 10),
             settings: Settings(path: "/nonexistent/settings.json", values: settings), environment: environment)
}

private func type(_ text: String, on state: inout AppState) {
    for character in text { _ = update(&state, .key(.char(character))) }
}

/// The values a template gives in a context of plain data.
private func render(_ template: String, _ data: JSONValue = .object([:])) -> String {
    Template(template).render(in: DataContext(layers: [data]))
}

private func value(_ template: String, _ data: JSONValue = .object([:])) -> JSONValue {
    Template(template).value(in: DataContext(layers: [data]))
}

@Suite struct LostAnswerTests {
    @Test func aPromptWithATemplatedDefaultStillHandsItsAnswerOn() throws {
        var state = try app(#"""
            {"data": {"d": "x"}, "sections": [{"rows": [{"title": "Ask", "action": {"type": "prompt", "question": "Q {{d}}?",
              "default": "{{d}}", "then": {"type": "emit", "value": "[{{input}}]"}}}]}]}
            """#)
        press(.enter, on: &state)
        #expect(screen(state).last == " Q x? x")
        press(.ctrl("u"), on: &state)
        type("typed", on: &state)
        #expect(press(.enter, on: &state) == [.emit(["[typed]"])])
    }

    @Test func nestedPromptsSeeTheirOwnAnswerAsInputAndEarlierOnesByName() throws {
        var state = try app(#"""
            [{"rows": [{"title": "Pin", "action": {"type": "prompt", "question": "GPIO?", "name": "gpio",
              "then": {"type": "prompt", "question": "Mode for {{input}}?", "name": "mode",
                "then": {"type": "prompt", "question": "Sure {{answers.gpio}}/{{answers.mode}}?",
                  "then": {"type": "emit", "value": "{{answers.gpio}} {{answers.mode}} {{input}}"}}}}}]}]
            """#)
        press(.enter, on: &state)
        type("14", on: &state)
        press(.enter, on: &state)
        #expect(screen(state).last == " Mode for 14?")
        type("out", on: &state)
        press(.enter, on: &state)
        #expect(screen(state).last == " Sure 14/out?")
        type("yes", on: &state)
        #expect(press(.enter, on: &state) == [.emit(["14 out yes"])])
    }

    @Test func aPromptNameMustBeAName() {
        #expect(throws: SpecError.self) { try load(#"[{"rows": [{"title": "A", "action": {"type": "prompt", "question": "Q", "name": "a.b", "then": "back"}}]}]"#) }
    }
}

@Suite struct AttributeOrderTests {
    @Test func anAttributeThatIsATemplateReachesOtherTemplatesRendered() throws {
        var state = try app(#"""
            [{"rows": [{"title": "static", "p": "{{env.HOME}}/x", "action": {"type": "emit", "value": "{{p}}"}}]}]
            """#, environment: ["HOME": "/home/me"])
        #expect(press(.enter, on: &state) == [.emit(["/home/me/x"])])
    }

    @Test func attributesRenderInTheOrderTheyUseEachOther() {
        let row = Row(attributes: ["title": "{{b}}!", "a": "{{env.X}}", "b": "<{{a}}>", "detail": "{{title}}"])
        let bound = RowBinder.bind(row, item: nil, context: DataContext(layers: [.object(["env": .object(["X": "x"])])]),
                                   cells: CellLibrary())
        #expect(bound.row.title == "<x>!")
        #expect(bound.row.detail == "<x>!")
    }

    @Test func anAttributeUsingItselfSeesTheValueFromOutside() {
        let row = Row(attributes: ["title": "» {{title}}"])
        let bound = RowBinder.bind(row, item: nil, context: DataContext(layers: [.object(["title": "outer"])]), cells: CellLibrary())
        #expect(bound.row.title == "» outer")
    }

    @Test func aCycleOfAttributesIsALoadErrorNamingTheKeys() {
        #expect(RowBinder.attributeCycle(in: ["a": "{{b}}", "b": "{{c.x}}", "c": "{{a}}", "title": "t"]) == ["a", "b", "c", "a"])
        #expect(RowBinder.attributeCycle(in: ["title": "{{title}}"]) == nil)
        do {
            _ = try load(#"[{"rows": [{"title": "t", "a": "{{b}}", "b": "{{a}}"}]}]"#)
            Issue.record("a cycle loaded")
        } catch {
            #expect(error.description == #"/specs/t.json:1:12: [0].rows[0]: attributes whose templates use each other in a cycle: a → b → a"#)
        }
    }

    @Test func theDocsMoreThanOneActionExampleRunsWithThePath() throws {
        var state = try app(#"""
            {"data": {"files": [{"name": "a.txt", "path": "/tmp/a.txt"}]}, "sections": [{"forEach": "files", "as": "file",
              "row": {"title": "{{file.name}}", "path": "{{file.path}}",
                "actions": [{"key": "e", "title": "Edit", "action": {"type": "exec", "command": ["vi", "{{path}}"]}}]}}]}
            """#)
        #expect(press(.char("e"), on: &state) == [.exec(ExecCommand(arguments: ["vi", "/tmp/a.txt"]), directory: "/specs")])
    }

    @Test func liveRowsTitleIsRenderedBeforeActionsSeeIt() {
        let row = Row(attributes: ["title": "{{item.line}}", "action": .object(["type": "emit", "value": "{{title}}"])])
        let bound = RowBinder.bind(row, item: RowItem(name: "item", value: .object(["line": "a.txt"])), context: DataContext(), cells: CellLibrary())
        #expect(bound.row.action?.kind == .emit("a.txt"))
    }
}

@Suite struct TextPlaceTests {
    @Test func aNumberInACommandArgumentOrPlaceholderIsWrittenAsText() {
        let row = Row(attributes: ["title": "t", "placeholder": "{{cur.gpio}}",
                                   "preview": .object(["command": .array(["echo", "{{cur.gpio}}"])])])
        let bound = RowBinder.bind(row, item: nil, context: DataContext(layers: [.object(["cur": .object(["gpio": .number("14")])])]),
                                   cells: CellLibrary())
        #expect(bound.row.extras["placeholder"] == "14")
        #expect(bound.row.extras["preview"] == .object(["command": .array(["echo", "14"])]))
    }

    @Test func ownDataAttributesKeepTheirType() {
        let row = Row(attributes: ["title": "t", "file": "{{item}}", "enabled": "{{item.ok}}"])
        let item: JSONValue = .object(["path": "/a", "ok": .number("0")])
        let bound = RowBinder.bind(row, item: RowItem(name: "item", value: item), context: DataContext(), cells: CellLibrary())
        #expect(bound.row.extras["file"] == item)
        #expect(!bound.row.enabled)
    }
}

@Suite struct TemplateExpressionTests {
    let data: JSONValue = .object(["board": "pi4", "has_fan": .bool(false), "n": .number("3"), "s": "8080",
                                   "tags": .array(["a", "b"]), "name": " Ada ", "quote": "it's"])

    @Test func comparisonsAndLogic() {
        #expect(value("{{board != 'pi5' && !has_fan}}", data) == .bool(true))
        #expect(value("{{board == \"pi4\"}}", data) == .bool(true))
        #expect(value("{{n > 2 && n <= 3}}", data) == .bool(true))
        #expect(value("{{n < 3 || board == 'x'}}", data) == .bool(false))
        #expect(value("{{s == 8080}}", data) == .bool(true))  // a setting saved as text
        #expect(value("{{s == '8080'}}", data) == .bool(true))
        #expect(value("{{missing == null}}", data) == .bool(true))
        #expect(value("{{!(n == 3 || has_fan)}}", data) == .bool(false))
        #expect(value("{{'b' > 'a'}}", data) == .bool(true))
        #expect(value("{{true}}", data) == .bool(true))
        #expect(value("{{-1.5}}", data) == .number("-1.5"))
    }

    @Test func andBindsTighterThanOr() {
        #expect(value("{{true || false && false}}") == .bool(true))
        #expect(value("{{(true || false) && false}}") == .bool(false))
    }

    @Test func fallbackStillWorksAndDoesNotCollideWithOr() {
        #expect(render("{{missing | Guest}}", data) == "Guest")
        #expect(render("{{missing || has_fan | no}}", data) == "false")
        #expect(render("{{'a|b'}}", data) == "a|b")
    }

    @Test func functions() {
        #expect(render("{{shell(quote)}}", data) == #"'it'\''s'"#)
        #expect(render("{{trim(name)}}|{{upper(board)}}|{{lower('AB')}}", data) == "Ada|PI4|ab")
        #expect(render("{{join(tags)}} {{join(tags, ', ')}}", data) == "a b a, b")
        #expect(render("{{json(quote)}} {{json(tags)}}", data) == #""it's" ["a","b"]"#)
        #expect(render("{{count(tags)}} {{count(board)}} {{count(nothing)}}", data) == "2 3 0")
        #expect(render("{{plain(c)}}", .object(["c": "\u{1B}[31mred\u{1B}[0m"])) == "red")
        #expect(value("{{count(tags) > 1}}", data) == .bool(true))
    }

    @Test func negativeIndexesCountFromTheEnd() {
        #expect(render("{{tags.-1}} {{tags.-2}} {{tags.-3 | none}}", data) == "b a none")
    }

    @Test func badExpressionsSayWhatAndWhere() {
        func problem(_ text: String) -> TemplateProblem? { Template(text).problems.first?.problem }
        #expect(problem("{{a = 1}}") == TemplateProblem(message: "\"=\" alone: write == to compare", offset: 2))
        #expect(problem("{{}}")?.message == "an empty placeholder (expected a key path such as {{name}})")
        #expect(problem("{{.Names}}")?.message == "\".Names\" is not a key path (a path is names joined by dots, as in user.name)")
        #expect(problem("{{a == 'x}}")?.offset == 5)
        #expect(problem("{{a == 1 == 2}}")?.message == "comparisons do not chain; join them with && or ||")
        #expect(problem("{{up(x)}}")?.message.hasPrefix("unknown function \"up\"") == true)
        #expect(problem("{{join()}}")?.message == "join() takes 1 or 2 arguments, not 0")
        #expect(problem("{{(a}}")?.message == "expected \")\", found the end of the placeholder")
        #expect(problem("{{a b}}")?.message == "expected an operator or the end of the placeholder, found \"b\"")
        // Drawn as written: nothing is lost.
        #expect(render("x {{a = 1}} y") == "x {{a = 1}} y")
        #expect(render(#"\{{.Names}}"#) == "{{.Names}}")
    }

    @Test func keyPathsStillTakeAnyName() {
        #expect(render("{{first-name}} {{ü.0}}", .object(["first-name": "Ada", "ü": .array(["x"])])) == "Ada x")
    }
}

@Suite struct LineFieldTests {
    @Test func linesSplitAtBlanksATextOrAPattern() {
        #expect(LineDelimiter.blanks.fields(of: "  a  b\tc ") == ["a", "b", "c"])
        #expect(LineDelimiter(.text(":")).fields(of: "main.swift:12:4: error") == ["main.swift", "12", "4", " error"])
        #expect(LineDelimiter(.text(":")).fields(of: "a::b") == ["a", "", "b"])
        #expect(LineDelimiter(.pattern("\\s*:\\s*")).fields(of: "a : b:c") == ["a", "b", "c"])
    }

    @Test func itemsOfALinesSourceCarryFieldsCountedFromEitherEnd() throws {
        let spec = try load(#"""
            [{"source": {"command": ["grep", "-n", "x"], "format": "lines", "delimiter": ":"},
              "row": {"title": "{{item.fields.0}} line {{item.fields.1}}", "detail": "{{item.fields.-1}}"}}]
            """#)
        var rows = ScreenRows(spec.sections[0].rows)
        rows.updateFeed { feed in
            var items = RawItems(kind: .line)
            items.append(Array("a.txt:3:hello".utf8))
            feed.items.append(items)
        }
        let bound = RowBinder.bind(rows[0], item: rows.binding(at: 0), context: DataContext(), cells: spec.cells)
        #expect(bound.row.title == "a.txt line 3")
        #expect(bound.row.detail == "hello")
    }

    @Test func aDelimiterIsCheckedWhereItStands() {
        func problem(_ source: String) -> String? {
            do {
                _ = try load(#"[{"source": \#(source), "row": {"title": "{{item.line}}"}}]"#)
                return nil
            } catch {
                return error.description
            }
        }
        #expect(problem(#"{"command": ["ls"], "delimiter": ":"}"#)?.hasSuffix(#"[0].source.delimiter: a delimiter splits lines into fields: it needs "format": "lines""#) == true)
        #expect(problem(#"{"command": ["ls"], "format": "lines", "delimiter": {"pattern": "("}}"#)?.contains("[0].source.delimiter.pattern: not a regular expression") == true)
        #expect(problem(#"{"command": ["ls"], "format": "lines", "delimiter": 3}"#)?.contains(#"expected a text to split lines at, or {"pattern": "a regular expression"}, found 3"#) == true)
    }
}

@Suite struct TemplateWarningTests {
    private func warnings(_ text: String, settings: JSONValue = .object([:])) throws -> [String] {
        BindingWarnings.check(try app(text, settings: settings).current)
    }

    @Test func aConditionOnANameFoundNowhereIsWarnedAbout() throws {
        #expect(try warnings(#"""
            {"data": {"board": "pi4", "has_fan": true}, "sections": [{"rows": [
              {"title": "TLS", "cell": "toggle", "setting": "tls"},
              {"title": "A", "hidden": "{{board != 'pi5' && !has_fna}}", "enabled": "{{settings.tls && !settings.tsl && env.X}}"},
              {"title": "B {{has_fan == true}} {{boad == 1}}"}]}]}
            """#) == [
            "sections[0].rows[1].enabled: {{settings.tsl}} names nothing in the data, settings, item or row; the condition always reads it as null",
            "sections[0].rows[1].hidden: {{has_fna}} names nothing in the data, settings, item or row; the condition always reads it as null",
            "sections[0].rows[2].title: {{boad}} names nothing in the data, settings, item or row; the condition always reads it as null",
        ])
        // A setting saved by no row of the screen but in the file is found.
        #expect(try warnings(#"[{"rows": [{"title": "A", "hidden": "{{settings.tsl}}"}]}]"#, settings: .object(["tsl": .bool(true)])) == [])
    }

    @Test func aProblemSaidManyTimesIsSaidOnceWithItsCount() throws {
        let title = String(repeating: "{{a}}", count: 1_000)
        #expect(try warnings(#"{"title": "\#(title)", "sections": [{"rows": [{"title": "{{b}}"}, {"title": "{{b}}"}]}]}"#) == [
            "title: {{a}} resolves to nothing (1,000 times)",
            "sections[0].rows[0].title: {{b}} resolves to nothing",
            "sections[0].rows[1].title: {{b}} resolves to nothing",
        ])
        #expect(BindingWarnings.counted(["x", "y", "x", "x"]) == ["x (3 times)", "y"])
    }

    @Test func aCommandPlaceholderThatResolvesToNothingSuggestsTheEscape() throws {
        #expect(try warnings(#"""
            [{"source": {"command": ["docker", "ps", "--format", "{{Names}}"], "format": "lines"}, "row": {"title": "{{item.line}}"}},
             {"rows": [{"title": "Run", "action": {"type": "exec", "command": ["echo", "{{ID}}", "\\{{.ID}}"]}}]}]
            """#) == [
            #"sections[0].source.command[3]: {{Names}} resolves to nothing; to pass {{ to the command as it is, write \\{{ in JSON"#,
            #"sections[1].rows[0].action.command[1]: {{ID}} resolves to nothing; to pass {{ to the command as it is, write \\{{ in JSON"#,
        ])
    }

    @Test func aFallbackNamedLikeAFunctionIsWarnedAbout() throws {
        #expect(try warnings(#"{"data": {"x": "a"}, "sections": [{"rows": [{"title": "{{x | upper}}"}]}]}"#) == [
            #"sections[0].rows[0].title: "| upper" is fallback text, shown when the value is missing; to convert a value, write upper(…)"#,
        ])
    }

    @Test func aBadExpressionIsALoadErrorAtItsLineAndColumn() {
        func problem(_ text: String) -> String? { loadProblem(text, file: "/specs/t.json") }
        #expect(problem("{\"title\": \"x\",\n \"sections\": [{\"rows\": [{\"title\": \"{{a = 1}}\"}]}]}")
            == #"/specs/t.json:2:40: sections[0].rows[0].title: {{a = 1}}: "=" alone: write == to compare"#)
        #expect(problem(#"[{"source": {"command": ["docker", "ps", "--format", "{{json .}}"]}}]"#)
            == #"/specs/t.json:1:62: [0].source.command[3]: {{json .}}: expected an operator or the end of the placeholder, found "."; to pass {{ on as it is (a Go template), write \\{{ in JSON"#)
        // Data is not a template; an escaped placeholder is text.
        #expect(problem(#"{"data": {"f": "{{.Names}}"}, "sections": [{"rows": [{"title": "\\{{.ID}} {{f}}"}]}]}"#) == nil)
        #expect(problem(#"{"filter": {"prompt": "{{ (a }}"}, "sections": []}"#)?.contains("filter.prompt: {{ (a }}: expected") == true)
    }
}

@Suite struct TemplateLimitTests {
    @Test func deepNestingIsAProblemNotACrash() {
        let deep = "{{" + String(repeating: "(", count: 100_000) + "a" + String(repeating: ")", count: 100_000) + "}}"
        #expect(Template(deep).problems.first?.problem.message == "an expression nested more than 64 deep")
        let nots = "{{" + String(repeating: "!", count: 100_000) + "a}}"
        #expect(Template(nots).problems.count == 1)
        #expect(Template("{{" + String(repeating: "!", count: 10) + "a}}").problems.isEmpty)
        let chain = "{{a" + String(repeating: " || a", count: 100_000) + "}}"
        #expect(Template(chain).problems.first?.problem.message == "an expression of more than 256 operators")
    }
}

/// What a review found, each kept from coming back.
@Suite struct TemplateReviewTests {
    @Test func shellQuotesEveryQuoteEvenWithACombiningMarkAfterIt() {
        let quoted = render("{{shell(x)}}", .object(["x": "x'\u{301}; touch /tmp/pwned; #"]))
        #expect(quoted.unicodeScalars.elementsEqual("'x'\\''\u{301}; touch /tmp/pwned; #'".unicodeScalars))
    }

    @Test func theLoadCheckIsLinearInUnclosedBracesAndFailuresUnderData() throws {
        let braces = String(repeating: "{", count: 400_000)
        #expect(throws: Never.self) { try load(#"{"title": "\#(braces)", "sections": []}"#) }
        let goFormats = (0..<20_000).map { #""{{.ID\#($0)}}""# }.joined(separator: ", ")
        #expect(throws: Never.self) { try load(#"{"data": {"formats": [\#(goFormats)]}, "sections": []}"#) }
    }

    @Test func aChainOfAHundredThousandAttributesNeedsNoDeepStack() {
        var attributes: [String: JSONValue] = ["a0": "end"]
        for index in 1..<100_000 { attributes["a\(index)"] = .string("{{a\(index - 1)}}") }
        #expect(RowBinder.attributeCycle(in: attributes) == nil)
        #expect(RowBinder.renderingOrder(attributes).prefix(3) == ["a0", "a1", "a2"])
        attributes["a0"] = "{{a99999}}"
        #expect(RowBinder.attributeCycle(in: attributes)?.count == 100_001)
    }

    @Test func aNamedPasswordNeverShowsInALaterQuestionOrConfirmation() throws {
        var state = try app(#"""
            [{"rows": [{"title": "Login", "action": {"type": "prompt", "question": "Password?", "kind": "password", "name": "pw",
              "then": {"type": "prompt", "question": "User for {{answers.pw}}?",
                "then": {"type": "emit", "value": "{{input}}:{{answers.pw}}", "confirm": "Send {{answers.pw}}?"}}}}]}]
            """#)
        press(.enter, on: &state)
        type("hunter2", on: &state)
        press(.enter, on: &state)
        #expect(screen(state).last == " User for ••••••••?")
        type("ann", on: &state)
        press(.enter, on: &state)
        #expect(state.status?.text == "Send ••••••••? (y/N)")
        #expect(press(.char("y"), on: &state) == [.emit(["ann:hunter2"])])
    }

    @Test func theDatasOwnAnswersShowsThroughWhenNoPromptIsNamed() throws {
        var state = try app(#"""
            {"data": {"answers": {"x": "from data"}}, "sections": [{"rows": [{"title": "Ask", "action": {"type": "prompt",
              "question": "Q?", "then": {"type": "emit", "value": "{{answers.x}} {{input}}"}}}]}]}
            """#)
        press(.enter, on: &state)
        type("typed", on: &state)
        #expect(press(.enter, on: &state) == [.emit(["from data typed"])])
    }

    @Test func aQuestionAskedWhileAValueIsTypedWaitsBehindIt() throws {
        var state = try app(#"[{"rows": [{"title": "Name", "cell": "input", "setting": "name"}]}]"#)
        press(.enter, on: &state)
        state.pendingConfirmation = AppState.Confirmation(action: .quit, row: 0, asked: nil)
        #expect(state.entry != nil)
        press(.char("y"), on: &state)
        #expect(state.entry?.editor.text == "y")
        press(.escape, on: &state)
        #expect(state.pendingConfirmation != nil && state.entry == nil)
    }

    @Test func linesAreSplitOnlyWhereATemplateReadsFields() {
        let plain = LiveSource(source: SourceSpec(origin: .command(["ls"]), format: .lines), template: Row(title: "{{item.line}}"))
        #expect(plain.item(.object(["line": "a b"])) == .object(["line": "a b"]))
        let split = LiveSource(source: SourceSpec(origin: .command(["ls"]), format: .lines), template: Row(title: "{{item.fields.1}}"))
        #expect(split.item(.object(["line": "a b"])) == .object(["line": "a b", "fields": .array(["a", "b"])]))
    }
}
