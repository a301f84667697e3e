/// A title laid out by the screen's looks of its rows (`RowLooks`): its own lines, each wrapped
/// when the looks wrap. Only the rows on screen are laid out, so this never walks the list.
extension RowLayout {
    /// `text` sanitized line by line, its line breaks kept (cut first, as `sanitize` cuts).
    static func sanitizedLines(_ text: String) -> String {
        let text = text.utf8.count > TextFitting.drawnLimit ? String(text.prefix(TextFitting.drawnLimit)) : text
        return text.split(separator: "\n", omittingEmptySubsequences: false)
            .map { TextFitting.sanitize(String($0)) }.joined(separator: "\n")
    }

    /// `title`'s lines (broken at `\n`), each wrapped to the list's width after the detail when
    /// the looks wrap, the lines it went on to noted in `wrapped`; at most the viewport's height.
    mutating func layOutByLooks(_ title: String, detail: String?, viewport: Size) {
        let room = max(1, viewport.width - ScreenMetrics.textColumn - 1)
        let width = max(1, room - (detail.map { min(TextWidth.of($0), room / 2) + 2 } ?? 0))
        let signWidth = TextWidth.of(TextFitting.sanitize(looks.wrapSign))
        let limit = max(1, viewport.height)
        var lines: [String] = []
        wrapped = []
        for paragraph in title.split(separator: "\n", omittingEmptySubsequences: false) where lines.count < limit {
            guard let wrap = looks.wrap else {
                lines.append(String(paragraph))
                continue
            }
            var rest = paragraph
            repeat {
                let goesOn = rest.startIndex != paragraph.startIndex
                let columns = goesOn ? max(1, width - signWidth) : width
                let (line, next) = wrap == .word ? TextWrapping.firstLine(of: rest, width: columns)
                    : TextWrapping.firstColumns(of: rest, width: columns)
                if goesOn { wrapped.insert(lines.count) }
                lines.append(String(line))
                rest = next
            } while !rest.isEmpty && lines.count < limit
        }
        titleLines = lines
    }
}
