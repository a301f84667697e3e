import CNcursesw
import SegueCore
import Testing
@testable import SegueTerminal

/// What `wget_wch` returns, as core keys.
@Suite struct KeyDecodingTests {
    func functionKey(_ code: Int32) -> Key? { KeyDecoding.key(wint_t(code), isKeyCode: true) }
    func character(_ code: UInt32) -> Key? { KeyDecoding.key(wint_t(code), isKeyCode: false) }

    @Test func functionKeysCursesKnows() {
        #expect([KEY_UP, KEY_DOWN, KEY_LEFT, KEY_RIGHT].map(functionKey) == [.up, .down, .left, .right])
        #expect([KEY_PPAGE, KEY_NPAGE, KEY_HOME, KEY_END].map(functionKey) == [.pageUp, .pageDown, .home, .end])
        // The keypad's corners, on terminals that send them for the same keys.
        #expect([KEY_A1, KEY_A3, KEY_C1, KEY_C3, KEY_LL].map(functionKey) == [.home, .pageUp, .end, .pageDown, .end])
        #expect([KEY_ENTER, KEY_BACKSPACE, KEY_DC].map(functionKey) == [.enter, .backspace, .delete])
        #expect((1...12).map { functionKey(segue_KEY_F(Int32($0))) } == (1...12).map { .function($0) })
    }

    @Test func shiftTabIsNotTab() {
        #expect(functionKey(KEY_BTAB) == .backTab)
        #expect(character(9) == .tab)
        #expect(Key.backTab.label == "Shift-Tab")
    }

    @Test func functionKeysSegueDoesNotUseAreNothing() {
        #expect(functionKey(KEY_IC) == nil)
        #expect(functionKey(KEY_MAX + 1) == nil)  // e.g. Ctrl-Up, which terminfo lists past KEY_MAX
    }

    @Test func controlCharacters() {
        #expect([10, 13].map(character) == [.enter, .enter])
        #expect(character(27) == .escape)
        #expect([8, 127].map(character) == [.backspace, .backspace])
        #expect(character(3) == .ctrl("c"))
        #expect(character(18) == .ctrl("r"))
        #expect(character(26) == .ctrl("z"))
        #expect(character(0) == .ctrl(" "), "Ctrl-Space sends NUL: fzf's ctrl-space")
        #expect(character(28) == nil)  // Ctrl-\
    }

    @Test func printableCharacters() {
        #expect(character(0x71) == .char("q"))
        #expect(character(0x20) == .char(" "))
        #expect(character(0xE9) == .char("é"))
        #expect(character(0x1F355) == .char("🍕"))
    }
}
