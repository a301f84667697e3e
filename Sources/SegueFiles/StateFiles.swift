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

    /// What is in the file at `path`: empty when there is none; and, for a file that is there but
    /// is not what Segue writes, why (its place and what was expected, then `notOurs`), with
    /// nothing kept: such a file is left as it is.
    package static func load<Contents: StateFileContents>(_ path: String, notOurs: String) -> (Contents, problem: String?) {
        do throws(StateFileProblem) {
            return (try read(path), nil)
        } catch {
            return (Contents(), error.message(notOurs: notOurs) + "; it is left as it is")
        }
    }

    /// Changes the file at `path` as settings are saved: its folders made if need be, re-read
    /// under the folder's lock (so two sessions never lose each other's change), `change`
    /// applied, replaced atomically; a file that is not Segue's is never overwritten. `nil`, or
    /// why not, naming the file.
    package static func change<Contents: StateFileContents>(_ path: String, notOurs: String,
                                                            _ change: (inout Contents) -> Void) -> String? {
        let folder = SettingsTarget.split(path).folder
        guard makeFolders(folder) else { return "\(folder): cannot be created: \(String(cString: strerror(errno)))" }
        let lock = FolderLock(folder: folder)
        defer { lock.release() }
        // Written without the lock, another session's change could be lost: nothing is written.
        if lock.isContended { return "\(path): locked by another program: not saved" }
        var contents: Contents
        do throws(StateFileProblem) {
            contents = try read(path)
        } catch {
            return error.message(notOurs: notOurs) + "; left as it is"
        }
        change(&contents)
        return SettingsFile.replace(path, with: Array((contents.stateJSON.prettyPrinted() + "\n").utf8), lock: lock)?.description
    }

    /// What the file holds; empty for no file (or only whitespace).
    private static func read<Contents: StateFileContents>(_ path: String) throws(StateFileProblem) -> Contents {
        guard access(path, F_OK) == 0 else { return Contents() }
        let bytes: [UInt8]
        do throws(SpecError) {
            bytes = try SpecFile.contents(of: path)
        } catch {
            throw .unreadable(error.description)
        }
        do throws(StateFileMismatch) {
            return try Contents(stateFile: bytes)
        } catch {
            throw .notOurs(path, error)
        }
    }

    /// Removes a state file (`segue forget`) under its folder's lock, so a session saving to it
    /// at that moment does not put it back half-way. `nil`, or why it could not be.
    package static func remove(_ path: String) -> String? {
        guard access(path, F_OK) == 0 else { return nil }
        let lock = FolderLock(folder: SettingsTarget.split(path).folder)
        defer { lock.release() }
        if lock.isContended { return "\(path): locked by another program: not removed" }
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

/// What a state file holds: read from its bytes, strict about their shape, and written as JSON.
package protocol StateFileContents {
    init()
    /// What `bytes` hold (empty for whitespace only); thrown, where they are not what Segue writes.
    init(stateFile bytes: [UInt8]) throws(StateFileMismatch)
    var stateJSON: JSONValue { get }
}

/// Why a state file is not read: it cannot be (its message names it), or it is not Segue's.
enum StateFileProblem: Error {
    case unreadable(String)
    case notOurs(String, StateFileMismatch)

    /// `PATH:LINE:COLUMN: /POINTER: expected …, found …: NOT-OURS`.
    func message(notOurs: String) -> String {
        switch self {
        case .unreadable(let message): return message
        case .notOurs(let path, let mismatch): return "\(path):\(mismatch.description): \(notOurs)"
        }
    }
}
