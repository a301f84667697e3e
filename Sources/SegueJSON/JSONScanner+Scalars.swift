/// Numbers and the literals `true`, `false`, `null`.
extension JSONScanner {
    /// Validates the number at `position` against RFC 8259's grammar and moves past it.
    ///
    /// Any magnitude is accepted: numbers keep their source text, so a spec is not rejected for
    /// `1e400` the way Foundation (which must make a `Double`) rejects it.
    @inline(__always)
    @inlinable public mutating func scanNumber() throws(JSONScanError) -> Range<Int> {
        let start = position
        var index = position
        if byteAt(index) == UInt8(ascii: "-") { index += 1 }
        switch byteAt(index) {
        case UInt8(ascii: "0"):
            index += 1
            if Self.isDigit(byteAt(index)) { throw .syntax("number with a leading zero", at: start) }
        case UInt8(ascii: "1")...UInt8(ascii: "9"):
            index = skipDigits(from: index + 1)
        default:
            throw expected("a digit after '-'", at: index)
        }
        if byteAt(index) == UInt8(ascii: ".") {
            index += 1
            guard Self.isDigit(byteAt(index)) else { throw expected("a digit after '.'", at: index) }
            index = skipDigits(from: index + 1)
        }
        if byteAt(index) | 0x20 == UInt8(ascii: "e") {
            index += 1
            if byteAt(index) == UInt8(ascii: "+") || byteAt(index) == UInt8(ascii: "-") { index += 1 }
            guard Self.isDigit(byteAt(index)) else { throw expected("a digit in the exponent", at: index) }
            index = skipDigits(from: index + 1)
        }
        position = index
        return start..<index
    }

    /// Reads `true`, `false` or `null` at `position` as `.bool` or `.null`.
    ///
    /// Any other word (`tru`, `True`, `NaN`, `nullx`) is reported whole, which reads better than
    /// pointing at its first odd letter.
    @inline(__always)
    @inlinable public mutating func scanLiteral() throws(JSONScanError) -> JSONValue {
        let start = position
        let value: JSONValue
        let length: Int
        if matches("true", at: start) {
            value = .bool(true); length = 4
        } else if matches("false", at: start) {
            value = .bool(false); length = 5
        } else if matches("null", at: start) {
            value = .null; length = 4
        } else {
            throw invalidLiteral(at: start)
        }
        guard !Self.isLetter(byteAt(start + length)) else { throw invalidLiteral(at: start) }
        position = start + length
        return value
    }

    @inline(__always)
    @inlinable public func byteAt(_ index: Int) -> UInt8 {
        index < bytes.count ? bytes[index] : 0
    }

    @inline(__always)
    @inlinable public static func isDigit(_ byte: UInt8) -> Bool {
        byte &- UInt8(ascii: "0") < 10
    }

    @inlinable public static func isLetter(_ byte: UInt8) -> Bool {
        (byte | 0x20) &- UInt8(ascii: "a") < 26
    }

    @inline(__always)
    @usableFromInline package func skipDigits(from start: Int) -> Int {
        var index = start
        while index < bytes.count && Self.isDigit(bytes[index]) { index += 1 }
        return index
    }

    @inline(__always)
    @usableFromInline package func matches(_ word: StaticString, at start: Int) -> Bool {
        let length = word.utf8CodeUnitCount
        guard start + length <= bytes.count else { return false }
        for offset in 0..<length where bytes[start + offset] != word.utf8Start[offset] { return false }
        return true
    }

    @usableFromInline package func invalidLiteral(at start: Int) -> JSONScanError {
        var end = start
        while end < min(start + 24, bytes.count) && Self.isLetter(bytes[end]) { end += 1 }
        let word = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
        return .syntax("invalid literal '\(word)' (expected true, false or null)", at: start)
    }
}
