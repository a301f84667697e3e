import Foundation
import SegueTesting
import Testing
@testable import SegueCore

/// Rows rank as in today's fzf (`ReferenceFzf`, 0.74.5): its `fzf --filter` and Segue's picker
/// filter (the same path the find line takes) put the same lines in the same order for each query, over corpora of paths,
/// commit subjects, identifiers in mixed case and text with accents and other scripts.
///
/// Known differences, left out of the corpora on purpose: Segue drops combining marks (fzf folds a
/// few to letters and scores the rest as signs); a line of invalid UTF-8 is compared as fzf's raw
/// bytes but as replacement characters in Segue.
@Suite struct FzfRankingTests {
    static let queries = [
        "bord", "prev bord", "fix", "ff", "src go", "segfind", "rend", "a", "wi", "fq", "tcell renderer",
        "Find", "FQ", "mkd", "conf yml", "'preview", "'win ^src", "go$", "^Tests", "read | write", "!test go",
        "ecole", "übung", "データ", "viet", "stef", "expo", "oeuvre", "aero", "ss", "x1", "v2", "abcdefghijkl", "s/f/q", "main.sw", "gitlog", "prvw wndw",
        // Delimiters and other signs, which today's fzf scores as word starts.
        "-", "/", "src/", "/f", "fix-", "-r", "a-b", "core/find", ":", "t,", "_q", "re-ren", "#1", ".sw", "s/g/",
    ]

    @Test(arguments: Corpus.allCases)
    func theTopFiftyAreFzfsInFzfsOrder(_ corpus: Corpus) throws {
        let lines = corpus.lines
        let input = Array((lines.joined(separator: "\n") + "\n").utf8)
        var differences: [String] = []
        for query in Self.queries {
            let theirs = Array(try fzfFilter(query, input: input).prefix(50))
            let ours = Array(try StandardInputPicker.filter(input, query: query).prefix(50))
            if theirs != ours {
                let at = zip(theirs, ours).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(theirs.count, ours.count)
                differences.append("\(query): fzf \(theirs.count) lines, Segue \(ours.count); first difference at #\(at + 1): "
                    + "fzf \(at < theirs.count ? theirs[at] : "—") | Segue \(at < ours.count ? ours[at] : "—")")
            }
        }
        #expect(differences.isEmpty, Comment(rawValue: "\(corpus):\n" + differences.joined(separator: "\n")))
    }

    private func fzfFilter(_ query: String, input: [UInt8]) throws -> [String] {
        let fzf = try #require(ReferenceFzf.path, Comment(rawValue: ReferenceFzf.missing))
        let process = Process()
        process.executableURL = URL(fileURLWithPath: fzf)
        process.arguments = ["--filter", query]
        var environment = ProcessInfo.processInfo.environment
        environment["FZF_DEFAULT_OPTS"] = nil
        environment["LANG"] = "C.UTF-8"
        process.environment = environment
        let stdin = Pipe()
        let stdout = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        try process.run()
        let writer = Thread {
            stdin.fileHandleForWriting.write(Data(input))
            try? stdin.fileHandleForWriting.close()
        }
        writer.start()
        let output = stdout.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        try #require(process.terminationStatus == 0 || process.terminationStatus == 1,
                     "fzf --filter failed")
        return String(decoding: output, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
            .dropLast().map(String.init)
    }
}

/// Fixed corpora, the same on every run: a small generator over word lists.
enum Corpus: String, CaseIterable, CustomStringConvertible {
    case paths, commits, identifiers, unicode

    var description: String { rawValue }

    var lines: [String] {
        var random = Generator(seed: UInt64(rawValue.utf8.reduce(7) { $0 &* 31 &+ UInt64($1) }))
        let words = ["preview", "window", "border", "fix", "render", "tcell", "finder", "query", "segue", "find",
                     "main", "source", "test", "config", "read", "write", "go", "swift", "algo", "bord", "prev",
                     "rendering", "of", "the", "in", "for", "data", "item", "list", "wide", "x1", "v2", "git", "log"]
        func word() -> String { words[random.next(words.count)] }
        func camel() -> String { word().prefix(1).uppercased() + word().dropFirst() }
        switch self {
        case .paths:
            let extensions = ["go", "swift", "md", "yml", "json", "txt"]
            let tops = ["src", "Sources", "Tests", "docs", ".config"]
            return (0..<3_000).map { _ in
                var parts = [tops[random.next(tops.count)]]
                for _ in 0..<random.next(4) { parts.append(random.next(3) == 0 ? camel() + camel() : word() + (random.next(4) == 0 ? "_" + word() : "")) }
                return parts.joined(separator: "/") + "/" + word() + (random.next(3) == 0 ? "-" + word() : "") + "." + extensions[random.next(extensions.count)]
            }
        case .commits:
            return (0..<3_000).map { _ in
                let hash = String((0..<8).map { _ in Array("0123456789abcdef")[random.next(16)] })
                let verb = ["Fix", "Add", "Remove", "Update", "Refactor"][random.next(5)]
                // Words joined by spaces and now and then by signs: `foo-bar`, `a: b`, `x, y`, `#12`.
                let joins = [" ", " ", " ", ", ", ": ", " - ", "-", "/", " #", ";"]
                return hash + " " + verb + " " + (0..<(2 + random.next(8))).map { _ in word() + joins[random.next(joins.count)] }.joined()
            }
        case .identifiers:
            return (0..<3_000).map { _ in
                switch random.next(4) {
                case 0: return camel() + camel() + camel()
                case 1: return word().uppercased() + "_" + word().uppercased()
                case 2: return word() + camel() + String(random.next(100))
                default: return "  " + word() + "::" + camel() + "  "
                }
            }
        case .unicode:
            let extra = ["école", "Übung", "naïve", "façade", "データ", "日本語", "Ελληνικά", "Straße", "crème", "ÉCOLE",
                         "Việt Nam", "Ștefan", "ƒoo", "ｅｘｐｏｒｔ", "Œuvre", "Ærø"]
            return (0..<3_000).map { _ in
                (0..<(1 + random.next(5))).map { _ in random.next(2) == 0 ? extra[random.next(extra.count)] : word() }
                    .joined(separator: random.next(2) == 0 ? " " : "/")
            }
        }
    }

    /// A linear congruential generator: the corpora never change between runs or machines.
    struct Generator {
        var state: UInt64
        init(seed: UInt64) { state = seed }
        mutating func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
    }
}
