/// The queries find lines were accepted with (Enter), newest last, by screen: the spec file it
/// shows (from the first spec's folder, so a tree opened from anywhere finds its own), `-` for
/// lines piped in. Ctrl-P and Ctrl-N in a find line step through its screen's;
/// the world keeps them across runs (`SegueFiles.QueryHistoryFile`), so a launcher remembers.
package struct QueryHistory: Sendable, Equatable {
    /// The most queries kept for a screen; the oldest go first.
    package static let limit = 1_000
    /// The longest query kept, in bytes of UTF-8 (as a row's id is, `RowMemory.keyLimit`): one of
    /// megabytes (`--query "$(cat file)"`) is not written at every Enter.
    package static let queryLimit = RowMemory.keyLimit

    /// Whether `query` is kept: it is not longer than `queryLimit`.
    package static func isKept(_ query: String) -> Bool { query.utf8.count <= queryLimit }

    package private(set) var queries: [String: [String]]

    package init(_ queries: [String: [String]]) {
        self.queries = queries
    }

    package init() { self.init([:]) }

    /// `query` as the newest for `screen`; an earlier copy of it goes, so each shows once.
    package mutating func record(_ query: String, for screen: String) {
        guard Self.isKept(query) else { return }
        var list = queries[screen] ?? []
        list.removeAll { $0 == query }
        list.append(query)
        if list.count > Self.limit { list.removeFirst(list.count - Self.limit) }
        queries[screen] = list
    }

    /// The key a screen's queries are kept under: its spec's path from the first spec's folder.
    static func key(of spec: Spec, root: Spec?) -> String {
        guard let path = spec.path else { return "-" }
        let normal = SpecPath.normalize(path)
        guard let rootPath = root?.path else { return normal }
        let folder = SpecPath.normalize(SpecPath.folder(rootPath))
        if folder == "." { return normal }
        return normal.hasPrefix(folder + "/") ? String(normal.dropFirst(folder.count + 1)) : normal
    }
}

/// Stepping through a screen's past queries in its find line.
struct HistoryBrowsing: Sendable, Equatable {
    /// Which past query shows, counted from the newest (0).
    var back: Int
    /// What was typed before stepping back, given again past the newest.
    var typed: String
}
