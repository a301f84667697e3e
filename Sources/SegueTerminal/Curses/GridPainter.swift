import CNcursesw
import SegueCore

/// Blits grids to curses, writing only the cells that changed since the last frame.
///
/// curses diffs its virtual screen against the terminal already; diffing grids as well means a
/// keystroke that moves the cursor touches two lines of curses' screen, not all of it.
struct GridPainter {
    private var previous: Grid?

    /// Forgets the last frame so the next one is drawn whole (after a resize).
    mutating func invalidate() { previous = nil }

    mutating func draw(_ grid: Grid, on window: UnsafeMutablePointer<WINDOW>) {
        let old = previous.flatMap { $0.width == grid.width && $0.height == grid.height ? $0 : nil }
        if old == nil { werase(window) }
        for y in 0..<grid.height {
            for x in 0..<grid.width {
                let cell = grid[x, y]
                if cell.isContinuation { continue }
                if let old, old[x, y] == cell { continue }
                // An erased window is blank already: a first frame writes only what shows.
                if old == nil, cell == .blank { continue }
                put(cell, x: x, y: y, on: window)
            }
        }
        // The terminal's cursor shows only where text is being typed; elsewhere it is placed, hidden,
        // on the selected row, so that screen readers and magnifiers follow the selection.
        if let cursor = grid.cursor {
            leaveok(window, false)
            curs_set(cursor.visible ? 1 : 0)
            wmove(window, Int32(cursor.y), Int32(cursor.x))
        } else {
            leaveok(window, true)
            curs_set(0)
        }
        wnoutrefresh(window)
        doupdate()
        previous = grid
    }

    /// Writes a cell's cluster one unit at a time: a scalar that takes cells and the marks that
    /// combine with it, each unit in the cells the terminal gives it, as `TextWidth` counted them.
    private func put(_ cell: Grid.Cell, x: Int, y: Int, on window: UnsafeMutablePointer<WINDOW>) {
        let (attributes, pair) = Palette.attributes(for: cell.style)
        // Most cells hold one ASCII character: no width tables, no arrays.
        if cell.text.utf8.count == 1, let byte = cell.text.utf8.first {
            var characters: (wchar_t, wchar_t) = (wchar_t(byte), 0)
            var complex = cchar_t()
            withUnsafeMutablePointer(to: &characters) { pointer in
                pointer.withMemoryRebound(to: wchar_t.self, capacity: 2) { _ = setcchar(&complex, $0, attributes, pair, nil) }
            }
            mvwadd_wch(window, Int32(y), Int32(x), &complex)
            return
        }
        var column = x
        let units = cell.text.first.map(TextWidth.units(of:)) ?? []
        for unit in units.isEmpty ? [([Unicode.Scalar(32)], 1)] : units {
            var characters = Self.wideCharacters(of: unit.0)
            var complex = cchar_t()
            setcchar(&complex, &characters, attributes, pair, nil)
            mvwadd_wch(window, Int32(y), Int32(column), &complex)
            column += unit.1
        }
    }

    /// A unit as curses takes it: the spacing scalar and at most three combining ones, 0-terminated.
    static func wideCharacters(of scalars: [Unicode.Scalar]) -> [wchar_t] {
        scalars.prefix(4).map { wchar_t(bitPattern: $0.value) } + [0]
    }
}
