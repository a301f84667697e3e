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
    /// Where the terminal's cursor shows (in a text being typed), if anywhere.
    public var cursor: Cursor?

    public struct Cursor: Equatable, Sendable {
        public var x: Int
        public var y: Int
        /// Shown (where text is typed), or only placed (on the selected row, for screen readers
        /// and magnifiers that follow the cursor).
        public var visible = true

        public init(x: Int, y: Int, visible: Bool = true) {
            self.x = x
            self.y = y
            self.visible = visible
        }
    }

    public init(width: Int, height: Int) {
        self.width = max(0, width)
        self.height = max(0, height)
        cells = Array(repeating: .blank, count: self.width * self.height)
    }

    public subscript(x: Int, y: Int) -> Cell {
        cells[y * width + x]
    }

    /// Writes `text` from column `x` of line `y`, clipped at `limit` (default: the right edge).
    /// Returns the column after the last one written. A cluster wider than one cell sits in its
    /// first cell with continuations after it; one that would cross the limit is replaced by
    /// spaces rather than split.
    ///
    /// Escape sequences never get into a cell, whatever path the text took (text is sanitized
    /// before it is measured, so this only guards); other control characters take no cell.
    @discardableResult
    public mutating func put(_ text: String, x: Int, y: Int, style: Style, limit: Int? = nil) -> Int {
        guard y >= 0, y < height else { return x }
        let end = min(limit ?? width, width)
        var column = x
        for character in EscapeSequences.removed(from: text) {
            let columns = TextWidth.of(character)
            if columns == 0 { continue }
            if column + columns > end {
                for blank in max(0, column)..<max(max(0, column), end) {
                    clearCluster(x: blank, y: y)
                    set(x: blank, y: y, Cell(text: " ", style: style))
                }
                return end
            }
            if column >= 0 {
                for offset in 0..<columns { clearCluster(x: column + offset, y: y) }
                set(x: column, y: y, Cell(text: String(character), style: style))
                for offset in 1..<max(1, columns) { set(x: column + offset, y: y, Cell(text: "", style: style)) }
            }
            column += columns
        }
        return column
    }

    /// Copies lines `rows` of `other` (a grid as tall, as wide or narrower) into this one, from
    /// column 0: a part of the screen drawn at a width of its own.
    public mutating func copy(_ other: Grid, rows: Range<Int>) {
        copy(other, rows: rows, x: 0)
    }

    /// Copies lines `rows` of `other` into the same lines of this one, from column `x`.
    package mutating func copy(_ other: Grid, rows: Range<Int>, x left: Int) {
        for y in rows where y >= 0 && y < height && y < other.height {
            for x in 0..<min(width - left, other.width) where left + x >= 0 { cells[y * width + left + x] = other.cells[y * other.width + x] }
        }
    }

    /// Puts all of `other` (its cursor too) with its top left corner at `x`, `y`.
    package mutating func paste(_ other: Grid, x left: Int, y top: Int) {
        for y in 0..<other.height where top + y >= 0 && top + y < height {
            for x in 0..<min(width - left, other.width) where left + x >= 0 {
                cells[(top + y) * width + left + x] = other.cells[y * other.width + x]
            }
        }
        if var cursor = other.cursor {
            cursor.x += left
            cursor.y += top
            self.cursor = cursor
        }
    }

    /// Copies line `source` of `other` (as wide or narrower) to line `target` of this one.
    package mutating func copyLine(_ source: Int, of other: Grid, to target: Int) {
        guard target >= 0, target < height, source >= 0, source < other.height else { return }
        for x in 0..<min(width, other.width) { cells[target * width + x] = other.cells[source * other.width + x] }
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

    /// Overwriting part of a cluster wider than one cell blanks all of it, so no fragment is left.
    private mutating func clearCluster(x: Int, y: Int) {
        guard x >= 0, x < width else { return }
        let row = y * width
        var head = x
        while head > 0, cells[row + head].isContinuation { head -= 1 }
        guard head < x || (head + 1 < width && cells[row + head + 1].isContinuation) else { return }
        cells[row + head].text = " "
        var next = head + 1
        while next < width, cells[row + next].isContinuation {
            cells[row + next].text = " "
            next += 1
        }
    }
}

extension Grid {
    /// The grid as ASCII (`--ascii`, or a locale that cannot show UTF-8): Segue's own symbols
    /// become ASCII stand-ins of the same width, and any other character `?` (a wide one `??`),
    /// so columns stay where they were.
    public func asciified() -> Grid {
        var copy = self
        for index in cells.indices {
            let text = cells[index].text
            if text.isEmpty {
                copy.cells[index].text = "?"  // the right half of a wide character
            } else if !text.allSatisfy(\.isASCII) {
                copy.cells[index].text = Self.asciiStandIns[text] ?? "?"
            }
        }
        return copy
    }

    static let asciiStandIns: [String: String] = {
        var table = [
            "›": ">", "‹": "<", "✓": "*", "…": "~", "⚠": "!", "⏎": "<", "⇥": ">", "↑": "^", "↓": "v", "←": "<", "→": ">",
            "│": "|", "─": "-", "┌": "+", "┐": "+", "└": "+", "┘": "+", "–": "-", "�": "?",
            "█": "#", "░": "-",
        ]
        // fzf's borders (`--border`): corners +, lines - and |.
        for corner in ["╭", "╮", "╰", "╯", "┏", "┓", "┗", "┛", "╔", "╗", "╚", "╝", "▛", "▜", "▙", "▟", "🭽", "🭾", "🭼", "🭿"] { table[corner] = "+" }
        for line in ["━", "═", "▀", "▄", "▔", "▁"] { table[line] = "-" }
        for line in ["┃", "║", "▌", "▐", "▏", "▕"] { table[line] = "|" }
        // The spinner turns as |/-\ does.
        for (index, frame) in LiveFeed.spinner.enumerated() { table[String(frame)] = ["|", "/", "-", "\\"][index % 4] }
        return table
    }()
}
