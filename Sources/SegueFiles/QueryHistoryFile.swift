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

    /// The history in the file at `path`: empty when there is none, or it cannot be read; and
    /// why it will not be kept, for a file that is there but is not a history (an fzf history's
    /// plain lines, say), which is left as it is.
    package static func load(path: String) -> (history: QueryHistory, problem: String?) {
        let (history, problem): (QueryHistory, String?) = StateFiles.load(path,
            notOurs: "not a history of queries as Segue writes them (a JSON object); queries are not kept")
        return (history, problem)
    }

    /// Adds `query` as `screen`'s newest in the file, creating it (and its folders) if need be;
    /// why not, when it could not be.
    package static func record(_ query: String, for screen: String, path: String) -> String? {
        StateFiles.change(path, notOurs: "not a history of queries") { (history: inout QueryHistory) in history.record(query, for: screen) }
    }
}
