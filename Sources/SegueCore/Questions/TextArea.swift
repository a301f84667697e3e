/// A text of several lines being typed (`segue write`): each line edited with the line editor's
/// keys (`LineEditor`), Enter breaking the line at the cursor, Backspace at a line's start joining
/// it to the line before, ↑↓ moving between lines. Long lines wrap at the area's width, between
/// words where they can (the text keeps them whole); the area scrolls so the cursor's row shows.
///
/// Pure state. Cost: a key and a frame each cost O(characters of the text) (counting them for the
/// limit, wrapping the lines to find the cursor's row): a text a person writes, not a file.
package struct TextArea: Equatable, Sendable {
    package private(set) var lines: [LineEditor]
    /// The line the cursor is on.
    package private(set) var line = 0
    /// The first row shown, in rows of wrapped lines (`scroll`).
    package private(set) var top = 0
    /// At most this many characters, each line break one of them (`--char-limit`); `nil`: no limit.
    package let limit: Int?
    /// The character ↑ and ↓ aim for, kept while they go through shorter lines.
    private var goal: Int?

    /// `text` with the cursor at its end (cut at the limit).
    package init(_ text: String = "", limit: Int? = nil) {
        self.limit = limit.map { max(0, $0) }
        lines = [LineEditor()]
        insert(text)
    }

    /// The text, its lines joined by line feeds.
    package var text: String { lines.map(\.text).joined(separator: "\n") }

    /// Characters typed, each line break one of them.
    package var count: Int { lines.reduce(lines.count - 1) { $0 + $1.count } }

    package var isEmpty: Bool { lines.count == 1 && lines[0].count == 0 }

    /// The cursor's place: its line, and the character of the line it stands before.
    package var cursor: (line: Int, column: Int) { (line, lines[line].cursor) }

    /// Inserts `text` at the cursor, its line breaks (`\n`, `\r\n`, `\r`) breaking lines; what
    /// goes past the limit is left out.
    package mutating func insert(_ text: String) {
        var room = limit.map { max(0, $0 - count) } ?? Int.max
        var first = true
        for part in text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r" || $0 == "\r\n" }) {
            if !first {
                guard room > 0 else { return }
                breakLine()
                room -= 1
            }
            first = false
            let taken = part.prefix(room)
            lines[line].insert(String(taken))
            room -= taken.count
        }
        goal = nil
    }

    /// Applies an editing key; returns whether it was one. Enter breaks the line; the line
    /// editor's keys edit the cursor's line, and go on to the next or previous line at its ends.
    /// `page`: the rows PgUp and PgDn move.
    package mutating func apply(_ key: Key, page: Int = 5) -> Bool {
        let column = lines[line].cursor
        let atStart = column == 0
        let atEnd = column == lines[line].count
        switch key {
        case .enter:
            guard limit.map({ count < $0 }) ?? true else { return true }
            breakLine()
        case .up, .ctrl("p"): moveLines(by: -1)
        case .down, .ctrl("n"): moveLines(by: 1)
        case .pageUp: moveLines(by: -max(1, page))
        case .pageDown: moveLines(by: max(1, page))
        case .backspace where atStart && line > 0, .ctrl("h") where atStart && line > 0:
            let rest = lines.remove(at: line).text
            line -= 1
            lines[line].moveToEnd()
            lines[line].append(rest)
        case .delete where atEnd && line < lines.count - 1:
            lines[line].append(lines.remove(at: line + 1).text)
        case .left, .ctrl("b"):
            if atStart, line > 0 {
                line -= 1
                lines[line].moveToEnd()
            } else {
                lines[line].moveLeft()
            }
        case .right, .ctrl("f"):
            if atEnd, line < lines.count - 1 {
                line += 1
                lines[line].moveToStart()
            } else {
                lines[line].moveRight()
            }
        case .char(let character):
            insert(String(character))
        case .ctrl("d"):
            return false  // the caller's (`segue write` finishes with it), not delete forward
        default:
            guard lines[line].apply(key) else { return false }
        }
        if ![Key.up, .down, .ctrl("p"), .ctrl("n"), .pageUp, .pageDown].contains(key) { goal = nil }
        return true
    }

    private mutating func breakLine() {
        let rest = lines[line].split()
        line += 1
        lines.insert(LineEditor(rest, cursor: 0), at: line)
    }

    /// ↑↓: to the same character of another line (as far as it goes), the aim kept.
    private mutating func moveLines(by step: Int) {
        let aim = goal ?? lines[line].cursor
        let target = max(0, min(lines.count - 1, line + step))
        if target == line {
            // At the first or last line, ↑ and ↓ go to its start or end.
            if step < 0 { lines[line].moveToStart() } else { lines[line].moveToEnd() }
            goal = nil
            return
        }
        line = target
        lines[line].move(to: aim)
        goal = aim
    }

    // MARK: Wrapping and scrolling

    /// One row on screen: a piece of a line.
    package struct Row: Equatable, Sendable {
        package var line: Int
        /// The line's characters it shows.
        package var range: Range<Int>
    }

    /// The rows the text takes wrapped at `width` columns. A row keeps a column free at its end,
    /// so the cursor after its last character still shows on it.
    package func rows(width: Int) -> [Row] {
        lines.indices.flatMap { index in Self.wrap(lines[index].characters, width: width).map { Row(line: index, range: $0) } }
    }

    /// Where a line's characters break into rows of at most `width - 1` columns: after a row's
    /// last space, or within a word longer than a row (a character wider than a row gets one of
    /// its own). An empty line is one empty row.
    static func wrap(_ characters: [Character], width: Int) -> [Range<Int>] {
        let room = max(1, width - 1)
        var ranges: [Range<Int>] = []
        var start = 0
        var used = 0
        for (index, character) in characters.enumerated() {
            let columns = TextWidth.of(character)
            if used + columns > room, index > start {
                // After the row's last space, when it has one: words stay whole.
                let end = characters[start..<index].lastIndex(of: " ").map { $0 + 1 } ?? index
                ranges.append(start..<end)
                used = characters[end..<index].reduce(0) { $0 + TextWidth.of($1) }
                start = end
            }
            used += columns
        }
        ranges.append(start..<characters.count)
        return ranges
    }

    /// The row the cursor is on, among `rows`, and its column there.
    package func cursorPlace(in rows: [Row]) -> (row: Int, x: Int) {
        let column = lines[line].cursor
        let index = rows.lastIndex { $0.line == line && $0.range.lowerBound <= column } ?? 0
        let range = rows.isEmpty ? 0..<0 : rows[index].range
        let x = lines[line].characters[range.lowerBound..<max(range.lowerBound, min(column, range.upperBound))]
            .reduce(0) { $0 + TextWidth.of($1) }
        return (index, x)
    }

    /// The first row to show in an area `width` × `height` so the cursor's row shows: `top` moved
    /// as little as it must, and no further down than the text needs.
    package func scrolled(width: Int, height: Int) -> Int {
        let rows = rows(width: width)
        let cursorRow = cursorPlace(in: rows).row
        let height = max(1, height)
        var first = min(top, max(0, rows.count - height))
        if cursorRow < first { first = cursorRow }
        if cursorRow >= first + height { first = cursorRow - height + 1 }
        return first
    }

    /// Keeps the cursor's row in an area `width` × `height`.
    package mutating func scroll(width: Int, height: Int) {
        top = scrolled(width: width, height: height)
    }
}
