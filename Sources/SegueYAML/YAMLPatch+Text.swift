/// Where things are in the bytes of the YAML a patch edits: the indicator a value follows, a
/// column.
extension YAMLPatch {
    /// The offset just after the `:` or `-` a value follows, when only blanks and line breaks are
    /// between them (no comment, which would then hold the value).
    func indicatorBefore(_ start: Int) -> Int? {
        var position = start
        while position > 0, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[position - 1]) { position -= 1 }
        guard position > 0, [UInt8(ascii: ":"), UInt8(ascii: "-")].contains(bytes[position - 1]) else { return nil }
        // Not one that ends a comment (`# Options:`, `# ----`): a `#` at the line's start or
        // after a blank, before it on its line, starts one.
        var lineStart = position - 1
        while lineStart > 0, bytes[lineStart - 1] != 0x0A { lineStart -= 1 }
        for offset in lineStart..<(position - 1) where bytes[offset] == UInt8(ascii: "#") {
            if offset == lineStart || bytes[offset - 1] == 0x20 || bytes[offset - 1] == 0x09 { return nil }
        }
        return position
    }

    func column(of offset: Int) -> Int {
        var start = offset
        while start > 0, bytes[start - 1] != 0x0A { start -= 1 }
        return offset - start
    }
}
