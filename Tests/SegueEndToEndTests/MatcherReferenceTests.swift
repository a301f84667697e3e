import Foundation
import SegueCore
import SegueTesting
import Testing

/// The matcher checked against today's fzf (`ReferenceFzf`, 0.74.5) on a fixed corpus: with
/// fzf's default (`v2`), the same rows in the same order as `fzf --filter`; with `--algo v1`, the
/// same rows as `fzf --filter --algo=v1` and the same best row.
@Suite struct MatcherReferenceTests {
    static let corpus: [String] = {
        var lines = [
            "src/main.swift", "Sources/SegueCore/Find/FindQuery.swift", "README.md", "docs/spec-format.md",
            "Café crème", "Zürich Hauptbahnhof", "Crème brûlée", "naïve résumé", "FooBar", "foo_bar", "foo-bar",
            "Pizza margherita", "Pasta al forno", "Peach tea", "Espresso", "fixes a crash on empty carts",
            "search across services, faster exports", "deploy #20 of billing started", "orders query took 3014 ms",
        ]
        let words = ["alpha", "Beta", "gamma", "Delta", "epsilon", "Zeta", "eta", "theta", "iota", "Kappa"]
        for index in 0..<300 {
            lines.append("\(words[index % 10]) \(words[(index * 7) % 10].lowercased())/\(words[(index * 3) % 10]) #\(index)")
        }
        return lines
    }()

    static let queries = [
        "a", "ab", "fb", "foo", "FB", "Foo", "cafe", "creme", "zurich", "mrg", "'bar", "^foo", "md$", "^readme.md$",
        "alpha !beta", "eta 1", "!a", "src swift", "d#2", "Kap gam", "xyz", "théta", "e/g", "st#1",
    ]

    @Test func theSameRowsMatchAsWithFzfInFzfsOrder() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("segue-matcher-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let input = folder.appendingPathComponent("corpus.txt")
        let text = Self.corpus.joined(separator: "\n") + "\n"
        try text.write(to: input, atomically: true, encoding: .utf8)
        for query in Self.queries {
            let reference = try #require(ReferenceFzf.path, Comment(rawValue: ReferenceFzf.missing))
            let script = "\(Self.shellQuoted(reference)) --filter \(Self.shellQuoted(query)) < \(Self.shellQuoted(input.path))"
            let fzf = try HostCommand.run(["sh", "-c", script]).output.split(separator: "\n").map(String.init)
            let ours = try StandardInputPicker.filter(Array(text.utf8), query: query)
            #expect(ours == fzf, "rows matching \(query), in order")
        }
    }

    @Test func withV1TheSameRowsMatchAsWithFzfsV1AndTheBestIsTheSame() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("segue-matcher-v1-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let input = folder.appendingPathComponent("corpus.txt")
        try (Self.corpus.joined(separator: "\n") + "\n").write(to: input, atomically: true, encoding: .utf8)
        for query in Self.queries {
            let reference = try #require(ReferenceFzf.path, Comment(rawValue: ReferenceFzf.missing))
            let script = "\(Self.shellQuoted(reference)) --filter \(Self.shellQuoted(query)) --algo=v1 --tiebreak=index < \(Self.shellQuoted(input.path))"
            let fzf = try HostCommand.run(["sh", "-c", script]).output.split(separator: "\n").map(String.init)
            let ours = Self.corpus.compactMap { line in
                FindQuery(query, algorithm: .greedy).match(line).map { (line, $0.score) }
            }
            #expect(Set(ours.map(\.0)) == Set(fzf), "rows matching \(query)")
            // Best first, ties in corpus order, as fzf ranks with --tiebreak=index.
            let best = ours.enumerated().max { a, b in
                a.element.1 != b.element.1 ? a.element.1 < b.element.1 : a.offset > b.offset
            }?.element.0
            #expect(best == fzf.first, "best match for \(query)")
        }
    }

    /// `--ansi` (issue 44): `--filter`'s lines, `-d` fields (a text, a pattern, one found inside
    /// an escape code), `--nth` and `--accept-nth` read the text without escape codes: the binary
    /// prints what fzf prints, byte for byte.
    @Test(arguments: [
        "--ansi --filter fix", "--ansi --filter ''", "--filter fix", "--ansi --accept-nth 1 --filter fix",
        "--ansi -d ';' --accept-nth 2 --filter ''", "--ansi -d '[0-9]+m' --accept-nth 1 --filter ''",
        "--ansi -d ';' --nth 2 --filter b", "--ansi -d ';' --nth 2 --filter a", "-d : --accept-nth 1,2 --filter llo",
    ])
    func ansiAndFieldsFilterAsFzfDoes(flags: String) throws {
        let reference = try #require(ReferenceFzf.path, Comment(rawValue: ReferenceFzf.missing))
        let input = #"printf '\033[33m94944a4\033[m Fix \033[1;31mborder\033[0m\n\033[1;31ma\033[m;b\na.txt:3:hello world\n12mx;y\n'"#
        let fzf = try HostCommand.run(["sh", "-c", "\(input) | \(Self.shellQuoted(reference)) \(flags)"]).output
        let ours = try HostCommand.run(["sh", "-c", "\(input) | \(Self.shellQuoted(Paths.segue)) \(flags)"]).output
        #expect(ours == fzf, "segue \(flags)")
    }

    private static func shellQuoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
