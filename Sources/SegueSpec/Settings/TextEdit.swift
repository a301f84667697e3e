/// One change to a file's bytes: `range` replaced by `text`. A settings file is patched by a
/// set of them (`SettingsPatch`, `YAMLPatch`), made from the file as it was, so each names
/// bytes of the original.
package struct TextEdit {
    package var range: Range<Int>
    package var text: String
    /// For an insertion: how deep the collection it adds to is (its indent, say). Insertions at
    /// one place go deepest first: a mapping's new line before its parent's, which follows it.
    package var depth: Int

    package init(range: Range<Int>, text: String, depth: Int = 0) {
        self.range = range
        self.text = text
        self.depth = depth
    }

    /// `bytes` with every edit made; `nil` when two of them change the same bytes. Insertions at
    /// one place are put in deepest first, before what replaces the bytes that follow; a file of
    /// CRLF lines (`crlf`) gets its new line breaks so too.
    package static func apply(_ edits: [TextEdit], to bytes: [UInt8], crlf: Bool = false) -> [UInt8]? {
        guard let sorted = ordered(edits) else { return nil }
        var text = bytes
        // From the end, so that each range still names the bytes it was made for; insertions at
        // one place are put in last first, which leaves them in order.
        for edit in sorted.reversed() {
            let written = crlf ? edit.text.replacing("\r\n", with: "\n").replacing("\n", with: "\r\n") : edit.text
            text.replaceSubrange(edit.range, with: Array(written.utf8))
        }
        return text
    }

    /// Whether two of `edits` change the same bytes (members next to each other both taken away):
    /// the collection they are in is then better written anew.
    package static func conflict(_ edits: [TextEdit]) -> Bool {
        ordered(edits) == nil
    }

    /// The edits in the order they stand in the file; `nil` when two change the same bytes.
    private static func ordered(_ edits: [TextEdit]) -> [TextEdit]? {
        let sorted = edits.enumerated().sorted { first, second in
            let (one, other) = (first.element, second.element)
            if one.range.lowerBound != other.range.lowerBound { return one.range.lowerBound < other.range.lowerBound }
            if one.range.isEmpty != other.range.isEmpty { return one.range.isEmpty }
            if one.depth != other.depth { return one.depth > other.depth }
            return first.offset < second.offset
        }.map(\.element)
        for (earlier, later) in zip(sorted, sorted.dropFirst()) where earlier.range.upperBound > later.range.lowerBound { return nil }
        return sorted
    }

    /// Whether `bytes` breaks its lines with CRLF.
    package static func usesCRLF(_ bytes: [UInt8]) -> Bool {
        guard let lineFeed = bytes.firstIndex(of: 0x0A) else { return false }
        return lineFeed > 0 && bytes[lineFeed - 1] == 0x0D
    }
}
