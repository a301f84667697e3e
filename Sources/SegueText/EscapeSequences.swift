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
    ///
    /// Read as UTF-8 bytes, every sequence's bytes being ASCII but C1's (U+0080–U+009F, `C2 80`
    /// to `C2 9F`): a 6 MB coloured line costs a few milliseconds, not seconds of scalars.
    public static func removed(from text: String) -> String {
        var text = text
        return text.withUTF8 { bytes in
            guard let first = bytes.firstIndex(where: { $0 == 0x1B || $0 == 0xC2 }),
                  bytes[first...].indices.contains(where: { pastSequence(bytes, at: $0) != nil }) else { return nil }
            var result: [UInt8] = []
            result.reserveCapacity(bytes.count)
            result += bytes[..<first]
            var index = first
            while index < bytes.count {
                if let next = pastSequence(bytes, at: index) {
                    index = next
                } else {
                    result.append(bytes[index])
                    index += 1
                }
            }
            return String(decoding: result, as: UTF8.self)
        } ?? text
    }

    /// Where `text`'s escape sequences and C1 controls are, as UTF-8 byte ranges in order: what
    /// `removed(from:)` leaves out, so a place in the text without them can be found in `text`
    /// (`--ansi --with-nth`: the fields of the text, each with its colours).
    public static func ranges(in text: String) -> [Range<Int>] {
        var text = text
        return text.withUTF8 { bytes in
            var ranges: [Range<Int>] = []
            var index = 0
            while index < bytes.count {
                if let next = pastSequence(bytes, at: index) {
                    ranges.append(index..<next)
                    index = next
                } else {
                    index += 1
                }
            }
            return ranges
        }
    }

    /// Past the escape sequence or C1 control that starts at `index` (see `removed(from:)`);
    /// `nil` when none does. A lone ESC is one byte long.
    private static func pastSequence(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Int? {
        let end = bytes.count
        if bytes[index] == 0x1B {
            var index = index + 1
            guard index < end else { return index }
            switch bytes[index] {
            case 0x5B: return pastControlSequence(bytes, from: index + 1)  // [
            case 0x5D, 0x50, 0x58, 0x5E, 0x5F: return pastString(bytes, from: index + 1)  // ] P X ^ _
            case 0x20...0x2F:  // intermediates, then a final character
                while index < end, (0x20...0x2F).contains(bytes[index]) { index += 1 }
                if index < end, (0x30...0x7E).contains(bytes[index]) { index += 1 }
                return index
            case 0x30...0x7E: return index + 1
            default: return index  // a lone ESC: the character after it is text (or another ESC)
            }
        }
        guard bytes[index] == 0xC2, index + 1 < end, (0x80...0x9F).contains(bytes[index + 1]) else { return nil }
        switch bytes[index + 1] {
        case 0x9B: return pastControlSequence(bytes, from: index + 2)
        case 0x9D, 0x90, 0x98, 0x9E, 0x9F: return pastString(bytes, from: index + 2)
        default: return index + 2
        }
    }

    /// Past a CSI's parameters (0x30–0x3F) and intermediates (0x20–0x2F) and its final byte
    /// (0x40–0x7E), from `index`; anything else ends it and stays.
    private static func pastControlSequence(_ bytes: UnsafeBufferPointer<UInt8>, from index: Int) -> Int {
        var index = index
        while index < bytes.count {
            switch bytes[index] {
            case 0x20...0x3F: index += 1
            case 0x40...0x7E: return index + 1
            default: return index
            }
        }
        return index
    }

    /// Past a control string and its terminator, from `index`: BEL, `ESC \` or ST. An ESC
    /// followed by anything else ends the string too (terminals do the same) and starts the next
    /// sequence.
    private static func pastString(_ bytes: UnsafeBufferPointer<UInt8>, from index: Int) -> Int {
        var index = index
        while index < bytes.count {
            switch bytes[index] {
            case 0x07: return index + 1
            case 0xC2 where index + 1 < bytes.count && bytes[index + 1] == 0x9C: return index + 2
            case 0x1B: return index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "\\") ? index + 2 : index
            default: index += 1
            }
        }
        return index
    }
}
