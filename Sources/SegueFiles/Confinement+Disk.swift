#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import SegueCore

/// `--safe` asked of the disk: which folder, and whether a file (by name, or already open) is in it.
extension Confinement {
    /// The folder `path` names (made real); `nil` when it does not exist.
    public init?(folder path: String) {
        guard let real = Self.realPath(path) else { return nil }
        self.init(realFolder: real)
    }

    /// Whether the file at `path` (which need not exist yet) is inside the folder.
    public func contains(_ path: String) -> Bool {
        guard let real = Self.realPath(path) ?? Self.realParent(of: path) else { return false }
        return holds(realPath: real)
    }

    /// Whether the file open as `descriptor` is inside the folder. Asked after opening, this is
    /// the file that will be read, whatever was swapped in at its name between a check by name
    /// and the `open`. Where the system cannot name an open file, the answer is the check by name.
    public func contains(descriptor: Int32, openedAs path: String) -> Bool {
        #if os(Linux)
        guard let real = Self.realPath("/proc/self/fd/\(descriptor)") else { return false }
        return holds(realPath: real)
        #else
        return contains(path)
        #endif
    }

    /// `path` with every link and `.`/`..` resolved, as `realpath(3)`; `nil` when it does not exist.
    package static func realPath(_ path: String) -> String? {
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
