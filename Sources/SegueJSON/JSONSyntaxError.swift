/// Why bytes are not valid JSON, and where: `3:14: expected ',' or '}' after object member, found '"'`.
public struct JSONSyntaxError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Byte offset of the offending token; the input's length for an unexpected end of file.
    public var offset: Int
    /// 1-based line.
    public var line: Int
    /// 1-based column, in Unicode scalars.
    public var column: Int
    public var message: String

    public init(offset: Int, line: Int, column: Int, message: String) {
        self.offset = offset
        self.line = line
        self.column = column
        self.message = message
    }

    init(_ error: JSONScanError, in bytes: UnsafeBufferPointer<UInt8>) {
        let location = TextLocation(offset: error.offset, in: bytes)
        self.init(offset: error.offset, line: location.line, column: location.column, message: error.message)
    }

    public var description: String { "\(line):\(column): \(message)" }
}
