/// A row's text as a find reads it: what shows of it. Escape sequences (a program's colours) are
/// not part of what is found, as they are not part of what shows.
extension SearchText {
    /// Holds the UTF-8 text `bytes` without its escape sequences (see `load(utf8:)`).
    mutating func load(shown bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { load(shown: $0) }
    }

    /// `load(shown:)` from storage read in place.
    mutating func load(shown bytes: UnsafeBufferPointer<UInt8>) {
        // Rare: read again without them (what is left has no escape to find).
        guard load(utf8: bytes) else { return }
        let plain = Array(EscapeSequences.removed(from: String(decoding: bytes, as: UTF8.self)).utf8)
        plain.withUnsafeBufferPointer { _ = load(utf8: $0) }
    }
}
