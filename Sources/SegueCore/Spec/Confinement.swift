#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `--safe`: the folder a spec, and every file it leads Segue to read or write, must stay in —
/// segues, includes, data files, file sources, its settings file. Links are followed before
/// deciding, so a link inside the folder to a file outside it is outside. A spec read from
/// standard input has no folder: it may read no file at all (`noFiles`).
public struct Confinement: Equatable, Sendable {
    /// The folder, as its real path; `nil` when no file may be read.
    public let folder: String?

    /// The folder `path` names (made real); `nil` when it does not exist.
    public init?(folder path: String) {
        guard let real = Self.realPath(path) else { return nil }
        folder = real
    }

    private init() { folder = nil }

    /// No folder at all, for a spec from standard input under `--safe`: the current folder is
    /// only where `segue` happened to start, not the spec's, so nothing is inside.
    public static let noFiles = Confinement()

    /// Whether the file at `path` (which need not exist yet) is inside the folder.
    public func contains(_ path: String) -> Bool {
        guard let folder, let real = Self.realPath(path) ?? Self.realParent(of: path) else { return false }
        return real == folder || real.hasPrefix(folder == "/" ? "/" : folder + "/")
    }

    /// Why a file is refused: `outside the spec's folder /srv/specs (--safe)`.
    public var reason: String {
        folder.map { "outside the spec's folder \($0) (--safe)" } ?? "a spec from standard input reads no files (--safe)"
    }

    private static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// A file that does not exist yet: its folder made real, and its name.
    private static func realParent(of path: String) -> String? {
        let slash = path.lastIndex(of: "/")
        let parent = slash.map { path[..<$0].isEmpty ? "/" : String(path[..<$0]) } ?? "."
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        guard name != "..", name != ".", let real = realPath(parent) else { return nil }
        return (real == "/" ? "" : real) + "/" + name
    }
}
