/// fzf's field index expressions, counting from 1: `3`, `-1` (the last), `2..` (from the second
/// on), `..-2` (all but the last), `1..3`, `..` (all), several joined by commas (`1,3..`).
/// `pick()` in templates and `--with-nth` / `--accept-nth` read them.
public struct FieldIndexes: Sendable, Equatable {
    /// Ranges of 1-based indexes; negative ones count from the end; `nil` is an open end.
    private var ranges: [(from: Int?, to: Int?)]

    public init(_ expression: String) {
        let parts: [String] = expression.split(separator: ",").map { String($0).trimmingSpaces() }
        ranges = parts.compactMap { text -> (from: Int?, to: Int?)? in
            guard let dots = text.firstRange(of: "..") else {
                guard let index = Int(text), index != 0 else { return nil }
                return (index, index)
            }
            let from = text[..<dots.lowerBound], to = text[dots.upperBound...]
            let start = from.isEmpty ? nil : Int(from)
            let end = to.isEmpty ? nil : Int(to)
            if !from.isEmpty && (start == nil || start == 0) || !to.isEmpty && (end == nil || end == 0) { return nil }
            return (start, end)
        }
    }

    /// Whether the expression reads as one (a bad part, such as `0` or `a`, makes it not).
    public static func isValid(_ expression: String) -> Bool {
        let parts = expression.split(separator: ",", omittingEmptySubsequences: false)
        return !parts.isEmpty && FieldIndexes(expression).ranges.count == parts.count
    }

    public static func == (left: FieldIndexes, right: FieldIndexes) -> Bool {
        left.ranges.elementsEqual(right.ranges) { $0.from == $1.from && $0.to == $1.to }
    }

    /// The elements the expression chooses, in its order.
    public func select<Element>(from elements: [Element]) -> [Element] {
        let count = elements.count
        func position(_ index: Int) -> Int { index < 0 ? count + index : index - 1 }
        var chosen: [Element] = []
        for range in ranges {
            let start = max(0, range.from.map(position) ?? 0)
            let end = min(count - 1, range.to.map(position) ?? count - 1)
            if start <= end { chosen += elements[start...end] }
        }
        return chosen
    }
}
