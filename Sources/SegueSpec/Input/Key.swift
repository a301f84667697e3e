/// A key press, decoded by the terminal backend.
public enum Key: Hashable, Sendable {
    case up, down, left, right
    case pageUp, pageDown, home, end
    case enter, escape, backspace, tab, delete
    /// Shift-Tab (the terminal's back-tab).
    case backTab
    /// Shift with ↑, ↓, PgUp, PgDn.
    case shiftUp, shiftDown, shiftPageUp, shiftPageDown
    /// Ctrl or Alt with ← and →: a word at a time in a line editor.
    case ctrlLeft, ctrlRight, altLeft, altRight
    /// A printable character.
    case char(Character)
    /// Ctrl plus a letter, lowercase: `.ctrl("c")`; Ctrl-Space (the terminal's NUL) is `.ctrl(" ")`.
    case ctrl(Character)
    /// F1…F12.
    case function(Int)
    /// Alt (Meta) plus a character, sent as Esc and the character: `.alt("b")`. Alt-Backspace
    /// is `.alt("\u{7F}")`, Alt-Enter `.alt("\r")`.
    case alt(Character)

    /// How the key is written in help text.
    public var label: String {
        switch self {
        case .up: return "↑"
        case .down: return "↓"
        case .left: return "←"
        case .right: return "→"
        case .pageUp: return "PgUp"
        case .pageDown: return "PgDn"
        case .home: return "Home"
        case .end: return "End"
        case .enter: return "Enter"
        case .escape: return "Esc"
        case .backspace: return "Backspace"
        case .tab: return "Tab"
        case .backTab: return "Shift-Tab"
        case .shiftUp: return "Shift-↑"
        case .shiftDown: return "Shift-↓"
        case .shiftPageUp: return "Shift-PgUp"
        case .shiftPageDown: return "Shift-PgDn"
        case .ctrlLeft: return "Ctrl-←"
        case .ctrlRight: return "Ctrl-→"
        case .altLeft: return "Alt-←"
        case .altRight: return "Alt-→"
        case .delete: return "Del"
        case .char(" "): return "Space"
        case .char(let character): return String(character)
        case .ctrl(" "): return "Ctrl-Space"
        case .ctrl(let character): return "Ctrl-" + String(character).uppercased()
        case .function(let number): return "F\(number)"
        case .alt("\u{7F}"): return "Alt-Backspace"
        case .alt("\r"): return "Alt-Enter"
        case .alt(let character): return "Alt-" + String(character)
        }
    }
}
