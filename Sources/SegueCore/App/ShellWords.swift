/// Words of a line of options as `sh` splits them, for options kept in an environment variable
/// (`SEGUE_DEFAULT_OPTS`).
package enum ShellWords {
    /// `text` split into words as `sh` would split it: at blanks outside quotes, `'…'` taken as
    /// it is, `"…"` with `\"`, `\\`, `\$` and `` \` `` escapes, and `\` outside quotes escaping the
    /// next character. No expansion: `$HOME` stays as written.
    package static func split(_ text: String) -> [String] {
        var words: [String] = []
        var word = ""
        var inWord = false
        var characters = text.makeIterator()
        while let character = characters.next() {
            switch character {
            case " ", "\t", "\n":
                if inWord { words.append(word) }
                word = ""
                inWord = false
            case "'":
                inWord = true
                while let next = characters.next(), next != "'" { word.append(next) }
            case "\"":
                inWord = true
                while let next = characters.next(), next != "\"" {
                    if next == "\\", let escaped = characters.next() {
                        if !"\"\\$`".contains(escaped) { word.append("\\") }
                        word.append(escaped)
                    } else {
                        word.append(next)
                    }
                }
            case "\\":
                inWord = true
                if let escaped = characters.next(), escaped != "\n" { word.append(escaped) }
            default:
                inWord = true
                word.append(character)
            }
        }
        if inWord { words.append(word) }
        return words
    }
}
