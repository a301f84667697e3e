/// `segue write`: a text of several lines for a script, gum's `write`. Enter breaks the line,
/// Ctrl-D finishes and the text is printed; Esc exits 1. Typed in a `TextArea` that stands in
/// front of an empty screen from the start (`AppOptions.oneShot`), drawn in the band under the
/// prompt: the header, the text (long lines wrapped), and the hint line.
package struct WriteQuestion: Equatable, Sendable {
    /// A line above the text (`--header`).
    package var header: String?
    /// Shown, dim, while nothing is typed (`--placeholder`).
    package var placeholder: String?
    /// The text already typed (`--value`).
    package var value: String
    /// At most this many characters, each line break one (`--char-limit`).
    package var limit: Int?

    package init(header: String? = nil, placeholder: String? = nil, value: String = "", limit: Int? = nil) {
        self.header = header
        self.placeholder = placeholder
        self.value = value
        self.limit = limit
    }

    /// The screen behind the text: empty, nothing to find.
    package static func spec() -> Spec {
        var spec = Spec(title: "", sections: [Section(rows: RowList([]))])
        spec.find.enabled = false
        return spec
    }

    /// The editor the question opens with.
    func area() -> TextArea { TextArea(value, limit: limit) }

    /// Where things go in a band `size`: the header's line (if it has one and there is room),
    /// the text's rows, and the hint line (when there is room for it). The text gets at least a row.
    struct Layout: Equatable {
        var header: Int?
        var text: Range<Int>
        var hints: Int?
        /// The text's columns: from `ScreenMetrics.textColumn`, a column spare at the right.
        var x: Int
        var width: Int
    }

    func layout(in size: Size) -> Layout {
        let header = self.header != nil && size.height >= 4 ? 0 : nil
        let hints = size.height >= 3 ? size.height - 1 : nil
        let first = header == nil ? 0 : 1
        let end = max(first + 1, hints ?? size.height)
        let x = ScreenMetrics.textColumn
        return Layout(header: header, text: first..<end, hints: hints, x: x, width: max(1, size.width - x - 1))
    }
}

/// The text being written, and the question it answers: the mode `segue write` stands in.
struct Writing: Sendable {
    var question: WriteQuestion
    var area: TextArea
}

extension Writing {
    /// A key while writing: Ctrl-D prints the text, Esc is no answer (exit 1); the rest edits.
    static func key(_ key: Key, _ writing: Writing, _ state: inout AppState) -> [Effect] {
        var writing = writing
        switch key {
        case .ctrl("d"): return [.emit([writing.area.text])]
        case .escape: return [.quit(.cancelled)]
        default:
            let layout = writing.question.layout(in: state.size)
            _ = writing.area.apply(key, page: max(1, layout.text.count - 1))
        }
        writing.scroll(in: state.size)
        state.mode = .writing(writing)
        return []
    }

    /// Text pasted while writing: inserted at the cursor, its line breaks kept.
    static func paste(_ text: String, _ writing: Writing, _ state: inout AppState) {
        var writing = writing
        writing.area.insert(text)
        writing.scroll(in: state.size)
        state.mode = .writing(writing)
    }

    /// Keeps the cursor's row in the band's text rows.
    mutating func scroll(in size: Size) {
        let layout = question.layout(in: size)
        area.scroll(width: layout.width, height: layout.text.count)
    }
}
