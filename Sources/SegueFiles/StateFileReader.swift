@_spi(Scanning) import SegueJSON
import SegueCore

/// Why a file is not a state file as Segue writes it: where (line:column, and the JSON Pointer of
/// a value of another shape) and what was expected there. Such a file is left as it is.
package struct StateFileMismatch: Error, Sendable, Equatable {
    package var location: TextLocation
    /// The value of another shape, as a JSON Pointer; `nil` for bytes that are not JSON.
    package var pointer: String?
    package var message: String

    /// `2:11: /scripts: expected an array of queries, found an object`.
    package var description: String {
        "\(location.line):\(location.column): " + (pointer.map { ($0.isEmpty ? "the top level" : $0) + ": " } ?? "") + message
    }
}

/// A state file's bytes walked by the JSON scanner, strict about their shape (anything else is
/// not Segue's file, and must not be overwritten), allocating only for what is kept: a memory of
/// a million rows keeps its best thousand without making a value of each.
struct StateFileReader {
    var scanner: JSONScanner

    /// Runs `read` over `bytes`; a file of whitespace only is `empty`.
    static func read<Contents>(_ bytes: [UInt8], empty: Contents,
                               _ read: (inout StateFileReader) throws(JSONScanError) -> Contents) throws(StateFileMismatch) -> Contents {
        let outcome = bytes.withUnsafeBufferPointer { buffer -> Result<Contents, StateFileMismatch> in
            var reader = StateFileReader(scanner: JSONScanner(buffer))
            do throws(JSONScanError) {
                reader.scanner.skipByteOrderMark()
                // The scanner reads JSONC; Segue writes no comments, and writing back a file that
                // has some would lose them.
                if let comment = firstComment(in: buffer) {
                    throw JSONScanError.syntax("expected JSON as Segue writes it, found a comment", at: comment)
                }
                reader.scanner.skipWhitespace()
                guard reader.scanner.position < buffer.count else { return .success(empty) }
                let contents = try read(&reader)
                try reader.scanner.expectEnd()
                return .success(contents)
            } catch {
                var pointer: String?
                if case .shape(let path) = error.kind { pointer = path }
                return .failure(StateFileMismatch(location: TextLocation(offset: error.offset, in: buffer), pointer: pointer,
                                                  message: error.message))
            }
        }
        return try outcome.get()
    }

    var bytes: UnsafeBufferPointer<UInt8> { scanner.bytes }

    /// Where the first `/` outside a string is: JSON has none, so it starts a comment (or is an
    /// error the scanner reports anyway).
    private static func firstComment(in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        var inString = false
        var index = 0
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "\\") where inString: index += 1
            case UInt8(ascii: "\""): inString.toggle()
            case UInt8(ascii: "/") where !inString: return index
            default: break
            }
            index += 1
        }
        return nil
    }

    /// The value at the scanner's position is not `expected`.
    func mismatch(_ expected: String, at pointer: () -> String) -> JSONScanError {
        .shape("expected \(expected), found \(found())", path: pointer(), at: scanner.position)
    }

    /// What kind of value starts at the scanner's position, as a message names it.
    private func found() -> String {
        switch scanner.current {
        case UInt8(ascii: "{"): return "an object"
        case UInt8(ascii: "["): return "an array"
        case UInt8(ascii: "\""): return "a string"
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return "a number"
        case UInt8(ascii: "t"), UInt8(ascii: "f"): return "a boolean"
        case UInt8(ascii: "n"): return "null"
        default: return scanner.describeToken(at: scanner.position)
        }
    }

    /// Calls `member` with each key of the object at the position, the position on the
    /// member's value; an object is `expected`. Pointers are made only for a message.
    mutating func object(_ expected: String, at pointer: @autoclosure () -> String,
                         _ member: (inout StateFileReader, JSONStringToken) throws(JSONScanError) -> Void) throws(JSONScanError) {
        guard scanner.current == UInt8(ascii: "{") else { throw mismatch(expected, at: pointer) }
        guard try scanner.enterObject(depth: 1) else { return }
        repeat {
            let key = try scanner.readKey()
            try member(&self, key)
        } while try scanner.nextMember()
    }

    /// Calls `element` at each element of the array at the position; an array is `expected`.
    mutating func array(_ expected: String, at pointer: @autoclosure () -> String,
                        _ element: (inout StateFileReader) throws(JSONScanError) -> Void) throws(JSONScanError) {
        guard scanner.current == UInt8(ascii: "[") else { throw mismatch(expected, at: pointer) }
        guard try scanner.enterArray(depth: 1) else { return }
        repeat {
            try element(&self)
        } while try scanner.nextElement()
    }

    /// The string at the position; a string is `expected`.
    mutating func string(_ expected: String, at pointer: @autoclosure () -> String) throws(JSONScanError) -> JSONStringToken {
        guard scanner.current == UInt8(ascii: "\"") else { throw mismatch(expected, at: pointer) }
        return try scanner.scanString()
    }

    /// The finite number at the position; a number is `expected`.
    mutating func number(_ expected: String, at pointer: @autoclosure () -> String) throws(JSONScanError) -> Double {
        let start = scanner.position
        switch scanner.current {
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): break
        default: throw mismatch(expected, at: pointer)
        }
        let range = try scanner.scanNumber()
        // A number's text is ASCII, short enough to be a small string (no allocation).
        guard let value = Double(String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)), value.isFinite else {
            throw .shape("expected \(expected), found a number out of range", path: pointer(), at: start)
        }
        return value
    }

    func text(_ token: JSONStringToken) -> String { token.decode(in: bytes) }

    /// `pointer` and then `token`'s key, escaped as RFC 6901 says, cut to a readable length
    /// (a key of megabytes is not printed whole).
    static func pointer(_ pointer: String, _ token: JSONStringToken, in bytes: UnsafeBufferPointer<UInt8>) -> String {
        let text = token.decode(in: bytes)
        let key = token.end - token.start > 64 ? String(text.prefix(40)) + "…" : text
        return pointer + "/" + key.replacing("~", with: "~0").replacing("/", with: "~1")
    }

    /// The bytes a string's token spans, quotes left out: its length, bounded before any decoding.
    static func length(of token: JSONStringToken) -> Int { token.end - token.start }
}
