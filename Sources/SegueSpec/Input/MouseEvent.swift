/// A mouse action the terminal reported, in screen cells (0-based).
public enum MouseEvent: Equatable, Sendable {
    /// The primary button was pressed at a cell.
    case click(x: Int, y: Int)
    case wheelUp
    case wheelDown

    /// Rows the wheel moves the selection per notch.
    package static let wheelStep = 3
}
