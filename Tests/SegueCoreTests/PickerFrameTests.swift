import Testing
@testable import SegueCore

/// fzf's frame (`--layout`, `--info`, `--separator`) as drawn into a grid: where the find line,
/// the count and the list go, which way the list runs, and what Up and Down do there.
@Suite struct PickerFrameTests {
    /// The stdin picker framed by `frame`, with `lines` arrived, at `size`.
    private func picker(_ lines: [String], frame: PickerFrame?, size: Size = Size(width: 30, height: 8), multi: Bool = false,
                        preview window: String? = nil) throws -> AppState {
        var options = AppOptions(multiSelect: multi)
        options.frame = frame
        var pickerOptions = StandardInputPicker.Options()
        if let window {
            pickerOptions.previewCommand = "echo {}"
            pickerOptions.previewWindow = PreviewWindow.parse(fzf: window).0
        }
        return try AppState.piped(lines, spec: StandardInputPicker.spec(pickerOptions), size: size, options: options)
    }

    private func screen(_ state: AppState) -> [String] { render(state, size: state.size).lines }
    private func selected(_ state: AppState) -> String? { state.current.selectedBoundRow?.row.title }
    private let five = ["one", "two", "three", "four", "five"]
    /// `text`, then `fill` repeated up to the last column but one (fzf leaves the last free).
    private func ruled(_ text: String, width: Int = 30, fill: String = "─") -> String {
        var line = text
        let characters = Array(fill)
        while line.count < width - 1 { line.append(characters[(line.count - text.count) % characters.count]) }
        return line
    }
    /// `text` at the right, its end in the last column but one; `left` before it.
    private func right(_ text: String, left: String = "", width: Int = 30) -> String {
        left + String(repeating: " ", count: width - 1 - left.count - text.count) + text
    }

    @Test func segueOwnScreenHasATitleLineAndTheCountOnTheFindLine() throws {
        let lines = screen(try picker(five, frame: nil))
        #expect(lines[1] == " > one")
        #expect(lines[7] == right("5/5", left: " >"))
    }

    @Test func defaultLayoutRunsTheListUpFromTheFindLineWithTheInfoBetween() throws {
        let lines = screen(try picker(five, frame: PickerFrame()))
        #expect(lines == ["", "   five", "   four", "   three", "   two", " > one", ruled("  5/5 "), ">"])
        #expect(render(try picker(five, frame: PickerFrame()), size: Size(width: 30, height: 8)).cursor?.y == 7)
    }

    @Test func reverseLayoutPutsTheFindLineAndInfoOnTop() throws {
        let lines = screen(try picker(five, frame: PickerFrame(layout: .reverse)))
        #expect(lines == [">", ruled("  5/5 "), " > one", "   two", "   three", "   four", "   five", ""])
        #expect(render(try picker(five, frame: PickerFrame(layout: .reverse)), size: Size(width: 30, height: 8)).cursor?.y == 0)
    }

    @Test func reverseListRunsTheListFromTheTopAboveTheInfo() throws {
        let lines = screen(try picker(five, frame: PickerFrame(layout: .reverseList)))
        #expect(lines == [" > one", "   two", "   three", "   four", "   five", "", ruled("  5/5 "), ">"])
    }

    @Test func upMovesUpTheScreenInEachLayout() throws {
        var bottomUp = try picker(five, frame: PickerFrame())
        _ = press(.up, on: &bottomUp)
        _ = press(.up, on: &bottomUp)
        #expect(selected(bottomUp) == "three")
        _ = press(.down, on: &bottomUp)
        #expect(selected(bottomUp) == "two")
        var reverse = try picker(five, frame: PickerFrame(layout: .reverse))
        _ = press(.down, on: &reverse)
        #expect(selected(reverse) == "two")
        _ = press(.up, on: &reverse)
        #expect(selected(reverse) == "one")
    }

    @Test func aLongListScrollsFromTheBottomUp() throws {
        var state = try picker((1...20).map(String.init), frame: PickerFrame())
        for _ in 0..<7 { _ = press(.up, on: &state) }
        let lines = screen(state)
        #expect(selected(state) == "8")
        #expect(lines.prefix(6) == [" > 8", "   7", "   6", "   5", "   4", "   3"])
    }

    @Test func aClickSelectsTheRowDrawnThere() throws {
        var state = try picker(five, frame: PickerFrame())
        // Line 3 shows "three" (the list from the bottom up, above the info and find lines).
        _ = update(&state, .mouse(.click(x: 4, y: 3)))
        #expect(selected(state) == "three")
    }

    @Test func infoStylesPlaceTheCount() throws {
        func lines(_ info: PickerFrame.Info, separator: String? = "─") throws -> [String] {
            var state = try picker(five, frame: PickerFrame(layout: .reverse, info: info, separator: separator))
            _ = press(.char("o"), on: &state)
            return Array(screen(state).prefix(3))
        }
        #expect(try lines(.right) == ["> o", ruled("", width: 26) + " 3/5", " > one"])
        #expect(try lines(.inline) == [ruled("> o  < 3/5 "), " > one", "   two"])
        #expect(try lines(.inlineRight) == [right("3/5", left: "> o"), ruled(""), " > one"])
        #expect(try lines(.hidden) == ["> o", ruled(""), " > one"])
        #expect(try lines(.hidden, separator: nil) == ["> o", " > one", "   two"])
        #expect(try lines(.default, separator: "-=") == ["> o", ruled("  3/5 ", fill: "-="), " > one"])
        #expect(try lines(.default, separator: nil) == ["> o", "  3/5", " > one"])
    }

    @Test func theMarkedCountStandsBesideTheCount() throws {
        var state = try picker(five, frame: PickerFrame(layout: .reverse), multi: true)
        _ = press(.tab, on: &state)
        #expect(screen(state)[1].hasPrefix("  5/5 (1) ─"))
    }

    @Test func theSmallestScreenKeepsTheFindLineAndTheInfo() throws {
        let state = try picker(five, frame: PickerFrame(), size: Size(width: 20, height: 5))
        #expect(screen(state) == ["   three", "   two", " > one", ruled("  5/5 ", width: 20), ">"])
    }

    /// A message stands next to the find line, on the list's side: under it in `reverse`, above
    /// the info line at the bottom; on the smallest screen it keeps its lines over the list's.
    @Test func aMessageStandsBesideTheFindLine() throws {
        var reverse = try picker(five, frame: PickerFrame(layout: .reverse))
        _ = press(.ctrl("r"), on: &reverse)
        #expect(screen(reverse).prefix(5) == [">", " standard input is read once:", " nothing to reload", ruled("  5/5 "), " > one"])
        var bottom = try picker(five, frame: PickerFrame(), size: Size(width: 20, height: 5))
        _ = press(.ctrl("r"), on: &bottom)
        #expect(screen(bottom) == [" standard input is", " read once: nothing", " to reload", ruled("  5/5 ", width: 20), ">"])
    }

    /// `--preview-window up|down|left|right` is placed on that side: of the list on Segue's own
    /// screen, of the whole screen with fzf's frame (as fzf's), a size in cells counting the
    /// pane's text there, as fzf's counts what is inside its border.
    @Test func thePreviewGoesOnTheSideItSays() throws {
        let list = Size(width: 80, height: 20)
        let top = PreviewLayout(size: list, listArea: list, listTop: 1, placement: .auto, shown: true, window: PreviewWindow(side: .top, extent: .cells(5)))
        #expect(top.pane == PreviewLayout.Pane(side: .top, x: 0, y: 1, width: 80, height: 5) && top.listTop == 6 && top.list.height == 15)
        let left = PreviewLayout(size: list, listArea: list, placement: .auto, shown: true, window: PreviewWindow(side: .left, extent: .cells(30)))
        #expect(left.pane == PreviewLayout.Pane(side: .left, x: 0, y: 1, width: 30, height: 20) && left.listX == 30 && left.list.width == 50)

        let size = Size(width: 40, height: 12)
        let up = screen(try picker(five, frame: PickerFrame(layout: .reverse), size: size, preview: "up,3"))
        #expect(up[0].hasPrefix("── one ──") && up[4] == ">" && up[5] == ruled("  5/5 ", width: 40) && up[6] == " > one")
        let down = screen(try picker(five, frame: PickerFrame(), size: size, preview: "down,3"))
        #expect(down[5] == " > one" && down[6] == ruled("  5/5 ", width: 40) && down[7] == ">" && down[8].hasPrefix("── one ──"))
        let leftFramed = screen(try picker(five, frame: PickerFrame(layout: .reverse), size: size, preview: "left,17"))
        #expect(leftFramed[0] == " one               │ >" && leftFramed[2] == "                   │  > one")
        let own = screen(try picker(five, frame: nil, size: size, preview: "up,4"))
        #expect(own[1].hasPrefix("── one ──") && own[5] == " > one")
    }

    @Test func aClickBesideALeftPaneSelectsTheRowThere() throws {
        var state = try picker(five, frame: PickerFrame(layout: .reverse), size: Size(width: 40, height: 12), preview: "left,17")
        _ = update(&state, .mouse(.click(x: 26, y: 4)))
        #expect(selected(state) == "three")
        _ = update(&state, .mouse(.click(x: 5, y: 5)))
        #expect(selected(state) == "three")
    }

    @Test func marginsAndPaddingReadFzfsTRBL() {
        typealias Insets = PickerFrame.Insets
        #expect(Insets(parsing: "1") == Insets(top: .cells(1), right: .cells(1), bottom: .cells(1), left: .cells(1)))
        #expect(Insets(parsing: "1,10%") == Insets(top: .cells(1), right: .percent(10), bottom: .cells(1), left: .percent(10)))
        #expect(Insets(parsing: "1,2,3") == Insets(top: .cells(1), right: .cells(2), bottom: .cells(3), left: .cells(2)))
        #expect(Insets(parsing: "1,2,3,4") == Insets(top: .cells(1), right: .cells(2), bottom: .cells(3), left: .cells(4)))
        #expect(Insets(parsing: "x") == nil && Insets(parsing: "1,2,3,4,5") == nil && Insets(parsing: "-1") == nil)
    }

    /// The border around the frame (a blank column inside each side line), its label centred or
    /// placed, the margin outside it; too small a screen draws none.
    @Test func theBorderStandsAroundTheFrame() throws {
        var frame = PickerFrame(layout: .reverse)
        frame.border = .rounded
        frame.label = " Hi "
        let lines = screen(try picker(five, frame: frame))
        #expect(lines.first == "╭──────────── Hi ────────────╮" && lines.last == "╰────────────────────────────╯")
        #expect(lines[1] == "│ >                          │" && lines[2] == "│   5/5 ──────────────────── │" && lines[3] == "│  > one                     │")
        frame.border = .sharp
        frame.labelPosition = 3
        frame.labelAtBottom = true
        frame.margin = PickerFrame.Insets(parsing: "1,2") ?? .zero
        let placed = screen(try picker(five, frame: frame))
        #expect(placed[0] == "" && placed[1] == "  ┌────────────────────────┐" && placed[6] == "  └─ Hi ───────────────────┘")
        frame.margin = PickerFrame.Insets(parsing: "2,12") ?? .zero
        #expect(screen(try picker(five, frame: frame))[0] == ">")
    }

    /// fzf's `--no-input`: the list has the find line's and the info line's lines, no cursor
    /// shows, and a typed key edits no query.
    @Test func noInputHidesTheFindLineAndTypesNothing() throws {
        var frame = PickerFrame()
        frame.hidesInput = true
        var state = try picker(five, frame: frame)
        _ = press(.char("t"), on: &state)
        #expect(state.current.find?.editor.text == "")
        #expect(screen(state) == ["", "", "", "   five", "   four", "   three", "   two", " > one"])
        #expect(render(state, size: state.size).cursor == nil)
    }
}
