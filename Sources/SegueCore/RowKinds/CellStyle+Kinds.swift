/// The built-in ways of drawing a row, by name: the styles of `RowKinds.all`.
extension CellStyle: CustomStringConvertible {
    /// The kind's name, as `cell` gives it.
    public var rawValue: String { RowKinds.all[Int(index)].name }
    var kind: any RowKind { RowKinds.all[Int(index)] }

    /// The kind named `rawValue`; `nil` when there is none.
    public init?(rawValue: String) {
        guard let style = RowKinds.catalog.style(named: rawValue) else { return nil }
        self = style
    }

    private init(_ name: String) {
        self.init(rawValue: name)!  // swiftlint:disable:this force_unwrapping
    }

    /// Every built-in kind, in the order the docs list them.
    public static var allCases: [CellStyle] { RowKinds.builtIn.map { CellStyle($0.name) } }

    /// Title, and the detail on a second, dimmed line.
    public static let subtitle = CellStyle("subtitle")
    /// Key/value: the values aligned in a column across the section.
    public static let value = CellStyle("value")
    /// `[x]`/`[ ]` bound to a setting; Enter or Space flips it.
    public static let toggle = CellStyle("toggle")
    /// Cycles through `options` bound to a setting; Enter/→ step forward, ← back.
    public static let choice = CellStyle("choice")
    /// A setting's value as text; Enter edits it in place (`kind`, `placeholder`, `pattern`…).
    public static let input = CellStyle("input")
    /// A number setting between `min` and `max` drawn as a bar; ←/→ change it by `step`.
    public static let slider = CellStyle("slider")
    /// Runs a command and shows how far it is as a bar (`command`; Enter runs it).
    public static let progress = CellStyle("progress")
    /// A wrapped paragraph that the cursor skips.
    public static let text = CellStyle("text")
    /// A horizontal rule that the cursor skips.
    public static let separator = CellStyle("separator")
    /// Drawn by a renderer a Swift program registered (`CellRenderers`); specs name the renderer.
    public static let rendered = RowKinds.catalog.registered

    /// Whether rows of this style can take the cursor.
    public var isSelectable: Bool { kind.isSelectable }

    public var description: String { rawValue }
}
