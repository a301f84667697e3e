import Testing
@testable import SegueCore

/// A table of disks, as a spec file would give it.
private let disksSpec = """
{
  "title": "Disks",
  "data": {"disks": [
    {"name": "sda1", "size": "512G", "used": 71, "mount": "/"},
    {"name": "sdb1", "size": "2T", "used": 9, "mount": "/srv/data"},
    {"name": "nvme0n1p2", "size": "1T", "used": 100, "mount": "/home"},
    {"name": "sdc", "size": "64G", "used": "", "mount": "/media/usb stick with a long name"}
  ]},
  "sections": [{
    "columns": [
      {"title": "Device", "value": "{{disk.name}}"},
      {"title": "Size", "value": "{{disk.size}}", "align": "right"},
      {"title": "Used", "value": "{{disk.used}}", "align": "right", "hide": 1},
      {"title": "Mounted on", "value": "{{disk.mount}}", "shrink": 2}
    ],
    "forEach": "disks", "as": "disk", "row": {"title": "{{disk.name}}"}
  }]
}
"""

private func disks(width: Int = 80, height: Int = 10) throws -> AppState {
    state(try loadSpec(disksSpec, file: "disks.json"), width: width, height: height)
}

@Suite struct TableLayoutTests {
    @Test func columnsAreAsWideAsTheirWidestCellAndTwoApart() throws {
        let lines = screen(try disks())
        #expect(lines[1] == "   Device     Size  Used  Mounted on")
        #expect(lines[2] == " > sda1       512G    71  /")
        #expect(lines[4] == "   nvme0n1p2    1T   100  /home")
        #expect(lines[5].hasPrefix("   sdc         64G        /media/usb stick with a long name"))
    }

    @Test func theHeaderLineIsInTheHeaderStyleAndTheSelectedRowReversedAcross() throws {
        let app = try disks()
        let grid = render(app, size: app.size)
        #expect(grid[3, 1].style == Theme.standard.header)
        #expect(grid[14, 1].style == Theme.standard.header)  // "Size", right-aligned
        #expect((3..<50).allSatisfy { grid[$0, 2].style == Theme.standard.selected })
        #expect(grid[3, 3].style == Theme.standard.row)
    }

    @Test func aNarrowTerminalShrinksTheHighestShrinkFirstThenHides() throws {
        // 40 columns: 34 for cells. Natural: 9 + 4 + 4 + 33 + 6 gaps = 56.
        let at40 = screen(try disks(width: 40))
        #expect(at40[1] == "   Device     Size  Used  Mounted on")
        #expect(at40[5] == "   sdc         64G        /media/usb…")
        // 30 columns: 24 for cells; even the minimums (6 + 4 + 4 + 6 and the gaps) do not fit,
        // so Used hides, and Mounted on gives up what the others need.
        let at30 = screen(try disks(width: 30))
        #expect(at30[1] == "   Device     Size  Mounte…")
        #expect(at30[2] == " > sda1       512G  /")
        #expect(at30[5] == "   sdc         64G  /media…")
    }

    @Test func theSmallestTerminalStillDrawsTheHeaderAndARow() throws {
        let lines = screen(try disks(width: 20, height: 5))
        #expect(lines[1].hasPrefix("   Device  Size"))
        #expect(lines[2].hasPrefix(" > sda1"))
    }

    @Test func layoutMinMaxAndHidingByPriority() {
        let columns = [TableColumn(title: "A", value: ""), TableColumn(title: "B", value: ""), TableColumn(title: "C", value: "")]
        var capped = columns
        capped[0].maxWidth = 5
        #expect(TableLayout(columns: capped, widest: [20, 3, 3], room: 80).placed.map(\.width) == [5, 3, 3])
        var hiding = columns
        hiding[0].hide = 1
        hiding[1].hide = 2
        for index in hiding.indices { hiding[index].minWidth = 10 }
        // Room for two columns of 10: B (hide 2) goes first.
        let two = TableLayout(columns: hiding, widest: [10, 10, 10], room: 22)
        #expect(two.placed.map(\.column) == [0, 2])
        let one = TableLayout(columns: hiding, widest: [10, 10, 10], room: 12)
        #expect(one.placed.map(\.column) == [2])
    }

    @Test func wideCharactersCountTwoColumns() throws {
        let spec = try loadSpec("""
        {"sections": [{"columns": ["name", {"title": "n", "value": "{{n}}"}],
          "rows": [{"name": "日本語", "n": "1"}, {"name": "abc", "n": "2"}]}]}
        """, file: "wide.json")
        let lines = screen(state(spec, width: 40, height: 6))
        #expect(lines[1] == "   name    n")
        #expect(lines[2] == " > 日本語  1")
        #expect(lines[3] == "   abc     2")
    }

    @Test func columnWidthsReadOnlyABoundedSampleOfAMillionRows() throws {
        let spec = Spec(sections: [Section(rows: RowList((0..<200_000).map { Row(title: "row \($0)") }),
                                           columns: [TableColumn(title: "Title", value: "{{title}}")])])
        var app = state(spec, width: 40, height: 10)
        // The sample is the first 64 rows and those on screen: "row 199999" is not among them.
        #expect(screen(app)[2].hasPrefix(" > row 0"))
        press(.end, on: &app)
        #expect(screen(app).contains { $0.hasPrefix(" > row 199999") })
    }
}

@Suite struct TableSpecTests {
    @Test func aColumnMayBeNamedByItsAttribute() throws {
        let spec = try loadSpec(#"{"sections": [{"columns": ["pid"], "rows": [{"title": "x", "pid": 42}]}]}"#, file: "p.json")
        #expect(spec.sections[0].columns?.first?.title == "pid")
        // A column of numbers goes right, under its title.
        #expect(screen(state(spec))[1] == "   pid")
        #expect(screen(state(spec))[2] == " >  42")
    }

    @Test func badColumnsAreErrorsAtTheirPath() {
        #expect(loadProblem(#"{"sections": [{"columns": []}]}"#, file: "a.json")?.contains("sections[0].columns: expected a non-empty array") == true)
        #expect(loadProblem(#"{"sections": [{"columns": [{"title": "A", "align": "middle"}]}]}"#, file: "a.json")?
            .contains("sections[0].columns[0].align: expected \"left\", \"right\" or \"center\"") == true)
        #expect(loadProblem(#"{"sections": [{"columns": [{"title": "A", "min": 9, "max": 3}]}]}"#, file: "a.json")?
            .contains("sections[0].columns[0].min: \"min\" (9) is more than \"max\" (3)") == true)
        #expect(loadProblem(#"{"sections": [{"columns": [{"value": "{{x}}"}]}]}"#, file: "a.json")?
            .contains("sections[0].columns[0].title: expected a string") == true)
        #expect(loadProblem(#"{"sections": [{"columns": ["two words"]}]}"#, file: "a.json")?.contains("is not a key path") == true)
    }

    @Test func anUnknownColumnKeyIsAWarningWithAGuess() throws {
        let spec = try loadSpec(#"{"sections": [{"columns": [{"title": "A", "aling": "right"}], "rows": [{"title": "x", "A": 1}]}]}"#, file: "w.json")
        #expect(spec.keyWarnings == [#"sections[0].columns[0].aling: unknown key, ignored; did you mean "align"?"#])
    }

    @Test func plainModeReadsARowAsItsCells() throws {
        let lines = PlainView.lines(of: try disks())
        #expect(lines.contains("   (Device | Size | Used | Mounted on)"))
        #expect(lines.contains("  1. sda1 | 512G | 71 | /"))
    }
}

@Suite struct TableFindTests {
    @Test func theFindReadsSearchedColumnsAndHighlightsInTheirCells() throws {
        var app = try disks()
        press(.char("/"), .char("h"), .char("o"), .char("m"), .char("e"), on: &app)
        app.current.finishFind(in: app.listViewport)
        let lines = screen(app)
        #expect(lines[2] == " > nvme0n1p2    1T   100  /home")
        let grid = render(app, size: app.size)
        let x = lines[2].distance(from: lines[2].startIndex, to: lines[2].range(of: "/home")!.lowerBound) + 1
        #expect(grid[x, 2].style.attributes.contains(.underline) || grid[x, 2].style.attributes.contains(.bold))
    }

    @Test func aColumnLeftOutOfTheSearchIsNotFound() throws {
        let spec = try loadSpec("""
        {"sections": [{"columns": ["name", {"title": "note", "value": "{{note}}", "search": false}],
          "rows": [{"name": "alpha", "note": "zebra"}, {"name": "zeta", "note": "x"}]}]}
        """, file: "s.json")
        var app = state(spec)
        press(.char("/"), .char("z"), .char("e"), .char("b"), on: &app)
        app.current.finishFind(in: app.listViewport)
        #expect(app.current.rowCount == 0)
    }
}

@Suite struct TableSortTests {
    private func firstColumn(_ app: AppState) -> [String] {
        screen(app).dropFirst(2).prefix(4).map { String($0.dropFirst(3).prefix(9)).trimmingCharacters(in: .whitespaces) }
    }

    @Test func sNextColumnSTheOtherWayAndBackToTheRowsOwnOrder() throws {
        var app = try disks()
        press(.char("s"), on: &app)
        #expect(screen(app)[1] == "   Device ↑   Size  Used  Mounted on")
        #expect(firstColumn(app) == ["nvme0n1p2", "sda1", "sdb1", "sdc"])
        press(.char("S"), on: &app)
        #expect(screen(app)[1] == "   Device ↓   Size  Used  Mounted on")
        #expect(firstColumn(app) == ["sdc", "sdb1", "sda1", "nvme0n1p2"])
        // Size: as sizes, 64G < 512G < 1T < 2T.
        press(.char("s"), on: &app)
        #expect(firstColumn(app) == ["sdc", "sda1", "nvme0n1p2", "sdb1"])
        // Used: numbers, the empty cell last.
        press(.char("s"), on: &app)
        #expect(firstColumn(app) == ["sdb1", "sda1", "nvme0n1p2", "sdc"])
        press(.char("s"), .char("s"), on: &app)
        #expect(screen(app)[1] == "   Device     Size  Used  Mounted on")
        #expect(firstColumn(app) == ["sda1", "sdb1", "nvme0n1p2", "sdc"])
    }

    @Test func theSelectedRowAndMarksStayOnTheirRows() throws {
        var app = try disks()
        press(.down, on: &app)
        #expect(selectedTitle(app) == "sdb1")
        app.current.marks = [2]  // nvme0n1p2
        press(.char("s"), on: &app)
        #expect(selectedTitle(app) == "sdb1")
        #expect(app.current.marks.map { app.current.boundRow(full: $0).row.title } == ["nvme0n1p2"])
    }

    @Test func aClickOnAColumnTitleSortsByItAndAgainTheOtherWay() throws {
        var app = try disks()
        _ = update(&app, .mouse(.click(x: 14, y: 1)))
        #expect(screen(app)[1].contains("Size ↑"))
        _ = update(&app, .mouse(.click(x: 14, y: 1)))
        #expect(screen(app)[1].contains("Size ↓"))
    }

    @Test func sortingWhileFindingKeepsTheMatchesInTheTablesOrder() throws {
        var app = try disks()
        press(.char("/"), .char("s"), .char("d"), on: &app)
        app.current.finishFind(in: app.listViewport)
        press(.alt("S"), on: &app)
        app.current.finishFind(in: app.listViewport)
        #expect(firstColumn(app).prefix(3) == ["sdc", "sdb1", "sda1"])
    }

    @Test func withoutATableTheSortKeysAreFreeForHotkeys() throws {
        let spec = try loadSpec(#"{"sections": [{"rows": [{"title": "Other"}, {"title": "Save", "key": "s", "action": {"type": "emit", "value": "saved"}}]}]}"#, file: "h.json")
        var app = state(spec)
        let effects = press(.char("s"), on: &app)
        #expect(effects.contains { if case .emit = $0 { return true } else { return false } })
    }

    @Test func theHelpNamesTheSortKeysOnlyWhereThereIsATable() throws {
        #expect(HelpContent.lines(for: try disks()).contains(.entry("s, Alt-s", "sort a table by its next column (past the last, the rows' own order)")))
        let plain = state(Spec(sections: [Section(rows: rows(3))]))
        #expect(!HelpContent.lines(for: plain).contains { $0.text.contains("sort a table") })
    }

    @Test func aRowsActionOnSWinsOverSortingAndAltSIsFreeForActions() throws {
        let spec = try loadSpec(#"{"sections": [{"columns": ["title"], "rows": [{"title": "x", "actions": [{"key": "s", "title": "Ship", "action": {"type": "emit", "value": "shipped"}}, {"key": "alt-s", "title": "Stop", "action": {"type": "emit", "value": "stopped"}}]}]}]}"#, file: "a.json")
        var app = state(spec)
        #expect(press(.char("s"), on: &app) == [.emit(["shipped"])])
        var again = state(spec)
        #expect(press(.alt("s"), on: &again) == [.emit(["stopped"])])
    }

    @Test func sortingCarriesARunningRowCommandWithItsRow() throws {
        var app = try disks()
        app.current.commands[0] = RowCommand(key: SourceKey(screen: 0, section: RowCommand.section, generation: 1))  // sda1
        press(.char("s"), on: &app)  // by device: sda1 is second
        #expect(app.current.commands.keys.sorted() == [1])
    }

    @Test func aCommandsTableSortsAndSortsAgainWhenItsRowsComeAgain() throws {
        let spec = try loadSpec(#"{"sections": [{"columns": ["n"], "source": {"command": ["list"], "format": "jsonl"}, "as": "it", "row": {"title": "{{it.n}}", "n": "{{it.n}}"}}]}"#, file: "l.json")
        var app = state(spec)
        func load(_ values: [Int], _ effects: [Effect]) {
            guard case .startSource(let request)? = effects.first(where: { if case .startSource = $0 { true } else { false } }) else {
                Issue.record("no load: \(effects)")
                return
            }
            var items = RawItems(kind: .json)
            for value in values { items.append(Array("{\"n\": \(value)}".utf8)) }
            _ = update(&app, .sourceRawItems(request.key, items))
            _ = update(&app, .sourceFinished(request.key, .done(next: .end)))
        }
        func shown() -> [String] { screen(app)[2...4].map { String($0.filter(\.isNumber)) } }
        load([3, 1, 2], update(&app, .start))
        press(.char("S"), on: &app)
        #expect(shown() == ["3", "2", "1"])
        load([5, 9, 7], press(.char("r"), on: &app))
        #expect(screen(app)[1].contains("n ↓"))
        #expect(shown() == ["9", "7", "5"])
    }

    @Test func numbersUnitsAndNaturalText() {
        #expect(TableSortKey.number("1,024") == 1024)
        #expect(TableSortKey.number("12.5%") == 12.5)
        #expect(TableSortKey.number("2T")! > TableSortKey.number("512G")!)
        #expect(TableSortKey.number("3 KiB") == 3000)
        #expect(TableSortKey.number("3 minutes") == nil)
        #expect(TableSortKey.number("2024-01-05") == nil)
        #expect(TableSortKey.number("10:30") == nil)
        #expect(TableSortKey.number("v2") == nil)
        #expect(TableSortKey.text("file9").lexicographicallyPrecedes(TableSortKey.text("File10")))
    }
}
