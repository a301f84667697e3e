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

/// The built-in ways of drawing a row.
public enum CellStyle: String, CaseIterable, Sendable {
    /// Title at the left, detail right-aligned.
    case `default`
    /// Title, and the detail on a second, dimmed line.
    case subtitle
    /// Key/value: the values aligned in a column across the section.
    case value
    /// `[x]`/`[ ]` bound to a setting; Enter or Space flips it.
    case toggle
    /// Cycles through `options` bound to a setting; Enter/→ step forward, ← back.
    case choice
    /// A setting's value as text; Enter edits it in place (`kind`, `placeholder`, `pattern`…).
    case input
    /// A wrapped paragraph that the cursor skips.
    case text
    /// A horizontal rule that the cursor skips.
    case separator

    /// Whether rows of this style can take the cursor.
    public var isSelectable: Bool { self != .text && self != .separator }
}
