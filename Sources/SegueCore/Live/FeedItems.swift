/// Items a source produced, as lines of its output rather than decoded values.
///
/// A million streamed items as `JSONValue`s would take several times the memory of the text
/// they came from; kept as bytes with an end offset each, they cost about the text, and the few
/// on screen are decoded when drawn.
public struct RawItems: Sendable, Equatable {
    /// How an item's bytes become a value.
    public enum Kind: Sendable, Equatable {
        /// A JSON text (already validated).
        case json
        /// A line of plain text: `{"line": …}`.
        case line
    }

    public let kind: Kind
    private(set) var bytes: [UInt8] = []
    /// Where each item ends in `bytes`; it starts where the one before ended.
    private(set) var ends: [UInt32] = []

    public init(kind: Kind) {
        self.kind = kind
    }

    public var count: Int { ends.count }

    /// Makes room for items of `bytes` bytes in all.
    mutating func reserve(bytes count: Int) {
        bytes.reserveCapacity(bytes.count + count)
    }

    /// Adds an item from its bytes.
    public mutating func append<Bytes: Collection>(_ item: Bytes) where Bytes.Element == UInt8 {
        bytes += item
        ends.append(UInt32(truncatingIfNeeded: bytes.count))
    }

    /// Item `index`, decoded.
    public subscript(index: Int) -> JSONValue {
        let start = index == 0 ? 0 : Int(ends[index - 1])
        let slice = bytes[start..<Int(ends[index])]
        switch kind {
        case .line: return .object(["line": .string(String(decoding: slice, as: UTF8.self))])
        case .json: return (try? JSONParser.parse(Array(slice))) ?? .null
        }
    }

    /// Item `index`'s bytes as they came.
    func bytes(at index: Int) -> ArraySlice<UInt8> {
        let start = index == 0 ? 0 : Int(ends[index - 1])
        return bytes[start..<Int(ends[index])]
    }

    /// Item `index`'s text as it came, appended to `text`, for a line: what a find reads of a
    /// row that shows the line as it is, without decoding it. False for a JSON item.
    func appendLine(at index: Int, to text: inout [UInt8]) -> Bool {
        guard kind == .line else { return false }
        let start = index == 0 ? 0 : Int(ends[index - 1])
        text += bytes[start..<Int(ends[index])]
        return true
    }

    /// Calls `body` with a reader of the items' bytes by index, valid only inside it.
    func withLines<Result>(_ body: ((Int) -> UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        bytes.withUnsafeBufferPointer { bytes in
            ends.withUnsafeBufferPointer { ends in
                body { index in
                    let start = index == 0 ? 0 : Int(ends[index - 1])
                    return UnsafeBufferPointer(rebasing: bytes[start..<Int(ends[index])])
                }
            }
        }
    }

    /// The same items, last first.
    func reversed() -> RawItems {
        var copy = RawItems(kind: kind)
        copy.reserve(bytes: bytes.count)
        for index in stride(from: count - 1, through: 0, by: -1) { copy.append(bytes(at: index)) }
        return copy
    }

    /// Appends `other`'s items after these.
    mutating func append(contentsOf other: RawItems) {
        for index in 0..<other.count { append(other.bytes(at: index)) }
    }

    /// The items after the first `count`.
    func dropFirst(_ count: Int) -> RawItems {
        var copy = RawItems(kind: kind)
        guard count < ends.count else { return copy }
        let start = count == 0 ? 0 : Int(ends[count - 1])
        copy.bytes = Array(bytes[start...])
        copy.ends = ends[count...].map { $0 - UInt32(start) }
        return copy
    }

    /// The first `count` items.
    func prefix(_ count: Int) -> RawItems {
        var copy = RawItems(kind: kind)
        copy.ends = Array(ends.prefix(count))
        copy.bytes = Array(bytes.prefix(Int(copy.ends.last ?? 0)))
        return copy
    }
}

/// What a live section has loaded: runs of decoded values (from `json` output and files) and of
/// raw items (from streamed `jsonl` and `lines`), one after another.
public struct FeedItems: RandomAccessCollection, Sendable {
    enum Chunk: Sendable {
        case values([JSONValue])
        case raw(RawItems)

        var count: Int {
            switch self {
            case .values(let values): return values.count
            case .raw(let raw): return raw.count
            }
        }
    }

    private var chunks: [Chunk] = []
    /// Index of each chunk's first item.
    private var starts: [Int] = []
    public private(set) var endIndex = 0

    public init() {}

    public var startIndex: Int { 0 }

    public subscript(position: Int) -> JSONValue {
        let low = chunk(holding: position)
        switch chunks[low] {
        case .values(let values): return values[position - starts[low]]
        case .raw(let raw): return raw[position - starts[low]]
        }
    }

    /// How many of the items at `positions` are streamed lines, counted a chunk at a time.
    func lineCount(in positions: Range<Int>) -> Int {
        let range = positions.clamped(to: 0..<endIndex)
        guard !range.isEmpty else { return 0 }
        var count = 0
        var index = chunk(holding: range.lowerBound)
        while index < chunks.count, starts[index] < range.upperBound {
            if case .raw(let raw) = chunks[index], raw.kind == .line {
                let chunkRange = starts[index]..<(starts[index] + raw.count)
                count += chunkRange.clamped(to: range).count
            }
            index += 1
        }
        return count
    }

    /// Whether item `position` is a streamed line (what `appendLine` would read), asked without
    /// reading it.
    func isLine(at position: Int) -> Bool {
        guard case .raw(let raw) = chunks[chunk(holding: position)] else { return false }
        return raw.kind == .line
    }

    /// Item `position`'s line as it came (see `RawItems.appendLine`); false when it is no
    /// streamed line.
    func appendLine(at position: Int, to text: inout [UInt8]) -> Bool {
        let chunk = chunk(holding: position)
        guard case .raw(let raw) = chunks[chunk] else { return false }
        return raw.appendLine(at: position - starts[chunk], to: &text)
    }

    /// Calls `body` for each of `positions` (ascending, as a find's are) with its line's bytes,
    /// or `nil` for an item that is no streamed line. Each chunk's storage is opened once for
    /// the positions in it: no copy, and no reference counting per row, which threads reading
    /// the same items at once would fight over.
    func forEachLine(at positions: ArraySlice<Int32>, _ body: (Int32, UnsafeBufferPointer<UInt8>?) -> Void) {
        var rest = positions[...]
        while let first = rest.first {
            guard Int(first) < endIndex else { return }
            let index = chunk(holding: Int(first))
            let start = starts[index], end = start + chunks[index].count
            let run = rest.prefix { Int($0) >= start && Int($0) < end }
            rest = rest.dropFirst(Swift.max(1, run.count))
            guard case .raw(let raw) = chunks[index], raw.kind == .line else {
                for position in run { body(position, nil) }
                continue
            }
            raw.withLines { line in
                for position in run { body(position, line(Int(position) - start)) }
            }
        }
    }

    mutating func append(_ values: [JSONValue]) { add(.values(values)) }

    /// The items with those at `positions` first, in that order, and the others after them as
    /// they came (frecency on a live section). Streamed items stay bytes, in one run.
    func moving(toFront positions: [Int]) -> FeedItems {
        let moved = Set(positions)
        return inOrder(positions + (0..<endIndex).filter { !moved.contains($0) })
    }

    /// The items without those at `positions`, the others as they came (fzf's `exclude`).
    func removing(_ positions: Set<Int>) -> FeedItems {
        inOrder((0..<endIndex).filter { !positions.contains($0) })
    }

    /// The items at `order`, in that order. Streamed items stay bytes, in one run.
    private func inOrder(_ order: [Int]) -> FeedItems {
        var result = FeedItems()
        if let kind = chunks.first.flatMap({ if case .raw(let raw) = $0 { raw.kind } else { nil } }),
           chunks.allSatisfy({ if case .raw(let raw) = $0 { raw.kind == kind } else { false } }) {
            var raw = RawItems(kind: kind)
            for position in order {
                let chunk = chunk(holding: position)
                if case .raw(let items) = chunks[chunk] { raw.append(items.bytes(at: position - starts[chunk])) }
            }
            result.append(raw)
        } else {
            result.append(order.map { self[$0] })
        }
        return result
    }

    mutating func append(_ raw: RawItems) { add(.raw(raw)) }

    /// The chunk item `position` is in.
    private func chunk(holding position: Int) -> Int {
        var low = 0
        var high = chunks.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if starts[middle] <= position { low = middle } else { high = middle - 1 }
        }
        return low
    }

    mutating func removeAll() {
        chunks = []
        starts = []
        endIndex = 0
    }

    /// Drops the last `count` items.
    mutating func removeLast(_ count: Int) {
        var left = Swift.min(count, endIndex)
        while left > 0, let last = chunks.last {
            if last.count <= left {
                left -= last.count
                endIndex -= last.count
                chunks.removeLast()
                starts.removeLast()
                continue
            }
            let keep = last.count - left
            switch last {
            case .values(let values): chunks[chunks.count - 1] = .values(Array(values.prefix(keep)))
            case .raw(let raw): chunks[chunks.count - 1] = .raw(raw.prefix(keep))
            }
            endIndex -= left
            left = 0
        }
    }

    private mutating func add(_ chunk: Chunk) {
        guard chunk.count > 0 else { return }
        starts.append(endIndex)
        chunks.append(chunk)
        endIndex += chunk.count
    }
}
