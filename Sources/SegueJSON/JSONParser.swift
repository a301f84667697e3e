/// Parses or validates a whole JSON document (RFC 8259, UTF-8), reporting errors with line:column.
///
/// The spec loader does not build trees; it walks its schema with `JSONScanner` directly. This is
/// the general entry point for everything else (data files, row extras, tests), built on the same
/// scanner so that both accept exactly the same documents.
///
/// Where it parts from Foundation's `JSONSerialization`: it rejects trailing commas and UTF-16/32
/// input (RFC 8259 has neither), and accepts numbers beyond `Double`'s range (RFC 8259 allows
/// them, and `.number` keeps the source text). Like Foundation, it skips one leading byte order
/// mark, takes the last of duplicate keys, and stops at 512 levels of nesting.
public enum JSONParser {
    /// The value `bytes` holds.
    public static func parse(_ bytes: [UInt8]) throws(JSONSyntaxError) -> JSONValue {
        try bytes.withUnsafeBufferPointer { (buffer) throws(JSONSyntaxError) -> JSONValue in
            var scanner = JSONScanner(buffer)
            do throws(JSONScanError) {
                scanner.skipByteOrderMark()
                scanner.skipWhitespace()
                let value = try readValue(&scanner, depth: 0)
                try scanner.expectEnd()
                return value
            } catch {
                throw JSONSyntaxError(error, in: buffer)
            }
        }
    }

    /// Checks that `bytes` hold one valid JSON value, without building it.
    public static func validate(_ bytes: [UInt8]) throws(JSONSyntaxError) {
        try bytes.withUnsafeBufferPointer { (buffer) throws(JSONSyntaxError) in try validate(buffer) }
    }

    /// Checks that `buffer` holds one JSON text, as `validate(_:)` does, in place.
    public static func validate(_ buffer: UnsafeBufferPointer<UInt8>) throws(JSONSyntaxError) {
        var scanner = JSONScanner(buffer)
        do throws(JSONScanError) {
            scanner.skipByteOrderMark()
            scanner.skipWhitespace()
            try scanner.skipValue(depth: 0)
            try scanner.expectEnd()
        } catch {
            throw JSONSyntaxError(error, in: buffer)
        }
    }

    /// Reads the value at the scanner's position; `depth` is the number of containers around it.
    package static func readValue(_ scanner: inout JSONScanner, depth: Int) throws(JSONScanError) -> JSONValue {
        switch scanner.current {
        case UInt8(ascii: "\""):
            return .string(try scanner.scanString().decode(in: scanner.bytes))
        case UInt8(ascii: "{"):
            var members: [String: JSONValue] = [:]
            guard try scanner.enterObject(depth: depth + 1) else { return .object(members) }
            repeat {
                let key = try scanner.readKey().decode(in: scanner.bytes)
                members[key] = try readValue(&scanner, depth: depth + 1)
            } while try scanner.nextMember()
            return .object(members)
        case UInt8(ascii: "["):
            var elements: [JSONValue] = []
            guard try scanner.enterArray(depth: depth + 1) else { return .array(elements) }
            repeat {
                elements.append(try readValue(&scanner, depth: depth + 1))
            } while try scanner.nextElement()
            return .array(elements)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            let range = try scanner.scanNumber()
            return .number(String(decoding: UnsafeBufferPointer(rebasing: scanner.bytes[range]), as: UTF8.self))
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"):
            return try scanner.scanLiteral()
        default:
            throw scanner.expected("a value", at: scanner.position)
        }
    }
}
