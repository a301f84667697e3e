/// The keys of a shell's line editor, shared by every line Segue edits: the find line, an input
/// row's value and a prompt's answer.
extension LineEditor {
    /// Applies `key` if it is an editing key; returns whether it was one.
    public mutating func apply(_ key: Key) -> Bool {
        switch key {
        case .char(let character): insert(String(character))
        case .backspace, .ctrl("h"): deleteBackward()
        case .delete, .ctrl("d"): deleteForward()
        case .left, .ctrl("b"): moveLeft()
        case .right, .ctrl("f"): moveRight()
        case .home, .ctrl("a"): moveToStart()
        case .end, .ctrl("e"): moveToEnd()
        case .ctrl("u"): deleteToStart()
        case .ctrl("k"): deleteToEnd()
        case .ctrl("w"), .alt("\u{7F}"): deleteWordBackward()
        case .alt("d"): deleteWordForward()
        case .alt("b"), .altLeft, .ctrlLeft: moveWordLeft()
        case .alt("f"), .altRight, .ctrlRight: moveWordRight()
        default: return false
        }
        return true
    }
}
