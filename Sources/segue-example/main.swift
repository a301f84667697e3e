// segue-example: a settings screen and a dynamic menu composed entirely in Swift with SegueKit,
// with a row closure, a handler registered by name and a custom cell renderer.
//
//     swift run segue-example          # or .build/debug/segue-example
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

nonisolated(unsafe) var visits = 0

var main = ComposedScreen(title: "SegueKit example")
main.addSection(header: "Screens composed in code")
main.addRow(title: "Settings", detail: "toggles, a choice, meters") { context in context.push(settingsScreen()) }
main.addRow(title: "Dynamic menu", detail: "rebuilt each time") { context in
    visits += 1
    context.push(dynamicMenu(visit: visits))
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
