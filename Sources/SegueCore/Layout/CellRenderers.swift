/// A piece of a line drawn by a custom cell renderer.
public struct StyledText: Equatable, Sendable {
    public var text: String
    public var style: Style

    public init(_ text: String, style: Style = .plain) {
        self.text = text
        self.style = style
    }
}

/// Draws a row of a custom cell type: given the row's bound attributes and the width it may use,
/// the lines to show (each a run of `StyledText` pieces). The terminal counterpart of binding XXXCell to
/// XXXData in code.
public typealias CellRenderer = @Sendable (_ row: [String: JSONValue], _ width: Int) -> [[StyledText]]

/// Custom cell renderers by cell type name; specs use the names like built-in types.
public struct CellRenderers: Sendable {
    private var table: [String: CellRenderer]

    public init(_ table: [String: CellRenderer] = [:]) {
        self.table = table
    }

    public var names: Set<String> { Set(table.keys) }

    public subscript(name: String) -> CellRenderer? {
        get { table[name] }
        set { table[name] = newValue }
    }
}
