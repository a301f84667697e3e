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

    public init(base: String = CellStyle.defaultName, attributes: [String: JSONValue] = [:]) {
        self.base = base
        self.attributes = attributes
    }
}

/// The way a row is drawn: a kind of row, by where it stands in the catalog of kinds
/// (`RowKindCatalog`; the core's `RowKinds.all`), where all it does is. A style is a byte,
/// compared and copied as one on every row drawn; its name and what it does are the kind's
/// (`CellStyle.kind`, `rawValue`, in the core).
public struct CellStyle: Hashable, Sendable {
    package let index: UInt8

    package init(index: Int) {
        self.index = UInt8(index)
    }

    /// Title at the left, detail right-aligned: the kind of a row that names none, first in
    /// every catalog.
    public static let `default` = CellStyle(index: 0)
    /// The name of that kind, as `cell` gives it.
    public static let defaultName = "default"
}
