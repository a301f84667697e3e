import Glibc

/// Inputs that once hung Segue or grew without bound, at the sizes that did, timed through the
/// binary users install (`segue check`, or `segue render` where a source must load): each must
/// take time in proportion to its size, or be refused at a documented limit.
enum HostileInputs {
    /// A file of a case, written piece by piece: the bench must stay small, or its own peak memory
    /// shows up as its children's (see `MeasuredProcess`).
    private typealias Writer = (inout BufferedFile) -> Void

    private struct Case {
        var name: String
        /// What it took before it was fixed (issue 15's measurements).
        var before: String
        var files: [String: Writer]
        /// The arguments after `segue`; `main.json` stands for the case's spec.
        var arguments: [String]
    }

    static func print(folder: String) {
        let segue = InteractiveReport.siblingExecutable("segue")
        Swift.print("\nHostile inputs that once hung or grew without bound, through `segue` (wall time, peak RSS, exit status):")
        for item in cases() {
            let directory = "\(folder)/hostile-\(item.name.filter { $0.isLetter || $0.isNumber })"
            mkdir(directory, 0o755)
            for (name, writer) in item.files where access("\(directory)/\(name)", F_OK) != 0 {
                var file = BufferedFile(path: "\(directory)/\(name).tmp")
                writer(&file)
                do { try file.close(renamingTo: "\(directory)/\(name)") } catch { fail("\(error)") }
            }
            let arguments = item.arguments.map { $0 == "main.json" ? "\(directory)/main.json" : $0 }
            // Warnings and the errors these inputs are meant to give are not the bench's output.
            let result = MeasuredProcess.run([segue] + arguments, keepingOutput: false, quiet: true)
            Swift.print("  \(item.name): \(Report.time(result.seconds)), peak RSS \(Report.bytes(result.peakMemory)), "
                        + "exit \(result.status) (before: \(item.before))")
        }
    }

    /// A spec of one row under `title`, the title written by `body`.
    private static func spec(title body: @escaping Writer) -> Writer {
        { file in
            file.write("{\"title\": \"")
            body(&file)
            file.write("\", \"sections\": [{\"rows\": [{\"title\": \"x\"}]}]}")
        }
    }

    private static func repeated(_ text: String, _ count: Int, separator: String = "") -> Writer {
        { file in
            for index in 0..<count {
                if index > 0 { file.write(separator) }
                file.write(text)
            }
        }
    }

    private static func text(_ text: String) -> Writer { { $0.write(text) } }

    private static func cases() -> [Case] {
        var diamond: [String: Writer] = [:]
        for level in 0..<42 {
            let includes = [level + 1, level + 2].filter { $0 < 42 }.map { "\"lib\($0).json\"" }.joined(separator: ", ")
            diamond["lib\(level).json"] = text("{\"include\": [\(includes)], \"cells\": {\"C\(level)\": {\"base\": \"subtitle\"}}}")
        }
        diamond["main.json"] = text(#"{"include": ["lib0.json"], "sections": [{"rows": [{"cell": "C41", "title": "x"}]}]}"#)
        let chain: Writer = { file in
            file.write(#"{"cells": {"C0": {"base": "subtitle"}"#)
            for index in 1..<100_000 { file.write(", \"C\(index)\": {\"base\": \"C\(index - 1)\"}") }
            file.write(#"}, "sections": [{"rows": [{"cell": "C99999"}]}]}"#)
        }
        let items = { (separator: String) -> Writer in
            { file in
                for index in 0..<1_000_000 {
                    if index > 0 { file.write(separator) }
                    file.write("{\"title\": \"Item \(index)\", \"n\": \(index)}")
                }
            }
        }
        let source = { (format: String, name: String) in
            text("{\"sections\": [{\"source\": {\"file\": \"\(name)\", \"format\": \"\(format)\"}, \"as\": \"it\", "
                 + "\"row\": {\"title\": \"{{it.title}}\"}}]}")
        }
        let command = { (script: String) in
            text("{\"sections\": [{\"source\": {\"command\": [\"sh\", \"-c\", \"\(script)\"], \"format\": \"lines\"}}]}")
        }
        let check = ["check", "main.json"], render = ["render", "main.json"]
        return [
            Case(name: "a title of 16,000 unclosed {{", before: "over 100 s",
                 files: ["main.json": spec(title: repeated("{{", 16_000))], arguments: check),
            Case(name: "a 200 KB title of unclosed {{", before: "hung",
                 files: ["main.json": spec(title: repeated("{{", 100_000))], arguments: check),
            Case(name: "a diamond of 42 libraries (2^40 paths)", before: "over 60 s", files: diamond, arguments: check),
            Case(name: "a chain of 100,000 cell types (an error at 64)", before: "over 60 s",
                 files: ["main.json": chain], arguments: check),
            Case(name: "a key path of a million components (2 MB)", before: "10-60 s",
                 files: ["main.json": spec(title: { file in
                     file.write("{{")
                     repeated("a", 1_000_000, separator: ".")(&file)
                     file.write("}}")
                 })], arguments: check),
            Case(name: "a million sections (12 MB)", before: "10-60 s",
                 files: ["main.json": { file in
                     file.write("{\"sections\": [")
                     repeated("{\"rows\": []}", 1_000_000, separator: ",")(&file)
                     file.write("]}")
                 }], arguments: check),
            Case(name: "a 50 MB title", before: "10 s",
                 files: ["main.json": spec(title: repeated("xxxxxxxxxx", 5_000_000))], arguments: check),
            Case(name: "a json source of 1M items (30 MB), loaded and drawn", before: "55 s, 470 MB",
                 files: ["main.json": source("json", "items.json"), "items.json": { file in
                     file.write("{\"items\": [")
                     items(",\n")(&file)
                     file.write("]}")
                 }], arguments: render),
            Case(name: "the same items as jsonl", before: "1.6 s",
                 files: ["main.json": source("jsonl", "items.jsonl"), "items.jsonl": { file in
                     items("\n")(&file)
                     file.write("\n")
                 }], arguments: render),
            Case(name: "a source printing one 100 MB line (left out at 16 MB)", before: "74 s",
                 files: ["main.json": command(#"head -c 100000000 /dev/zero | tr '\\0' x"#)], arguments: render),
            Case(name: "a source printing an endless line (left out from 16 MB; render stops waiting at 10 s)", before: "grew without bound",
                 files: ["main.json": command(#"yes | tr -d '\\n'"#)], arguments: render),
        ]
    }
}
