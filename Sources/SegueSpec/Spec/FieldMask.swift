/// fzf's `--nth`: a find reads only some fields of a line. The others are blanked out rather
/// than cut away, so what it matches stays where it shows and the highlights fall right.
///
/// Blanks mean a fuzzy term cannot take letters from a field left out; unlike fzf, which tries
/// each chosen field on its own, a term may still run on from one chosen field into the next.
public struct FieldMask: Sendable, Equatable {
    public let indexes: FieldIndexes
    public let delimiter: LineDelimiter

    public init(indexes: FieldIndexes, delimiter: LineDelimiter) {
        self.indexes = indexes
        self.delimiter = delimiter
    }

    /// `text` with every scalar outside the chosen fields turned into a space (as many scalars
    /// as before, so positions stay the same).
    public func apply(to text: String) -> String {
        let spans = fieldSpans(of: text)
        guard !spans.isEmpty else { return text }
        let count = text.unicodeScalars.count
        var kept = [Bool](repeating: false, count: count)
        for field in indexes.select(from: Array(spans.indices)) {
            for index in spans[field] where index < count { kept[index] = true }
        }
        var result = String.UnicodeScalarView()
        for (index, scalar) in text.unicodeScalars.enumerated() {
            result.append(kept[index] ? scalar : " ")
        }
        return String(result)
    }

    /// Each field's scalars, by offset from the start, as `delimiter` splits the line: runs of
    /// blanks, a text, or a regular expression's matches.
    private func fieldSpans(of text: String) -> [Range<Int>] {
        let scalars = text.unicodeScalars
        func offset(_ index: String.Index) -> Int { scalars.distance(from: scalars.startIndex, to: index) }
        var spans: [Range<Int>] = []
        switch delimiter.kind {
        case .blanks:
            var start: Int?
            for (index, scalar) in scalars.enumerated() {
                let blank = scalar == " " || scalar == "\t"
                if blank, let first = start {
                    spans.append(first..<index)
                    start = nil
                } else if !blank, start == nil {
                    start = index
                }
            }
            if let first = start { spans.append(first..<scalars.count) }
        case .text(let separator):
            guard !separator.isEmpty else { return [0..<scalars.count] }
            var start = text.startIndex
            while let found = text[start...].firstRange(of: separator) {
                spans.append(offset(start)..<offset(found.lowerBound))
                start = found.upperBound
            }
            spans.append(offset(start)..<scalars.count)
        case .pattern:
            var start = text.startIndex
            for separator in delimiter.separators(in: text) {
                spans.append(offset(start)..<offset(separator.lowerBound))
                start = separator.upperBound
            }
            spans.append(offset(start)..<scalars.count)
        }
        return spans
    }
}
