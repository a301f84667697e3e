/// Width and height of a terminal, in cells.
public struct Size: Equatable, Hashable, Sendable {
    public var width: Int
    public var height: Int

    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    /// The largest screen Segue draws: a terminal that says it is wider or taller (a tty's size
    /// goes up to 65,535, where curses' own sizes end at 32,767) is drawn in its top-left corner
    /// at this size, as `segue render --size` takes no more.
    package static let largest = Size(width: 1000, height: 1000)

    /// This size within `largest`, and at least one cell each way.
    package var clamped: Size {
        Size(width: min(max(width, 1), Self.largest.width), height: min(max(height, 1), Self.largest.height))
    }
}
