/// `default`: the title at the left, the detail right-aligned.
struct DefaultKind: RowKind {
    var name: String { "default" }
}

/// `subtitle`: the title, and the detail on a second, dimmed line.
struct SubtitleKind: RowKind {
    var name: String { "subtitle" }

    /// Always two lines, so a subtitle row's height is known without binding it.
    func fixedHeight(wraps: Bool) -> Int? { 2 }

    func layOut(_ layout: inout RowLayout, title: String, detail: String?, row: Row, viewport: Size) {
        layout.titleLines = [title]
        layout.belowDetail = detail ?? ""
    }
}
