/// A cursor over JSON bytes that validates as it goes and allocates nothing unless asked to decode.
///
/// The spec loader walks a million rows with it, so the hot paths work on raw bytes with unchecked
/// pointer reads and report problems as `JSONScanError` byte offsets. Structural helpers share one
/// convention: they return with `position` on the next token, whitespace already skipped.
@_spi(Scanning) public struct JSONScanner {
    /// Deepest nesting accepted, the same as Foundation's `JSONSerialization`, so that recursion
    /// ends in an error rather than a stack overflow.
    public static let maxDepth = 512

    public let bytes: UnsafeBufferPointer<UInt8>
    public var position: Int

    @inlinable public init(_ bytes: UnsafeBufferPointer<UInt8>, position: Int = 0) {
        self.bytes = bytes
        self.position = position
    }

    /// The byte at `position`, or 0 at the end (a real 0 byte is never valid there either).
    @inline(__always)
    @inlinable public var current: UInt8 {
        position < bytes.count ? bytes[position] : 0
    }

    /// 3 when the input starts with a UTF-8 byte order mark, else 0.
    @inlinable public static func byteOrderMarkLength(in bytes: UnsafeBufferPointer<UInt8>) -> Int {
        bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF ? 3 : 0
    }

    /// Skips one leading byte order mark, as Foundation does; RFC 8259 lets parsers ignore it.
    @inlinable public mutating func skipByteOrderMark() {
        if position == 0 { position = Self.byteOrderMarkLength(in: bytes) }
    }

    /// Skips the four whitespace bytes JSON allows (space, tab, LF, CR), and comments: JSONC's
    /// `// to the end of the line` and `/* … */`, which hand-written specs and configs need.
    /// An unclosed `/*` is left where it starts, for the caller's error to point at.
    @inline(__always)
    @inlinable public mutating func skipWhitespace() {
        while position < bytes.count {
            let byte = bytes[position]
            if byte == UInt8(ascii: "/") {
                guard skipComment() else { return }
                continue
            }
            guard byte <= 0x20, byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 else { return }
            position += 1
        }
    }

    /// Moves past the comment at `position` (on `/`); false, not moving, when none starts there
    /// or a block comment is never closed.
    @inlinable public mutating func skipComment() -> Bool {
        guard position + 1 < bytes.count else { return false }
        switch bytes[position + 1] {
        case UInt8(ascii: "/"):
            var index = position + 2
            while index < bytes.count, bytes[index] != 0x0A { index += 1 }
            position = index
            return true
        case UInt8(ascii: "*"):
            var index = position + 2
            while index + 1 < bytes.count {
                if bytes[index] == UInt8(ascii: "*"), bytes[index + 1] == UInt8(ascii: "/") {
                    position = index + 2
                    return true
                }
                index += 1
            }
            return false
        default:
            return false
        }
    }

    // MARK: - Structure

    /// Enters the object at `position` (on `{`); true if a member follows, with `position` on its key.
    ///
    /// `depth` is the object's own nesting level, 1 for a top-level object.
    @inline(__always)
    @inlinable public mutating func enterObject(depth: Int) throws(JSONScanError) -> Bool {
        guard depth <= Self.maxDepth else { throw tooDeep() }
        position += 1
        skipWhitespace()
        switch current {
        case UInt8(ascii: "}"):
            position += 1
            return false
        case UInt8(ascii: "\""):
            return true
        default:
            throw expected("a string key or '}'", at: position)
        }
    }

    /// Reads a member's key and its colon; returns the key with `position` on the value.
    @inline(__always)
    @inlinable public mutating func readKey() throws(JSONScanError) -> JSONStringToken {
        let key = try scanString()
        skipWhitespace()
        guard current == UInt8(ascii: ":") else { throw expected("':' after object key", at: position) }
        position += 1
        skipWhitespace()
        return key
    }

    /// After a member's value: true if another member follows (`position` on its key), false after `}`.
    @inline(__always)
    @inlinable public mutating func nextMember() throws(JSONScanError) -> Bool {
        skipWhitespace()
        switch current {
        case UInt8(ascii: ","):
            position += 1
            skipWhitespace()
            // JSONC's trailing comma: `{"a": 1,}`.
            if current == UInt8(ascii: "}") {
                position += 1
                return false
            }
            guard current == UInt8(ascii: "\"") else { throw expected("a string key after ','", at: position) }
            return true
        case UInt8(ascii: "}"):
            position += 1
            return false
        default:
            throw expected("',' or '}' after object member", at: position)
        }
    }

    /// Enters the array at `position` (on `[`); true if an element follows, with `position` on it.
    ///
    /// `depth` is the array's own nesting level, 1 for a top-level array.
    @inline(__always)
    @inlinable public mutating func enterArray(depth: Int) throws(JSONScanError) -> Bool {
        guard depth <= Self.maxDepth else { throw tooDeep() }
        position += 1
        skipWhitespace()
        guard current == UInt8(ascii: "]") else { return true }
        position += 1
        return false
    }

    /// After an element: true if another element follows (`position` on it), false after `]`.
    @inline(__always)
    @inlinable public mutating func nextElement() throws(JSONScanError) -> Bool {
        skipWhitespace()
        switch current {
        case UInt8(ascii: ","):
            position += 1
            skipWhitespace()
            // JSONC's trailing comma: `[1, 2,]`.
            if current == UInt8(ascii: "]") {
                position += 1
                return false
            }
            return true
        case UInt8(ascii: "]"):
            position += 1
            return false
        default:
            throw expected("',' or ']' after array element", at: position)
        }
    }

    /// Checks that only whitespace follows the top-level value.
    @inlinable public mutating func expectEnd() throws(JSONScanError) {
        skipWhitespace()
        guard position >= bytes.count else {
            throw expected("end of file after the top-level value", at: position)
        }
    }

    /// Validates the value at `position` and moves past it, allocating nothing.
    ///
    /// `depth` is the number of containers around the value.
    @inlinable public mutating func skipValue(depth: Int) throws(JSONScanError) {
        switch current {
        case UInt8(ascii: "\""):
            _ = try scanString()
        case UInt8(ascii: "{"):
            guard try enterObject(depth: depth + 1) else { return }
            repeat {
                _ = try readKey()
                try skipValue(depth: depth + 1)
            } while try nextMember()
        case UInt8(ascii: "["):
            guard try enterArray(depth: depth + 1) else { return }
            repeat {
                try skipValue(depth: depth + 1)
            } while try nextElement()
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            _ = try scanNumber()
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"):
            _ = try scanLiteral()
        default:
            throw expected("a value", at: position)
        }
    }

    // MARK: - Errors

    /// `expected <what>, found '<token>'`, or `unexpected end of file` when the input ran out.
    @inlinable public func expected(_ what: String, at offset: Int) -> JSONScanError {
        guard offset < bytes.count else { return .syntax("unexpected end of file", at: bytes.count) }
        if offset + 1 < bytes.count, bytes[offset] == UInt8(ascii: "/"), bytes[offset + 1] == UInt8(ascii: "*") {
            return .syntax("a /* comment that is never closed with */", at: offset)
        }
        return .syntax("expected \(what), found \(describeToken(at: offset))", at: offset)
    }

    @inlinable public func tooDeep() -> JSONScanError {
        .syntax("nesting deeper than \(Self.maxDepth) levels", at: position)
    }

    /// The character at `offset` as a message shows it: `'x'`, `'é'`, `U+0009`, `byte 0xFF`.
    @inlinable public func describeToken(at offset: Int) -> String {
        guard offset < bytes.count else { return "end of file" }
        let byte = bytes[offset]
        if byte >= 0x21 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
        if byte < 0x80 { return "U+" + hex(UInt32(byte), digits: 4) }
        let end = min(offset + 4, bytes.count)
        var decoder = UTF8()
        var iterator = UnsafeBufferPointer(rebasing: bytes[offset..<end]).makeIterator()
        if case .scalarValue(let scalar) = decoder.decode(&iterator) { return "'\(Character(scalar))'" }
        return "byte 0x" + hex(UInt32(byte), digits: 2)
    }

    @inlinable public func hex(_ value: UInt32, digits: Int) -> String {
        let text = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, digits - text.count)) + text
    }
}
