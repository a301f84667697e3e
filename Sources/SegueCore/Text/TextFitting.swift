/// Cutting text to a number of columns.
public enum TextFitting {
    /// The ellipsis that ends cut text.
    public static let ellipsis: Character = "…"

    /// `text` cut to at most `width` columns, ending with `…` when anything was cut.
    /// A wide character that would straddle the limit is dropped whole, never split.
    public static func truncate(_ text: String, to width: Int) -> String {
        guard width > 0 else { return "" }
        if TextWidth.of(text) <= width { return text }
        var result = ""
        var used = 0
        for character in text {
            let columns = TextWidth.of(character)
            if used + columns > width - 1 { break }
            result.append(character)
            used += columns
        }
        result.append(ellipsis)
        return result
    }

    /// `text` cut from the left to at most `width` columns, starting with `…` when anything was cut.
    public static func truncateLeading(_ text: String, to width: Int) -> String {
        guard width > 0 else { return "" }
        if TextWidth.of(text) <= width { return text }
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

    /// `text` with control characters (which must never reach the terminal) made visible and
    /// tabs turned into spaces.
    public static func sanitize(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isControl) else { return text }
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if scalar == "\t" || scalar == "\n" || scalar == "\r" {
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
}
