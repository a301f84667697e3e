/// Strings: the hot path of a spec load, validated eight bytes at a time where they are plain ASCII.
extension JSONScanner {
    /// Validates the string at `position` (on its opening quote) and moves past its closing quote.
    ///
    /// Rejects raw control characters, invalid escapes, unpaired surrogate escapes and invalid
    /// UTF-8 (overlong forms, surrogates, values above U+10FFFF), as RFC 8259 and Foundation do.
    @inline(__always)
    @inlinable public mutating func scanString() throws(JSONScanError) -> JSONStringToken {
        let open = position
        let count = bytes.count
        guard let base = bytes.baseAddress else { throw unterminatedString(at: open) }
        var index = open + 1
        var hasEscapes = false
        while true {
            // Skip whole words of plain ASCII, then land on the first byte that needs a look.
            while index + 8 <= count {
                let word = UInt64(littleEndian: UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self))
                let special = Self.specialStringBytes(in: word)
                if special != 0 {
                    index += special.trailingZeroBitCount >> 3
                    break
                }
                index += 8
            }
            guard index < count else { throw unterminatedString(at: open) }
            let byte = base[index]
            if byte == UInt8(ascii: "\"") {
                position = index + 1
                return JSONStringToken(start: open + 1, end: index, hasEscapes: hasEscapes)
            } else if byte == UInt8(ascii: "\\") {
                hasEscapes = true
                index = try scanEscape(at: index, stringStart: open)
            } else if byte >= 0x80 {
                index = try scanUTF8Sequence(at: index)
            } else if byte < 0x20 {
                // A raw line break means the closing quote is missing: point at the opening one.
                if byte == 0x0A || byte == 0x0D { throw unterminatedString(at: open) }
                throw .syntax("unescaped control character U+\(hex(UInt32(byte), digits: 4)) in string", at: index)
            } else {
                index += 1
            }
        }
    }

    /// A word with the high bit set in each byte that is `"`, `\`, a control character or non-ASCII.
    ///
    /// Subtracting 1 from a byte sets its high bit when it was 0 (so `x ^ quote - 1` flags quotes),
    /// subtracting 0x20 when it was below 0x20; bytes at or above 0x80 set it anyway, which is why
    /// the usual `& ~x` is not needed. A borrow can flag a byte above a flagged one, never below, so
    /// the lowest flag, which is all `scanString` uses, is exact.
    @inline(__always)
    @inlinable public static func specialStringBytes(in word: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let quotes = (word ^ (ones &* 0x22)) &- ones
        let backslashes = (word ^ (ones &* 0x5C)) &- ones
        let controls = word &- (ones &* 0x20)
        return (quotes | backslashes | controls | word) & (ones &* 0x80)
    }

    /// Validates the escape at `index` (on the backslash); returns the offset after it.
    ///
    /// Out of line: escapes are rare, and inlining them would bloat the loop over plain text.
    @inline(never)
    @inlinable public func scanEscape(at index: Int, stringStart: Int) throws(JSONScanError) -> Int {
        guard index + 1 < bytes.count else { throw unterminatedString(at: stringStart) }
        switch bytes[index + 1] {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
             UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
            return index + 2
        case UInt8(ascii: "u"):
            let value = try unicodeEscape(at: index, stringStart: stringStart)
            switch value {
            case 0xD800..<0xDC00:
                let next = index + 6
                guard next + 1 < bytes.count, bytes[next] == UInt8(ascii: "\\"), bytes[next + 1] == UInt8(ascii: "u"),
                      case 0xDC00..<0xE000 = try unicodeEscape(at: next, stringStart: stringStart)
                else { throw unpairedSurrogate(at: index) }
                return next + 6
            case 0xDC00..<0xE000:
                throw unpairedSurrogate(at: index)
            default:
                return index + 6
            }
        default:
            throw .syntax("invalid escape '\\\(escapeText(at: index + 1, length: 1))'", at: index)
        }
    }

    /// The value of the `\uXXXX` escape at `index` (on the backslash).
    @usableFromInline package func unicodeEscape(at index: Int, stringStart: Int) throws(JSONScanError) -> UInt32 {
        var value: UInt32 = 0
        for offset in index + 2..<index + 6 {
            guard offset < bytes.count else { throw unterminatedString(at: stringStart) }
            guard let digit = Self.hexDigitValue(bytes[offset]) else {
                throw .syntax("invalid escape '\\\(escapeText(at: index + 1, length: 5))'", at: index)
            }
            value = value << 4 | UInt32(digit)
        }
        return value
    }

    /// Validates the multi-byte UTF-8 sequence at `index` (Unicode table 3-7); returns the offset after it.
    @inline(__always)
    @inlinable public func scanUTF8Sequence(at index: Int) throws(JSONScanError) -> Int {
        let lead = bytes[index]
        let length: Int
        var low: UInt8 = 0x80
        var high: UInt8 = 0xBF
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0: length = 3; low = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED: length = 3; high = 0x9F
        case 0xF0: length = 4; low = 0x90
        case 0xF1...0xF3: length = 4
        case 0xF4: length = 4; high = 0x8F
        default: throw invalidUTF8(at: index)
        }
        guard index + length <= bytes.count else { throw invalidUTF8(at: index) }
        let second = bytes[index + 1]
        guard second >= low && second <= high else { throw invalidUTF8(at: index) }
        var offset = index + 2
        while offset < index + length {
            guard bytes[offset] & 0xC0 == 0x80 else { throw invalidUTF8(at: index) }
            offset += 1
        }
        return index + length
    }

    @inline(__always)
    @inlinable public static func hexDigitValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }

    /// Up to `length` characters of an escape as written, stopping at a quote or control character.
    @usableFromInline package func escapeText(at index: Int, length: Int) -> String {
        var end = index
        while end < min(index + length, bytes.count), bytes[end] >= 0x20, bytes[end] != UInt8(ascii: "\"") {
            end += 1
        }
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[index..<end]), as: UTF8.self)
    }

    @usableFromInline package func unterminatedString(at open: Int) -> JSONScanError {
        .syntax("unterminated string", at: open)
    }

    @usableFromInline package func unpairedSurrogate(at index: Int) -> JSONScanError {
        .syntax("unpaired surrogate '\\\(escapeText(at: index + 1, length: 5))'", at: index)
    }

    @usableFromInline package func invalidUTF8(at index: Int) -> JSONScanError {
        .syntax("invalid UTF-8 byte 0x\(hex(UInt32(bytes[index]), digits: 2)) in string", at: index)
    }
}
