/// Breaking text into lines of at most a number of columns.
public enum TextWrapping {
    /// `text` broken at spaces into lines of at most `width` columns; a word longer than a line is
    /// broken between grapheme clusters. Always at least one line.
    public static func wrap(_ text: String, to width: Int) -> [String] {
        guard width > 0 else { return [""] }
        var lines: [String] = []
        var line = ""
        var lineWidth = 0
        for word in text.split(separator: " ", omittingEmptySubsequences: true) {
            var word = String(word)
            var wordWidth = TextWidth.of(word)
            if lineWidth > 0, lineWidth + 1 + wordWidth <= width {
                line += " " + word
                lineWidth += 1 + wordWidth
                continue
            }
            if lineWidth > 0 {
                lines.append(line)
                line = ""
                lineWidth = 0
            }
            while wordWidth > width {
                let (head, rest) = split(word, at: width)
                lines.append(head)
                word = rest
                wordWidth = TextWidth.of(word)
            }
            line = word
            lineWidth = wordWidth
        }
        if lineWidth > 0 || lines.isEmpty { lines.append(line) }
        return lines
    }

    /// The first line of `text` in `width` columns, cut at the last space that lets it fit (a word
    /// longer than a line between grapheme clusters), and the rest, which starts at the next word.
    /// Spaces inside the line stay as they are (a preview's columns keep their places).
    public static func firstLine(of text: Substring, width: Int) -> (line: Substring, rest: Substring) {
        guard width > 0 else { return (text, "") }
        var used = 0
        var index = text.startIndex
        var lastSpace: Substring.Index?
        while index < text.endIndex {
            let character = text[index]
            let columns = TextWidth.of(character)
            if used + columns > width { break }
            if character == " " { lastSpace = index }
            used += columns
            index = text.index(after: index)
        }
        guard index < text.endIndex else { return (text, "") }
        // The rest starts at a space: this line ends where it is.
        let cut = text[index] == " " ? index : (lastSpace.map { $0 > text.startIndex ? $0 : index } ?? index)
        let end = cut == text.startIndex ? text.index(after: cut) : cut
        let line = text[..<end]
        let rest = text[end...].drop { $0 == " " }
        return (line.last == " " ? Substring(line.reversed().drop { $0 == " " }.reversed()) : line, rest)
    }

    /// The longest start of `text` fitting `width` columns (at least one grapheme cluster), and
    /// the rest: a line broken anywhere, as fzf's `--wrap` breaks a long item.
    public static func firstColumns(of text: Substring, width: Int) -> (line: Substring, rest: Substring) {
        var used = 0
        var index = text.startIndex
        while index < text.endIndex {
            let columns = TextWidth.of(text[index])
            if used + columns > width, index > text.startIndex { break }
            used += columns
            index = text.index(after: index)
        }
        return (text[..<index], text[index...])
    }

    /// The longest prefix of `word` fitting `width` columns (at least one cluster), and the rest.
    private static func split(_ word: String, at width: Int) -> (String, String) {
        let (line, rest) = firstColumns(of: Substring(word), width: width)
        return (String(line), String(rest))
    }
}
