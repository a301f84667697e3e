#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import SegueCore

/// Where a spec tree's memory is kept between runs (`RowMemory`): a JSON file under
/// `$XDG_STATE_HOME/segue/memory/`, written as settings are (re-read under the folder's lock, the
/// change applied to what is there by then, replaced atomically; a file that is not such a
/// memory is never overwritten).
package enum RowMemoryFile {
    package static func path(forSpec spec: String, environment: [String: String]) -> String? {
        StateFiles.path(forSpec: spec, in: "memory", environment: environment)
    }

    /// The memory in the file at `path`: empty when there is none; and why it will not be kept,
    /// for a file that is there but is not a memory (left as it is).
    package static func load(path: String) -> (memory: RowMemory, problem: String?) {
        do {
            guard let memory = try read(path) else {
                return (RowMemory(), "\(path): not a memory of rows as Segue writes them (a JSON object); it is left as it is")
            }
            return (memory, nil)
        } catch {
            return (RowMemory(), error.description)
        }
    }

    /// Applies `change` to the file, creating it (and its folders) if need be; why not, when it
    /// could not be.
    package static func apply(_ change: RowMemory.Change, path: String) -> String? {
        let folder = SettingsTarget.split(path).folder
        guard StateFiles.makeFolders(folder) else { return "\(folder): cannot be created" }
        let lock = FolderLock(folder: folder)
        defer { lock.release() }
        var memory: RowMemory
        do {
            guard let read = try read(path) else { return "\(path): not a memory of rows; left as it is" }
            memory = read
        } catch {
            return error.description
        }
        memory.apply(change)
        return SettingsFile.replace(path, with: Array((memory.json.prettyPrinted() + "\n").utf8), lock: lock)?.description
    }

    /// The memory in the file; empty for no file, `nil` for one that is not a memory.
    private static func read(_ path: String) throws(SpecError) -> RowMemory? {
        guard access(path, F_OK) == 0 else { return RowMemory() }
        let bytes = try SpecFile.contents(of: path)
        guard let value = try? JSONParser.parse(bytes) else {
            return bytes.allSatisfy { $0 == 0x20 || $0 == 0x0A || $0 == 0x09 || $0 == 0x0D } ? RowMemory() : nil
        }
        return RowMemory(json: value)
    }
}
