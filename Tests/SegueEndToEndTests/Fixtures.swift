import Foundation

/// Spec files written to a fresh folder for one test.
struct Fixtures {
    let folder: URL

    init(_ files: [String: String]) throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("segue-fixture-\(UUID().uuidString)")
        for (name, text) in files {
            let url = folder.appendingPathComponent(name)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
    }

    func path(_ name: String) -> String { folder.appendingPathComponent(name).path }

    /// A root spec with `count` rows, the last of which segue to `next.json`.
    static func list(count: Int, title: String = "Long list") -> String {
        let rows = (1...count).map { "{\"title\": \"Item \($0)\", \"detail\": \"#\($0)\"}" }
        return "{\"title\": \"\(title)\", \"sections\": [{\"header\": \"Items\", \"rows\": [\(rows.joined(separator: ","))]}]}"
    }
}
