import Testing
@testable import SegueCore
import SegueFiles

@Suite struct RenderTests {
    let menu = Spec(title: "Food menu", sections: [
        Section(header: "Mains", footer: "All prices in EUR", rows: [
            Row(title: "Pizza", detail: "12.50", segue: "pizza.json"),
            Row(title: "Salad", detail: "8.00", enabled: false),
        ]),
        Section(header: "Drinks", rows: [Row(title: "Tea", detail: "2.00")]),
    ])

    @Test func drawsTitleSectionsRowsAndHints() {
        let app = state(menu, width: 30, height: 10)
        #expect(screen(app) == [
            " Food menu",
            " Mains",
            " > Pizza              12.50 ›",
            "   Salad               8.00",
            "   All prices in EUR",
            "",
            " Drinks",
            "   Tea                 2.00",
            "",
            " ↑↓ move  ⏎ open  esc cancel",
        ])
    }

    /// The title bar shows the end of the breadcrumb: titles of every length around what it takes
    /// (the end is taken without copying a title of megabytes) draw, cut from the left.
    @Test func theTitleBarShowsTheEndOfBreadcrumbsOfEveryLength() {
        let width = 40, limit = 4 * width + 16
        for length in [1, 30, limit - 5, limit - 4, limit - 3, limit - 2, limit - 1, limit, limit + 1, 10 * limit] {
            let title = String(repeating: "t", count: length - 1) + "Z"
            let root = Spec(title: String(repeating: "p", count: length), sections: [Section(rows: [Row(title: "Go", segue: "b.json")])],
                            path: "/x/a.json")
            var app = state(root, width: width)
            press(.enter, on: &app)
            _ = update(&app, .specLoaded(path: "/x/b.json", .success(Spec(title: title, sections: []))))
            let bar = screen(app)[0]
            #expect(bar.hasSuffix("Z"), "title of \(length): \(bar)")
            #expect(TextWidth.of(bar) <= width)
            #expect(bar.hasPrefix(2 * length + 3 > width - 2 ? " …" : " p"), "title of \(length): \(bar)")
        }
    }

    @Test func stylesSetPartsApart() {
        let app = state(menu, width: 30, height: 10)
        let grid = render(app, size: app.size)
        let theme = Theme.standard
        #expect(grid[0, 0].style == theme.titleBar)
        #expect(grid[1, 1].style == theme.header)
        #expect(grid[5, 2].style == theme.selected)
        #expect(grid[29, 2].style == theme.selected)  // the whole line is reversed
        #expect(grid[5, 3].style == theme.disabled)
        #expect(grid[5, 4].style == theme.footer)
    }

    @Test func aProgramsColoursAreDrawnAsPlainTextAndMeasuredWithoutThem() {
        let blue = "\u{1B}[01;34m", reset = "\u{1B}[0m"
        let spec = Spec(title: "\u{1B}]0;title\u{07}Files", sections: [
            Section(header: "\(blue)Here\(reset)", footer: "\u{9B}1mC1 too\u{9B}0m", rows: [
                Row(title: "\(reset)\(blue)docs\(reset)", detail: "\u{1B}[32m4.0K\u{1B}[m"),
                Row(title: "readme", detail: "12"),
            ]),
        ])
        var app = state(spec, width: 30, height: 8)
        _ = update(&app, .execFinished(ExecResult(command: ExecCommand(arguments: ["ls"]), status: 1,
                                                  reason: "\(blue)ls: oops\(reset)")))
        #expect(screen(app) == [
            " Files",
            " Here",
            " > docs                4.0K",
            "   readme                12",
            "   C1 too",
            "",
            "",
            " exit status 1: ls: oops",
        ])
    }
}

@Suite struct GridTests {
    @Test func wideClustersTakeAllTheirCellsAndOverwritingPartBlanksTheRest() {
        var grid = Grid(width: 10, height: 1)
        grid.put("a👨‍👩‍👧b", x: 0, y: 0, style: .plain)
        #expect(grid.line(0) == "a👨‍👩‍👧b")
        #expect((2...6).allSatisfy { grid[$0, 0].isContinuation })
        grid.put("x", x: 3, y: 0, style: .plain)
        #expect(grid.line(0) == "a  x   b")
    }

    @Test func escapeSequencesNeverReachACell() {
        var grid = Grid(width: 12, height: 1)
        #expect(grid.put("\u{1B}[1mbold\u{1B}[0m \u{1B}]8;;x\u{1B}\\ok", x: 0, y: 0, style: .plain) == 7)
        #expect(grid.line(0) == "bold ok")
    }

    @Test func aClusterThatWouldCrossTheLimitBecomesSpaces() {
        var grid = Grid(width: 4, height: 1)
        grid.put("ab日本", x: 0, y: 0, style: .plain)
        #expect(grid.line(0) == "ab日")
        #expect(grid.put("abc日", x: 0, y: 0, style: .plain) == 4)
        #expect(grid.line(0) == "abc")
    }
}

@Suite struct TallTextTests {
    @Test func aHeaderTallerThanTheScreenIsCutSoTheRowsStayInView() {
        let header = (1...45).map { "Line \($0) of a very long introduction." }.joined(separator: " ")
        let app = state(Spec(title: "Intro", sections: [Section(header: header, rows: [Row(title: "Accept"), Row(title: "Decline")])]),
                        width: 40, height: 12)
        let lines = screen(app)
        #expect(lines.count == 12)
        #expect(lines.contains(" > Accept"))
        #expect(lines.contains("   Decline"))
        #expect(lines[8].hasSuffix("…"))  // 10 list lines: 8 of header, then the rows
    }

    @Test func keysOtherThanLeavingDoNothingWhileTheTerminalIsTooSmall() {
        var app = state(Spec(sections: [Section(rows: [Row(title: "Go", segue: "x.json"), Row(title: "Quit", action: .quit)])]),
                        width: 10, height: 3)
        #expect(press(.down, .enter, on: &app).isEmpty)
        #expect(selectedTitle(app) == "Go")
        #expect(screen(app).joined().contains("Too small"))
        #expect(press(.char("q"), on: &app) == [.quit(.success)])
    }
}

@Suite struct ChoiceRowTests {
    let spec = #"""
        {"title": "Settings", "sections": [{"rows": [
          {"cell": "choice", "title": "Theme", "setting": "theme", "options": ["Solarized dark (high contrast)"]},
          {"cell": "choice", "title": "Size", "setting": "size", "options": ["M", "L"]},
          {"cell": "choice", "title": "A long title that needs cutting", "setting": "x", "options": ["中文字体很长的选项"]}
        ]}]}
        """#

    @Test func aLongValueIsCutInsideItsBrackets() throws {
        let loaded = try SpecLoader(disk: nil).parse(bytes: Array(spec.utf8), file: "settings.json")
        #expect(screen(state(loaded, width: 30, height: 6)) == [
            " Settings",
            // The title whole, the value cut by only what is missing.
            " > Theme  ‹ Solarized da… ›",
            "   Size               ‹ M ›",
            "   A long titl…   ‹ 中文字… ›",
            "",
            " ↑↓ move  ⏎ next  ←→ change",
        ])
        #expect(screen(state(loaded, width: 20, height: 5)) == [
            " Settings",
            " > Theme  ‹ So… ›",
            "   Size     ‹ M ›",
            "   A long…  ‹ 中… ›",
            " ↑↓ move  ⏎ next",
        ])
    }
}

/// A title and a detail that do not quite fit (issue 27): the gap gives first, then the detail
/// loses only what is missing; a row with no `›` may use that column when it needs it.
@Suite struct TightRowTests {
    @Test func oneColumnShortCostsTheGapThenOneCharacterOfTheDetail() throws {
        // 40 columns: text from column 3 to 37 (the › column after) is 34 wide.
        let title = String(repeating: "t", count: 20)
        let spec = Spec(sections: [Section(rows: [
            Row(title: title, detail: String(repeating: "d", count: 13), segue: SegueTarget(spec: "x.json")),
            Row(title: title, detail: String(repeating: "d", count: 14), segue: SegueTarget(spec: "x.json")),
        ])])
        let lines = screen(state(spec, width: 40, height: 5))
        #expect(lines[1] == " > " + title + " " + String(repeating: "d", count: 13) + " ›")
        #expect(lines[2] == "   " + title + "  " + String(repeating: "d", count: 11) + "… ›")
    }

    @Test func aRowWithoutAChevronTakesItsColumnOnlyWhenItNeedsIt() throws {
        let spec = Spec(sections: [Section(rows: [
            Row(title: "Short", detail: "aligned"),
            Row(title: String(repeating: "t", count: 20), detail: String(repeating: "d", count: 14)),
        ])])
        let lines = screen(state(spec, width: 40, height: 5))
        #expect(lines[1] == " > Short" + String(repeating: " ", count: 22) + "aligned")
        #expect(lines[2] == "   " + String(repeating: "t", count: 20) + "  " + String(repeating: "d", count: 14))
    }
}
