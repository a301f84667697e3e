/// Keys from the bytes a terminal sends, for the inline mode, which reads the terminal itself
/// rather than through curses: UTF-8 characters, control keys, escape sequences
/// (`EscapeSequenceDecoder`) and bracketed pastes, across reads.
///
/// A terminal sends a key's sequence in one write, so the bytes of one read (a burst) that
/// follow an Esc are its sequence; an Esc that ends a burst is the Esc key (the reader waits a
/// moment for more before deciding, as curses' `ESCDELAY`). A UTF-8 character or a paste may be
/// split across reads.
package struct RawInputDecoder: Sendable {
    /// One thing typed: a key, or text pasted in one piece.
    package enum Input: Equatable, Sendable {
        case key(Key)
        case paste(String)
    }

    private var pendingBytes: [UInt8] = []
    /// Inside a paste: what it brought so far.
    private var paste: [Unicode.Scalar]?

    package init() {}

    /// What `bytes`, one read, add.
    package mutating func feed(_ bytes: [UInt8]) -> [Input] {
        let scalars = decodeUTF8(pendingBytes + bytes)
        var inputs: [Input] = []
        var index = 0
        while index < scalars.count {
            if paste != nil {
                index = continuePaste(scalars, from: index, into: &inputs)
                continue
            }
            let scalar = scalars[index]
            index += 1
            guard scalar == "\u{1B}" else {
                if let key = Self.key(scalar) { inputs.append(.key(key)) }
                continue
            }
            let following = Array(scalars[index...])
            if following.starts(with: Self.pasteStart) {
                paste = []
                index += Self.pasteStart.count
                continue
            }
            let decoded = EscapeSequenceDecoder.decode(following)
            index += decoded.length
            if let key = decoded.key { inputs.append(.key(key)) }
        }
        return inputs
    }

    /// The key a character stands for outside an escape sequence.
    package static func key(_ scalar: Unicode.Scalar) -> Key? {
        switch scalar.value {
        case 10, 13: return .enter
        case 8, 127: return .backspace
        case 9: return .tab
        case 1...26: return .ctrl(Character(Unicode.Scalar(UInt8(scalar.value) + 96)))
        case 0: return .ctrl(" ")  // Ctrl-Space sends NUL
        case 0..<32: return nil
        default: return .char(Character(scalar))
        }
    }

    private mutating func continuePaste(_ scalars: [Unicode.Scalar], from start: Int, into inputs: inout [Input]) -> Int {
        var text = paste ?? []
        var index = start
        while index < scalars.count {
            text.append(scalars[index])
            index += 1
            if text.count >= Self.pasteEnd.count, text.suffix(Self.pasteEnd.count).elementsEqual(Self.pasteEnd) {
                text.removeLast(Self.pasteEnd.count)
                inputs.append(.paste(String(String.UnicodeScalarView(text.prefix(Self.pasteLimit)))))
                paste = nil
                return index
            }
            if text.count > Self.pasteLimit + Self.pasteEnd.count { text.remove(at: Self.pasteLimit) }
        }
        paste = text
        return index
    }

    /// Scalars of `bytes`; an incomplete character at the end waits for the next read, an
    /// invalid byte is dropped.
    private mutating func decodeUTF8(_ bytes: [UInt8]) -> [Unicode.Scalar] {
        var scalars: [Unicode.Scalar] = []
        var index = 0
        pendingBytes = []
        while index < bytes.count {
            let lead = bytes[index]
            let length = lead < 0x80 ? 1 : lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 0
            guard length > 0 else {
                index += 1
                continue
            }
            guard index + length <= bytes.count else {
                pendingBytes = Array(bytes[index...])
                break
            }
            var value = length == 1 ? UInt32(lead) : UInt32(lead) & (0xFF >> (length + 1))
            for offset in 1..<max(1, length) { value = value << 6 | UInt32(bytes[index + offset] & 0x3F) }
            if let scalar = Unicode.Scalar(value) { scalars.append(scalar) }
            index += length
        }
        return scalars
    }

    private static let pasteStart: [Unicode.Scalar] = ["[", "2", "0", "0", "~"]
    private static let pasteEnd: [Unicode.Scalar] = ["\u{1B}", "[", "2", "0", "1", "~"]
    /// Characters of one paste that are kept, as in full screen.
    package static let pasteLimit = 65_536
}
