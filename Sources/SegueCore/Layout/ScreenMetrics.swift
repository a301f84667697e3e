/// Where things go on the screen; shared by layout (line counts) and drawing so they agree.
enum ScreenMetrics {
    /// The smallest terminal Segue draws in; anything smaller shows a notice.
    static let minimumSize = Size(width: 20, height: 5)
    /// The line the list starts on, below the title bar.
    static let listTop = 1
    /// Column of the selection pointer and of section headers.
    static let pointerColumn = 1
    /// Column where row titles and footers start.
    static let textColumn = 3
    /// Columns kept free at the right of a row for the segue chevron and a margin.
    static let chevronSpace = 3

    /// `text` wrapped to `width`, at most two lines short of the viewport's height (the last line
    /// ending in `…` when cut), so a long header, footer or paragraph can never push the rows
    /// around it out of view.
    static func paragraph(_ text: String, width: Int, viewport: Size) -> [String] {
        let lines = paragraphLines(text, width: width)
        let limit = max(1, viewport.height - 2)
        guard lines.count > limit else { return lines }
        let last = TextFitting.truncate(lines[limit - 1] + " " + lines[limit], to: width - 1)
        return Array(lines.prefix(limit - 1)) + [last.hasSuffix("…") ? last : last + "…"]
    }

    /// `text`'s own lines (a `\n` breaks one), each wrapped to `width` columns; blank ones kept.
    static func paragraphLines(_ text: String, width: Int) -> [String] {
        // Cut first, as `sanitize` cuts: a text of megabytes is not wrapped whole.
        let text = text.utf8.count > TextFitting.drawnLimit ? String(text.prefix(TextFitting.drawnLimit)) : text
        return text.split(separator: "\n", omittingEmptySubsequences: false).flatMap { line in
            TextWrapping.wrap(TextFitting.sanitize(String(line)), to: width)
        }
    }

    /// Most lines a status message may take; longer ones end with `…`.
    static let maximumStatusLines = 3

    /// The area the list is drawn in: all but the title line, the find line while it is open,
    /// and the status lines (the key hints, which the find line replaces, or a message).
    /// `question`: a prompt's, which may take lines of its own above the answer.
    static func listViewport(of size: Size, status: StatusMessage?, finding: Bool = false, question: String? = nil) -> Size {
        let bottom = bottomLines(width: size.width, status: status, finding: finding, question: question)
        return Size(width: size.width, height: max(1, size.height - 1 - bottom))
    }

    /// The lines under the list: the status lines (the key hints, or a message), or with an
    /// editor at the bottom (`finding`) that line, a prompt's question and a message above it.
    static func bottomLines(width: Int, status: StatusMessage?, finding: Bool, question: String? = nil) -> Int {
        let asking = question.map { questionLines($0, width: width).count } ?? 0
        return finding ? 1 + asking + (status == nil ? 0 : statusLines(status, width: width).count) : statusLines(status, width: width).count
    }

    /// Most lines a prompt's question takes above its answer.
    static let maximumQuestionLines = 2

    /// The lines a prompt's question takes above the answer's line: none when it fits in half
    /// the line beside the answer; else its own lines, wrapped as whiptail's `--inputbox` text
    /// is, the answer under them with the whole line to itself.
    static func questionLines(_ question: String, width: Int) -> [String] {
        let text = TextFitting.sanitize(question)
        guard TextWidth.of(text) > max(1, width / 2) else { return [] }
        let room = max(1, width - 2)
        let lines = TextWrapping.wrap(text, to: room)
        guard lines.count > maximumQuestionLines else { return lines }
        var shown = Array(lines.prefix(maximumQuestionLines))
        shown[maximumQuestionLines - 1] = TextFitting.truncate(shown[maximumQuestionLines - 1] + " " + lines[maximumQuestionLines...].joined(separator: " "), to: room)
        return shown
    }

    /// A status message broken into the lines it is drawn on; one line when there is none, so an
    /// error such as `file:line:column: path: expected …` is never cut before its point.
    static func statusLines(_ status: StatusMessage?, width: Int) -> [String] {
        guard let status else { return [""] }
        let room = max(1, width - 2)
        // A message of megabytes (a value quoted in it) is cut to what its lines could show first.
        let whole = TextFitting.middleKept(status.text, characters: 4 * room * maximumStatusLines + 16)
        var text = TextFitting.sanitize(whole)
        var lines = TextWrapping.wrap(text, to: room)
        // Too long: cut the middle (usually of a path) so the reason at the end stays readable.
        var capacity = room * maximumStatusLines
        while lines.count > maximumStatusLines, capacity > 1 {
            capacity -= max(1, room / 4)
            text = TextFitting.truncateMiddle(TextFitting.sanitize(whole), to: capacity)
            lines = TextWrapping.wrap(text, to: room)
        }
        return Array(lines.prefix(maximumStatusLines))
    }

    static func headerWidth(_ width: Int) -> Int { max(1, width - pointerColumn - 1) }
    static func footerWidth(_ width: Int) -> Int { max(1, width - textColumn - 1) }
}
