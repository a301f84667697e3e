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

    /// The longest prefix of `word` fitting `width` columns (at least one cluster), and the rest.
    private static func split(_ word: String, at width: Int) -> (String, String) {
        var used = 0
        var index = word.startIndex
        while index < word.endIndex {
            let columns = TextWidth.of(word[index])
            if used + columns > width, index > word.startIndex { break }
            used += columns
            index = word.index(after: index)
        }
        return (String(word[..<index]), String(word[index...]))
    }
}
