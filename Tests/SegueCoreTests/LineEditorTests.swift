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
}
