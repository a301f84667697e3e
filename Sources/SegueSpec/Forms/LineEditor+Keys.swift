/// The keys of a shell's line editor, shared by every line Segue edits: the find line, an input
/// row's value and a prompt's answer.
extension LineEditor {
    /// The keys `apply` takes besides printable characters, with what each does: a row action's
    /// key may not be one of them, since in the find line the editor takes them first.
    package static let editingKeys: [Key: String] = [
        .backspace: "delete backward", .ctrl("h"): "delete backward", .delete: "delete forward", .ctrl("d"): "delete forward",
        .left: "move left", .ctrl("b"): "move left", .right: "move right", .ctrl("f"): "move right",
        .home: "move to the start", .ctrl("a"): "move to the start", .end: "move to the end", .ctrl("e"): "move to the end",
        .ctrl("u"): "delete to the start", .ctrl("k"): "delete to the end", .ctrl("w"): "delete a word backward",
        .alt("\u{7F}"): "delete a word backward", .alt("d"): "delete a word forward", .alt("b"): "move a word left",
        .altLeft: "move a word left", .ctrlLeft: "move a word left", .alt("f"): "move a word right",
        .altRight: "move a word right", .ctrlRight: "move a word right",
    ]

    /// Applies `key` if it is an editing key; returns whether it was one.
    package mutating func apply(_ key: Key) -> Bool {
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
