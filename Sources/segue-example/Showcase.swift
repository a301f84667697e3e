// The showcase: a settings screen and a dynamic menu composed entirely in Swift, with a row
// closure, a handler registered by name and a custom cell renderer; a people directory paged from
// an async closure (with latency and a failure to retry), and a "Sync now" row whose async
// handler Esc cancels.
import SegueKit

#if canImport(Glibc)
import Glibc
#endif

/// A meter drawn by a custom cell renderer: `Disk  [#######...] 70%`.
let renderers = CellRenderers(["Meter": { row, width in
    let title = row["title"]?.stringValue ?? ""
    let percent = Int(row["percent"]?.doubleValue ?? 0)
    let barWidth = max(4, min(30, width - TextWidth.of(title) - 8))
    let filled = barWidth * max(0, min(100, percent)) / 100
    let bar = String(repeating: "#", count: filled) + String(repeating: ".", count: barWidth - filled)
    return [[StyledText(title + "  "), StyledText("[" + bar + "]", style: Style(foreground: percent > 80 ? .red : .green)),
             StyledText(" \(percent)%", style: Style(attributes: [.dim]))]]
}])

/// The settings screen: toggles and a choice, saved in memory for this run.
func settingsScreen() -> ComposedScreen {
    var screen = ComposedScreen(title: "Settings")
    screen.addSection(header: "Appearance", footer: "Built in Swift: no JSON involved.")
    screen.addRow(title: "Dark mode", cell: .toggle, attributes: ["setting": "darkMode"])
    screen.addRow(title: "Theme", cell: .choice,
                  attributes: ["setting": "theme", "options": ["System", "Light", "Dark"]])
    screen.addSection(header: "Storage")
    screen.addRow(title: "Disk", cell: .named("Meter"), attributes: ["percent": 70])
    screen.addRow(title: "Memory", cell: .named("Meter"), attributes: ["percent": 91])
    return screen
}

/// A menu rebuilt on every visit: it shows how many times it was opened.
func dynamicMenu(visit: Int) -> ComposedScreen {
    var screen = ComposedScreen(title: "Dynamic menu")
    screen.addSection(header: "Built on the fly", footer: "Each visit builds this screen again.")
    screen.addRow(title: "Visit number", detail: String(visit), cell: .value)
    for fruit in ["Apple", "Banana", "Cherry"] {
        screen.addRow(title: fruit, detail: "choose") { context in context.emit(fruit.lowercased()) }
    }
    screen.addRow(title: "Say hello", attributes: ["greeting": "Hello from a named handler"]) { context in
        context.show(context.row["greeting"]?.stringValue ?? "")
    }
    return screen
}

/// A directory of 95 people, served 20 a page after a pause, as a slow network would; the third
/// page fails the first time it is asked for, to show the error row and its retry.
actor Directory {
    static let names = ["Ada", "Ben", "Chloé", "Dev", "Eun-ji", "Femi", "Grace", "Hugo", "Inès", "Jun"]
    static let cities = ["Lisbon", "Osaka", "Lagos", "Oslo", "Quito"]
    private var failedOnce = false

    func page(_ request: PageRequest) async throws -> SourcePage {
        try await Task.sleep(nanoseconds: 300_000_000)
        if request.page == 3, !failedOnce {
            failedOnce = true
            throw DirectoryError.timedOut
        }
        let size = request.pageSize ?? 20
        let ids = (request.offset..<min(95, request.offset + size))
        let rows: [[String: JSONValue]] = ids.map { id in
            ["id": .number(String(id + 1)), "title": .string("\(Self.names[id % 10]) \(id + 1)"),
             "city": .string(Self.cities[id % 5])]
        }
        return SourcePage(rows: rows, next: ids.upperBound >= 95 ? .end : .unspecified)
    }
}

enum DirectoryError: Error, CustomStringConvertible {
    case timedOut
    var description: String { "the directory timed out (simulated)" }
}

/// The program's state between handlers: an actor they share (handlers are `@Sendable`, and
/// async ones run as tasks while the user goes on).
actor Visits {
    private var count = 0

    func next() -> Int {
        count += 1
        return count
    }
}

/// The people directory: rows from an async closure, 20 a page.
func peopleScreen(_ directory: Directory) -> ComposedScreen {
    var screen = ComposedScreen(title: "People")
    screen.addSection(header: "Directory (95 people, 20 a page)", pageSize: 20, empty: "Nobody here",
                      row: ["title": "{{person.title}}", "detail": "{{person.city}}"], as: "person",
                      action: { context in context.emit(context.item?.member("title")?.stringValue ?? "") }) { request in
        try await directory.page(request)
    }
    screen.addSection(footer: "Loaded as you scroll, with a pause per page. r loads again, keeping your place.")
    return screen
}

/// The first screen, and what it leads to, until the user quits.
func showcase() async -> Never {
    let visits = Visits()
    let directory = Directory()
    var main = ComposedScreen(title: "SegueKit example")
    main.addSection(header: "Screens composed in code")
    main.addRow(title: "Settings", detail: "toggles, a choice, meters") { context in context.push(settingsScreen()) }
    main.addRow(title: "Dynamic menu", detail: "rebuilt each time") { context async in
        context.push(dynamicMenu(visit: await visits.next()))
    }
    main.addRow(title: "People directory", detail: "paged from an async closure") { context in context.push(peopleScreen(directory)) }
    main.addRow(title: "Sync now", detail: "an async handler; Esc stops it") { context async throws in
        for _ in 0..<30 { try await Task.sleep(nanoseconds: 100_000_000) }  // three seconds of "work"
        context.show("synced 42 items")
    }
    main.addSection(header: "Named handlers")
    main.addRow(title: "Ping", detail: "calls \"ping\"", attributes: [:]) { context in context.show("pong") }
    main.addRow(title: "Quit with status 3") { context in context.quit(status: QuitStatus(3)) }

    let handlers = HandlerRegistry()
    handlers.register("ping") { context in context.show("pong from \(context.title)") }

    do {
        switch try await Segue.run(main, handlers: handlers, renderers: renderers).ending {
        case .emitted(let values): values.forEach { print($0) }
        case .cancelled: exit(1)
        case .quit(let status): exit(status.code)
        }
        exit(0)
    } catch {
        print("segue-example: \(error)")
        exit(2)
    }
}
