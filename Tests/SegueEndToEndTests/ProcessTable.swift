import Foundation

/// The processes of the machine as `/proc` lists them, for tests that must look only at what the
/// program under test started.
struct ProcessTable {
    struct Entry {
        var pid: Int32
        var parent: Int32
        var group: Int32
        /// The program's name (`comm`), kept by zombies too.
        var name: String
        /// `R`, `S`, `Z` (a zombie: ended, not yet reaped)…
        var state: Character
        /// The command line, arguments joined by spaces.
        var command: String

        var isZombie: Bool { state == "Z" }
    }

    let entries: [Entry]

    /// Reads `/proc` now; processes that end while it is read are left out.
    init() {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        entries = names.compactMap { name in
            guard let pid = Int32(name) else { return nil }
            return Self.entry(pid)
        }
    }

    /// The processes started by `pid`, and by those, and so on.
    func descendants(of pid: Int32) -> [Entry] {
        var found: [Entry] = []
        var parents: Set<Int32> = [pid]
        while true {
            let next = entries.filter { parents.contains($0.parent) }
            if next.isEmpty { return found }
            found += next
            parents = Set(next.map(\.pid))
        }
    }

    /// The processes of process group `group`.
    func members(of group: Int32) -> [Entry] {
        entries.filter { $0.group == group }
    }

    private static func entry(_ pid: Int32) -> Entry? {
        // "pid (comm) state ppid pgrp …"; comm may hold spaces and parentheses, so read after the last ")".
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let open = stat.firstIndex(of: "("), let close = stat.lastIndex(of: ")"), open < close else { return nil }
        let name = String(stat[stat.index(after: open)..<close])
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        guard fields.count > 3, let state = fields[0].first, let parent = Int32(fields[1]), let group = Int32(fields[2]) else {
            return nil
        }
        let raw = (try? Data(contentsOf: URL(fileURLWithPath: "/proc/\(pid)/cmdline"))) ?? Data()
        let command = raw.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }.joined(separator: " ")
        return Entry(pid: pid, parent: parent, group: group, name: name, state: state, command: command)
    }
}
