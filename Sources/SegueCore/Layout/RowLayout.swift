/// How a bound row is laid out at a width: its lines, shared by scrolling (heights) and drawing.
struct RowLayout {
    /// The title's lines (more than one for `text` cells and rows with `"wrap": true`).
    var titleLines: [String] = []
    /// The detail, when drawn on the title's line at the right.
    var sideDetail: String?
    /// The detail on a line of its own (subtitle cells).
    var belowDetail: String?
    /// Lines drawn by a custom cell renderer, which replace everything else.
    var customLines: [[StyledText]]?
    /// The renderer a Swift program registered for the row's cell type, if any (`RenderedKind`).
    var renderer: CellRenderer?
    /// The screen's looks of its rows (multi-line titles, wrapping, the gap after each row).
    var looks = RowLooks()
    /// The title's lines that go on a line wrapped before them (`--wrap`): drawn after the wrap sign.
    var wrapped: Set<Int> = []

    var height: Int { (customLines?.count ?? titleLines.count + (belowDetail == nil ? 0 : 1)) + looks.gap }

    init(_ bound: BoundRow, viewport: Size, renderers: CellRenderers, looks: RowLooks = RowLooks()) {
        renderer = bound.renderer.flatMap { renderers[$0] }
        self.looks = looks
        let row = bound.row
        // Each sanitized (and so cut to what can show) on its own: a title of megabytes is not
        // copied whole to put a hotkey before it. A multi-line title keeps its line breaks.
        let ownLines = looks.multiLine && bound.style == .default && row.title.utf8.contains(0x0A)
        let title = TextFitting.sanitize(Self.prefix(row)) + (ownLines ? Self.sanitizedLines(row.title) : TextFitting.sanitize(row.title))
        let detail = row.detail.map(TextFitting.sanitize).flatMap { $0.isEmpty ? nil : $0 }
        bound.style.kind.layOut(&self, title: title, detail: detail, row: row, viewport: viewport)
    }

    /// `layout` cut to its first line (a table's row).
    init(oneLine layout: RowLayout) {
        self = layout
        titleLines = Array(layout.titleLines.prefix(1))
        belowDetail = nil
        wrapped = []
    }

    /// What goes before a title to show its hotkey: nothing when the title has the key's letter
    /// (that letter is underlined instead), else the key and a space (`q Quit`), underlined too.
    static func prefix(_ row: Row) -> String {
        guard let key = row.hotkey, hotkeyIndex(in: row.title, key: key) == nil else { return "" }
        return "\(key) "
    }

    /// Which scalar of the title as drawn (prefix and title) is the hotkey, to underline.
    static func hotkeyPosition(_ row: Row) -> Int? {
        guard let key = row.hotkey else { return nil }
        return hotkeyIndex(in: row.title, key: key) ?? 0
    }

    /// The first scalar of `title` that is `key`, ignoring case.
    private static func hotkeyIndex(in title: String, key: Character) -> Int? {
        let wanted = String(key).lowercased()
        return title.unicodeScalars.firstIndex { String($0).lowercased() == wanted }
            .map { title.unicodeScalars.distance(from: title.unicodeScalars.startIndex, to: $0) }
    }
}
