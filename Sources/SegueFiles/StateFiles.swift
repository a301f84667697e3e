#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import SegueCore

/// The files Segue keeps about a spec tree between runs, under `$XDG_STATE_HOME/segue/` (else
/// `~/.local/state/segue/`): query histories (`history/`) and row memories (`memory/`).
package enum StateFiles {
    /// A spec tree's file of `kind`: `$XDG_STATE_HOME/segue/KIND/NAME-HASH.json` (else
    /// `~/.local/state/…`), named after the first spec's folder or file, the hash of its real path
    /// telling two trees of one name apart. `nil` without a home.
    package static func path(forSpec spec: String, in kind: String, environment: [String: String]) -> String? {
        guard let state = stateFolder(environment) else { return nil }
        let file = DiskFiles.specFile(spec)
        let real = Confinement.realPath(file) ?? file
        let parts = real.split(separator: "/")
        // A folder's main.json (or main.yaml) is named after the folder.
        let isFolderSpec = parts.last.map { SpecFormat.folderSpecNames.contains(String($0)) } ?? false
        var name = (isFolderSpec ? parts.dropLast().last : parts.last).map(String.init) ?? "segue"
        for suffix in [".json", ".yaml", ".yml"] where name.hasSuffix(suffix) { name.removeLast(suffix.count) }
        let safe = String(name.map { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" ? $0 : "_" }.prefix(40))
        return state + "/segue/" + kind + "/" + safe + "-" + hash(real) + ".json"
    }

    private static func stateFolder(_ environment: [String: String]) -> String? {
        if let base = environment["XDG_STATE_HOME"], base.hasPrefix("/") { return base }
        guard let home = environment["HOME"], home.hasPrefix("/") else { return nil }
        return home + "/.local/state"
    }

    /// FNV-1a, 32 bits, in hex: a short, stable name for a path.
    private static func hash(_ text: String) -> String {
        var value: UInt32 = 2_166_136_261
        for byte in text.utf8 {
            value ^= UInt32(byte)
            value = value &* 16_777_619
        }
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 8 - digits.count) + digits
    }

    /// What is in the file at `path`: empty when there is none; and `notOurs` with the path, for
    /// a file that is there but is not what Segue writes (left as it is, and nothing is kept).
    package static func load<Contents: StateFileContents>(_ path: String, notOurs: String) -> (Contents, problem: String?) {
        do {
            guard let contents: Contents = try read(path) else { return (Contents(), "\(path): \(notOurs); it is left as it is") }
            return (contents, nil)
        } catch {
            return (Contents(), error.description)
        }
    }

    /// Changes the file at `path` as settings are saved: its folders made if need be, re-read
    /// under the folder's lock (so two sessions never lose each other's change), `change`
    /// applied, replaced atomically; a file that is not Segue's is never overwritten. `nil`, or
    /// why not.
    package static func change<Contents: StateFileContents>(_ path: String, notOurs: String,
                                                            _ change: (inout Contents) -> Void) -> String? {
        let folder = SettingsTarget.split(path).folder
        guard makeFolders(folder) else { return "\(folder): cannot be created" }
        let lock = FolderLock(folder: folder)
        defer { lock.release() }
        var contents: Contents
        do {
            guard let read: Contents = try read(path) else { return "\(path): \(notOurs); left as it is" }
            contents = read
        } catch {
            return error.description
        }
        change(&contents)
        return SettingsFile.replace(path, with: Array((contents.stateJSON.prettyPrinted() + "\n").utf8), lock: lock)?.description
    }

    /// What the file holds; empty for no file (or only whitespace), `nil` for one Segue did not write.
    private static func read<Contents: StateFileContents>(_ path: String) throws(SpecError) -> Contents? {
        guard access(path, F_OK) == 0 else { return Contents() }
        let bytes = try SpecFile.contents(of: path)
        guard let value = try? JSONParser.parse(bytes) else {
            return bytes.allSatisfy { $0 == 0x20 || $0 == 0x0A || $0 == 0x09 || $0 == 0x0D } ? Contents() : nil
        }
        return Contents(stateJSON: value)
    }

    /// Removes a state file (`segue forget`) under its folder's lock, so a session saving to it
    /// at that moment does not put it back half-way. `nil`, or why it could not be.
    package static func remove(_ path: String) -> String? {
        guard access(path, F_OK) == 0 else { return nil }
        let lock = FolderLock(folder: SettingsTarget.split(path).folder)
        defer { lock.release() }
        return unlink(path) == 0 || errno == ENOENT ? nil : "\(path): \(String(cString: strerror(errno)))"
    }

    /// Makes `folder` and the folders above it that are missing (`.` is there already).
    package static func makeFolders(_ folder: String) -> Bool {
        var path = folder.hasPrefix("/") ? "" : "."
        for part in folder.split(separator: "/") {
            path += "/" + part
            if mkdir(path, 0o700) != 0, errno != EEXIST { return false }
        }
        return true
    }
}

/// What a state file holds, as its JSON.
package protocol StateFileContents {
    init()
    /// The contents `value` holds; `nil` for anything Segue does not write there.
    init?(stateJSON value: JSONValue)
    var stateJSON: JSONValue { get }
}

extension QueryHistory: StateFileContents {
    /// `{"main.json": ["query", …], …}`, newest last.
    package init?(stateJSON value: JSONValue) {
        guard case .object(let members) = value else { return nil }
        var queries: [String: [String]] = [:]
        for (screen, list) in members {
            guard case .array(let list) = list else { return nil }
            queries[screen] = list.compactMap(\.stringValue)
        }
        self.init(queries)
    }

    package var stateJSON: JSONValue { .object(queries.mapValues { .array($0.map { .string($0) }) }) }
}

extension RowMemory: StateFileContents {
    package init?(stateJSON value: JSONValue) { self.init(json: value) }
    package var stateJSON: JSONValue { json }
}
