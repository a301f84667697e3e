/// One screen of the navigation stack: a spec, its title, and where the cursor and scroll are.
///
/// The list state is two numbers, as in ratatui's `ListState`: the selected row and the first
/// visible item. Going back to a screen finds them as they were left.
public struct Screen: Sendable {
    public let spec: Spec
    /// The title in the top line and the breadcrumb.
    public let title: String
    let layout: ListLayout
    /// The selected row, by index over all sections; `nil` when no row can be selected.
    public internal(set) var selection: Int?
    /// The first visible item of the list.
    public internal(set) var offset: Int = 0

    public init(spec: Spec, title: String) {
        self.spec = spec
        self.title = title
        layout = ListLayout(sections: spec.sections)
        selection = nil
        selection = enabledRow(from: 0, step: 1)
    }

    /// Number of rows over all sections.
    public var rowCount: Int { layout.rowCount }

    /// Number of list items (gaps, headers, rows, footers).
    var itemCount: Int { layout.itemCount }

    /// Row `index` (over all sections), decoded if it was loaded lazily.
    public func row(_ index: Int) -> Row {
        let section = layout.section(ofRow: index)
        return spec.sections[section].rows[index - layout.spans[section].firstRow]
    }

    /// The selected row, if any.
    public var selectedRow: Row? { selection.map(row) }

    func isEnabled(_ index: Int) -> Bool {
        let section = layout.section(ofRow: index)
        return spec.sections[section].rows.isEnabled(index - layout.spans[section].firstRow)
    }

    /// The first enabled row at or after `start` going in `step` (+1 or -1) direction.
    func enabledRow(from start: Int, step: Int) -> Int? {
        var index = start
        while index >= 0, index < rowCount {
            if isEnabled(index) { return index }
            index += step
        }
        return nil
    }
}
