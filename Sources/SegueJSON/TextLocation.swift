/// A 1-based line and column, worked out from a byte offset only when an error is reported.
///
/// Columns count Unicode scalars rather than bytes, so `é` is one column, as editors count it. Lines
/// end at `\n`, `\r\n` or a lone `\r`. A byte order mark at the start is not a column.
package struct TextLocation: Equatable, Sendable {
    package var line: Int
    package var column: Int

    package init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    package init(offset: Int, in bytes: UnsafeBufferPointer<UInt8>) {
        let end = max(0, min(offset, bytes.count))
        var line = 1
        var lineStart = JSONScanner.byteOrderMarkLength(in: bytes)
        var index = 0
        while index < end {
            let byte = bytes[index]
            if byte == 0x0A || (byte == 0x0D && (index + 1 >= bytes.count || bytes[index + 1] != 0x0A)) {
                line += 1
                lineStart = index + 1
            }
            index += 1
        }
        var column = 1
        index = lineStart
        while index < end {
            // Every byte that is not a UTF-8 continuation byte starts a scalar.
            if bytes[index] & 0xC0 != 0x80 { column += 1 }
            index += 1
        }
        self.init(line: line, column: column)
    }
}
