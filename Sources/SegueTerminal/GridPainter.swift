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
                put(cell, x: x, y: y, on: window)
            }
        }
        wnoutrefresh(window)
        doupdate()
        previous = grid
    }

    private func put(_ cell: Grid.Cell, x: Int, y: Int, on window: UnsafeMutablePointer<WINDOW>) {
        let (attributes, pair) = Palette.attributes(for: cell.style)
        var characters = Self.wideCharacters(of: cell.text)
        var complex = cchar_t()
        setcchar(&complex, &characters, attributes, pair, nil)
        mvwadd_wch(window, Int32(y), Int32(x), &complex)
    }

    /// The cell's cluster as curses can take it: its first scalar and up to three combining
    /// marks. Joiners, variation selectors and the emoji a ZWJ would fuse are dropped: terminals
    /// disagree on their width, and columns must stay aligned.
    static func wideCharacters(of text: String) -> [wchar_t] {
        var result: [wchar_t] = []
        for scalar in text.unicodeScalars {
            if result.isEmpty {
                result.append(wchar_t(bitPattern: scalar.value))
                continue
            }
            let value = scalar.value
            if value == 0x200D { break }
            if (0xFE00...0xFE0F).contains(value) { continue }
            guard TextWidth.of(scalar) == 0, result.count < 4 else { continue }
            result.append(wchar_t(bitPattern: value))
        }
        if result.isEmpty { result.append(32) }
        result.append(0)
        return result
    }
}
