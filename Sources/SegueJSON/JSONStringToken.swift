/// Where a validated string's contents lie in the input, decoded to a `String` only on request.
///
/// Most strings in a spec are never looked at again after validation (rows off screen), and keys
/// are compared as raw bytes, so the scanner hands out this range instead of a `String`.
@_spi(Scanning) public struct JSONStringToken: Equatable {
    /// Offset of the first byte after the opening quote.
    public var start: Int
    /// Offset of the closing quote.
    public var end: Int
    /// Whether the contents hold backslash escapes, so the bytes are not the text as they stand.
    public var hasEscapes: Bool

    @inlinable public init(start: Int, end: Int, hasEscapes: Bool) {
        self.start = start
        self.end = end
        self.hasEscapes = hasEscapes
    }

    /// The text, escapes resolved. The token must come from `JSONScanner.scanString` over `bytes`.
    @inlinable public func decode(in bytes: UnsafeBufferPointer<UInt8>) -> String {
        let raw = UnsafeBufferPointer(rebasing: bytes[start..<end])
        guard hasEscapes else { return String(decoding: raw, as: UTF8.self) }
        var text: [UInt8] = []
        text.reserveCapacity(raw.count)
        var index = 0
        while index < raw.count {
            let byte = raw[index]
            guard byte == UInt8(ascii: "\\"), index + 1 < raw.count else {
                text.append(byte)
                index += 1
                continue
            }
            let escape = raw[index + 1]
            index += 2
            switch escape {
            case UInt8(ascii: "b"): text.append(0x08)
            case UInt8(ascii: "f"): text.append(0x0C)
            case UInt8(ascii: "n"): text.append(0x0A)
            case UInt8(ascii: "r"): text.append(0x0D)
            case UInt8(ascii: "t"): text.append(0x09)
            case UInt8(ascii: "u"):
                var value = Self.hexValue(raw, at: index)
                index += 4
                if (0xD800..<0xDC00).contains(value), index + 6 <= raw.count, raw[index] == UInt8(ascii: "\\") {
                    let low = Self.hexValue(raw, at: index + 2)
                    if (0xDC00..<0xE000).contains(low) {
                        value = 0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)
                        index += 6
                    }
                }
                // The scanner rejects lone surrogates; U+FFFD is only a fallback.
                let scalar = Unicode.Scalar(value) ?? "\u{FFFD}"
                UTF8.encode(scalar) { text.append($0) }
            default: text.append(escape)  // \" \\ \/
            }
        }
        return String(decoding: text, as: UTF8.self)
    }

    /// Whether the decoded text equals `name`, without building a `String` when there are no escapes.
    @inline(__always)
    /// Whether the string is the one whose UTF-8 is `name`.
    @inlinable public func equals(utf8 name: [UInt8], in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard !hasEscapes else { return Array(decode(in: bytes).utf8) == name }
        guard end - start == name.count else { return false }
        var index = 0
        while index < name.count {
            if bytes[start + index] != name[index] { return false }
            index += 1
        }
        return true
    }

    @inlinable public func equals(_ name: StaticString, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard !hasEscapes else { return decode(in: bytes) == name.description }
        guard end - start == name.utf8CodeUnitCount else { return false }
        let expected = name.utf8Start
        var index = 0
        while index < end - start {
            if bytes[start + index] != expected[index] { return false }
            index += 1
        }
        return true
    }

    /// The value of the four hex digits at `index`, 0 where the input has fewer.
    @inlinable public static func hexValue(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> UInt32 {
        var value: UInt32 = 0
        for offset in index..<min(index + 4, bytes.count) {
            value = value << 4 | UInt32(JSONScanner.hexDigitValue(bytes[offset]) ?? 0)
        }
        return value
    }
}
