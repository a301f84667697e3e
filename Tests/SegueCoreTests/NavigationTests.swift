import Testing
@testable import SegueCore
import SegueFiles

@Suite struct SelectionTests {
    let spec = Spec(title: "Menu", sections: [
        Section(header: "Food", footer: "Prices include tax", rows: [
            Row(title: "Pizza"), Row(title: "Salad", enabled: false), Row(title: "Soup"),
        ]),
        Section(header: "Drinks", rows: [Row(title: "Water", enabled: false), Row(title: "Tea")]),
    ])

    @Test func startsOnTheFirstEnabledRow() {
        let app = state(Spec(sections: [Section(rows: [Row(title: "Off", enabled: false), Row(title: "On")])]))
        #expect(selectedTitle(app) == "On")
    }

    @Test func downSkipsHeadersFootersAndDisabledRows() {
        var app = state(spec)
        press(.down, on: &app)
        #expect(selectedTitle(app) == "Soup")
        press(.char("j"), on: &app)
        #expect(selectedTitle(app) == "Tea")
        press(.down, on: &app)
        #expect(selectedTitle(app) == "Tea")  // stays at the end
    }

    @Test func upSkipsBackAndStopsAtTheTop() {
        var app = state(spec)
        press(.end, .up, on: &app)
        #expect(selectedTitle(app) == "Soup")
        press(.char("k"), .up, on: &app)
        #expect(selectedTitle(app) == "Pizza")
    }

    @Test func homeAndEndJump() {
        var app = state(spec)
        press(.char("G"), on: &app)
        #expect(selectedTitle(app) == "Tea")
        press(.char("g"), on: &app)
        #expect(selectedTitle(app) == "Pizza")
    }

    @Test func aScreenWithoutEnabledRowsHasNoSelection() {
        var app = state(Spec(sections: [Section(rows: [Row(title: "Off", enabled: false)])]))
        #expect(app.current.selection == nil)
        #expect(press(.down, .end, .pageDown, .enter, on: &app).isEmpty)
        #expect(screen(app)[1] == "   Off")
    }

    /// A row disabled by data while the cursor is on it: the setting that enables it is turned off
    /// on the screen it opens. Back on it, Enter does nothing.
    @Test func enterOnARowDisabledUnderTheCursorDoesNothing() throws {
        let root = try SpecLoader(disk: nil).parse(bytes: Array(#"""
            {"sections": [{"rows": [
              {"title": "Launch", "enabledKeyPath": "settings.armed", "action": {"type": "segue", "spec": "arm.json"}},
              {"title": "Stay"}]}]}
            """#.utf8), file: "/specs/main.json")
        let arm = try SpecLoader(disk: nil).parse(bytes: Array(#"""
            {"sections": [{"rows": [{"cell": "toggle", "title": "Armed", "setting": "armed"}]}]}
            """#.utf8), file: "/specs/arm.json")
        var app = AppState(root: root, size: Size(width: 40, height: 10),
                           settings: Settings(path: nil, values: .object(["armed": .bool(true)])))
        #expect(selectedTitle(app) == "Launch")
        #expect(press(.enter, on: &app) == [.loadSpec(path: "/specs/arm.json")])
        _ = update(&app, .specLoaded(path: "/specs/arm.json", .success(arm)))
        press(.enter, .backspace, on: &app)  // disarm, and back
        #expect(selectedTitle(app) == "Launch")
        #expect(!app.current.isEnabled(0))
        #expect(press(.enter, .right, on: &app).isEmpty)
        #expect(app.stack.count == 1)
    }

    /// A disabled row's hotkey and clicks on it neither select nor activate it.
    @Test func aDisabledRowsHotkeyAndClicksDoNothing() throws {
        let spec = try SpecLoader(disk: nil).parse(bytes: Array(#"""
            {"sections": [{"rows": [
              {"title": "Launch", "key": "x", "enabled": false, "action": {"type": "quit", "status": 3}},
              {"title": "Stay"}]}]}
            """#.utf8), file: "/specs/main.json")
        var app = state(spec)
        #expect(selectedTitle(app) == "Stay")
        #expect(press(.char("x"), on: &app).isEmpty)
        #expect(selectedTitle(app) == "Stay")
        let launchLine = 1  // below the title line
        #expect(screen(app)[launchLine] == "   x Launch")  // no x in the title: the key goes before it
        #expect(update(&app, .mouse(.click(x: 5, y: launchLine))).isEmpty)
        #expect(update(&app, .mouse(.click(x: 5, y: launchLine))).isEmpty)
        #expect(selectedTitle(app) == "Stay")
    }
}

@Suite struct PagingTests {
    /// 100 rows in one section, viewport of 8 list lines (10 - title - status).
    let spec = Spec(sections: [Section(rows: rows(100))])

    @Test func pageDownMovesAPageAndScrolls() {
        var app = state(spec)
        press(.pageDown, on: &app)
        #expect(selectedTitle(app) == "Row 8")
        #expect(app.current.offset == 7)
        press(.pageDown, on: &app)
        #expect(selectedTitle(app) == "Row 15")
    }

    @Test func pageDownAtTheEndSelectsTheLastRow() {
        var app = state(spec)
        for _ in 0..<20 { press(.pageDown, on: &app) }
        #expect(selectedTitle(app) == "Row 100")
        #expect(app.current.offset == 92)
        press(.pageDown, on: &app)
        #expect(selectedTitle(app) == "Row 100")
    }

    @Test func pageUpAtTheTopSelectsTheFirstRow() {
        var app = state(spec)
        press(.down, .down, .pageUp, on: &app)
        #expect(selectedTitle(app) == "Row 1")
        #expect(app.current.offset == 0)
        press(.pageUp, on: &app)
        #expect(selectedTitle(app) == "Row 1")
    }

    @Test func pageUpFromTheEnd() {
        var app = state(spec)
        press(.end, .pageUp, on: &app)
        #expect(selectedTitle(app) == "Row 93")
        #expect(app.current.offset == 85)
    }

    @Test func pagingSkipsDisabledRowsInTheKeyDirection() {
        var list = rows(30)
        for index in 5..<12 { list[index].enabled = false }
        var app = state(Spec(sections: [Section(rows: list)]))
        press(.pageDown, on: &app)
        #expect(selectedTitle(app) == "Row 13")
    }

    @Test func moveDownScrollsOneLineAtATime() {
        var app = state(spec)
        for _ in 0..<8 { press(.down, on: &app) }
        #expect(selectedTitle(app) == "Row 9")
        #expect(app.current.offset == 1)
    }
}

@Suite struct NavigationStackTests {
    let root = Spec(title: "Main", sections: [Section(rows: rows(30) + [Row(title: "Food menu", segue: "food.json")])], path: "specs/demo/main.json")
    let food = Spec(title: "Food", sections: [Section(rows: [Row(title: "Drinks", segue: "../drinks/")])], path: "specs/demo/food.json")

    @Test func activatingASegueAsksToLoadItsSpecRelativeToTheSpecFolder() {
        var app = state(root)
        #expect(press(.end, .enter, on: &app) == [.loadSpec(path: "specs/demo/food.json")])
    }

    @Test func aLoadedSpecIsPushedAndBackRestoresSelectionAndScroll() {
        var app = state(root)
        press(.end, on: &app)
        let before = (app.current.selection, app.current.offset)
        press(.enter, on: &app)
        _ = update(&app, .specLoaded(path: "specs/demo/food.json", .success(food)))
        #expect(app.breadcrumb == ["Main", "Food"])
        #expect(press(.enter, on: &app) == [.loadSpec(path: "specs/drinks")])
        press(.left, on: &app)
        #expect(app.breadcrumb == ["Main"])
        #expect(app.current.selection == before.0)
        #expect(app.current.offset == before.1)
    }

    @Test func aScreenWithoutTitleIsNamedAfterTheRowThatOpenedIt() {
        var app = state(root)
        press(.end, .enter, on: &app)
        _ = update(&app, .specLoaded(path: "specs/demo/food.json", .success(Spec(sections: []))))
        #expect(app.breadcrumb == ["Main", "Food menu"])
    }

    @Test func aFailedLoadKeepsTheScreenAndShowsTheError() {
        var app = state(root, width: 60)
        press(.end, .enter, on: &app)
        let error = SpecError(file: "specs/demo/food.json", kind: .syntax(line: 3, column: 7, message: "expected ','"))
        _ = update(&app, .specLoaded(path: "specs/demo/food.json", .failure(error)))
        #expect(app.breadcrumb == ["Main"])
        #expect(selectedTitle(app) == "Food menu")
        let lines = screen(app)
        #expect(lines.last == " specs/demo/food.json:3:7: expected ','")
        #expect(lines[0].hasSuffix("31/31"))
        press(.up, on: &app)
        #expect(app.status == nil)
    }

    @Test func aStaleLoadIsIgnored() {
        var app = state(root)
        press(.end, .enter, .escape, on: &app)  // Esc at root quits, but the load was superseded anyway
        _ = update(&app, .specLoaded(path: "elsewhere.json", .success(food)))
        #expect(app.breadcrumb == ["Main"])
    }

    @Test func backKeysDoNothingAtTheRoot() {
        var app = state(root)
        #expect(press(.left, .char("h"), .backspace, on: &app).isEmpty)
        #expect(app.breadcrumb == ["Main"])
    }

    @Test func escapeGoesBackThenCancelsAtTheRoot() {
        var app = state(root)
        press(.end, .enter, on: &app)
        _ = update(&app, .specLoaded(path: "specs/demo/food.json", .success(food)))
        #expect(press(.escape, on: &app).isEmpty)
        #expect(press(.escape, on: &app) == [.quit(.cancelled)])
    }

    @Test func quitAndInterruptFromAnyScreen() {
        var app = state(root)
        press(.end, .enter, on: &app)
        _ = update(&app, .specLoaded(path: "specs/demo/food.json", .success(food)))
        #expect(press(.char("q"), on: &app) == [.quit(.success)])
        #expect(press(.ctrl("c"), on: &app) == [.quit(.interrupted)])
        #expect(update(&app, .signal(15)) == [.quit(ExitStatus(143))])
    }

    @Test func rowActions() {
        var app = state(Spec(sections: [Section(rows: [Row(title: "Quit", action: .quit)])]))
        #expect(press(.enter, on: &app) == [.quit(.success)])
        var nested = state(root)
        press(.end, .enter, on: &nested)
        _ = update(&nested, .specLoaded(path: "specs/demo/food.json", .success(
            Spec(sections: [Section(rows: [Row(title: "Back", action: .back)])]))))
        press(.enter, on: &nested)
        #expect(nested.breadcrumb == ["Main"])
    }
}

@Suite struct SpecPathTests {
    @Test func resolvesAgainstTheOriginFolder() {
        #expect(SpecPath.resolve("food.json", relativeTo: "specs/demo/main.json") == "specs/demo/food.json")
        #expect(SpecPath.resolve("../x/y.json", relativeTo: "specs/demo/main.json") == "specs/x/y.json")
        #expect(SpecPath.resolve("/abs/a.json", relativeTo: "specs/demo/main.json") == "/abs/a.json")
        #expect(SpecPath.resolve("a.json", relativeTo: "main.json") == "a.json")
        #expect(SpecPath.resolve("a.json", relativeTo: nil) == "a.json")
        #expect(SpecPath.resolve("./a/./b.json", relativeTo: "/s/main.json") == "/s/a/b.json")
        #expect(SpecPath.normalize("../../a") == "../../a")
    }
}

@Suite struct DefaultTitleTests {
    @Test func namesTheFirstScreenAfterItsFileOrFolder() {
        #expect(AppState.defaultTitle(forPath: "specs/demo/food.json") == "food")
        #expect(AppState.defaultTitle(forPath: "specs/demo/main.json") == "demo")
        #expect(AppState.defaultTitle(forPath: "/home/ann/menus/./main.json") == "menus")
        #expect(AppState.defaultTitle(forPath: "main.json") == "main")
        #expect(AppState.defaultTitle(forPath: "../main.json") == "main")
        #expect(AppState.defaultTitle(forPath: nil) == "Segue")
    }
}

@Suite struct MouseTests {
    let spec = Spec(title: "Menu", sections: [
        Section(header: "Food", rows: [Row(title: "Pizza"), Row(title: "Salad", enabled: false), Row(title: "Soup", segue: "soup.json")]),
    ] + (1...5).map { Section(header: "More \($0)", rows: rows(10, "Item")) }, path: "menu.json")

    @Test func aClickSelectsTheRowUnderIt() {
        var app = state(spec)
        // Line 0 is the title bar, line 1 the "Food" header, line 2 Pizza, line 4 Soup.
        #expect(update(&app, .mouse(.click(x: 5, y: 4))).isEmpty)
        #expect(selectedTitle(app) == "Soup")
    }

    @Test func aClickOnTheSelectedRowOpensIt() {
        var app = state(spec)
        _ = update(&app, .mouse(.click(x: 5, y: 4)))
        #expect(update(&app, .mouse(.click(x: 5, y: 4))) == [.loadSpec(path: "soup.json")])
    }

    @Test func clicksOnHeadersDisabledRowsAndBarsDoNothing() {
        var app = state(spec)
        for y in [0, 1, 3, 9] { _ = update(&app, .mouse(.click(x: 5, y: y))) }
        #expect(selectedTitle(app) == "Pizza")
    }

    @Test func theWheelMovesTheSelection() {
        var app = state(spec)
        _ = update(&app, .mouse(.wheelDown))
        #expect(selectedTitle(app) == "Item 2")  // three steps: Soup, Item 1, Item 2
        _ = update(&app, .mouse(.wheelUp))
        #expect(selectedTitle(app) == "Pizza")
    }

    @Test func ctrlZAsksToSuspend() {
        var app = state(spec)
        #expect(press(.ctrl("z"), on: &app) == [.suspend])
    }
}
