/// Why and where a scan stopped, before anyone has asked for a line and column.
///
/// Counting lines while scanning a 60 MB spec would cost time on every load for the sake of the
/// rare broken one, so errors carry only a byte offset; `TextLocation` turns it into line:column
/// once, when the error is reported.
@_spi(Scanning) public struct JSONScanError: Error, Equatable {
    public enum Kind: Equatable, Sendable {
        /// The bytes are not JSON.
        case syntax
        /// The JSON is fine but the value at `path` is not what the schema wants.
        case shape(path: String)
    }

    public var kind: Kind
    /// Byte offset of the offending token (the input's length for an unexpected end of file).
    public var offset: Int
    public var message: String

    public static func syntax(_ message: String, at offset: Int) -> JSONScanError {
        JSONScanError(kind: .syntax, offset: offset, message: message)
    }

    public static func shape(_ message: String, path: String, at offset: Int) -> JSONScanError {
        JSONScanError(kind: .shape(path: path), offset: offset, message: message)
    }
}
