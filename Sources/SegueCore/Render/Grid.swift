/// A screen's worth of styled cells, drawn by the core and blitted by a backend.
///
/// Each cell holds one grapheme cluster. A wide (2-column) cluster sits in its first cell and the
/// cell after it is a continuation with empty text, so columns always line up with the terminal.
public struct Grid: Equatable, Sendable {
    public struct Cell: Equatable, Sendable {
        /// One grapheme cluster, `" "` for blank, `""` for the right half of a wide cluster.
        public var text: String
        public var style: Style

        public static let blank = Cell(text: " ", style: .plain)

        public var isContinuation: Bool { text.isEmpty }
    }

    public let width: Int
    public let height: Int
    public private(set) var cells: [Cell]

    public init(width: Int, height: Int) {
        self.width = max(0, width)
        self.height = max(0, height)
        cells = Array(repeating: .blank, count: self.width * self.height)
    }

    public subscript(x: Int, y: Int) -> Cell {
        cells[y * width + x]
    }

    /// Writes `text` from column `x` of line `y`, clipped at `limit` (default: the right edge).
    /// Returns the column after the last one written. A wide cluster that would cross the limit is
    /// replaced by a space rather than split.
    @discardableResult
    public mutating func put(_ text: String, x: Int, y: Int, style: Style, limit: Int? = nil) -> Int {
        guard y >= 0, y < height else { return x }
        let end = min(limit ?? width, width)
        var column = x
        for character in text {
            let columns = TextWidth.of(character)
            if columns == 0 { continue }
            if column + columns > end {
                if column < end { set(x: column, y: y, Cell(text: " ", style: style)) }
                return end
            }
            if column >= 0 {
                clearWide(x: column, y: y)
                set(x: column, y: y, Cell(text: String(character), style: style))
                if columns == 2 {
                    clearWide(x: column + 1, y: y)
                    set(x: column + 1, y: y, Cell(text: "", style: style))
                }
            }
            column += columns
        }
        return column
    }

    /// Paints `style` over columns `from..<to` of line `y` (filling with blanks where empty).
    public mutating func fill(y: Int, from: Int = 0, to: Int? = nil, style: Style) {
        guard y >= 0, y < height else { return }
        let end = min(to ?? width, width)
        var x = max(0, from)
        while x < end {
            cells[y * width + x].style = style
            x += 1
        }
    }

    /// The text of each line, trailing blanks removed: what a person reading the screen sees.
    public var lines: [String] {
        (0..<height).map { line($0) }
    }

    /// The text of line `y`, trailing blanks removed.
    public func line(_ y: Int) -> String {
        var text = ""
        for x in 0..<width { text += cells[y * width + x].text }
        while text.last == " " { text.removeLast() }
        return text
    }

    private mutating func set(x: Int, y: Int, _ cell: Cell) {
        guard x >= 0, x < width else { return }
        cells[y * width + x] = cell
    }

    /// Overwriting half of a wide cluster blanks its other half, so no half-character is left.
    private mutating func clearWide(x: Int, y: Int) {
        guard x >= 0, x < width else { return }
        let index = y * width + x
        if cells[index].isContinuation, x > 0 {
            cells[index - 1].text = " "
        } else if x + 1 < width, cells[index + 1].isContinuation, TextWidth.of(cells[index].text) == 2 {
            cells[index + 1].text = " "
        }
    }
}

/// Width and height of a terminal, in cells.
public struct Size: Equatable, Hashable, Sendable {
    public var width: Int
    public var height: Int

    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }
}
