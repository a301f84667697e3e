import CNcursesw
import SegueCore

/// Turning what `wget_wch` returns into core keys.
enum KeyDecoding {
    /// The key for a `wget_wch` result; `isKeyCode` when curses reported a function key.
    static func key(_ value: wint_t, isKeyCode: Bool) -> Key? {
        let code = Int32(bitPattern: value)
        return isKeyCode ? functionKey(code) : characterKey(code)
    }

    private static func functionKey(_ code: Int32) -> Key? {
        switch code {
        case KEY_UP: return .up
        case KEY_DOWN: return .down
        case KEY_LEFT: return .left
        case KEY_RIGHT: return .right
        case KEY_PPAGE, KEY_A3: return .pageUp
        case KEY_NPAGE, KEY_C3: return .pageDown
        case KEY_HOME, KEY_A1: return .home
        case KEY_END, KEY_C1, KEY_LL: return .end
        case KEY_ENTER: return .enter
        case KEY_BACKSPACE: return .backspace
        case KEY_DC: return .delete
        case KEY_BTAB: return .backTab
        case KEY_SR: return .shiftUp
        case KEY_SF: return .shiftDown
        case KEY_SPREVIOUS: return .shiftPageUp
        case KEY_SNEXT: return .shiftPageDown
        default:
            for number in 1...12 where code == segue_KEY_F(Int32(number)) { return .function(number) }
            return modifiedArrow(code)
        }
    }

    /// Ctrl-← and the like have no fixed code: curses numbers them from the terminal's extended
    /// key names (`kLFT5` is Ctrl-←, `kRIT3` Alt-→).
    private static func modifiedArrow(_ code: Int32) -> Key? {
        guard let name = keyname(code) else { return nil }
        switch String(cString: name) {
        case "kLFT5": return .ctrlLeft
        case "kRIT5": return .ctrlRight
        case "kLFT3": return .altLeft
        case "kRIT3": return .altRight
        default: return nil
        }
    }

    private static func characterKey(_ code: Int32) -> Key? {
        switch code {
        case 10, 13: return .enter
        case 27: return .escape
        case 8, 127: return .backspace
        case 9: return .tab
        case 1...26: return .ctrl(Character(Unicode.Scalar(UInt8(code) + 96)))
        case 0: return .ctrl(" ")  // Ctrl-Space sends NUL
        default:
            guard code >= 32, let scalar = Unicode.Scalar(UInt32(code)) else { return nil }
            return .char(Character(scalar))
        }
    }
}
