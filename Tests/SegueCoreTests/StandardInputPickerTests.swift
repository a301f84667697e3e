import Testing
@testable import SegueCore

@Suite struct StandardInputPickerTests {
    /// The picker with `lines` arrived on standard input.
    private func picker(_ lines: [String], options: StandardInputPicker.Options = .init()) -> AppState {
        var state = AppState(root: StandardInputPicker.spec(options), size: Size(width: 40, height: 8))
        let effects = update(&state, .start)
        guard case .startSource(let request)? = effects.first(where: { if case .startSource = $0 { true } else { false } }) else {
            Issue.record("no load of standard input: \(effects)")
            return state
        }
        #expect(request.origin == .standardInput)
        var items = RawItems(kind: .line)
        for line in lines { items.append(Array(line.utf8)) }
        _ = update(&state, .sourceRawItems(request.key, items))
        _ = update(&state, .sourceFinished(request.key, .done(next: .end)))
        return state
    }

    @Test func itOpensAsAPickerAndEnterPrintsTheLineAsItIs() {
        var state = picker(["alpha", "{{beta}}", "gamma"], options: .init(prompt: "pick> ", header: "Greek"))
        #expect(state.current.find?.prompt == "pick> ")
        #expect(screen(state)[1] == " Greek")
        press(.char("b"), .char("e"), on: &state)
        #expect(press(.enter, on: &state) == [.emit(["{{beta}}"])])
    }

    @Test func columnsHeaderMakesATableNamedByTheFirstLine() {
        var options = StandardInputPicker.Options()
        options.columns = "header"
        var state = picker(["PID USER COMMAND", "1 root /sbin/init splash", "4242 alice vim notes.txt"], options: options)
        let lines = screen(state)
        // The header line names the columns; numbers go right; the last column has the rest.
        #expect(lines[1] == "    PID  USER   COMMAND")
        #expect(lines[2] == " >    1  root   /sbin/init splash")
        #expect(lines[3] == "   4242  alice  vim notes.txt")
        press(.char("n"), .char("o"), .char("t"), on: &state)
        #expect(press(.enter, on: &state) == [.emit(["4242 alice vim notes.txt"])])
    }

    @Test func columnsHeaderTakesOneLineWhateverTheBatches() {
        var options = StandardInputPicker.Options()
        options.columns = "header"
        var state = AppState(root: StandardInputPicker.spec(options), size: Size(width: 40, height: 8))
        guard case .startSource(let request)? = update(&state, .start).first(where: { if case .startSource = $0 { true } else { false } }) else {
            Issue.record("no load")
            return
        }
        for batch in [["N V"], ["a 1"], ["b 2"]] {
            var items = RawItems(kind: .line)
            for line in batch { items.append(Array(line.utf8)) }
            _ = update(&state, .sourceRawItems(request.key, items))
        }
        let lines = screen(state)
        #expect(lines[1] == "   N  V")
        #expect(lines[2] == " > a  1")
        #expect(lines[3] == "   b  2")
    }

    @Test func aTablesStatusRowShowsItsText() {
        var options = StandardInputPicker.Options()
        options.columns = "3"
        #expect(screen(picker([], options: options)).contains { $0.contains("No lines") })
    }

    @Test func filteringATableSkipsTheLineThatNamesItsColumns() throws {
        var options = StandardInputPicker.Options()
        options.columns = "header"
        let input = Array("NAME SIZE\nalpha 1\nbeta 2\n".utf8)
        #expect(try StandardInputPicker.filter(input, query: "", options: options) == ["alpha 1", "beta 2"])
        #expect(try StandardInputPicker.filter(input, query: "bet", options: options) == ["beta 2"])
    }

    @Test func aPipedTableSortsOnceItsLinesHaveAllComeAndGoesBackToTheirOrder() {
        var options = StandardInputPicker.Options()
        options.columns = "header"
        var state = picker(["NAME SIZE", "beta 20M", "alpha 3G", "gamma 512K"], options: options)
        func names() -> [String] { screen(state)[2...4].map { String($0.dropFirst(3).prefix(5)) } }
        #expect(names() == ["beta ", "alpha", "gamma"])
        press(.alt("s"), on: &state)  // by NAME (s would type: the find line is open)
        #expect(names() == ["alpha", "beta ", "gamma"])
        press(.alt("s"), on: &state)  // by SIZE: 512K < 20M < 3G
        #expect(screen(state)[1].contains("SIZE ↑"))
        #expect(names() == ["gamma", "beta ", "alpha"])
        press(.alt("s"), on: &state)  // back to the order they came in
        #expect(names() == ["beta ", "alpha", "gamma"])
        press(.char("a"), .char("l"), on: &state)
        #expect(press(.enter, on: &state) == [.emit(["alpha 3G"])])
    }

    @Test func columnsTitledByNameOrByCount() {
        var named = StandardInputPicker.Options()
        named.columns = "Name, Rest"
        #expect(screen(picker(["a b c"], options: named))[1...2] == ["   Name  Rest", " > a     b c"])
        var counted = StandardInputPicker.Options()
        counted.columns = "2"
        #expect(screen(picker(["a b c"], options: counted))[1] == "   1  2")
        #expect(StandardInputPicker.ColumnsOption("A,,B") == .titles(["A", "", "B"]))
    }

    @Test func reloadingSaysStandardInputIsReadOnce() {
        var state = picker(["a"])
        #expect(press(.ctrl("r"), on: &state).isEmpty)
        #expect(state.status?.text == "standard input is read once: nothing to reload")
        #expect(state.current.rowCount >= 1)
    }

    @Test func matchesComeBestFirstUnlessToldToKeepTheOrder() {
        var sorted = picker(["xaxb", "ab"])
        press(.char("a"), .char("b"), on: &sorted)
        #expect(sorted.current.selectedBoundRow?.row.title == "ab")
        var kept = picker(["xaxb", "ab"], options: .init(sortsByScore: false))
        press(.char("a"), .char("b"), on: &kept)
        #expect(kept.current.selectedBoundRow?.row.title == "xaxb")
    }
}

@Suite struct LineSearchTextTests {
    private func rows(title: String, detail: String? = nil) -> ScreenRows {
        var template: [String: JSONValue] = ["title": .string(title)]
        if let detail { template["detail"] = .string(detail) }
        var rows = ScreenRows(RowList(live: LiveSource(source: SourceSpec(origin: .standardInput, format: .lines), template: Row(attributes: template))))
        rows.updateFeed { feed in
            var items = RawItems(kind: .line)
            items.append(Array("src/main.swift".utf8))
            feed.items.append(items)
        }
        return rows
    }

    @Test func aRowShowingItsLineAsItIsIsFoundByTheLinesBytesUnbound() {
        var text: [UInt8] = []
        #expect(rows(title: "{{item.line}}").appendPlainText(at: 0, to: &text))
        #expect(text == Array("src/main.swift".utf8))
        // Anything more than the line is bound to be known.
        var other: [UInt8] = []
        #expect(!rows(title: "{{item.line}}", detail: "x").appendPlainText(at: 0, to: &other))
        #expect(!rows(title: "» {{item.line}}").appendPlainText(at: 0, to: &other))
    }
}

@Suite struct AutomaticChoiceTests {
    private func run(_ lines: [String], query: String, selectOne: Bool = true, exitZero: Bool = true) -> [Effect] {
        var options = AppOptions(query: query)
        options.selectsOnlyMatch = selectOne
        options.exitsWithoutMatch = exitZero
        var state = AppState(root: StandardInputPicker.spec(), size: Size(width: 40, height: 8), options: options)
        let started = update(&state, .start)
        guard case .startSource(let request)? = started.first(where: { if case .startSource = $0 { true } else { false } }) else { return [] }
        var items = RawItems(kind: .line)
        for line in lines { items.append(Array(line.utf8)) }
        // Nothing is decided while lines are still coming.
        #expect(update(&state, .sourceRawItems(request.key, items)).allSatisfy { !$0.endsSession })
        var effects = update(&state, .sourceFinished(request.key, .done(next: .end)))
        // A long list is filtered a slice at a time: the choice waits for the last slice.
        while state.current.find?.job != nil, !effects.contains(where: \.endsSession) { effects += update(&state, .work) }
        return effects
    }

    @Test func theOnlyMatchIsChosenOnceEverythingHasLoaded() {
        #expect(run(["alpha", "beta", "gamma"], query: "bet") == [.emit(["beta"])])
    }

    @Test func noMatchEndsWithStatusOne() {
        #expect(run(["alpha"], query: "zzz") == [.quit(.cancelled)])
        #expect(run(["alpha"], query: "zzz", exitZero: false).isEmpty)
    }

    @Test func twoMatchesWaitForTheUser() {
        #expect(run(["alpha", "beta"], query: "a").isEmpty)
    }
}

@Suite struct FilterTests {
    @Test func theMatchesComeInThePickersOrder() throws {
        let input = Array("alpha\nbeta\nalphabet\ngamma\n".utf8)
        #expect(try StandardInputPicker.filter(input, query: "bet") == ["beta", "alphabet"])
        #expect(try StandardInputPicker.filter(input, query: "alp", options: .init(sortsByScore: false)) == ["alpha", "alphabet"])
        #expect(try StandardInputPicker.filter(input, query: "") == ["alpha", "beta", "alphabet", "gamma"])
        #expect(try StandardInputPicker.filter(input, query: "zz").isEmpty)
    }
}

@Suite struct FieldIndexTests {
    let fields = ["a", "b", "c", "d"]

    @Test func fzfsExpressionsCountFromOneAndFromTheEnd() {
        #expect(FieldIndexes("1").select(from: fields) == ["a"])
        #expect(FieldIndexes("-1").select(from: fields) == ["d"])
        #expect(FieldIndexes("2..").select(from: fields) == ["b", "c", "d"])
        #expect(FieldIndexes("..-2").select(from: fields) == ["a", "b", "c"])
        #expect(FieldIndexes("1,3..4").select(from: fields) == ["a", "c", "d"])
        #expect(FieldIndexes("..").select(from: fields) == fields)
        #expect(FieldIndexes("9").select(from: fields).isEmpty)
        #expect(FieldIndexes.isValid("2..,-1") && !FieldIndexes.isValid("0") && !FieldIndexes.isValid("a") && !FieldIndexes.isValid("1,"))
    }

    @Test func pickInATemplateJoinsThem() {
        let context = DataContext(layers: [.object(["f": .array(["x", "y", "z"])])])
        #expect(Template("{{pick(f, '2..')}}|{{pick(f, '1,-1', ':')}}").render(in: context) == "y z|x:z")
    }

    @Test func thePickerShowsAndPrintsTheChosenFields() throws {
        let input = Array("a.txt:3:hello world\nb.txt:9:bye\n".utf8)
        let options = StandardInputPicker.Options(delimiter: ":", shownFields: "3..", printedFields: "1,2")
        // `--filter` prints what Enter would: the `--accept-nth` fields, as fzf 0.74's does.
        #expect(try StandardInputPicker.filter(input, query: "llo", options: options) == ["a.txt:3"])
        #expect(try StandardInputPicker.filter(input, query: "", options: options) == ["a.txt:3", "b.txt:9"])
        // What is shown is what is found: the file name is not among the shown fields.
        #expect(try StandardInputPicker.filter(input, query: "txt", options: options).isEmpty)
    }
}

/// fzf's preview command and window for lines piped in.
@Suite struct PickerPreviewTests {
    @Test func fzfPlaceholdersBecomeQuotedTemplates() {
        #expect(FzfPlaceholders.template("cat {}") == "cat {{shell(item.line)}}")
        #expect(FzfPlaceholders.template("bat {1} -H {-1}") == "bat {{shell(trim(pick(item.fields, '1')))}} -H {{shell(trim(pick(item.fields, '-1')))}}")
        #expect(FzfPlaceholders.template("grep {q} {s2..}") == "grep {{shell(query)}} {{shell(pick(item.fields, '2..'))}}")
        #expect(FzfPlaceholders.template("git add {+}") == "git add {{shell(marked)}}")
        // Not placeholders: an awk script, an unclosed brace, fzf's forms Segue does not have.
        #expect(FzfPlaceholders.template("awk '{print $1}' {") == "awk '{print $1}' {")
        #expect(FzfPlaceholders.template("x {+1} {f} {1,3}") == "x {+1} {f} {1,3}")
        #expect(FzfPlaceholders.template("+{2}-5", quoted: false) == "+{{trim(pick(item.fields, '2'))}}-5")
    }

    /// Text outside fzf's placeholders is passed as written, as fzf passes it (issue 40): a
    /// `{{env.X}}` is no Segue placeholder (it landed in `sh -c` unquoted), a Go template is not
    /// mangled, and braces and backslashes next to a placeholder stay what they were, but for
    /// fzf's escape: a backslash just before a placeholder leaves it as written (`\{}` is `{}`),
    /// as fzf 0.74.5's `parsePlaceholder` does.
    @Test func textOutsideFzfsPlaceholdersIsPassedAsWritten() {
        let context = DataContext(layers: [["item": ["line": "a b", "fields": ["a ", "b"]], "query": "q"]])
        for (command, expected) in [
            ("echo {{env.HOME}} {}", "echo {{env.HOME}} 'a b'"),
            ("docker ps --format '{{.Names}}' {1}", "docker ps --format '{{.Names}}' 'a'"),
            ("x {{}} \\{{q}} {{{q}}} \\{}", "x {'a b'} \\{'q'} {{'q'}} {}"),
            ("echo \\{q} {q}", "echo {q} 'q'"),
            ("awk '{print $1}' {{", "awk '{print $1}' {{"),
            ("\\{{ {", "\\{{ {"),
        ] {
            #expect(Template(FzfPlaceholders.template(command)).render(in: context) == expected, "\(command)")
        }
    }

    /// fzf's `--header` and `--prompt`, and `segue choose --header`, are text: shown as written.
    @Test func aHeaderAndPromptGivenAsFlagsAreShownAsWritten() {
        let picker = StandardInputPicker.spec(StandardInputPicker.Options(prompt: "P{{env.HOME}}> ", header: "H {{x}} \\{{y}}"))
        let shown = screen(AppState(root: picker, size: Size(width: 60, height: 6), environment: ["HOME": "/root"])).joined(separator: "\n")
        #expect(shown.contains("H {{x}} \\{{y}}"))
        #expect(shown.contains("P{{env.HOME}}>"))
        let choose = ChooseQuestion.spec(items: ["a"], options: ChooseQuestion.Options(header: "{{env.HOME}}"))
        #expect(screen(state(choose, width: 40, height: 6)).contains { $0.contains("{{env.HOME}}") })
    }

    @Test func fzfsPreviewWindowReadsSideSizeWrapHiddenAndOffset() {
        let (window, ignored) = PreviewWindow.parse(fzf: "up,30%,wrap,hidden,border-rounded,+{2}-5/2") { "<\($0)>" }
        #expect(window.side == .top && window.extent == .percent(30) && window.wraps && window.startsHidden)
        #expect(window.offset == "<{2}-5>")
        #expect(ignored == ["border-rounded"])
        #expect(PreviewWindow(offset: "120-5").firstLine == 114)
        #expect(PreviewWindow(offset: "+3").firstLine == 2)
        #expect(PreviewWindow(offset: "x-5").firstLine == 0)
        #expect(PreviewWindow(offset: "2-10").firstLine == 0)
    }

    @Test func aPreviewsSizeAndSideOverrideAutoButNotTheCommandLine() {
        let list = Size(width: 80, height: 20)
        let window = PreviewWindow(side: .right, extent: .cells(30))
        let right = PreviewLayout(size: list, listArea: list, placement: .auto, shown: true, window: window)
        #expect(right.pane?.side == .right && right.pane?.width == 30 && right.list.width == 50)
        let bottom = PreviewLayout(size: list, listArea: list, placement: .bottom, shown: true, window: PreviewWindow(extent: .percent(50)))
        #expect(bottom.pane?.side == .bottom && bottom.pane?.height == 10)
    }

    @Test func aPreviewCommandRunsThroughShWithTheLineQuoted() {
        var options = StandardInputPicker.Options()
        options.previewCommand = "cat {}"
        var state = AppState(root: StandardInputPicker.spec(options), size: Size(width: 40, height: 8))
        let effects = update(&state, .start)
        guard case .startSource(let request)? = effects.first else {
            Issue.record("no load of standard input: \(effects)")
            return
        }
        var items = RawItems(kind: .line)
        items.append(Array("it's here".utf8))
        _ = update(&state, .sourceRawItems(request.key, items))
        guard case .success(let preview)? = state.current.preview(ofRow: 0) else {
            Issue.record("no preview")
            return
        }
        #expect(preview.origin == PreviewSpec.Origin.command(["sh", "-c", "cat 'it'\\''s here'"]))
        #expect(preview.keepsColour)
    }

    @Test func headerLinesAreNeitherFilteredNorPrinted() throws {
        var options = StandardInputPicker.Options()
        options.headerLines = 1
        let input = Array("NAME\nalpha\nbeta\n".utf8)
        #expect(try StandardInputPicker.filter(input, query: "a", options: options) == ["alpha", "beta"])
        #expect(try StandardInputPicker.filter(input, query: "", options: options) == ["alpha", "beta"])
        #expect(try StandardInputPicker.filter(input, query: "NAME", options: options) == [])
    }

    @Test func escapeSequencesAreNotFoundWhetherColoursShowOrNot() throws {
        let input = Array("\u{1B}[33mb6add2a\u{1B}[m Fix\nplain m line\n".utf8)
        #expect(try StandardInputPicker.filter(input, query: "m", options: .init()) == ["plain m line"])
        #expect(try StandardInputPicker.filter(input, query: "3mb", options: .init()) == [])
        #expect(try StandardInputPicker.filter(input, query: "b6 fix", options: .init()) == ["\u{1B}[33mb6add2a\u{1B}[m Fix"])
    }

    @Test func jsonLinesMakeRowsFromTheirKeys() throws {
        var options = StandardInputPicker.Options()
        options.readsJSONLines = true
        var state = AppState(root: StandardInputPicker.spec(options), size: Size(width: 40, height: 8))
        guard case .startSource(let request)? = update(&state, .start).first else {
            Issue.record("no standard input")
            return
        }
        #expect(request.format == .jsonl)
        _ = update(&state, .sourceItems(request.key, [
            .object(["title": .string("Deploy"), "detail": .string("prod"), "value": .string("deploy-prod"), "preview": .string("Ships it")]),
            .object(["title": .string("Roll back")]),
            .object(["x": .number("1")]),
        ]))
        #expect(screen(state)[1].hasPrefix(" > Deploy") && screen(state)[1].hasSuffix("prod"))
        #expect(screen(state)[3].hasPrefix(#"   {"x":1}"#))
        #expect(state.current.preview(ofRow: 1) == nil)
        #expect(press(.enter, on: &state) == [.emit(["deploy-prod"])])
        let input = Array((#"{"title": "alpha"}"# + "\n" + #"{"title": "beta", "value": "b"}"# + "\n").utf8)
        #expect(try StandardInputPicker.filter(input, query: "bet", options: options) == [#"{"title": "beta", "value": "b"}"#])
    }

    @Test func tacShowsTheLinesLastFirstOnceTheyHaveAllCome() throws {
        var options = StandardInputPicker.Options()
        options.reversesOrder = true
        options.headerLines = 1
        var state = AppState(root: StandardInputPicker.spec(options), size: Size(width: 40, height: 8))
        guard case .startSource(let request)? = update(&state, .start).first else {
            Issue.record("no standard input")
            return
        }
        var first = RawItems(kind: .line)
        for line in ["CMD", "ls", "make"] { first.append(Array(line.utf8)) }
        _ = update(&state, .sourceRawItems(request.key, first))
        #expect(state.current.feeds.first?.feed.items.count == 0)
        var second = RawItems(kind: .line)
        second.append(Array("git push".utf8))
        _ = update(&state, .sourceRawItems(request.key, second))
        _ = update(&state, .sourceFinished(request.key, .done(next: .end)))
        #expect(Array(screen(state)[1...4]) == ["   CMD", " > git push", "   make", "   ls"])
        let input = Array("CMD\nls\nmake\ngit push\n".utf8)
        #expect(try StandardInputPicker.filter(input, query: "", options: options) == ["git push", "make", "ls"])
        #expect(try StandardInputPicker.filter(input, query: "m", options: options) == ["make"])
    }

    @Test func nthFindsInTheChosenFieldsOnlyAndHighlightsWhereTheyShow() throws {
        var options = StandardInputPicker.Options()
        options.searchedFields = "2"
        let input = Array("vim notes.txt\nnotes vim.txt\n".utf8)
        #expect(try StandardInputPicker.filter(input, query: "vim", options: options) == ["notes vim.txt"])
        #expect(try StandardInputPicker.filter(input, query: "notes", options: options) == ["vim notes.txt"])
        let mask = FieldMask(indexes: FieldIndexes("2.."), delimiter: LineDelimiter(.text(":")))
        #expect(mask.apply(to: "é.txt:12:fix é") == "      12 fix é")
        #expect(FieldMask(indexes: FieldIndexes("-1"), delimiter: .blanks).apply(to: "  a  bc ") == "     bc ")
    }
}
