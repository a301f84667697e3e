/// Terminal control sequences in text that came from a program: colours (`ls --color=always`),
/// cursor moves, window titles, hyperlinks.
///
/// They are removed before text is measured or drawn: shown raw, `ESC[01;34m` reads as
/// `�[01;34m`, and counted as text it would throw columns out of line. The grammar is ECMA-48's,
/// as terminals parse it.
public enum EscapeSequences {
    /// `text` without its escape sequences:
    /// - CSI (`ESC [` or U+009B): parameters and intermediates up to a final byte (`ESC[01;34m`);
    /// - OSC, DCS, SOS, PM, APC (`ESC ]`, `ESC P`, `ESC X`, `ESC ^`, `ESC _` or their C1 forms):
    ///   a string up to BEL or ST (`ESC \` or U+009C), e.g. a title or a hyperlink's target;
    /// - other escapes: intermediates then one final character (`ESC ( B`, `ESC 7`, `ESC M`);
    /// - other C1 controls (U+0080–U+009F) on their own.
    ///
    /// A sequence cut short by a character that cannot be part of it ends there, and that
    /// character is kept; a lone `ESC` is dropped. Text without ESC or C1 is returned as it is,
    /// after one look at each scalar.
    public static func removed(from text: String) -> String {
        guard text.unicodeScalars.contains(where: { $0 == escape || isC1($0) }) else { return text }
        var result = String.UnicodeScalarView()
        var scalars = text.unicodeScalars[...]
        while let scalar = scalars.popFirst() {
            if scalar == escape {
                guard let next = scalars.first else { break }
                switch next.value {
                case 0x5B:  // [
                    scalars.removeFirst()
                    skipControlSequence(&scalars)
                case 0x5D, 0x50, 0x58, 0x5E, 0x5F:  // ] P X ^ _
                    scalars.removeFirst()
                    skipString(&scalars)
                case 0x20...0x2F:  // intermediates, then a final character
                    while let intermediate = scalars.first, (0x20...0x2F).contains(intermediate.value) { scalars.removeFirst() }
                    if let final = scalars.first, (0x30...0x7E).contains(final.value) { scalars.removeFirst() }
                case 0x30...0x7E:
                    scalars.removeFirst()
                default:
                    break  // a lone ESC: the character after it is text (or another ESC)
                }
            } else if isC1(scalar) {
                switch scalar.value {
                case 0x9B: skipControlSequence(&scalars)
                case 0x9D, 0x90, 0x98, 0x9E, 0x9F: skipString(&scalars)
                default: break
                }
            } else {
                result.append(scalar)
            }
        }
        return String(result)
    }

    private static let escape: Unicode.Scalar = "\u{1B}"

    private static func isC1(_ scalar: Unicode.Scalar) -> Bool {
        (0x80...0x9F).contains(scalar.value)
    }

    /// Past a CSI's parameters (0x30–0x3F) and intermediates (0x20–0x2F) and its final byte
    /// (0x40–0x7E); anything else ends it and stays.
    private static func skipControlSequence(_ scalars: inout Substring.UnicodeScalarView) {
        while let next = scalars.first {
            switch next.value {
            case 0x20...0x3F:
                scalars.removeFirst()
            case 0x40...0x7E:
                scalars.removeFirst()
                return
            default:
                return
            }
        }
    }

    /// Past a control string and its terminator: BEL, `ESC \` or ST. An ESC followed by anything
    /// else ends the string too (terminals do the same) and starts the next sequence.
    private static func skipString(_ scalars: inout Substring.UnicodeScalarView) {
        while let next = scalars.first {
            switch next.value {
            case 0x07, 0x9C:
                scalars.removeFirst()
                return
            case 0x1B:
                if scalars.dropFirst().first == "\\" { scalars.removeFirst(2) }
                return
            default:
                scalars.removeFirst()
            }
        }
    }
}
