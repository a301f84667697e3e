/// A one-line text editor: the text, the cursor, and the edits of a shell's line editor.
///
/// Pure state; the keys that drive it are mapped in `update`. Positions count characters
/// (grapheme clusters), so an emoji or an accented letter is one step of the cursor.
package struct LineEditor: Equatable, Sendable {
    package private(set) var characters: [Character] = []
    /// Where the next character goes, from 0 to `characters.count`.
    package private(set) var cursor = 0

    package init(_ text: String = "") {
        characters = Array(text)
        cursor = characters.count
    }

    /// `text` with the cursor before its character `cursor` (clamped to the text).
    package init(_ text: String, cursor: Int) {
        characters = Array(text)
        self.cursor = max(0, min(characters.count, cursor))
    }

    package var text: String { String(characters) }

    /// Puts the cursor before character `position` (clamped to the text).
    package mutating func move(to position: Int) { cursor = max(0, min(characters.count, position)) }

    /// Cuts the text at the cursor: what follows it is removed and returned (a line break typed
    /// in a text of several lines).
    package mutating func split() -> String {
        let rest = String(characters[cursor...])
        characters.removeSubrange(cursor...)
        return rest
    }

    /// Appends `text` after the last character, the cursor staying where it is (a line joined to
    /// the one before it). Appended as it is: a line of a text area is already clean. What joins
    /// the last character (a combining accent) becomes part of it, as typing it would.
    package mutating func append(_ text: String) {
        characters = Array(String(characters) + text)
    }

    /// Inserts text at the cursor; line breaks and tabs in pasted text become spaces, other
    /// control characters are dropped.
    package mutating func insert(_ text: String) {
        let clean = text.compactMap { character -> Character? in
            if character == "\n" || character == "\r\n" || character == "\r" || character == "\t" { return " " }
            return character.unicodeScalars.contains { $0.properties.generalCategory == .control } ? nil : character
        }
        guard !clean.isEmpty else { return }
        // What joins the character before the cursor (a combining accent, a skin tone, the
        // second half of a flag, a joiner and what follows it) becomes part of it.
        let start = max(0, cursor - 1)
        let joined = Array(String(characters[start..<cursor]) + String(clean))
        characters.replaceSubrange(start..<cursor, with: joined)
        cursor = start + joined.count
    }

    package mutating func deleteBackward() {
        guard cursor > 0 else { return }
        characters.remove(at: cursor - 1)
        cursor -= 1
    }

    package mutating func deleteForward() {
        guard cursor < characters.count else { return }
        characters.remove(at: cursor)
    }

    package mutating func moveLeft() { cursor = max(0, cursor - 1) }
    package mutating func moveRight() { cursor = min(characters.count, cursor + 1) }
    package mutating func moveToStart() { cursor = 0 }
    package mutating func moveToEnd() { cursor = characters.count }

    /// Ctrl-U: everything before the cursor.
    package mutating func deleteToStart() {
        characters.removeSubrange(0..<cursor)
        cursor = 0
    }

    /// Ctrl-K: everything after the cursor.
    package mutating func deleteToEnd() {
        characters.removeSubrange(cursor...)
    }

    /// Ctrl-W: the word before the cursor and the spaces after it.
    package mutating func deleteWordBackward() {
        let start = wordStart(before: cursor)
        characters.removeSubrange(start..<cursor)
        cursor = start
    }

    /// Alt-D: the word after the cursor (and the spaces before it).
    package mutating func deleteWordForward() {
        let start = cursor
        moveWordRight()
        characters.removeSubrange(start..<cursor)
        cursor = start
    }

    /// Alt-B: to the start of the word before the cursor.
    package mutating func moveWordLeft() { cursor = wordStart(before: cursor) }

    /// Alt-F: to the end of the word after the cursor.
    package mutating func moveWordRight() {
        var index = cursor
        while index < characters.count, !isWordCharacter(characters[index]) { index += 1 }
        while index < characters.count, isWordCharacter(characters[index]) { index += 1 }
        cursor = index
    }

    private func wordStart(before position: Int) -> Int {
        var index = position
        while index > 0, !isWordCharacter(characters[index - 1]) { index -= 1 }
        while index > 0, isWordCharacter(characters[index - 1]) { index -= 1 }
        return index
    }

    private func isWordCharacter(_ character: Character) -> Bool {
        character.isLetter || character.isNumber || character == "_"
    }

    /// What to draw in `width` columns so the cursor is visible: the text scrolled horizontally,
    /// and the cursor's column within it. Text past either edge is cut at a character boundary.
    package func visible(width: Int) -> (text: String, cursorColumn: Int) {
        let room = max(1, width)
        var widths = characters.map(TextWidth.of)
        widths.append(1)  // the cursor after the last character takes a column
        // Scroll so the cursor's character ends within the room, keeping as much before it as fits.
        var first = 0
        var used = widths[0..<(cursor + 1)].reduce(0, +)
        while used > room, first < cursor {
            used -= widths[first]
            first += 1
        }
        var text = ""
        var column = 0
        var cursorColumn = 0
        for index in first..<characters.count {
            if index == cursor { cursorColumn = column }
            guard column + widths[index] <= room else { break }
            text.append(characters[index])
            column += widths[index]
        }
        if cursor == characters.count { cursorColumn = widths[first..<cursor].reduce(0, +) }
        return (text, cursorColumn)
    }
}
