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
        // A folder's main.json is named after the folder.
        var name = (parts.last == "main.json" ? parts.dropLast().last : parts.last).map(String.init) ?? "segue"
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
