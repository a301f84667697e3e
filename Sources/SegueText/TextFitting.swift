/// Cutting text to a number of columns.
public enum TextFitting {
    /// The ellipsis that ends cut text.
    public static let ellipsis: Character = "…"

    /// `text` cut to at most `width` columns, ending with `…` when anything was cut.
    /// A wide character that would straddle the limit is dropped whole, never split.
    public static func truncate(_ text: String, to width: Int) -> String {
        guard width > 0 else { return "" }
        if fits(text, in: width) { return text }
        var result = ""
        var used = 0
        for character in text {
            let columns = TextWidth.of(character)
            if used + columns > width - 1 { break }
            result.append(character)
            used += columns
        }
        // "Crème…" reads better than "Crème …".
        while result.last == " " { result.removeLast() }
        result.append(ellipsis)
        return result
    }

    /// `text` cut in the middle to at most `width` columns, keeping its start and, mostly, its end:
    /// for messages such as `very/long/path/spec.json: no such spec file` whose point is at the end.
    /// `text` itself when it has at most `limit` characters, else its first and last
    /// `limit / 2` joined by `…`: a bound on what is then measured, taken without reading the
    /// middle of a text of megabytes.
    public static func middleKept(_ text: String, characters limit: Int) -> String {
        let half = max(1, limit / 2)
        guard text.utf8.count > limit else { return text }
        let head = text.prefix(half)
        let tail = text[head.endIndex...].suffix(half)
        guard tail.startIndex > head.endIndex else { return text }
        return String(head) + String(ellipsis) + String(tail)
    }

    public static func truncateMiddle(_ text: String, to width: Int) -> String {
        guard width > 0 else { return "" }
        if fits(text, in: width) { return text }
        let head = truncate(text, to: max(1, width / 3))
        let tail = truncateLeading(text, to: width - TextWidth.of(head) + 1)
        return String(head.dropLast()) + tail
    }

    /// `text` cut from the left to at most `width` columns, starting with `…` when anything was cut.
    public static func truncateLeading(_ text: String, to width: Int) -> String {
        guard width > 0 else { return "" }
        if fits(text.reversed(), in: width) { return text }
        var kept: [Character] = []
        var used = 0
        for character in text.reversed() {
            let columns = TextWidth.of(character)
            if used + columns > width - 1 { break }
            kept.append(character)
            used += columns
        }
        return String(ellipsis) + String(kept.reversed())
    }

    /// Whether `characters` take at most `width` columns: measured only until they do not, so
    /// cutting a text of megabytes to a row costs what the row shows.
    private static func fits(_ characters: some Sequence<Character>, in width: Int) -> Bool {
        var used = 0
        for character in characters {
            used += TextWidth.of(character)
            if used > width { return false }
        }
        return true
    }

    /// The most characters of one text that are drawn: more than the widest screen shows, even
    /// wrapped, so a title or a row of megabytes costs a frame no more than this.
    public static let drawnLimit = 65_536

    /// `text` as it may be drawn: escape sequences (a program's colours) removed, the control
    /// characters left (which must never reach the terminal) made visible, tabs and line breaks
    /// (Unicode's line and paragraph separators too) turned into spaces. Every text is sanitized
    /// before it is measured, so widths are right. Beyond `drawnLimit` characters it is cut.
    public static func sanitize(_ text: String) -> String {
        // The UTF-8 count of a native string is stored: no walk over a text that is short.
        let text = text.utf8.count > drawnLimit ? String(text.prefix(drawnLimit)) : text
        guard text.unicodeScalars.contains(where: { isControl($0) || isSeparator($0) }) else { return text }
        var result = String.UnicodeScalarView()
        for scalar in EscapeSequences.removed(from: text).unicodeScalars {
            if scalar == "\t" || scalar == "\n" || scalar == "\r" || isSeparator(scalar) {
                result.append(" ")
            } else if isControl(scalar) {
                result.append("\u{FFFD}")
            } else {
                result.append(scalar)
            }
        }
        return String(result)
    }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F..<0xA0).contains(scalar.value)
    }

    /// U+2028 and U+2029, which glibc's `wcwidth` (and so ncurses) does not count as printable.
    private static func isSeparator(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value == 0x2028 || scalar.value == 0x2029
    }
}
