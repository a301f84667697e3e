import Testing
@testable import SegueCore

/// The find line's editor: characters as a person sees them, a shell's word edits, scrolling.
@Suite struct LineEditorTests {
    /// Typed a key at a time, as a terminal delivers them.
    func typed(_ pieces: String...) -> LineEditor {
        var editor = LineEditor()
        for piece in pieces { editor.insert(piece) }
        return editor
    }

    @Test func piecesOfOneCharacterTypedApartBecomeOneCharacter() {
        #expect(typed("e", "\u{301}").characters == ["e\u{301}"])  // a combining accent
        #expect(typed("👍", "\u{1F3FD}").characters == ["👍🏽"])  // a skin tone
        #expect(typed("🇫", "🇷").characters == ["🇫🇷"])  // a flag's two halves
        #expect(typed("👩", "\u{200D}", "💻").characters == ["👩‍💻"])  // joined by ZWJ
        // One Backspace takes the whole character, as it shows.
        var editor = typed("a", "🇫", "🇷")
        editor.deleteBackward()
        #expect(editor.text == "a" && editor.cursor == 1)
    }

    @Test func pastedLineBreaksAndTabsAreSpacesOtherControlsGo() {
        #expect(typed("a\r\nb\nc\td\u{7}e").text == "a b c de")
    }

    @Test func wordEditsWorkLikeAShells() {
        var editor = LineEditor("git log --one")
        editor.deleteWordBackward()
        #expect(editor.text == "git log --")
        editor.moveToStart()
        editor.moveWordRight()
        #expect(editor.cursor == 3)
        editor.deleteWordForward()
        #expect(editor.text == "git --")
        editor.moveWordLeft()
        #expect(editor.cursor == 0)
        editor.moveToEnd()
        editor.deleteToStart()
        #expect(editor.text.isEmpty)
    }

    @Test func theCursorStaysVisibleInANarrowLine() {
        var editor = LineEditor("abcdefghij")
        #expect(editor.visible(width: 5) == ("ghij", 4))
        editor.moveToStart()
        #expect(editor.visible(width: 5) == ("abcde", 0))
        // A wide character is never cut in half.
        let wide = LineEditor("ab日本")
        #expect(wide.visible(width: 4) == ("本", 2))  // and the cursor after it
    }

    /// The editor keeps the text as a string and its cursor and count up to date edit by edit:
    /// after thousands of random edits it agrees with the obvious model, an array of characters
    /// (issue 30, item 9).
    @Test func randomEditsAgreeWithAnArrayOfCharacters() {
        struct Model {
            var characters: [Character] = []
            var cursor = 0
            func isWord(_ character: Character) -> Bool { character.isLetter || character.isNumber || character == "_" }
            func wordStart() -> Int {
                var index = cursor
                while index > 0, !isWord(characters[index - 1]) { index -= 1 }
                while index > 0, isWord(characters[index - 1]) { index -= 1 }
                return index
            }
            func wordEnd() -> Int {
                var index = cursor
                while index < characters.count, !isWord(characters[index]) { index += 1 }
                while index < characters.count, isWord(characters[index]) { index += 1 }
                return index
            }
        }
        var random = SystemRandomNumberGenerator()
        let pieces = ["a", "b", "Z", "1", "_", " ", "-", "日", "e\u{301}", "👍🏽", "x y", "ab_9", "é日"]
        for _ in 0..<40 {
            var editor = LineEditor()
            var model = Model()
            for _ in 0..<150 {
                switch Int.random(in: 0..<13, using: &random) {
                case 0, 1, 2:
                    let piece = pieces.randomElement(using: &random)!
                    editor.insert(piece)
                    model.characters.insert(contentsOf: Array(piece), at: model.cursor)
                    model.cursor += Array(piece).count
                case 3:
                    editor.deleteBackward()
                    if model.cursor > 0 { model.characters.remove(at: model.cursor - 1); model.cursor -= 1 }
                case 4:
                    editor.deleteForward()
                    if model.cursor < model.characters.count { model.characters.remove(at: model.cursor) }
                case 5: editor.moveLeft(); model.cursor = max(0, model.cursor - 1)
                case 6: editor.moveRight(); model.cursor = min(model.characters.count, model.cursor + 1)
                case 7: editor.moveToStart(); model.cursor = 0
                case 8: editor.moveToEnd(); model.cursor = model.characters.count
                case 9:
                    editor.deleteWordBackward()
                    let start = model.wordStart()
                    model.characters.removeSubrange(start..<model.cursor)
                    model.cursor = start
                case 10:
                    editor.deleteWordForward()
                    model.characters.removeSubrange(model.cursor..<model.wordEnd())
                case 11: editor.moveWordLeft(); model.cursor = model.wordStart()
                default:
                    let target = Int.random(in: 0...(model.characters.count + 1), using: &random)
                    editor.move(to: target)
                    model.cursor = max(0, min(model.characters.count, target))
                }
                #expect(editor.text == String(model.characters))
                #expect(editor.cursor == model.cursor && editor.count == model.characters.count)
                if editor.text != String(model.characters) || editor.cursor != model.cursor { return }
            }
            // Cut at the cursor and joined again: the same text, the cursor where it was.
            let before = editor.text
            let rest = editor.split()
            #expect(editor.count == model.cursor)
            editor.append(rest)
            #expect(editor.text == before && editor.cursor == model.cursor && editor.count == model.characters.count)
            let width = Int.random(in: 1...12, using: &random)
            #expect(editor.visible(width: width).cursorColumn <= width)
        }
    }

    /// What the field shows of a 10 MB value is found from the cursor, not from the start.
    @Test func aHugeTextShowsAroundTheCursor() {
        var editor = LineEditor(String(repeating: "abcdefghij", count: 1_000_000))
        #expect(editor.visible(width: 5) == ("ghij", 4))
        editor.moveToStart()
        #expect(editor.visible(width: 5) == ("abcde", 0))
        editor.moveRight()
        editor.insert("日")
        #expect(editor.visible(width: 5) == ("a日bc", 3))
        #expect(editor.count == 10_000_001 && editor.cursor == 2)
    }
}

