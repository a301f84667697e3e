#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
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
        do {
            guard let history = try read(path) else {
                return (QueryHistory(), "\(path): not a history of queries as Segue writes them (a JSON object); it is left as it is and queries are not kept")
            }
            return (history, nil)
        } catch {
            return (QueryHistory(), error.description)
        }
    }

    /// Adds `query` as `screen`'s newest in the file, creating it (and its folders) if need be;
    /// why not, when it could not be.
    package static func record(_ query: String, for screen: String, path: String) -> String? {
        let folder = SettingsTarget.split(path).folder
        guard StateFiles.makeFolders(folder) else { return "\(folder): cannot be created" }
        let lock = FolderLock(folder: folder)
        defer { lock.release() }
        var history: QueryHistory
        do {
            guard let read = try read(path) else { return "\(path): not a history of queries; left as it is" }
            history = read
        } catch {
            return error.description
        }
        history.record(query, for: screen)
        let object = JSONValue.object(history.queries.mapValues { .array($0.map { .string($0) }) })
        return SettingsFile.replace(path, with: Array((object.prettyPrinted() + "\n").utf8), lock: lock)?.description
    }

    /// The history in the file; empty for no file, `nil` for one that is not a history.
    private static func read(_ path: String) throws(SpecError) -> QueryHistory? {
        guard access(path, F_OK) == 0 else { return QueryHistory() }
        let bytes = try SpecFile.contents(of: path)
        guard case .object(let members)? = try? JSONParser.parse(bytes) else {
            return bytes.allSatisfy { $0 == 0x20 || $0 == 0x0A || $0 == 0x09 || $0 == 0x0D } ? QueryHistory() : nil
        }
        var queries: [String: [String]] = [:]
        for (screen, value) in members {
            guard case .array(let list) = value else { return nil }
            queries[screen] = list.compactMap(\.stringValue)
        }
        return QueryHistory(queries)
    }
}
