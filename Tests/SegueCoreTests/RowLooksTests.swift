import Testing
@testable import SegueCore

/// fzf's looks of the rows in the stdin picker: multi-line items (`--read0`), `--gap`,
/// `--gap-line`, `--wrap`, `--wrap-sign` and `toggle-wrap`, on a grid of a fixed size.
@Suite struct RowLooksTests {
    /// The picker with `items` arrived (NUL-ended, so they may hold line breaks), in `width`x`height`.
    private func picker(_ items: [String], looks: RowLooks = RowLooks(), nulEnded: Bool = true, width: Int = 40,
                        height: Int = 12, bindings: String? = nil) -> AppState {
        var options = StandardInputPicker.Options(readsNulSeparated: nulEnded)
        options.looks = looks
        var settings = AppOptions()
        if let bindings { try? BindParser.parse(bindings, into: &settings.bindings) }
        var state = AppState(root: StandardInputPicker.spec(options), size: Size(width: width, height: height), options: settings)
        guard case .startSource(let request)? = update(&state, .start).first(where: { if case .startSource = $0 { true } else { false } }) else {
            Issue.record("no load of standard input")
            return state
        }
        var raw = RawItems(kind: .line)
        for item in items { raw.append(Array(item.utf8)) }
        _ = update(&state, .sourceRawItems(request.key, raw))
        _ = update(&state, .sourceFinished(request.key, .done(next: .end)))
        return state
    }

    private var multiLine: RowLooks {
        var looks = RowLooks()
        looks.multiLine = true
        return looks
    }

    @Test func aMultiLineItemIsDrawnWholeThePointerOnItsFirstLineAndPrintedAsItCame() {
        var state = picker(["one\ntwo\nthree", "alpha", "gamma\nline2"], looks: multiLine)
        let lines = screen(state)
        #expect(Array(lines[1...6]) == [" > one", "   two", "   three", "   alpha", "   gamma", "   line2"])
        press(.down, .down, on: &state)
        #expect(Array(screen(state)[5...6]) == [" > gamma", "   line2"])
        #expect(press(.enter, on: &state) == [.emit(["gamma\nline2"])])
    }

    @Test func theSelectedItemIsHighlightedOnEveryLineOfIt() {
        let state = picker(["one\ntwo", "alpha"], looks: multiLine)
        let grid = render(state, size: state.size)
        #expect(grid[4, 1].style == Theme.standard.selected && grid[4, 2].style == Theme.standard.selected)
        #expect(grid[4, 3].style != Theme.standard.selected)
    }

    @Test func withoutMultiLineTheLinesOfAnItemAreJoinedOnOne() {
        let state = picker(["one\ntwo\nthree", "alpha"], looks: RowLooks())
        #expect(Array(screen(state)[1...2]) == [" > one two three", "   alpha"])
    }

    @Test func onlyNulEndedItemsAreMultiLine() {
        #expect(StandardInputPicker.spec(StandardInputPicker.Options(readsNulSeparated: false)).rowLooks.multiLine == false)
        var options = StandardInputPicker.Options(readsNulSeparated: true)
        options.looks.multiLine = true
        #expect(StandardInputPicker.spec(options).rowLooks.multiLine)
    }

    @Test func theListScrollsByWholeItems() {
        // Four lines each; the list has 10 lines: the third item shows whole once selected.
        let items = (1...6).map { "item \($0)\nb\nc\nd" }
        var state = picker(items, looks: multiLine)
        press(.down, .down, on: &state)
        let lines = screen(state)
        #expect(lines.contains(" > item 3"))
        #expect(Array(lines[(lines.firstIndex(of: " > item 3") ?? 0)...].prefix(4)) == [" > item 3", "   b", "   c", "   d"])
        press(.down, on: &state)
        #expect(screen(state).contains(" > item 4"))
        #expect(!screen(state).contains("   item 1"))
        // Back up: the item above shows from its first line.
        press(.up, .up, .up, on: &state)
        #expect(screen(state)[1] == " > item 1")
    }

    @Test func anItemTallerThanTheListIsCutAtItsBottom() {
        var state = picker([(1...30).map { "line \($0)" }.joined(separator: "\n"), "next"], looks: multiLine, height: 8)
        #expect(screen(state)[1] == " > line 1")
        press(.down, on: &state)
        #expect(screen(state)[1] == " > next")
    }

    @Test func aGapFollowsEachItemItsLastLineDrawnAcross() {
        var looks = multiLine
        looks.gap = 2
        let lines = screen(picker(["one\ntwo", "alpha"], looks: looks))
        #expect(lines[1] == " > one" && lines[2] == "   two" && lines[3].trimmingSpaces().isEmpty)
        #expect(lines[4] == "   " + String(repeating: "┈", count: 36))
        #expect(lines[5] == "   alpha")
    }

    @Test func theGapLineIsTheGivenTextRepeatedOrNone() {
        var looks = RowLooks()
        looks.gap = 1
        looks.gapLine = "-="
        #expect(screen(picker(["a", "b"], looks: looks))[2] == "   " + String(repeating: "-=", count: 18))
        looks.gapLine = ""
        let blank = screen(picker(["a", "b"], looks: looks))
        #expect(blank[2].trimmingSpaces().isEmpty && blank[3] == "   b")
    }

    @Test func asciiDrawsTheGapLineAsDashes() {
        var looks = RowLooks()
        looks.gap = 1
        var theme = Theme.standard
        theme.ascii = true
        let state = picker(["a", "b"], looks: looks)
        #expect(render(state, size: state.size, theme: theme).lines[2] == "   " + String(repeating: "-", count: 36))
    }

    @Test func theGapCountsInScrolling() {
        var looks = RowLooks()
        looks.gap = 1
        // Ten list lines hold five rows and their gaps.
        var state = picker((1...9).map { "row \($0)" }, looks: looks)
        press(.down, .down, .down, .down, .down, on: &state)
        let lines = screen(state)
        #expect(lines.contains(" > row 6") && !lines.contains("   row 1"))
    }

    private var wrapping: RowLooks {
        var looks = RowLooks()
        looks.wrap = .char
        return looks
    }

    @Test func wrapBreaksALongRowAnywhereAfterTheSign() {
        let state = picker(["abcdefghijklmnopqrstuvwxyz0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ", "next"], looks: wrapping)
        let lines = screen(state)
        #expect(Array(lines[1...3]) == [" > abcdefghijklmnopqrstuvwxyz0123456789",
                                         "   ↳ ABCDEFGHIJKLMNOPQRSTUVWXYZ", "   next"])
        // The sign is dim, the text not.
        let grid = render(state, size: state.size)
        #expect(grid[3, 2].style.attributes.contains(.dim) && !grid[5, 2].style.attributes.contains(.dim))
    }

    @Test func wrapWordBreaksAtSpaces() {
        var looks = RowLooks()
        looks.wrap = .word
        looks.wrapSign = "… "
        let lines = screen(picker(["the quick brown fox jumps over the lazy dog"], looks: looks))
        #expect(Array(lines[1...2]) == [" > the quick brown fox jumps over the", "   … lazy dog"])
    }

    @Test func wrapAndMultiLineTogetherWrapEachLine() {
        var looks = wrapping
        looks.multiLine = true
        let lines = screen(picker(["short\n" + String(repeating: "x", count: 40)], looks: looks))
        #expect(Array(lines[1...3]) == [" > short", "   " + String(repeating: "x", count: 36), "   ↳ xxxx"])
    }

    @Test func aMatchOnAWrappedLineIsHighlighted() {
        var state = picker(["abcdefghijklmnopqrstuvwxyz0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"], looks: wrapping)
        for character in "XYZ" { press(.char(character), on: &state) }
        let grid = render(state, size: state.size)
        // `↳ ABC…XYZ`: X is the 24th letter, after the sign's two columns.
        let x = 3 + 2 + 23
        #expect(grid.lines[2].hasPrefix("   ↳ ABC"))
        #expect(grid[x, 2].style.attributes.contains(.underline) && grid[x + 2, 2].style.attributes.contains(.underline))
        #expect(!grid[x - 1, 2].style.attributes.contains(.underline))
    }

    @Test func toggleWrapSwitchesWrappingKeepingTheSelectionInView() {
        var state = picker([String(repeating: "y", count: 60), "b"], bindings: "ctrl-w:toggle-wrap,ctrl-x:toggle-wrap-word")
        #expect(screen(state)[2] == "   b")
        press(.ctrl("w"), on: &state)
        #expect(state.current.looks.wrap == .char)
        #expect(screen(state)[2].hasPrefix("   ↳ y"))
        press(.ctrl("w"), on: &state)
        #expect(state.current.looks.wrap == nil && screen(state)[2] == "   b")
        press(.ctrl("x"), on: &state)
        #expect(state.current.looks.wrap == .word)
        press(.ctrl("x"), on: &state)
        #expect(state.current.looks.wrap == nil)
    }

    @Test func toggleMultiLineJoinsAndSplitsTheLines() {
        var state = picker(["one\ntwo", "alpha"], looks: multiLine, bindings: "ctrl-l:toggle-multi-line")
        press(.ctrl("l"), on: &state)
        #expect(Array(screen(state)[1...2]) == [" > one two", "   alpha"])
        press(.ctrl("l"), on: &state)
        #expect(Array(screen(state)[1...2]) == [" > one", "   two"])
    }

    @Test func aMillionRowsAreMeasuredOnlyOnScreen() {
        // Heights bind rows: only those walked near the selection, whatever the row count.
        var looks = multiLine
        looks.wrap = .char
        looks.gap = 1
        var state = picker((0..<1_000_000).map { "row \($0)\nsecond" }, looks: looks)
        let clock = ContinuousClock()
        let took = clock.measure {
            press(.end, .pageUp, .home, .down, on: &state)
            _ = screen(state)
        }
        #expect(screen(state).contains(" > row 1"))
        #expect(took < .seconds(2))
    }
}

/// fzf's `--raw`: every line stays in its place while finding, the lines not matched dim.
@Suite struct RawLooksTests {
    private func picker(_ lines: [String], query: String, sortsByScore: Bool = true) -> AppState {
        var options = StandardInputPicker.Options(sortsByScore: sortsByScore)
        options.looks.raw = true
        var settings = AppOptions(query: query)
        try? BindParser.parse("alt-j:down-match,alt-k:up-match", into: &settings.bindings)
        var state = AppState(root: StandardInputPicker.spec(options), size: Size(width: 40, height: 10), options: settings)
        guard case .startSource(let request)? = update(&state, .start).first(where: { if case .startSource = $0 { true } else { false } }) else {
            Issue.record("no load of standard input")
            return state
        }
        var raw = RawItems(kind: .line)
        for line in lines { raw.append(Array(line.utf8)) }
        _ = update(&state, .sourceRawItems(request.key, raw))
        _ = update(&state, .sourceFinished(request.key, .done(next: .end)))
        state.current.finishFind(in: state.listViewport)
        return state
    }

    private let greek = ["alpha", "beta", "gamma", "delta", "epsilon"]

    @Test func everyLineStaysInItsPlaceTheUnmatchedDimTheCountTheMatches() {
        let state = picker(greek, query: "e")
        let grid = render(state, size: state.size)
        #expect(Array(grid.lines[1...5]) == [" > alpha", "   beta", "   gamma", "   delta", "   epsilon"])
        #expect(grid.lines.last?.hasSuffix("3/5") == true)
        // gamma is not matched: dim; beta is, and its `e` is marked.
        #expect(grid[3, 3].style == Theme.standard.disabled)
        #expect(grid[3, 2].style.attributes.isDisjoint(with: .dim) && grid[4, 2].style.attributes.contains(.underline))
    }

    @Test func matchesKeepTheLinesOrderEvenWhenSortingIsOn() {
        // "delta" scores best for "elt"; under --raw it stays fourth.
        let state = picker(["a-e-l-t", "beta", "delta"], query: "elt")
        #expect(Array(screen(state)[1...3]) == [" > a-e-l-t", "   beta", "   delta"])
    }

    @Test func downMatchAndUpMatchStepOverTheUnmatchedDownAndUpDoNot() {
        var state = picker(greek, query: "e")
        press(.alt("j"), on: &state)
        #expect(selectedTitle(state) == "beta")
        press(.alt("j"), on: &state)
        #expect(selectedTitle(state) == "delta")
        press(.alt("j"), .alt("j"), on: &state)
        #expect(selectedTitle(state) == "epsilon")
        press(.alt("k"), on: &state)
        #expect(selectedTitle(state) == "delta")
        press(.up, on: &state)
        #expect(selectedTitle(state) == "gamma")
        #expect(press(.enter, on: &state) == [.emit(["gamma"])])
    }

    @Test func theSelectionStaysOnItsLineAsTheQueryChanges() {
        var state = picker(greek, query: "")
        press(.down, .down, on: &state)
        press(.char("z"), on: &state)
        state.current.finishFind(in: state.listViewport)
        #expect(selectedTitle(state) == "gamma")
        #expect(screen(state).last?.hasSuffix("0/5") == true)
    }

    @Test func withoutRawUpMatchAndDownMatchAreUpAndDown() {
        var settings = AppOptions(query: "a")
        try? BindParser.parse("alt-j:down-match", into: &settings.bindings)
        var state = AppState(root: StandardInputPicker.spec(), size: Size(width: 40, height: 10), options: settings)
        guard case .startSource(let request)? = update(&state, .start).first(where: { if case .startSource = $0 { true } else { false } }) else { return }
        var raw = RawItems(kind: .line)
        for line in ["alpha", "beta", "gamma"] { raw.append(Array(line.utf8)) }
        _ = update(&state, .sourceRawItems(request.key, raw))
        _ = update(&state, .sourceFinished(request.key, .done(next: .end)))
        state.current.finishFind(in: state.listViewport)
        let first = selectedTitle(state)
        press(.alt("j"), on: &state)
        #expect(selectedTitle(state) != first && selectedTitle(state) != nil)
    }
}

/// fzf's `--track` and `--id-nth`: the selection stays on its line as the query changes, and
/// across a reload on the line with the same identity fields.
@Suite struct TrackLooksTests {
    private func picker(_ lines: [String], track: Bool, identity: String? = nil) -> (AppState, SourceKey?) {
        var options = StandardInputPicker.Options()
        options.looks.track = track
        options.identityFields = identity
        var settings = AppOptions()
        try? BindParser.parse("ctrl-r:reload(printf 'z 9\\ny 2\\nx 1\\n')", into: &settings.bindings)
        var state = AppState(root: StandardInputPicker.spec(options), size: Size(width: 40, height: 10), options: settings)
        guard case .startSource(let request)? = update(&state, .start).first(where: { if case .startSource = $0 { true } else { false } }) else {
            Issue.record("no load of standard input")
            return (state, nil)
        }
        feed(lines, to: request.key, &state)
        return (state, request.key)
    }

    private func feed(_ lines: [String], to key: SourceKey, _ state: inout AppState) {
        var raw = RawItems(kind: .line)
        for line in lines { raw.append(Array(line.utf8)) }
        _ = update(&state, .sourceRawItems(key, raw))
        _ = update(&state, .sourceFinished(key, .done(next: .end)))
    }

    private func type(_ text: String, _ state: inout AppState) {
        for character in text { press(.char(character), on: &state) }
        state.current.finishFind(in: state.listViewport)
    }

    @Test func theSelectionStaysOnItsLineAsTheQueryChanges() {
        var (state, _) = picker((1...30).map(String.init), track: true)
        for _ in 0..<14 { press(.down, on: &state) }
        #expect(selectedTitle(state) == "15")
        type("1", &state)
        #expect(selectedTitle(state) == "15")
        type("5", &state)
        #expect(selectedTitle(state) == "15")
        // Typed again, the query's matches come from what was kept: still tracked.
        press(.backspace, on: &state)
        state.current.finishFind(in: state.listViewport)
        #expect(selectedTitle(state) == "15")
    }

    @Test func withoutTrackTheFirstMatchIsSelected() {
        var (state, _) = picker((1...30).map(String.init), track: false)
        for _ in 0..<14 { press(.down, on: &state) }
        type("1", &state)
        #expect(selectedTitle(state) == "1")
    }

    @Test func aLineTheQueryDropsLeavesTheSelectionOnTheFirstMatch() {
        var (state, _) = picker(["alpha", "beta", "gamma"], track: true)
        press(.down, on: &state)
        type("mm", &state)
        #expect(selectedTitle(state) == "gamma")
    }

    @Test func idNthFindsTheLineAgainAfterAReload() throws {
        var (state, _) = picker(["a 1", "b 2", "c 3"], track: true, identity: "2")
        press(.down, on: &state)
        #expect(selectedTitle(state) == "b 2")
        let effects = press(.ctrl("r"), on: &state)
        let request = try #require(effects.compactMap { if case .startSource(let request) = $0 { request } else { nil } }.first)
        // By its place, the selection would be on "z 9".
        feed(["y 2", "z 9", "x 1"], to: request.key, &state)
        #expect(selectedTitle(state) == "y 2")
    }

    @Test func withoutIdNthAReloadKeepsThePlace() throws {
        var (state, _) = picker(["a 1", "b 2", "c 3"], track: true)
        press(.down, on: &state)
        let effects = press(.ctrl("r"), on: &state)
        let request = try #require(effects.compactMap { if case .startSource(let request) = $0 { request } else { nil } }.first)
        feed(["y 2", "z 9", "x 1"], to: request.key, &state)
        #expect(selectedTitle(state) == "z 9")
    }

    @Test func toggleTrackSwitches() {
        var settings = AppOptions()
        try? BindParser.parse("ctrl-t:toggle-track", into: &settings.bindings)
        var state = AppState(root: StandardInputPicker.spec(), size: Size(width: 40, height: 10), options: settings)
        press(.ctrl("t"), on: &state)
        #expect(state.current.looks.track)
        press(.ctrl("t"), on: &state)
        #expect(!state.current.looks.track)
    }
}

/// fzf's `--cycle`, `--pointer` and `--marker` in the stdin picker.
@Suite struct PointerLooksTests {
    private func picker(_ lines: [String], looks: RowLooks) -> AppState {
        var options = StandardInputPicker.Options()
        options.looks = looks
        var settings = AppOptions()
        settings.multiSelect = true
        var state = AppState(root: StandardInputPicker.spec(options), size: Size(width: 30, height: 8), options: settings)
        guard case .startSource(let request)? = update(&state, .start).first(where: { if case .startSource = $0 { true } else { false } }) else {
            Issue.record("no load of standard input")
            return state
        }
        var raw = RawItems(kind: .line)
        for line in lines { raw.append(Array(line.utf8)) }
        _ = update(&state, .sourceRawItems(request.key, raw))
        _ = update(&state, .sourceFinished(request.key, .done(next: .end)))
        return state
    }

    @Test func cycleGoesFromOneEndToTheOther() {
        var looks = RowLooks()
        looks.cycle = true
        var state = picker(["a", "b", "c"], looks: looks)
        press(.up, on: &state)
        #expect(selectedTitle(state) == "c")
        press(.down, on: &state)
        #expect(selectedTitle(state) == "a")
        var stays = picker(["a", "b", "c"], looks: RowLooks())
        press(.up, on: &stays)
        #expect(selectedTitle(stays) == "a")
    }

    @Test func pointerAndMarkerAreDrawnInTheTwoColumnsBeforeTheText() {
        var looks = RowLooks()
        looks.pointer = "▌"
        looks.marker = "+>"
        var state = picker(["a", "b", "c"], looks: looks)
        press(.tab, on: &state)
        let lines = screen(state)
        #expect(Array(lines[1...3]) == [" +>a", " ▌ b", "   c"])
        // A long one is cut to two columns.
        looks.pointer = "-->"
        #expect(screen(picker(["a"], looks: looks))[1] == " --a")
    }
}
