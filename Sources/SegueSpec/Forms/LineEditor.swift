/// A one-line text editor: the text, the cursor, and the edits of a shell's line editor.
///
/// Pure state; the keys that drive it are mapped in `update`. Positions count characters
/// (grapheme clusters), so an emoji or an accented letter is one step of the cursor.
///
/// Cost: the text is kept as it is (its UTF-8, no more), the cursor as a place in it, and the
/// count of characters kept up to date by each edit, so a key costs what it touches: moving and
/// drawing look only at the characters around the cursor (`visible`), typing and deleting at the
/// cursor move the bytes after it at most (a 10 MB value: about a millisecond). Only opening an
/// editor counts its text once.
package struct LineEditor: Equatable, Sendable {
    package private(set) var text: String
    /// Where the next character goes, from 0 to `count`.
    package private(set) var cursor: Int
    /// How many characters the text has.
    package private(set) var count: Int
    /// `cursor` as a place in `text`.
    private var position: String.Index

    package init(_ text: String = "") {
        self.text = text
        count = text.count
        cursor = count
        position = text.endIndex
    }

    /// `text` with the cursor before its character `cursor` (clamped to the text).
    package init(_ text: String, cursor: Int) {
        self.init(text)
        move(to: cursor)
    }

    /// The characters, one by one (counted anew: for what draws a whole text).
    package var characters: [Character] { Array(text) }

    /// The same text with the cursor at the same character (however the place was found).
    package static func == (left: LineEditor, right: LineEditor) -> Bool {
        left.cursor == right.cursor && left.text == right.text
    }

    /// Puts the cursor before character `position` (clamped to the text).
    package mutating func move(to target: Int) {
        let target = max(0, min(count, target))
        position = text.index(position, offsetBy: target - cursor)
        cursor = target
    }

    /// Where `position` is in bytes of UTF-8, which survives a change of the text before it.
    private func offset(_ index: String.Index) -> Int { text.utf8.distance(from: text.startIndex, to: index) }
    private func index(_ offset: Int) -> String.Index { text.utf8.index(text.startIndex, offsetBy: offset) }

    /// Cuts the text at the cursor: what follows it is removed and returned (a line break typed
    /// in a text of several lines).
    package mutating func split() -> String {
        let rest = String(text[position...])
        text.removeSubrange(position...)
        count = cursor
        position = text.endIndex
        return rest
    }

    /// Appends `text` after the last character, the cursor staying where it is (a line joined to
    /// the one before it). Appended as it is: a line of a text area is already clean. What joins
    /// the last character (a combining accent) becomes part of it, as typing it would.
    package mutating func append(_ more: String) {
        guard !more.isEmpty else { return }
        let kept = max(0, count - 1)  // characters before the last, which the join cannot change
        let last = offset(count > 0 ? text.index(before: text.endIndex) : text.endIndex)
        let cursorOffset = offset(position)
        text += more
        let tail = text[index(last)...].count
        count = kept + tail
        cursor = min(cursor, count)
        position = cursor < kept ? index(cursorOffset) : text.index(index(last), offsetBy: cursor - kept)
    }

    /// Inserts text at the cursor; line breaks and tabs in pasted text become spaces, other
    /// control characters are dropped.
    package mutating func insert(_ typed: String) {
        let clean = String(typed.compactMap { character -> Character? in
            if character == "\n" || character == "\r\n" || character == "\r" || character == "\t" { return " " }
            return character.unicodeScalars.contains { $0.properties.generalCategory == .control } ? nil : character
        })
        guard !clean.isEmpty else { return }
        // What joins the character before the cursor (a combining accent, a skin tone, the
        // second half of a flag, a joiner and what follows it) becomes part of it: the text from
        // that character to the one after the cursor is counted again, nothing else.
        let before = cursor > 0 ? 1 : 0
        let start = offset(before == 1 ? text.index(before: position) : position)
        let after = position < text.endIndex ? offset(text.index(after: position)) - offset(position) : 0
        let at = offset(position)
        text.insert(contentsOf: clean, at: position)
        let typedEnd = index(at + clean.utf8.count)
        let regionStart = index(start)
        let region = text[regionStart..<index(offset(typedEnd) + after)].count
        count += region - before - (after > 0 ? 1 : 0)
        // The cursor goes after what was typed, on a character boundary.
        let typedCharacters = text[regionStart..<typedEnd].count
        position = text.index(regionStart, offsetBy: typedCharacters)
        cursor = cursor - before + typedCharacters
    }

    package mutating func deleteBackward() {
        guard cursor > 0 else { return }
        let start = text.index(before: position)
        let kept = offset(start)
        text.removeSubrange(start..<position)
        position = index(kept)
        cursor -= 1
        count -= 1
    }

    package mutating func deleteForward() {
        guard position < text.endIndex else { return }
        let kept = offset(position)
        text.removeSubrange(position..<text.index(after: position))
        position = index(kept)
        count -= 1
    }

    package mutating func moveLeft() {
        guard cursor > 0 else { return }
        position = text.index(before: position)
        cursor -= 1
    }

    package mutating func moveRight() {
        guard position < text.endIndex else { return }
        position = text.index(after: position)
        cursor += 1
    }

    package mutating func moveToStart() {
        position = text.startIndex
        cursor = 0
    }

    package mutating func moveToEnd() {
        position = text.endIndex
        cursor = count
    }

    /// Ctrl-U: everything before the cursor.
    package mutating func deleteToStart() {
        text.removeSubrange(..<position)
        count -= cursor
        moveToStart()
    }

    /// Ctrl-K: everything after the cursor.
    package mutating func deleteToEnd() {
        text.removeSubrange(position...)
        count = cursor
        position = text.endIndex
    }

    /// Ctrl-W: the word before the cursor and the spaces after it.
    package mutating func deleteWordBackward() {
        let (start, steps) = wordStart(before: position)
        let kept = offset(start)
        text.removeSubrange(start..<position)
        position = index(kept)
        cursor -= steps
        count -= steps
    }

    /// Alt-D: the word after the cursor (and the spaces before it).
    package mutating func deleteWordForward() {
        let (end, steps) = wordEnd(after: position)
        let kept = offset(position)
        text.removeSubrange(position..<end)
        position = index(kept)
        count -= steps
    }

    /// Alt-B: to the start of the word before the cursor.
    package mutating func moveWordLeft() {
        let (start, steps) = wordStart(before: position)
        position = start
        cursor -= steps
    }

    /// Alt-F: to the end of the word after the cursor.
    package mutating func moveWordRight() {
        let (end, steps) = wordEnd(after: position)
        position = end
        cursor += steps
    }

    /// Where the word before `place` starts, and how many characters back that is.
    private func wordStart(before place: String.Index) -> (String.Index, Int) {
        var index = place
        var steps = 0
        while index > text.startIndex, !isWordCharacter(text[text.index(before: index)]) {
            index = text.index(before: index)
            steps += 1
        }
        while index > text.startIndex {
            // A run of ASCII letters and digits is a run of characters, read as bytes.
            let run = asciiWordBytes(endingAt: offset(index))
            if run > 0 {
                index = self.index(offset(index) - run)
                steps += run
                continue
            }
            guard isWordCharacter(text[text.index(before: index)]) else { break }
            index = text.index(before: index)
            steps += 1
        }
        return (index, steps)
    }

    /// Where the word after `place` ends, and how many characters on that is.
    private func wordEnd(after place: String.Index) -> (String.Index, Int) {
        var index = place
        var steps = 0
        while index < text.endIndex, !isWordCharacter(text[index]) {
            index = text.index(after: index)
            steps += 1
        }
        while index < text.endIndex {
            let run = asciiWordBytes(startingAt: offset(index))
            if run > 0 {
                index = self.index(offset(index) + run)
                steps += run
                continue
            }
            guard isWordCharacter(text[index]) else { break }
            index = text.index(after: index)
            steps += 1
        }
        return (index, steps)
    }

    /// How many ASCII letters, digits and `_` end at byte `end`, each a character of its own:
    /// one whose neighbour is not ASCII (an accent may join it) is left to the character walk.
    private func asciiWordBytes(endingAt end: Int) -> Int {
        text.utf8.withContiguousStorageIfAvailable { bytes in
            var start = end
            while start > 0, Self.isASCIIWord(bytes[start - 1]), start == 1 || bytes[start - 2] < 0x80 {
                start -= 1
            }
            // The byte after the run must not join its last character either.
            if start < end, end < bytes.count, bytes[end] >= 0x80 { return 0 }
            return end - start
        } ?? 0
    }

    private func asciiWordBytes(startingAt start: Int) -> Int {
        text.utf8.withContiguousStorageIfAvailable { bytes in
            var end = start
            while end < bytes.count, Self.isASCIIWord(bytes[end]), end + 1 == bytes.count || bytes[end + 1] < 0x80 {
                end += 1
            }
            return end - start
        } ?? 0
    }

    private static func isASCIIWord(_ byte: UInt8) -> Bool {
        (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || byte == 0x5F
    }

    private func isWordCharacter(_ character: Character) -> Bool {
        character.isLetter || character.isNumber || character == "_"
    }

    /// What to draw in `width` columns so the cursor is visible: the text scrolled horizontally,
    /// and the cursor's column within it. Text past either edge is cut at a character boundary.
    /// Only the characters that can show are looked at, whatever the text's length.
    package func visible(width: Int) -> (text: String, cursorColumn: Int) {
        let room = max(1, width)
        // Characters of no width (a lone accent) could make the walk unbounded: it stops after
        // as many characters as could ever show.
        let most = 4 * room + 16
        // Scroll so the cursor's character ends within the room, keeping as much before it as
        // fits: from the cursor back (the cursor after the last character takes a column).
        var used = position < text.endIndex ? TextWidth.of(text[position]) : 1
        var first = position
        var steps = 0
        while first > text.startIndex, steps < most {
            let previous = text.index(before: first)
            let width = TextWidth.of(text[previous])
            guard used + width <= room else { break }
            used += width
            first = previous
            steps += 1
        }
        var shown = ""
        var column = 0
        var cursorColumn = 0
        var index = first
        steps = 0
        while index < text.endIndex, steps < 2 * most {
            if index == position { cursorColumn = column }
            let character = text[index]
            let width = TextWidth.of(character)
            guard column + width <= room else { break }
            shown.append(character)
            column += width
            index = text.index(after: index)
            steps += 1
        }
        if position == text.endIndex { cursorColumn = column }
        return (shown, cursorColumn)
    }
}
