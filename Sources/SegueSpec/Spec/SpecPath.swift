/// Path arithmetic for segues, without touching the file system.
package enum SpecPath {
    /// `target` as seen from the spec at `origin`: absolute paths stay, relative ones are taken
    /// from the origin's folder. The result is tidied (`a/./b/../c` → `a/c`) so errors read well.
    package static func resolve(_ target: String, relativeTo origin: String?) -> String {
        if target.hasPrefix("/") { return normalize(target) }
        guard let origin, let slash = origin.lastIndex(of: "/") else { return normalize(target) }
        return normalize(String(origin[...slash]) + target)
    }

    /// The folder holding `path`: `.` for a bare file name.
    package static func folder(_ path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// `path` without `.` components and with `name/..` pairs folded; leading `..` are kept.
    package static func normalize(_ path: String) -> String {
        let absolute = path.hasPrefix("/")
        var parts: [Substring] = []
        for part in path.split(separator: "/", omittingEmptySubsequences: true) {
            if part == "." { continue }
            if part == "..", let last = parts.last, last != ".." {
                parts.removeLast()
            } else if part == "..", absolute {
                continue
            } else {
                parts.append(part)
            }
        }
        let joined = parts.joined(separator: "/")
        if absolute { return "/" + joined }
        return joined.isEmpty ? "." : joined
    }
}
