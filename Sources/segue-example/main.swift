// segue-example: a settings screen and a dynamic menu composed entirely in Swift with SegueKit,
// with a row closure, a handler registered by name and a custom cell renderer; a people
// directory paged from an async closure (with latency and a failure to retry), and a "Sync now"
// row whose async handler Esc cancels.
//
//     swift run segue-example          # or .build/debug/segue-example
//     swift run segue-example deploy   # a tool's questions, one at a time, under the prompt
import SegueKit

#if canImport(Glibc)
import Glibc
#endif

// `segue-example deploy`: what a command-line tool asks, one question at a time, in a few lines
// under the prompt, carrying on with the answers.
if CommandLine.arguments.dropFirst().first == "deploy" {
    do {
        guard let target = try await Segue.choose(["staging", "production"], header: "Deploy to") else { exit(1) }
        let note = try await Segue.input("Note: ", placeholder: "what changed") ?? ""
        // A step of work behind a spinner, its output kept for the tool.
        guard let built = try await Segue.spin("Building…", running: ["sh", "-c", "echo built v2"]), built.status == 0 else { exit(1) }
        guard try await Segue.confirm("Deploy to \(target)?", defaultsToYes: false) else {
            print("not deployed")
            exit(1)
        }
        print("deployed to \(target): \(note) (\(String(decoding: built.output, as: UTF8.self).split(separator: "\n").first ?? ""))")
        // `deploy --then-interrupt`: the tool's own Ctrl-C works again once the questions are
        // answered (SIGINT's default action ends it; the line after is never printed).
        if CommandLine.arguments.contains("--then-interrupt") {
            // To the process, as Ctrl-C sends it (this task's thread may block signals).
            kill(getpid(), SIGINT)
            sleep(2)
            print("SIGINT was swallowed")
        }
        exit(0)
    } catch is Segue.Interrupted {
        exit(130)
    } catch {
        print("segue-example: \(error)")
        exit(2)
    }
}

/// A meter drawn by a custom cell renderer: `Disk  [#######...] 70%`.
let renderers = CellRenderers(["Meter": { row, width in
    let title = row["title"]?.stringValue ?? ""
    let percent = Int(row["percent"]?.doubleValue ?? 0)
    let barWidth = max(4, min(30, width - TextWidth.of(title) - 8))
    let filled = barWidth * max(0, min(100, percent)) / 100
    let bar = String(repeating: "#", count: filled) + String(repeating: ".", count: barWidth - filled)
    return [[Span(title + "  "), Span("[" + bar + "]", style: Style(foreground: percent > 80 ? .red : .green)),
             Span(" \(percent)%", style: Style(attributes: [.dim]))]]
}])

/// The settings screen: toggles and a choice, saved in memory for this run.
func settingsScreen() -> ComposedScreen {
    var screen = ComposedScreen(title: "Settings")
    screen.addSection(header: "Appearance", footer: "Built in Swift: no JSON involved.")
    screen.addRow(title: "Dark mode", cell: "toggle", attributes: ["setting": "darkMode"])
    screen.addRow(title: "Theme", cell: "choice",
                  attributes: ["setting": "theme", "options": .array(["System", "Light", "Dark"])])
    screen.addSection(header: "Storage")
    screen.addRow(title: "Disk", cell: "Meter", attributes: ["percent": .number("70")])
    screen.addRow(title: "Memory", cell: "Meter", attributes: ["percent": .number("91")])
    return screen
}

/// A menu rebuilt on every visit: it shows how many times it was opened.
func dynamicMenu(visit: Int) -> ComposedScreen {
    var screen = ComposedScreen(title: "Dynamic menu")
    screen.addSection(header: "Built on the fly", footer: "Each visit builds this screen again.")
    screen.addRow(title: "Visit number", detail: String(visit), cell: "value")
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

let directory = Directory()

/// The people directory: rows from an async closure, 20 a page.
func peopleScreen() -> ComposedScreen {
    var screen = ComposedScreen(title: "People")
    screen.addSection(header: "Directory (95 people, 20 a page)", pageSize: 20, empty: "Nobody here",
                      row: ["title": "{{person.title}}", "detail": "{{person.city}}"], as: "person",
                      action: { context in context.emit(context.item?.member("title")?.stringValue ?? "") }) { request in
        try await directory.page(request)
    }
    screen.addSection(footer: "Loaded as you scroll, with a pause per page. r loads again, keeping your place.")
    return screen
}

nonisolated(unsafe) var visits = 0

var main = ComposedScreen(title: "SegueKit example")
main.addSection(header: "Screens composed in code")
main.addRow(title: "Settings", detail: "toggles, a choice, meters") { context in context.push(settingsScreen()) }
main.addRow(title: "Dynamic menu", detail: "rebuilt each time") { context in
    visits += 1
    context.push(dynamicMenu(visit: visits))
}
main.addRow(title: "People directory", detail: "paged from an async closure") { context in context.push(peopleScreen()) }
main.addRow(title: "Sync now", detail: "an async handler; Esc stops it") { context async throws in
    for _ in 0..<30 { try await Task.sleep(nanoseconds: 100_000_000) }  // three seconds of "work"
    context.show("synced 42 items")
}
main.addSection(header: "Named handlers")
main.addRow(title: "Ping", detail: "calls \"ping\"", attributes: [:]) { context in context.show("pong") }
main.addRow(title: "Quit with status 3") { context in context.quit(status: ExitStatus(3)) }

let handlers = HandlerRegistry()
handlers.register("ping") { context in context.show("pong from \(context.title)") }

do {
    switch try Segue.run(main, handlers: handlers, renderers: renderers) {
    case .emitted(let values): values.forEach { print($0) }
    case .cancelled: exit(1)
    case .quit(let status): exit(status.code)
    }
} catch {
    print("segue-example: \(error)")
    exit(2)
}
