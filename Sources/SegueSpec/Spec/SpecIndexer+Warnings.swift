/// Keys the loader does not know: a typo (`titel`) or a key in the wrong place (`pageSize` on a
/// section, `confirm` on a row) silently changes what a spec does, so each is a warning that
/// says what was probably meant. `segue check` lists them; the screen shows them when it opens.
extension SpecIndexer {
    /// Keys of the top level, a section, a source, a row (or a generator among rows) and an
    /// action, as `SpecSchema` declares them.
    package static let topLevelKeys = SpecSchema.declaredNames(.spec)
    package static let sectionKeys = SpecSchema.declaredNames(.section)
    package static let sourceKeys = SpecSchema.declaredNames(.source)
    package static let actionKeys = SpecSchema.declaredNames(.action)
    /// Rows looked at for typos: enough for any hand-written spec, and the hot loop of a
    /// generated million-row spec stays as it is.
    package static let rowsCheckedForTypos = 2_000

    /// Warns about `key` at `path` (the key included), unknown where it stands: where it belongs
    /// if it is a key of another place, else the known key it is closest to.
    package mutating func warnUnknown(_ key: String, at path: String, known: [String], elsewhere: [String: String] = [:]) {
        if let place = elsewhere[key] {
            found.warnings.append("\(path): \(JSONValue.string(key).summary) is ignored here; it belongs in \(place)")
        } else if let guess = Self.closest(to: key, among: known) {
            found.warnings.append("\(path): unknown key, ignored; did you mean \(JSONValue.string(guess).summary)?")
        } else if !known.contains(key) {
            found.warnings.append("\(path): unknown key, ignored")
        }
    }

    /// The known key at most two edits from `key` (one for short keys), or the same but for case.
    package static func closest(to key: String, among known: [String]) -> String? {
        // A key longer than any known one by more than two edits is none of them: a 50 MB key is
        // not lowercased, counted or compared (it took 12 s).
        guard let longest = known.map(\.utf8.count).max(), key.utf8.count <= (longest + 2) * 4 else { return nil }
        let lower = key.lowercased()
        if let sameButCase = known.first(where: { $0.lowercased() == lower }), sameButCase != key { return sameButCase }
        let limit = key.count <= 4 ? 1 : 2
        let length = lower.count
        // Two edits only keep the first letter (`caption` is no `action`). A name whose length is
        // further off than the limit is further off in edits too: a key of 100,000 characters is
        // compared with none (a table of its length by each name's took a second).
        let near = known.filter { abs($0.count - length) <= limit }
        let scored = near.map { ($0, distance(lower, $0.lowercased())) }.filter { candidate in
            candidate.1 > 0 && candidate.1 <= limit && (candidate.1 == 1 || candidate.0.lowercased().first == lower.first)
        }
        return scored.min { $0.1 < $1.1 }?.0
    }

    /// Edits (insert, delete, replace, swap two neighbours) from `a` to `b`.
    package static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var table = Array(repeating: Array(repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { table[i][0] = i }
        for j in 0...b.count { table[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                table[i][j] = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { table[i][j] = min(table[i][j], table[i - 2][j - 2] + 1) }
            }
        }
        return table[a.count][b.count]
    }
}
