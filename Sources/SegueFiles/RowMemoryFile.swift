@_spi(Scanning) import SegueJSON
import SegueCore

/// Where a spec tree's memory is kept between runs (`RowMemory`): a JSON file under
/// `$XDG_STATE_HOME/segue/memory/`, written as settings are (re-read under the folder's lock, the
/// change applied to what is there by then, replaced atomically; a file that is not such a
/// memory is never overwritten).
package enum RowMemoryFile {
    package static func path(forSpec spec: String, environment: [String: String]) -> String? {
        StateFiles.path(forSpec: spec, in: "memory", environment: environment)
    }

    /// What a memory file is, as a warning says it expected.
    static let shape = #"a memory of rows as Segue writes them ({"left": {SCREEN: ROW}, "chosen": {SCREEN: {ROW: [SCORE, TIME]}}})"#

    /// The memory in the file at `path`: empty when there is none; and why it will not be kept,
    /// for a file that is there but is not a memory (left as it is).
    package static func load(path: String) -> (memory: RowMemory, problem: String?) {
        let (memory, problem): (RowMemory, String?) = StateFiles.load(path, notOurs: "not \(shape); choices are not kept")
        return (memory, problem)
    }

    /// Applies `change` to the file, creating it (and its folders) if need be; why not, when it
    /// could not be.
    package static func apply(_ change: RowMemory.Change, path: String) -> String? {
        StateFiles.change(path, notOurs: "not \(shape)") { (memory: inout RowMemory) in memory.apply(change) }
    }
}

extension RowMemory: StateFileContents {
    package var stateJSON: JSONValue { json }

    /// A memory file's bytes, its shape exactly what Segue writes. Each screen keeps its best
    /// `rowsKept` rows (by the default half-life, `RowMemory.rank`), and rows longer than
    /// `keyLimit` go: a file of a million rows opens at once and is written back cut.
    package init(stateFile bytes: [UInt8]) throws(StateFileMismatch) {
        self = try StateFileReader.read(bytes, empty: RowMemory()) { (reader: inout StateFileReader) throws(JSONScanError) in
            var left: [String: String] = [:]
            var uses: [String: [String: Use]] = [:]
            try reader.object(Self.topLevel, at: "") { (reader: inout StateFileReader, key: JSONStringToken) throws(JSONScanError) in
                let pointer = StateFileReader.pointer("", key, in: reader.bytes)
                if key.equals("left", in: reader.bytes) {
                    try reader.object("an object of screens and the row each was left on", at: pointer) { (reader: inout StateFileReader, screen: JSONStringToken) throws(JSONScanError) in
                        let bytes = reader.bytes
                        let row = try reader.string("a row's id or title", at: StateFileReader.pointer(pointer, screen, in: bytes))
                        if let row = Self.keptKey(row, reader) { left[reader.text(screen)] = row }
                    }
                } else if key.equals("chosen", in: reader.bytes) {
                    try reader.object("an object of screens and their rows chosen", at: pointer) { (reader: inout StateFileReader, screen: JSONStringToken) throws(JSONScanError) in
                        uses[reader.text(screen)] = try Self.chosen(&reader, at: StateFileReader.pointer(pointer, screen, in: reader.bytes))
                    }
                } else {
                    throw .shape("expected \"left\" or \"chosen\", found \"\(pointer.dropFirst())\"", path: pointer, at: key.start - 1)
                }
            }
            return RowMemory(left: left, uses: uses)
        }
    }

    private static let topLevel = #"an object of "left" and "chosen""#

    /// A screen's rows chosen: `{ROW: [SCORE, TIME]}`, the best `rowsKept` of them, decoded only
    /// once they are known to be kept.
    private static func chosen(_ reader: inout StateFileReader, at pointer: String) throws(JSONScanError) -> [String: Use] {
        var best: [(rank: Double, row: JSONStringToken, use: Use)] = []
        // Below the worst of those kept when the list was last cut, a row cannot be kept.
        var floor = -Double.infinity
        try reader.object("an object of rows and their scores", at: pointer) { (reader: inout StateFileReader, row: JSONStringToken) throws(JSONScanError) in
            let bytes = reader.bytes
            let use = try pair(&reader, at: StateFileReader.pointer(pointer, row, in: bytes))
            let rank = RowMemory.rank(use)
            guard rank > floor || best.count < rowsKept, StateFileReader.length(of: row) <= 6 * keyLimit else { return }
            best.append((rank, row, use))
            if best.count >= 2 * rowsKept {
                best.sort { $0.rank > $1.rank }
                best.removeLast(best.count - rowsKept)
                floor = best[best.count - 1].rank
            }
        }
        if best.count > rowsKept {
            best.sort { $0.rank > $1.rank }
            best.removeLast(best.count - rowsKept)
        }
        var rows: [String: Use] = [:]
        for kept in best {
            if let key = keptKey(kept.row, reader) { rows[key] = kept.use }
        }
        return rows
    }

    /// A row's `[SCORE, TIME]`.
    private static func pair(_ reader: inout StateFileReader, at pointer: @autoclosure () -> String) throws(JSONScanError) -> Use {
        let start = reader.scanner.position
        guard reader.scanner.current == UInt8(ascii: "[") else { throw reader.mismatch("[SCORE, TIME]", at: pointer) }
        func wrong() -> JSONScanError { .shape("expected [SCORE, TIME]", path: pointer(), at: start) }
        guard try reader.scanner.enterArray(depth: 1) else { throw wrong() }
        let score = try reader.number("a number", at: pointer() + "/0")
        guard try reader.scanner.nextElement() else { throw wrong() }
        let at = try reader.number("a number", at: pointer() + "/1")
        guard try !reader.scanner.nextElement() else { throw wrong() }
        return Use(score: score, at: at)
    }

    /// The row's id or title, unless it is longer than `keyLimit` (an escape is at most six bytes).
    private static func keptKey(_ token: JSONStringToken, _ reader: StateFileReader) -> String? {
        guard StateFileReader.length(of: token) <= 6 * keyLimit else { return nil }
        let key = reader.text(token)
        return isKept(key) ? key : nil
    }
}
