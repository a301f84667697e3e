import Glibc
import SegueCore

/// The byte look at every line of a file for a query (`FindQuery.mayMatch`), on one thread,
/// repeated: what the find's prefilter costs a line, apart from everything around it.
enum ScanProbe {
    /// Seconds per pass over the lines (the best of `passes`), and how many lines may match.
    static func run(file: String, query text: String, passes: Int = 7) -> (seconds: Double, mayMatch: Int)? {
        let query = FindQuery(text)
        return passOverLines(of: file, passes: passes) { query.mayMatch($0) }
    }

    /// The same for the whole of a ranked find's work on a line, as a chunk of the parallel
    /// matching does it (byte look, text loaded, matched, ranked): seconds per pass and matches.
    static func rank(file: String, query text: String, passes: Int = 7) -> (seconds: Double, matches: Int)? {
        let query = FindQuery(text)
        var searchText = SearchText()
        var ranks: Int64 = 0
        let result = passOverLines(of: file, passes: passes) { line in
            guard query.byteLook(line) != .ruledOut else { return false }
            searchText.load(utf8: line)
            guard let match = query.match(searchText) else { return false }
            ranks &+= FindRank.of(match, in: searchText)
            return true
        }
        return result.map { ($0.seconds, $0.mayMatch + Int(ranks & 0)) }
    }

    /// The best of `passes` timed passes of `look` over the file's lines, and how many it took.
    private static func passOverLines(of file: String, passes: Int,
                                      look: (UnsafeBufferPointer<UInt8>) -> Bool) -> (seconds: Double, mayMatch: Int)? {
        guard let handle = fopen(file, "rb") else { return nil }
        defer { fclose(handle) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 20)
        while true {
            let read = fread(&chunk, 1, chunk.count, handle)
            if read <= 0 { break }
            bytes += chunk[0..<read]
        }
        var ends: [Int] = []
        for (index, byte) in bytes.enumerated() where byte == 0x0A { ends.append(index) }
        var best = Double.infinity
        var count = 0
        for _ in 0..<passes {
            let (found, seconds) = Monotonic.measure {
                bytes.withUnsafeBufferPointer { buffer in
                    var found = 0
                    var start = 0
                    for end in ends {
                        if look(UnsafeBufferPointer(rebasing: buffer[start..<end])) { found += 1 }
                        start = end + 1
                    }
                    return found
                }
            }
            best = min(best, seconds)
            count = found
        }
        return (best, count)
    }
}
