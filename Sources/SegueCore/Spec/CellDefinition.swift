/// A cell type defined as data: a base type and default attributes for the rows that use it.
///
/// `"cells": {"NameCell": {"base": "subtitle", "title": "{{name}}", "detail": "{{email}}"}}`: a row
/// `{"cell": "NameCell", "name": "Ann"}` is drawn as a subtitle cell with its title bound from its
/// own `name`. Attributes the row sets itself win over the definition's.
public struct CellDefinition: Equatable, Sendable {
    /// The type this one builds on: a built-in name or another definition.
    public var base: String
    /// Attributes every row of this type gets unless it sets them itself (templates allowed).
    public var attributes: [String: JSONValue]

    public init(base: String = CellStyle.default.rawValue, attributes: [String: JSONValue] = [:]) {
        self.base = base
        self.attributes = attributes
    }
}

/// The built-in ways of drawing a row: a row kind by name (`RowKinds`), where all it does is.
public struct CellStyle: Hashable, Sendable, CustomStringConvertible {
    /// Where its kind stands in `RowKinds.all`: a style is a byte, compared and copied as
    /// one on every row drawn.
    private let index: UInt8

    /// The kind's name, as `cell` gives it.
    public var rawValue: String { RowKinds.all[Int(index)].name }
    var kind: any RowKind { RowKinds.all[Int(index)] }

    /// The kind named `rawValue`; `nil` when there is none.
    public init?(rawValue: String) {
        guard let index = RowKinds.indexByName[rawValue] else { return nil }
        self.index = UInt8(index)
    }

    private init(_ name: String) {
        self.init(rawValue: name)!  // swiftlint:disable:this force_unwrapping
    }

    private init(_ kind: any RowKind.Type) {
        index = UInt8(RowKinds.all.firstIndex { type(of: $0) == kind }!)  // swiftlint:disable:this force_unwrapping
    }

    /// Every built-in kind, in the order the docs list them.
    public static var allCases: [CellStyle] { RowKinds.builtIn.map { CellStyle($0.name) } }

    /// Title at the left, detail right-aligned.
    public static let `default` = CellStyle("default")
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
    public static let rendered = CellStyle(RenderedKind.self)

    /// Whether rows of this style can take the cursor.
    public var isSelectable: Bool { kind.isSelectable }

    public var description: String { rawValue }

}
