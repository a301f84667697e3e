import Testing
import SegueKit

/// Screens composed in code, driven through the core without a terminal.
@Suite struct ComposedScreenTests {
    func menu() -> ComposedScreen {
        var screen = ComposedScreen(title: "Menu")
        screen.addSection(header: "Fruit", footer: "Pick one")
        screen.addRow(title: "Apple", detail: "red") { context in context.emit("apple") }
        screen.addRow(title: "Banana", detail: "off", enabled: false)
        screen.addRow(title: "More") { context in
            var next = ComposedScreen(title: "More")
            next.addRow(title: "Hello") { context in context.show("hi from \(context.title)") }
            next.addRow(title: "Leave") { context in context.quit(status: QuitStatus(7)) }
            context.push(next)
        }
        return screen
    }

    @Test func sectionsAndRowsShowAsTheyWereAdded() {
        let session = HeadlessSession(menu(), size: Size(width: 30, height: 8))
        #expect(session.lines == [
            " Menu", " Fruit", " > Apple                red", "   Banana               off", "   More", "   Pick one", "",
            " ↑↓ move  ⏎ run  esc cancel",
        ])
    }

    @Test func closuresRunAndCanEmit() {
        var session = HeadlessSession(menu())
        session.press(.enter)
        #expect(session.outcome == .emitted(["apple"]))
    }

    @Test func closuresBuildTheNextScreenOnTheFlyAndItsClosuresWork() {
        var session = HeadlessSession(menu())
        session.press(.down, .enter)
        #expect(session.state.breadcrumb == ["Menu", "More"])
        session.press(.enter)
        #expect(session.lines.last == " hi from Hello")
        session.press(.down, .enter)
        #expect(session.outcome == .quit(QuitStatus(7)))
    }

    @Test func resetEmptiesTheScreen() {
        var screen = menu()
        screen.reset()
        screen.addRow(title: "Only")
        #expect(screen.spec.rowCount == 1)
    }

    @Test func namedHandlersServeSpecActions() throws {
        let handlers = HandlerRegistry()
        handlers.register("menuItemTapped:") { context in context.show("tapped \(context.row["analytics"]?.stringValue ?? "")") }
        let spec = try SpecLoader(disk: nil, actionNames: handlers.names).parse(bytes: Array(#"""
            [{"rows": [{"title": "Food", "analytics": "food-menu", "action": "menuItemTapped:"}]}]
            """#.utf8), file: "seed.json")
        var screen = ComposedScreen()
        screen.addRow(title: "Open seed") { context in context.push(spec) }
        var session = HeadlessSession(screen, handlers: handlers)
        session.press(.enter, .enter)
        #expect(session.lines.last == " tapped food-menu")
    }

    @Test func customCellRenderersDrawRowsByName() {
        let renderers = CellRenderers(["Badge": { row, width in
            [[StyledText("<" + (row["title"]?.stringValue ?? "") + ">"), StyledText(" \(width)")], [StyledText("second line")]]
        }])
        var screen = ComposedScreen(title: "Badges")
        screen.addRow(title: "One", cell: "Badge")
        screen.addRow(title: "Two")
        let session = HeadlessSession(screen, renderers: renderers, size: Size(width: 30, height: 8))
        #expect(Array(session.lines[1...3]) == [" > <One> 26", "   second line", "   Two"])
    }
}

/// A composed row's cell type, named the Swift way: a built-in kind, or a defined type or renderer.
@Suite struct CellTests {
    @Test func aStringNamesABuiltInKindOrElseATypeOfTheScreensOrARenderer() {
        #expect(Cell("toggle") == .toggle)
        #expect(CellStyle.allCases.allSatisfy { Cell($0.rawValue) == .builtIn($0) })
        #expect(Cell("Meter") == .named("Meter"))
        #expect(Cell.named("Meter").name == "Meter" && Cell.slider.name == "slider")
    }

    @Test func rowsOfEachKindDrawAsTheirKind() {
        var screen = ComposedScreen(title: "Settings")
        screen.addRow(title: "Dark mode", cell: .toggle, attributes: ["setting": "darkMode"])
        screen.addRow(title: "Theme", cell: .choice, attributes: ["setting": "theme", "options": ["System", "Dark"]])
        screen.addRow(title: "Port", detail: "8080", cell: "value")
        let session = HeadlessSession(screen, size: Size(width: 30, height: 6))
        #expect(session.lines[1...3] == [" > [ ] Dark mode", "   Theme         ‹ System ›", "   Port       8080"])
    }
}
