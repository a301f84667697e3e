import Foundation
import Testing

/// Which of SegueCore's folders, and SegueSpec's, refer to which (issue 41): a folder refers to
/// another of its target when one of its files names a type declared there (and in no other
/// folder). The references there are today are listed in `FolderDependencies.txt`; a new one
/// fails this test, so the knot cannot grow by accident, and one that is gone must be taken off
/// the list, so the list only shrinks as the core is untangled. The largest cycle among the folders is printed, the figure Architecture III
/// measures.
@Suite struct FolderDependencyTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let list = root.appendingPathComponent("Tests/SegueCoreTests/FolderDependencies.txt").path

    /// The core, and the spec language beneath it: each target's folders are checked on their own
    /// (the compiler keeps the targets apart).
    @Test(arguments: ["SegueCore", "SegueSpec"])
    func noFolderOfATargetRefersToOneItIsNotListedAsReferring(target: String) throws {
        let graph = try FolderGraph(folder: Self.root.appendingPathComponent("Sources/" + target).path)
        let listed = Set(try String(contentsOfFile: Self.list, encoding: .utf8).split(separator: "\n")
            .filter { $0.hasPrefix(target + ": ") }.map { String($0.dropFirst(target.count + 2)) })
        let found = Set(graph.edges.map { "\($0.from) -> \($0.to)" })
        for edge in graph.edges where !listed.contains("\(edge.from) -> \(edge.to)") {
            Issue.record("""
                \(target)/\(edge.from) now refers to \(target)/\(edge.to) (\(edge.because) in \(edge.file)): \
                a folder above it, or a new tie in the knot. Move the code to where it belongs; if the \
                reference is right, add "\(target): \(edge.from) -> \(edge.to)" to FolderDependencies.txt and say why in review.
                """)
        }
        for edge in listed.subtracting(found).sorted() {
            Issue.record("\"\(target): \(edge)\" is no longer a reference: take it off FolderDependencies.txt, so it cannot come back unseen")
        }
        let cycle = graph.largestCycle
        print("\(target): \(graph.folders.count) folders, \(found.count) references, the largest cycle \(cycle.count) folders: \(cycle.joined(separator: " "))")
    }
}

/// The folders of a target and the references between them, read from the sources.
struct FolderGraph {
    struct Edge {
        var from: String
        var to: String
        var because: String
        var file: String
    }

    var folders: Set<String> = []
    var edges: [Edge] = []

    init(folder: String) throws {
        var files: [(folder: String, path: String, words: [Substring])] = []
        let enumerator = FileManager.default.enumerator(atPath: folder)
        while let relative = enumerator?.nextObject() as? String {
            guard relative.hasSuffix(".swift") else { continue }
            let parts = relative.split(separator: "/")
            let owner = parts.count > 1 ? String(parts[0]) : "."
            let text = try String(contentsOfFile: folder + "/" + relative, encoding: .utf8)
            files.append((owner, relative, Self.words(in: text)))
            folders.insert(owner)
        }
        // Where each type is declared; a name declared in two folders tells nothing.
        var declared: [Substring: Set<String>] = [:]
        let keywords: Set<Substring> = ["struct", "enum", "class", "protocol", "actor", "typealias"]
        for file in files {
            for (index, word) in file.words.enumerated().dropLast() where keywords.contains(word) {
                let name = file.words[index + 1]
                if name.first?.isUppercase == true { declared[name, default: []].insert(file.folder) }
            }
        }
        var seen: Set<String> = []
        for file in files.sorted(by: { $0.path < $1.path }) {
            for word in file.words where word.first?.isUppercase == true {
                guard let owners = declared[word], owners.count == 1, let owner = owners.first, owner != file.folder,
                      seen.insert(file.folder + " -> " + owner).inserted else { continue }
                edges.append(Edge(from: file.folder, to: owner, because: String(word), file: file.path))
            }
        }
    }

    /// The identifiers of Swift source, comments and string literals left out.
    static func words(in text: String) -> [Substring] {
        var words: [Substring] = []
        let scalars = text.unicodeScalars
        var index = scalars.startIndex
        func starts(_ prefix: String, at position: String.UnicodeScalarView.Index) -> Bool {
            scalars[position...].starts(with: prefix.unicodeScalars)
        }
        func skip(past end: String) {
            while index < scalars.endIndex, !starts(end, at: index) { index = scalars.index(after: index) }
            if index < scalars.endIndex { index = scalars.index(index, offsetBy: end.unicodeScalars.count) }
        }
        while index < scalars.endIndex {
            let scalar = scalars[index]
            if starts("//", at: index) {
                skip(past: "\n")
            } else if starts("/*", at: index) {
                skip(past: "*/")
            } else if starts("#\"\"\"", at: index) {
                index = scalars.index(index, offsetBy: 4); skip(past: "\"\"\"#")
            } else if starts("#\"", at: index) {
                index = scalars.index(index, offsetBy: 2); skip(past: "\"#")
            } else if starts("\"\"\"", at: index) {
                index = scalars.index(index, offsetBy: 3); skip(past: "\"\"\"")
            } else if scalar == "\"" {
                index = scalars.index(after: index)
                while index < scalars.endIndex, scalars[index] != "\"", scalars[index] != "\n" {
                    if scalars[index] == "\\" { index = scalars.index(after: index) }
                    if index < scalars.endIndex { index = scalars.index(after: index) }
                }
                if index < scalars.endIndex { index = scalars.index(after: index) }
            } else if scalar == "_" || scalar.properties.isAlphabetic {
                let start = index
                while index < scalars.endIndex, scalars[index] == "_" || scalars[index].properties.isAlphabetic
                        || ("0"..."9").contains(scalars[index]) {
                    index = scalars.index(after: index)
                }
                words.append(Substring(scalars[start..<index]))
            } else {
                index = scalars.index(after: index)
            }
        }
        return words
    }

    /// The largest strongly connected set of folders (Tarjan's), by name.
    var largestCycle: [String] {
        var next: [String: [String]] = [:]
        for edge in edges { next[edge.from, default: []].append(edge.to) }
        var order: [String: Int] = [:], low: [String: Int] = [:], stack: [String] = [], onStack: Set<String> = []
        var largest: [String] = []
        var counter = 0
        func visit(_ folder: String) {
            order[folder] = counter; low[folder] = counter; counter += 1
            stack.append(folder); onStack.insert(folder)
            for target in next[folder] ?? [] {
                if order[target] == nil {
                    visit(target)
                    low[folder] = min(low[folder] ?? 0, low[target] ?? 0)
                } else if onStack.contains(target) {
                    low[folder] = min(low[folder] ?? 0, order[target] ?? 0)
                }
            }
            guard low[folder] == order[folder] else { return }
            var component: [String] = []
            while let top = stack.popLast() {
                onStack.remove(top)
                component.append(top)
                if top == folder { break }
            }
            if component.count > largest.count { largest = component }
        }
        for folder in folders.sorted() where order[folder] == nil { visit(folder) }
        return largest.sorted()
    }
}
