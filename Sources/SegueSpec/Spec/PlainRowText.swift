import Glibc
@_spi(Scanning) import SegueJSON

/// Where a spec row's title and detail are in the spec's bytes, noted while the row is indexed,
/// so that a find reads a million rows' text by copying bytes instead of scanning each row's
/// JSON again (`LazyRowTable.appendPlainText`). Eight bytes a row: each member's start (from the
/// row's `{`, 0 for absent) and length, 16 bits each.
package struct PlainRowText: Equatable, Sendable {
    package let packed: UInt64

    /// The row must be bound to know what it shows: a member is not a plain string (an escape,
    /// a `{{`, `null`), or a key binding could change it with (a cell type, a key path).
    package static let needsBinding = PlainRowText(packed: .max)
    /// Not noted (a member too far into its row, or too long): read from the JSON as before.
    package static let unknown = PlainRowText(packed: 0)

    private init(packed: UInt64) { self.packed = packed }

    /// What the indexer noted of a row starting at `rowStart`.
    package init(rowStart: Int, title: JSONStringToken?, detail: JSONStringToken?, plain: Bool,
                 in bytes: UnsafeBufferPointer<UInt8>) {
        guard plain, !Self.holdsPlaceholder(title, in: bytes), !Self.holdsPlaceholder(detail, in: bytes) else {
            self = .needsBinding
            return
        }
        guard let title = Self.field(title, rowStart), let detail = Self.field(detail, rowStart) else {
            self = .unknown
            return
        }
        packed = title | detail << 32
    }

    /// Appends `title \n detail` (each when present) to `text`, read from `bytes`; false when the
    /// row must be bound or was not noted (`text` unchanged).
    @inline(__always)
    package func append(rowStart: Int, from bytes: UnsafeBufferPointer<UInt8>, to text: inout [UInt8]) -> Bool {
        guard packed != Self.needsBinding.packed, packed != 0 else { return false }
        let title = (start: Int(packed & 0xFFFF), length: Int(packed >> 16 & 0xFFFF))
        let detail = (start: Int(packed >> 32 & 0xFFFF), length: Int(packed >> 48))
        if title.start != 0 { text += bytes[(rowStart + title.start)..<(rowStart + title.start + title.length)] }
        if detail.start != 0 {
            text.append(0x0A)
            text += bytes[(rowStart + detail.start)..<(rowStart + detail.start + detail.length)]
        }
        return true
    }

    /// A member as 32 bits (start, then length), 0 when absent; `nil` when it does not fit.
    private static func field(_ token: JSONStringToken?, _ rowStart: Int) -> UInt64? {
        guard let token else { return 0 }
        let start = token.start - rowStart, length = token.end - token.start
        guard start > 0, start <= 0xFFFF, length <= 0xFFFF else { return nil }
        return UInt64(start) | UInt64(length) << 16
    }

    /// Whether the member holds `{{`: looked for with `memchr`, as every row of a spec is.
    private static func holdsPlaceholder(_ token: JSONStringToken?, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let token, let base = bytes.baseAddress else { return false }
        var from = base + token.start
        let end = base + token.end
        while from < end, let found = memchr(from, Int32(UInt8(ascii: "{")), end - from) {
            let brace = found.assumingMemoryBound(to: UInt8.self)
            if brace + 1 < end, brace[1] == UInt8(ascii: "{") { return true }
            from = UnsafePointer(brace) + 1
        }
        return false
    }
}
