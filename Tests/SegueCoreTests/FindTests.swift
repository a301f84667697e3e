import Testing
@testable import SegueCore
import SegueFiles

private func load(_ text: String, file: String = "/specs/main.json") throws -> Spec {
    try SpecLoader(disk: nil).parse(bytes: Array(text.utf8), file: file)
}

/// Types `text` into the find line, a key per character.
private func type(_ text: String, on state: inout AppState) {
    for character in text { press(.char(character), on: &state) }
}

/// Finding rows by typing: `/`, the query line, sections kept, what is searched, keys.
@Suite struct FindTests {
    let menu = #"""
        {"title": "Menu", "sections": [
          {"header": "Food", "footer": "Fresh daily", "rows": [
            {"title": "Pizza", "detail": "12.50", "segue": "pizza.json"},
            {"title": "Pasta", "detail": "9.00"},
            {"title": "Salad", "detail": "8.00", "enabled": false}]},
          {"header": "Drinks", "rows": [
            {"title": "Espresso", "detail": "2.00"},
            {"title": "Tea", "detail": "Darjeeling"},
            {"cell": "text", "title": "Prices include pizza tax"}]},
          {"header": "Settings", "rows": [
            {"title": "Size", "cell": "choice", "setting": "size", "options": ["Small", "Piccolo"]}]}]}
        """#

    func started(width: Int = 40, height: Int = 14) throws -> AppState {
        AppState(root: try load(menu), size: Size(width: width, height: height))
    }

    @Test func slashOpensTheFindLineWithACount() throws {
        var state = try started()
        press(.char("/"), on: &state)
        let lines = screen(state)
        #expect(lines.last == " /                                  6/6")
        let grid = render(state, size: state.size)
        #expect(grid.cursor == Grid.Cursor(x: 2, y: 13))
    }

    @Test func matchingRowsKeepTheirSectionHeadersAndFooters() throws {
        var state = try started()
        press(.char("/"), on: &state)
        type("sa", on: &state)
        #expect(screen(state) == [
            " Menu",
            " Food",
            " > Pasta                         9.00",
            "   Salad                         8.00",
            "   Fresh daily",
            "",
            " Settings",
            "   Size                     ‹ Small ›",
            "", "", "", "", "",
            " /sa                                3/6",
        ])
    }

    @Test func whatIsSearchedIsWhatIsShown() throws {
        var state = try started()
        press(.char("/"), on: &state)
        type("darj", on: &state)  // a detail
        #expect(selectedTitle(state) == "Tea")
        press(.ctrl("u"), on: &state)
        type("small", on: &state)  // a choice's value as shown
        #expect(selectedTitle(state) == "Size")
        press(.ctrl("u"), on: &state)
        type("tax", on: &state)  // text rows hide while finding
        #expect(screen(state)[1] == "   No matches for \"tax\"")
        #expect(screen(state).last?.hasSuffix(" 0/6") == true)  // text rows are not counted
        press(.ctrl("u"), on: &state)
        type("segue", on: &state)  // JSON keys are not searched
        #expect(screen(state)[1] == "   No matches for \"segue\"")
    }

    @Test func disabledMatchesShowButTheCursorSkipsThem() throws {
        var state = try started()
        press(.char("/"), on: &state)
        type("sal", on: &state)
        #expect(screen(state)[2] == "   Salad                         8.00")
        #expect(selectedTitle(state) == "Size")  // Salad is disabled: the cursor goes to the next match
    }

    @Test func lettersThatAreKeysTypeWhileFinding() throws {
        var state = try started()
        press(.char("/"), on: &state)
        #expect(press(.char("q"), .char("j"), .char("k"), .char("r"), on: &state).isEmpty)
        #expect(state.current.find?.editor.text == "qjkr")
    }

    @Test func enterActivatesTheSelectedMatch() throws {
        var state = try started()
        press(.char("/"), on: &state)
        type("piz", on: &state)
        #expect(press(.enter, on: &state) == [.loadSpec(path: "/specs/pizza.json")])
    }

    @Test func escClosesTheLineAndKeepsTheSelectedRow() throws {
        var state = try started()
        press(.char("/"), on: &state)
        type("tea", on: &state)
        press(.escape, on: &state)
        #expect(state.current.find == nil)
        #expect(selectedTitle(state) == "Tea")
        #expect(screen(state)[2] == "   Pizza                        12.50 ›")
        #expect(screen(state).last?.contains("/ find") == true)
    }

    @Test func arrowsMoveInTheResultsAndCtrlKeysEditTheQuery() throws {
        var state = try started()
        press(.char("/"), on: &state)
        type("a", on: &state)
        press(.down, on: &state)
        #expect(selectedTitle(state) == "Pasta")
        press(.ctrl("n"), .ctrl("p"), on: &state)
        #expect(selectedTitle(state) == "Pasta")
        type("bc", on: &state)
        press(.left, .left, .backspace, on: &state)
        #expect(state.current.find?.editor.text == "bc")
        press(.ctrl("e"), .ctrl("w"), on: &state)
        #expect(state.current.find?.editor.text == "")
    }

    @Test func theFindBelongsToItsScreen() throws {
        var state = try started()
        press(.char("/"), on: &state)
        type("piz", on: &state)
        press(.enter, on: &state)
        _ = update(&state, .specLoaded(path: "/specs/pizza.json", .success(try load(#"[{"rows": [{"title": "Margherita"}]}]"#, file: "/specs/pizza.json"))))
        #expect(state.current.find == nil)
        #expect(screen(state).last?.contains("/ find") == true)
        press(.escape, on: &state)
        #expect(state.current.find?.editor.text == "piz")
        #expect(selectedTitle(state) == "Pizza")
        #expect(screen(state).last == " /piz                               1/6")
    }

    @Test func matchedCharactersAreBoldAndUnderlinedEvenWhenSelected() throws {
        var state = try started()
        press(.char("/"), on: &state)
        type("pza", on: &state)
        let grid = render(state, size: state.size)
        let styles = (3..<8).map { grid[$0, 2].style.attributes }
        // "Pizza": P, z, a matched; the row is selected (reversed).
        #expect(styles[0].contains([.reverse, .bold, .underline]))
        #expect(!styles[1].contains(.underline))
        #expect(styles[2].contains(.underline))
        #expect(!styles[3].contains(.underline))
        #expect(styles[4].contains(.underline))
    }

    /// Underlined columns of line `y`, as text.
    func underlined(_ grid: Grid, y: Int) -> String {
        var text = ""
        for x in 0..<grid.width where grid[x, y].style.attributes.contains(.underline) { text += grid[x, y].text }
        return text
    }

    @Test func matchesAreMarkedInChoiceValuesWrappedTitlesAndDetailsBelow() throws {
        let spec = try load(#"""
            {"sections": [{"rows": [
              {"title": "Size", "cell": "choice", "setting": "size", "options": ["Small", "Large"]},
              {"title": "A long title that wraps onto a second line here", "wrap": true},
              {"title": "Mail", "detail": "quokka inbox", "cell": "subtitle"},
              {"title": "Quokka off", "enabled": false}]}]}
            """#)
        var state = AppState(root: spec, size: Size(width: 30, height: 12))
        press(.char("/"), on: &state)
        type("'mall", on: &state)
        #expect(underlined(render(state, size: state.size), y: 1) == "mall")  // in ‹ Small ›
        press(.ctrl("u"), on: &state)
        type("'second", on: &state)
        let wrapped = render(state, size: state.size)
        #expect(screen(state)[2].contains("second"), "\(screen(state))")
        #expect(underlined(wrapped, y: 2) == "second")
        press(.ctrl("u"), on: &state)
        type("'quokka", on: &state)
        let below = render(state, size: state.size)
        #expect(screen(state)[2] == "   quokka inbox", "\(screen(state))")
        #expect(underlined(below, y: 2) == "quokka")
        // A disabled row stays dim: its matches are underlined, not bold.
        #expect(underlined(below, y: 3) == "Quokka")
        #expect(below[3, 3].style.attributes.contains(.dim) && !below[3, 3].style.attributes.contains(.bold))
    }

    @Test func queryIsAvailableToActionTemplates() throws {
        let spec = try load(#"""
            {"sections": [{"rows": [{"title": "Use what I typed", "action": {"type": "emit", "value": "typed: {{query}}"}}]}]}
            """#)
        var state = AppState(root: spec, size: Size(width: 40, height: 10))
        press(.char("/"), on: &state)
        type("use", on: &state)
        #expect(press(.enter, on: &state) == [.emit(["typed: use"])])
    }

    @Test func printQueryPutsTheQueryFirst() throws {
        var state = AppState(root: try load(menu), size: Size(width: 40, height: 14),
                             options: AppOptions(query: "tea", printQuery: true))
        #expect(state.current.find?.editor.text == "tea")
        #expect(press(.enter, on: &state).isEmpty)  // Tea has no action
        let spec = try load(#"[{"rows": [{"title": "Espresso", "action": "emit"}]}]"#)
        var emitting = AppState(root: spec, size: Size(width: 40, height: 10), options: AppOptions(query: "esp", printQuery: true))
        #expect(press(.enter, on: &emitting) == [.emit(["esp", "Espresso"])])
    }

    @Test func printQueryWithPrintJSONPrintsTheQueryAsAJSONLine() throws {
        let spec = try load(#"[{"rows": [{"title": "Espresso", "action": "emit"}]}]"#)
        var state = AppState(root: spec, size: Size(width: 40, height: 10),
                             options: AppOptions(printJSON: true, query: "esp", printQuery: true))
        guard case .emit(let lines, _)? = press(.enter, on: &state).first else {
            Issue.record("nothing was emitted")
            return
        }
        #expect(lines.first == #"{"query":"esp"}"#)
        #expect(lines.count == 2 && lines.allSatisfy { (try? JSONParser.parse(Array($0.utf8))) != nil }, "\(lines)")
    }

    @Test func marksSurviveFiltering() throws {
        var state = AppState(root: try load(menu), size: Size(width: 40, height: 14), options: AppOptions(multiSelect: true))
        press(.char(" "), on: &state)  // marks Pizza
        press(.char("/"), on: &state)
        type("esp", on: &state)
        press(.tab, on: &state)  // marks Espresso
        press(.escape, on: &state)
        #expect(press(.enter, on: &state) == [.emit(["Pizza", "Espresso"])])
    }

    @Test func tabMarksAndMovesOnShiftTabMarksAndMovesBack() throws {
        var state = AppState(root: try load(menu), size: Size(width: 40, height: 14), options: AppOptions(multiSelect: true))
        press(.char("/"), on: &state)
        type("a", on: &state)  // Pizza, Pasta, Salad (disabled), Tea, Size (choice, "Small")
        press(.tab, .tab, on: &state)
        #expect(selectedTitle(state) == "Tea")
        press(.backTab, on: &state)  // marks Tea, back to Pasta
        #expect(selectedTitle(state) == "Pasta")
        press(.escape, on: &state)
        #expect(press(.enter, on: &state) == [.emit(["Pizza", "Pasta", "Tea"])])
    }

    @Test func altBackspaceAndAltLettersEditByWords() throws {
        var state = try started()
        press(.char("/"), on: &state)
        type("piz tea", on: &state)
        press(.alt("\u{7F}"), on: &state)
        #expect(state.current.find?.editor.text == "piz ")
        #expect(state.current.find != nil)  // still open: not read as Esc
        press(.alt("b"), .alt("d"), on: &state)
        #expect(state.current.find?.editor.text == " ")
    }

    @Test func sortByScoreOrdersEachSection() throws {
        let spec = try load(#"""
            {"sort": "score", "sections": [{"rows": [{"title": "Mangoes and peaches"}, {"title": "Peach"}, {"title": "Apple"}]}]}
            """#)
        var state = AppState(root: spec, size: Size(width: 40, height: 10))
        press(.char("/"), on: &state)
        type("peach", on: &state)
        #expect(Array(screen(state)[1...2]) == [" > Peach", "   Mangoes and peaches"])
        var inOrder = AppState(root: try load(#"[{"rows": [{"title": "Mangoes and peaches"}, {"title": "Peach"}]}]"#),
                               size: Size(width: 40, height: 10))
        press(.char("/"), on: &inOrder)
        type("peach", on: &inOrder)
        #expect(Array(screen(inOrder)[1...2]) == [" > Mangoes and peaches", "   Peach"])
    }

    @Test func aSpecCanOpenAsAPickerWithItsOwnPrompt() throws {
        let spec = try load(#"{"filter": {"open": true, "prompt": "Pick a branch"}, "sections": [{"rows": [{"title": "main"}]}]}"#)
        let state = AppState(root: spec, size: Size(width: 40, height: 8))
        #expect(screen(state).last == " Pick a branch                      1/1")
    }

    @Test func filterFalseTurnsSlashOffAndFreesItForAHotkey() throws {
        let spec = try load(#"{"filter": false, "sections": [{"rows": [{"title": "Root", "key": "/", "action": "quit"}]}]}"#)
        var state = AppState(root: spec, size: Size(width: 40, height: 8))
        #expect(press(.char("/"), on: &state) == [.quit(.success)])
        // --query on such a spec is said to be ignored.
        let queried = AppState(root: spec, size: Size(width: 60, height: 8), options: AppOptions(query: "ro"))
        #expect(queried.current.find == nil)
        #expect(screen(queried).suffix(2) == [" --query is ignored: this spec turns finding off (\"filter\":", " false)"])
        #expect(throws: SpecError.self) {
            try load(#"{"sections": [{"rows": [{"title": "Root", "key": "/"}]}]}"#)
        }
    }

    @Test func badFindKeysAreLoadErrorsWithTheirPath() {
        func problem(_ text: String) -> String {
            do { _ = try load(text); return "loaded" } catch { return "\(error)" }
        }
        #expect(problem(#"{"filter": "yes", "sections": []}"#).contains("filter: expected true, false or {\"open\": …, \"prompt\": …, \"accept\": …}, found \"yes\""))
        #expect(problem(#"{"filter": {"opne": true}, "sections": []}"#).contains("filter.opne: expected \"open\", \"prompt\" or \"accept\""))
        #expect(problem(#"{"filter": {"open": 1}, "sections": []}"#).contains("filter.open: expected true or false"))
        #expect(problem(#"{"sort": "best", "sections": []}"#).contains("sort: expected \"score\", \"spec\", \"frecency\" or {\"by\": \"frecency\", \"halfLife\": DAYS}, found \"best\""))
        #expect(problem(#"{"sections": [{"rows": [{"title": "A", "key": "/"}]}]}"#).contains("sections[0].rows[0].key: hotkey \"/\" opens the find line"))
    }

    @Test func aLongListIsFilteredInSlicesAndTheLastKeyWins() throws {
        let rows = (0..<50_000).map { Row(title: "Row \($0)") }
        var state = AppState(root: Spec(sections: [Section(rows: rows)]), size: Size(width: 40, height: 10))
        press(.char("/"), on: &state)
        press(.char("4"), on: &state)
        #expect(state.hasPendingWork)  // more rows than one slice
        #expect(screen(state).last?.hasPrefix(" /4") == true)
        #expect(screen(state).last?.contains("…") == true)
        press(.char("9"), .char("9"), .char("9"), .char("9"), on: &state)  // typed before the first finished
        while state.hasPendingWork { _ = update(&state, .work) }
        #expect(state.current.find?.query.text == "49999")
        #expect(screen(state)[1] == " > Row 49999")
        #expect(screen(state).last?.hasSuffix("1/50000") == true)
    }

    @Test func enterWhileFilteringAcceptsTheMatchForTheQueryAsTyped() throws {
        let rows = (0..<50_000).map { Row(title: "Row \($0)", action: RowAction(.emit(nil))) }
        var state = AppState(root: Spec(sections: [Section(rows: rows)]), size: Size(width: 40, height: 10))
        press(.char("/"), on: &state)
        // Pasted: one change of the query, filtered from the first row (keys typed one by one
        // narrow from what the last key's filtering found, and may be done sooner).
        _ = update(&state, .paste("49999"))
        #expect(state.hasPendingWork)
        // The rows shown are still an older query's; Enter filters to the end first.
        #expect(press(.enter, on: &state) == [.emit(["Row 49999"])])
    }

    @Test func openingAndClosingTheFindLineKeepsTheSelectedRow() throws {
        var state = try started()
        press(.down, .down, .down, on: &state)
        #expect(selectedTitle(state) == "Tea")
        press(.char("/"), on: &state)
        #expect(selectedTitle(state) == "Tea")
        press(.escape, on: &state)
        #expect(selectedTitle(state) == "Tea")
        // Typing selects the best (first) match; emptying the query again keeps it.
        press(.char("/"), .char("p"), .char("a"), .char("s"), on: &state)
        #expect(selectedTitle(state) == "Pasta")
        press(.ctrl("u"), on: &state)
        #expect(selectedTitle(state) == "Pasta")
    }

    @Test func theCountLeavesOutRowsThatCannotBeFound() throws {
        // 40k rows, every fourth a separator: the count is of the rows a find can match.
        let rows = (0..<40_000).map { $0 % 4 == 3 ? Row(extras: ["cell": "separator"]) : Row(title: "Row \($0)") }
        var state = AppState(root: Spec(sections: [Section(rows: rows)]), size: Size(width: 40, height: 10))
        press(.char("/"), on: &state)
        while state.hasPendingWork { _ = update(&state, .work) }
        #expect(screen(state).last?.hasSuffix(" 30000/30000") == true, "\(screen(state))")
        press(.char("9"), .char("9"), on: &state)
        while state.hasPendingWork { _ = update(&state, .work) }
        #expect(screen(state).last?.hasSuffix("/30000") == true)
    }

    @Test func narrowingLooksOnlyAtThePreviousMatches() throws {
        let rows = (0..<30_000).map { Row(title: $0 == 7 ? "needle" : "hay \($0)") }
        var state = AppState(root: Spec(sections: [Section(rows: rows)]), size: Size(width: 40, height: 10))
        press(.char("/"), .char("n"), on: &state)
        while state.hasPendingWork { _ = update(&state, .work) }
        press(.char("e"), on: &state)
        // One slice is enough: only the previous matches are looked at.
        #expect(!state.hasPendingWork)
        #expect(selectedTitle(state) == "needle")
    }
}

@Suite struct PickerTests {
    @Test func escCancelsAPickerAsAWhole() throws {
        let spec = try SpecLoader(disk: nil).parse(bytes: Array(#"{"filter": {"open": true}, "sections": [{"rows": [{"title": "main"}]}]}"#.utf8),
                                          file: "/p/main.json")
        var state = AppState(root: spec, size: Size(width: 40, height: 8))
        press(.char("m"), on: &state)
        #expect(press(.escape, on: &state) == [.quit(.cancelled)])
    }
}

@Suite struct PasteTests {
    func state() throws -> AppState {
        let spec = try SpecLoader(disk: nil).parse(bytes: Array(#"[{"rows": [{"title": "Quit", "key": "x", "action": "quit"}, {"title": "Pasta al forno"}]}]"#.utf8),
                                          file: "/p/main.json")
        return AppState(root: spec, size: Size(width: 40, height: 8))
    }

    @Test func aPasteIsTypedIntoTheFindLineNeverRunAsKeys() throws {
        var state = try state()
        press(.char("/"), on: &state)
        #expect(update(&state, .paste("q\r\nx al\tf")).isEmpty)
        #expect(state.current.find?.editor.text == "q x al f")
        press(.ctrl("u"), on: &state)
        _ = update(&state, .paste("al fo"))
        #expect(selectedTitle(state) == "Pasta al forno")
    }

    @Test func aPasteOutsideTheFindLineDoesNothing() throws {
        var state = try state()
        #expect(update(&state, .paste("xq")).isEmpty)
        #expect(state.current.find == nil)
    }
}

@Suite struct FindHintTests {
    @Test func theHintLineOffersFindOnlyWhereItWorks() throws {
        let on = try SpecLoader(disk: nil).parse(bytes: Array(#"[{"rows": [{"title": "A"}]}]"#.utf8), file: "/h/a.json")
        let off = try SpecLoader(disk: nil).parse(bytes: Array(#"{"filter": false, "sections": [{"rows": [{"title": "A"}]}]}"#.utf8), file: "/h/b.json")
        #expect(screen(AppState(root: on, size: Size(width: 60, height: 6))).last == " ↑↓ move  esc cancel  / find  ? help  q quit")
        #expect(screen(AppState(root: off, size: Size(width: 60, height: 6))).last == " ↑↓ move  esc cancel  ? help  q quit")
    }
}

/// Select-or-type: Enter with nothing matching.
@Suite struct SelectOrTypeTests {
    private let spec = #"{"filter": {"open": true, "accept": "query"}, "sections": [{"rows": [{"title": "main", "action": "emit"}, {"title": "dev", "action": "emit"}]}]}"#

    @Test func acceptQueryChoosesWhatWasTypedWhenNothingMatches() throws {
        var state = AppState(root: try loadSpec(spec, file: "/p/b.json"), size: Size(width: 40, height: 10))
        _ = press(.char("f"), .char("x"), on: &state)
        #expect(press(.enter, on: &state) == [.emit(["fx"])])
        _ = press(.backspace, .backspace, .char("d"), on: &state)
        #expect(press(.enter, on: &state) == [.emit(["dev"])])
        #expect(loadProblem(#"{"filter": {"accept": "all"}, "sections": []}"#, file: "/p/b.json")?.contains(#"filter.accept: expected "row" or "query""#) == true)
    }

    @Test func printQueryWithNothingMatchingPrintsTheQueryAndExitsOne() throws {
        let plain = #"{"filter": {"open": true}, "sections": [{"rows": [{"title": "main", "action": "emit"}, {"title": "dev", "action": "emit"}]}]}"#
        var state = AppState(root: try loadSpec(plain, file: "/p/b.json"), size: Size(width: 40, height: 10),
                             options: AppOptions(printQuery: true))
        _ = press(.char("z"), on: &state)
        #expect(press(.enter, on: &state) == [.emit(["z"], status: .cancelled)])
    }
}
