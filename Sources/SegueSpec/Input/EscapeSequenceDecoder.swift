/// What an Esc means, given the characters that arrived right after it.
///
/// Curses turns the escape sequences its terminfo entry knows into function keys. What reaches
/// this decoder is the rest: an Esc with whatever came in the same burst, as characters. A
/// terminal sends a key's sequence in one write, so characters glued to an Esc are its sequence
/// or an Alt chord (`Esc x` for Alt-x); a person typing Esc and then another key quickly sends
/// a second Esc or a key curses has already decoded (neither of which is glued here).
///
/// - A lone Esc, or one followed by another Esc or a control key (Tab, Ctrl-…, a line feed), is
///   Esc, and the key after it is a key of its own; Esc and CR is Alt-Enter, as fzf reads it.
/// - A CSI (`Esc [`) or SS3 (`Esc O`) sequence is the key it encodes, when it is one Segue knows:
///   arrows, Home/End in their four spellings, PgUp/PgDn, Delete, Shift-Tab, F1–F12, and Shift
///   with ↑ ↓ PgUp PgDn.
/// - A printable character or DEL glued to an Esc is an Alt chord (`Esc b` is Alt-b, `Esc DEL`
///   Alt-Backspace); only line editing gives chords a meaning.
/// - Anything else glued to an Esc — an unknown or modified key (`Esc[1;5A`, Ctrl-↑) — is
///   nothing. It must never act as a lone Esc, which goes back or quits.
///
/// Pure; looks at each character once.
package enum EscapeSequenceDecoder {
    /// The meaning of an Esc and of the first `length` characters after it; the characters after
    /// those are input of their own.
    package struct Decoded: Equatable, Sendable {
        /// The key; `nil` for input that means nothing to Segue.
        package var key: Key?
        package var length: Int

        package init(key: Key?, length: Int) {
            self.key = key
            self.length = length
        }
    }

    /// Decodes an Esc followed by `following`, the characters that had arrived with it.
    package static func decode(_ following: [Unicode.Scalar]) -> Decoded {
        guard let first = following.first, first != "\u{1B}" else { return Decoded(key: .escape, length: 0) }
        // Esc CR is Alt-Enter, as fzf reads it (`--bind alt-enter:…`).
        if first == "\r" { return Decoded(key: .alt("\r"), length: 1) }
        // Tab or a Ctrl key glued to an Esc (keys packed together, as over ssh) make no Alt chord
        // Segue knows: Esc, then that key. (Alt-Backspace, DEL, is a chord.)
        if first.value < 0x20 { return Decoded(key: .escape, length: 0) }
        switch first {
        case "[":
            return controlSequence(following)
        case "O":
            guard following.count > 1, (0x20...0x7E).contains(following[1].value) else {
                return Decoded(key: .alt("O"), length: 1)
            }
            return Decoded(key: singleShift[following[1]], length: 2)
        default:
            return Decoded(key: .alt(Character(first)), length: 1)
        }
    }

    /// `Esc O` and a letter, as terminals in application cursor mode send the arrows.
    private static let singleShift: [Unicode.Scalar: Key] = [
        "A": .up, "B": .down, "C": .right, "D": .left, "H": .home, "F": .end, "M": .enter,
        "P": .function(1), "Q": .function(2), "R": .function(3), "S": .function(4),
    ]

    /// A CSI's final byte when it has no number or only 1: `Esc[A`, `Esc[1A`.
    private static let csiFinal: [Unicode.Scalar: Key] = [
        "A": .up, "B": .down, "C": .right, "D": .left, "H": .home, "F": .end,
    ]

    /// A CSI ending in `~`, by its number: `Esc[5~` is PgUp (1 and 7 are Home, 4 and 8 End, in
    /// the VT220 and rxvt spellings).
    private static let csiNumbered: [String: Key] = [
        "1": .home, "7": .home, "4": .end, "8": .end, "3": .delete, "5": .pageUp, "6": .pageDown,
        "11": .function(1), "12": .function(2), "13": .function(3), "14": .function(4), "15": .function(5),
        "17": .function(6), "18": .function(7), "19": .function(8), "20": .function(9), "21": .function(10),
        "23": .function(11), "24": .function(12),
    ]

    /// `[`, parameters (0x30–0x3F), intermediates (0x20–0x2F), a final byte (0x40–0x7E). A
    /// sequence cut short (no final byte before the burst ended or something else came) is an
    /// unknown key up to there.
    private static func controlSequence(_ following: [Unicode.Scalar]) -> Decoded {
        var parameters = ""
        var intermediates = ""
        var index = 1
        while index < following.count {
            let scalar = following[index]
            index += 1
            switch scalar.value {
            case 0x30...0x3F where intermediates.isEmpty:
                parameters.unicodeScalars.append(scalar)
            case 0x20...0x2F:
                intermediates.unicodeScalars.append(scalar)
            case 0x40...0x7E:
                guard intermediates.isEmpty else { return Decoded(key: nil, length: index) }
                return Decoded(key: key(parameters: parameters, final: scalar), length: index)
            default:
                return Decoded(key: nil, length: index - 1)
            }
        }
        return Decoded(key: nil, length: index)
    }

    private static func key(parameters: String, final: Unicode.Scalar) -> Key? {
        // Shift (modifier 2) with ↑ ↓ PgUp PgDn: `Esc[1;2A`, `Esc[5;2~`.
        switch (parameters, final) {
        case ("1;2", "A"): return .shiftUp
        case ("1;2", "B"): return .shiftDown
        case ("5;2", "~"): return .shiftPageUp
        case ("6;2", "~"): return .shiftPageDown
        // Ctrl (5) and Alt (3) with ← →: `Esc[1;5D`.
        case ("1;5", "D"): return .ctrlLeft
        case ("1;5", "C"): return .ctrlRight
        case ("1;3", "D"): return .altLeft
        case ("1;3", "C"): return .altRight
        default: break
        }
        switch final {
        case "~": return csiNumbered[parameters]
        case "Z": return parameters.isEmpty ? .backTab : nil
        default: return parameters.isEmpty || parameters == "1" ? csiFinal[final] : nil
        }
    }
}
