import Foundation
import Testing
@testable import SegueCore
import SegueFiles

/// Every JSON example in the docs and the README loads as the docs say it does: whole specs as
/// specs, and sections, rows, actions and cell libraries put in a spec of their own. They are
/// read as if they stood in `specs/demo`, whose data files and cell library they name.
@Suite struct DocExampleTests {
    static let root: String = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }
        return url.path
    }()

    /// Handlers and sources that examples name; a program using SegueKit would register them.
    static let loader = SpecLoader(disk: nil, actionNames: ["menuItemTapped:", "deploy", "sync", "greet", "refreshFeed"],
                                   sourceNames: ["users", "people"])

    /// Where an example came from, and what it is.
    struct Example: CustomStringConvertible {
        var file: String
        var line: Int
        var value: JSONValue
        var description: String { "\(file):\(line)" }
    }

    /// The values of every ```json block of `file`; a block may hold several values (rows one
    /// after another), and `…` stands for what was left out.
    static func examples(in file: String) throws -> [Example] {
        let text = try String(contentsOfFile: root + "/" + file, encoding: .utf8)
        var examples: [Example] = []
        var block: [String]?
        var start = 0
        for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if block == nil, line == "```json" {
                block = []
                start = number + 2
            } else if var lines = block {
                if line == "```" {
                    let source = lines.joined(separator: "\n").replacingOccurrences(of: "…", with: "")
                    for value in try values(in: source, at: "\(file):\(start)") {
                        examples.append(Example(file: file, line: start, value: value))
                    }
                    block = nil
                } else {
                    lines.append(String(line))
                    block = lines
                }
            }
        }
        return examples
    }

    /// One value, or several side by side (separated by blanks or commas).
    static func values(in source: String, at place: String) throws -> [JSONValue] {
        if let whole = try? JSONParser.parse(Array(source.utf8)) { return [whole] }
        if case .array(let elements)? = try? JSONParser.parse(Array(("[" + source + "]").utf8)) { return elements }
        // Members of an object, a line each (`"source": {…}`): each as an object of its own.
        let members = source.split(separator: "\n").map { "{" + $0 + "}" }
        if let objects = try? members.map({ try JSONParser.parse(Array($0.utf8)) }) { return objects }
        // Values one after another without commas: split at each top-level close.
        var values: [JSONValue] = []
        var depth = 0, inString = false, escaped = false, current = ""
        for character in source {
            current.append(character)
            if inString {
                if escaped { escaped = false } else if character == "\\" { escaped = true } else if character == "\"" { inString = false }
                continue
            }
            switch character {
            case "\"": inString = true
            case "{", "[": depth += 1
            case "}", "]":
                depth -= 1
                if depth == 0 {
                    values.append(try JSONParser.parse(Array(current.utf8)))
                    current = ""
                }
            default: break
            }
        }
        guard !values.isEmpty else { throw JSONSyntaxError(offset: 0, line: 1, column: 1, message: "\(place): no JSON in the block") }
        return values
    }

    /// The example as a spec, or `nil` for what is not part of one (a config file, a source's
    /// output, printed JSON). A part of a spec sees the demo's cell library (`NameCell`).
    static func spec(for value: JSONValue) -> JSONValue? {
        guard let spec = whole(value) else { return nil }
        guard case .array(let sections) = spec else { return spec }
        return .object(["include": .array(["cells.json"]), "sections": .array(sections)])
    }

    private static func whole(_ value: JSONValue) -> JSONValue? {
        if case .array = value { return .object(["sections": value]) }
        guard case .object(let members) = value else { return nil }
        if members["sections"] != nil { return value }
        if members["cells"] != nil { return .object(["cells": members["cells"] ?? .null, "sections": .array([])]) }
        if members["type"] != nil { return .array([.object(["rows": .array([.object(["title": "x", "action": value])])])]) }
        if members.count == 1, case .object(let source)? = members["source"] {
            return .array([.object(["source": .object(source), "row": .object(["title": "{{item}}"])])])
        }
        if members["rows"] != nil || members["source"] != nil || members["header"] != nil
            || (members["forEach"] != nil && members["row"] != nil && members["title"] == nil) {
            return .array([value])
        }
        if members["title"] != nil || members["cell"] != nil || members["forEach"] != nil {
            return .array([.object(["rows": .array([value])])])
        }
        return nil
    }

    @Test func everyJSONExampleInTheDocsLoads() throws {
        let files = ["README.md"] + (try FileManager.default.contentsOfDirectory(atPath: Self.root + "/docs"))
            .filter { $0.hasSuffix(".md") }.sorted().map { "docs/" + $0 }
        var checked = 0
        for file in files {
            for example in try Self.examples(in: file) {
                guard let spec = Self.spec(for: example.value) else { continue }
                do {
                    _ = try Self.loader.parse(bytes: Array(spec.compactJSON.utf8), file: Self.root + "/specs/demo/example.json")
                    checked += 1
                } catch {
                    Issue.record("\(example): \(error.description)")
                }
            }
        }
        #expect(checked > 60)
    }
}
