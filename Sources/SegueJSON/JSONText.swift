/// JSON bytes, and where each of their offsets was written.
///
/// JSON and JSONC files are their own text: an offset's line and column are counted in the bytes.
/// JSON converted from YAML (`SegueYAML`) carries `origin`, which maps an offset back to the
/// YAML's line and column, so that every error the loader reports by offset points into the file
/// the user wrote.
package struct JSONText: Sendable {
    package var bytes: [UInt8]
    private var origin: (@Sendable (Int) -> TextLocation)?

    /// JSON (or JSONC) text as written.
    package init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// JSON made from another text, `origin` giving where in that text each offset came from.
    package init(bytes: [UInt8], origin: @escaping @Sendable (Int) -> TextLocation) {
        self.bytes = bytes
        self.origin = origin
    }

    /// Where the byte at `offset` was written.
    package func location(of offset: Int) -> TextLocation {
        if let origin { return origin(offset) }
        return bytes.withUnsafeBufferPointer { TextLocation(offset: offset, in: $0) }
    }
}
