/// One entry of a screen's list, in drawing order.
package enum ListItem: Equatable, Sendable {
    /// The blank line that separates a section from the one before it.
    case gap
    case header(section: Int)
    /// A row, by its index over all sections of the screen.
    case row(Int)
    case footer(section: Int)

    var isRow: Bool {
        if case .row = self { return true }
        return false
    }
}
