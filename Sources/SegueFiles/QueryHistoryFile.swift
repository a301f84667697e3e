@_spi(Scanning) import SegueJSON
import SegueCore

/// Where find lines' past queries are kept between runs, and how: a JSON object of screens (spec
/// files, `-` for piped lines) and their queries, newest last, written as settings are (re-read
/// under the folder's lock, merged, replaced atomically; a file that is not such an object is
/// never overwritten).
package enum QueryHistoryFile {
    /// A spec tree's file: `$XDG_STATE_HOME/segue/history/NAME-HASH.json` (`StateFiles`).
    package static func path(forSpec spec: String, environment: [String: String]) -> String? {
        StateFiles.path(forSpec: spec, in: "history", environment: environment)
    }

    /// What a history file is, as a warning says it expected.
    static let shape = #"a history of queries as Segue writes them ({SCREEN: [QUERY, …]})"#

    /// The history in the file at `path`: empty when there is none, or it cannot be read; and
    /// why it will not be kept, for a file that is there but is not a history (an fzf history's
    /// plain lines, say), which is left as it is.
    package static func load(path: String) -> (history: QueryHistory, problem: String?) {
        let (history, problem): (QueryHistory, String?) = StateFiles.load(path, notOurs: "not \(shape); queries are not kept")
        return (history, problem)
    }

    /// Adds `query` as `screen`'s newest in the file, creating it (and its folders) if need be;
    /// why not, when it could not be.
    package static func record(_ query: String, for screen: String, path: String) -> String? {
        StateFiles.change(path, notOurs: "not \(shape)") { (history: inout QueryHistory) in history.record(query, for: screen) }
    }
}

extension QueryHistory: StateFileContents {
    package var stateJSON: JSONValue { .object(queries.mapValues { .array($0.map { .string($0) }) }) }

    /// A history file's bytes, its shape exactly what Segue writes: `{"main.json": ["query", …],
    /// …}`, newest last. Each screen keeps its newest `limit`, and queries longer than
    /// `queryLimit` go.
    package init(stateFile bytes: [UInt8]) throws(StateFileMismatch) {
        self = try StateFileReader.read(bytes, empty: QueryHistory()) { (reader: inout StateFileReader) throws(JSONScanError) in
            var queries: [String: [String]] = [:]
            try reader.object("an object of screens and their queries", at: "") { (reader: inout StateFileReader, screen: JSONStringToken) throws(JSONScanError) in
                let pointer = StateFileReader.pointer("", screen, in: reader.bytes)
                var list: [JSONStringToken] = []
                try reader.array("an array of queries", at: pointer) { (reader: inout StateFileReader) throws(JSONScanError) in
                    list.append(try reader.string("a query (a string)", at: pointer + "/\(list.count)"))
                }
                queries[reader.text(screen)] = list.suffix(Self.limit).compactMap { token in
                    guard StateFileReader.length(of: token) <= 6 * Self.queryLimit else { return nil }
                    let query = reader.text(token)
                    return Self.isKept(query) ? query : nil
                }
            }
            return QueryHistory(queries)
        }
    }
}
