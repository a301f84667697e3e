import Dispatch

/// Matching a run of rows on every core, as fzf does: the run is cut into chunks, each matched on
/// a thread of its own with its own buffers, and the chunks' matches joined in order, so the
/// result is the one a single thread gets. Only rows whose text is read without binding
/// (`PlainRows`) are matched here; a row that must be bound is handed back for the caller to do
/// on its own thread.
enum ParallelMatching {
    /// Below this many rows one thread is quicker than waking others. (A key that narrows a
    /// million rows in sections of 10,000 leaves a few thousand candidates in each.)
    static let minimumRows = 2_048
    /// Chunks a run is cut into: more than cores, so a slow chunk does not hold the others up,
    /// and none shorter than `rowsPerChunk`.
    static let chunks = 16
    static let rowsPerChunk = 512

    /// What a run of rows gave.
    struct Output: Sendable {
        var found: [Int32] = []
        var ranks: [Int64] = []
        /// Rows a find can match (not status rows).
        var searchable = 0
        /// Rows that must be bound to be read, for the caller.
        var unread: [Int32] = []
    }

    /// Rows of one section to match: their positions, out of the section's `count` rows.
    struct Run: @unchecked Sendable {
        var positions: [Int32]
        var count: Int
        var rows: PlainRows
    }

    /// Matches the rows at `positions` (of `count` rows) against `query`.
    static func match(_ positions: [Int32], count: Int, reading rows: PlainRows, query: FindQuery, ranked: Bool) -> Output {
        match([Run(positions: positions, count: count, rows: rows)], query: query, ranked: ranked)[0]
    }

    /// Matches several sections' runs at once, the work cut into chunks across them (a key that
    /// narrows a long list leaves a few rows in each of many sections); one output per run, as
    /// one thread going through them in order would give.
    static func match(_ runs: [Run], query: FindQuery, ranked: Bool) -> [Output] {
        // Where each run starts in the work as a whole.
        let starts = runs.indices.map { index in runs[..<index].reduce(0) { $0 + $1.positions.count } }
        let total = (starts.last ?? 0) + (runs.last?.positions.count ?? 0)
        let chunks = max(2, min(Self.chunks, total / rowsPerChunk))
        let size = (total + chunks - 1) / chunks
        // Each chunk's outputs, by run, for the runs it reaches.
        var parts = [[(run: Int, output: Output)]](repeating: [], count: chunks)
        parts.withUnsafeMutableBufferPointer { slots in
            let slots = UnsafeSendable(slots)
            DispatchQueue.concurrentPerform(iterations: chunks) { chunk in
                let start = chunk * size
                let end = min(total, start + size)
                guard start < end else { return }
                // A query of its own: arrays shared between threads would have their counts fought over.
                var matcher = ChunkMatcher(query: FindQuery(query.text, algorithm: query.algorithm), ranked: ranked)
                var done: [(run: Int, output: Output)] = []
                var index = runs.indices.last { starts[$0] <= start } ?? 0
                while index < runs.count, starts[index] < end {
                    let run = runs[index]
                    let from = max(start, starts[index]) - starts[index]
                    let to = min(end, starts[index] + run.positions.count) - starts[index]
                    if from < to {
                        matcher.output = Output()
                        matchPart(run.positions[from..<to], count: run.count, rows: run.rows, with: &matcher)
                        done.append((index, matcher.output))
                    }
                    index += 1
                }
                slots.value[chunk] = done
            }
        }
        var joined = [Output](repeating: Output(), count: runs.count)
        for part in parts.joined() {
            joined[part.run].found += part.output.found
            joined[part.run].ranks += part.output.ranks
            joined[part.run].searchable += part.output.searchable
            joined[part.run].unread += part.output.unread
        }
        return joined
    }

    private static func matchPart(_ positions: ArraySlice<Int32>, count: Int, rows: PlainRows, with matcher: inout ChunkMatcher) {
        if case .lines(let lines) = rows {
            // Positions past the items are the status row's.
            lines.forEachLine(at: positions) { position, line in
                if Int(position) < count { matcher.consider(position, line) }
            }
            return
        }
        var bytes: [UInt8] = []
        for position in positions where Int(position) < count {
            bytes.removeAll(keepingCapacity: true)
            switch rows.read(Int(position), into: &bytes) {
            case .statusRow: continue
            case .needsBinding: matcher.consider(position, nil)
            case .read: bytes.withUnsafeBufferPointer { matcher.consider(position, $0) }
            }
        }
    }

    /// One chunk's matching: its own query, text and output, changed in place (a nested function
    /// capturing them boxed each and cost a retain and a release per row).
    private struct ChunkMatcher {
        let query: FindQuery
        let ranked: Bool
        var output = Output()
        var text = SearchText()

        init(query: FindQuery, ranked: Bool) {
            self.query = query
            self.ranked = ranked
        }

        /// Row `position`'s text matched, or handed back when it must be bound (`nil`).
        mutating func consider(_ position: Int32, _ line: UnsafeBufferPointer<UInt8>?) {
            guard let line else { return output.unread.append(position) }
            output.searchable += 1
            guard !query.isEmpty else { return }
            if ranked {
                // Ranked, every match is scored in full: the bytes can only rule a row out.
                guard query.mayMatch(line) else { return }
            } else {
                switch query.byteLook(line) {
                case .ruledOut: return
                case .matches:
                    // In the rows' order, only whether it matches counts: its bytes said so.
                    output.found.append(position)
                    return
                case .unsure: break
                }
            }
            text.load(shown: line)
            guard let match = query.match(text) else { return }
            output.found.append(position)
            if ranked { output.ranks.append(FindRank.of(match, in: text)) }
        }
    }

    /// A buffer the chunks write to, each its own slot.
    private struct UnsafeSendable<Value>: @unchecked Sendable {
        let value: Value
        init(_ value: Value) { self.value = value }
    }
}

/// Rows whose text a find reads as bytes, without binding them, from any thread: a live
/// section's lines, or a spec's rows as written (`RowList.appendPlainText`), or both joined
/// (`ScreenRows.appendPlainText`).
enum PlainRows: @unchecked Sendable {
    case lines(FeedItems)
    /// Rows with no live part: the spec's list itself, read as before there were feeds to ask.
    case rows(RowList)
    /// A spec's rows and a source's one after another.
    case joined(ScreenRows)

    enum Reading { case read, statusRow, needsBinding }

    /// What `read` would find, without reading a streamed line's bytes (the rest are read).
    func reading(_ position: Int, scratch bytes: inout [UInt8]) -> Reading {
        guard case .lines(let lines) = self else { return read(position, into: &bytes) }
        guard position < lines.count else { return .statusRow }
        return lines.isLine(at: position) ? .read : .needsBinding
    }

    func read(_ position: Int, into bytes: inout [UInt8]) -> Reading {
        switch self {
        case .lines(let lines):
            guard position < lines.count else { return .statusRow }
            return lines.appendLine(at: position, to: &bytes) ? .read : .needsBinding
        case .rows(let rows):
            return rows.appendPlainText(at: position, to: &bytes) ? .read : .needsBinding
        case .joined(let rows):
            if rows.isStatusRow(position) { return .statusRow }
            return rows.appendPlainText(at: position, to: &bytes) ? .read : .needsBinding
        }
    }
}
