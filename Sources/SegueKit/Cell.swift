/// What draws a row composed in code: one of Segue's built-in kinds (`.toggle`, `.choice`, …), or
/// a type the screen defines in `cells` or a registered renderer draws (`.named("Meter")`).
///
/// ```swift
/// screen.addRow(title: "Dark mode", cell: .toggle, attributes: ["setting": "darkMode"])
/// screen.addRow(title: "Disk", cell: .named("Meter"), attributes: ["percent": .number("70")])
/// ```
///
/// A string names either, as a spec's `"cell"` does: `cell: "toggle"` is `.toggle`.
public enum Cell: Hashable, Sendable, ExpressibleByStringLiteral {
    /// A built-in kind: `.builtIn(.slider)`, or `.slider` for short.
    case builtIn(CellStyle)
    /// A type defined in the screen's `cells` (`CellDefinition`), or a renderer's name
    /// (`CellRenderers`).
    case named(String)

    /// The built-in kind of that name, else a defined type or a renderer: `Cell("toggle")`.
    public init(_ name: String) {
        self = CellStyle(rawValue: name).map(Cell.builtIn) ?? .named(name)
    }

    public init(stringLiteral name: String) {
        self.init(name)
    }

    /// The name a spec's `"cell"` gives it.
    public var name: String {
        switch self {
        case .builtIn(let style): return style.rawValue
        case .named(let name): return name
        }
    }

    /// Title at the left, detail right-aligned.
    public static let `default` = Cell.builtIn(.default)
    /// Title, and the detail on a second, dimmed line.
    public static let subtitle = Cell.builtIn(.subtitle)
    /// Key/value: the values aligned in a column across the section.
    public static let value = Cell.builtIn(.value)
    /// `[x]`/`[ ]` bound to a `setting`; Enter or Space flips it.
    public static let toggle = Cell.builtIn(.toggle)
    /// Cycles through `options` bound to a `setting`; Enter/→ step forward, ← back.
    public static let choice = Cell.builtIn(.choice)
    /// A `setting`'s value as text; Enter edits it in place (`kind`, `placeholder`, `pattern`…).
    public static let input = Cell.builtIn(.input)
    /// A number `setting` between `min` and `max` drawn as a bar; ←/→ change it by `step`.
    public static let slider = Cell.builtIn(.slider)
    /// Runs a `command` and shows how far it is as a bar (Enter runs it).
    public static let progress = Cell.builtIn(.progress)
    /// A wrapped paragraph that the cursor skips.
    public static let text = Cell.builtIn(.text)
    /// A horizontal rule that the cursor skips.
    public static let separator = Cell.builtIn(.separator)
}
