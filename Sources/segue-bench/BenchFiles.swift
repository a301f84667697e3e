import Glibc

/// The generated inputs of one size: a spec with `rows` rows in sections of 10,000, and the same
/// rows as plain lines for fzf.
struct BenchFiles {
    let rows: Int
    let spec: String
    let lines: String

    init(rows: Int, folder: String) {
        self.rows = rows
        spec = "\(folder)/rows-\(rows).json"
        lines = "\(folder)/rows-\(rows).txt"
    }

    /// Writes both files unless they already exist with this generator's output.
    func generate() throws {
        if access(spec, F_OK) == 0, access(lines, F_OK) == 0 { return }
        var json = BufferedFile(path: spec + ".tmp")
        var text = BufferedFile(path: lines + ".tmp")
        json.write("{\"title\": \"\(rows) rows\", \"sections\": [\n")
        let sectionSize = 10_000
        var row = 0
        var section = 0
        while row < rows {
            if section > 0 { json.write(",\n") }
            json.write("{\"header\": \"Section \(section + 1)\", \"rows\": [\n")
            let end = min(rows, row + sectionSize)
            while row < end {
                let number = row + 1
                if row > section * sectionSize { json.write(",\n") }
                var extra = ""
                if number % 97 == 0 { extra = ", \"enabled\": false" }
                if number % 1000 == 0 { extra = ", \"segue\": \"detail-\(number).json\"" }
                json.write("{\"title\": \"Item \(number)\", \"detail\": \"Section \(section + 1) · #\(number)\"\(extra)}")
                text.write("Item \(number)  Section \(section + 1) · #\(number)\n")
                row += 1
            }
            json.write("\n]}")
            section += 1
        }
        json.write("\n]}\n")
        try json.close(renamingTo: spec)
        try text.close(renamingTo: lines)
    }

    /// A spec whose `rows` rows are generated with `forEach` from a data file of `rows` objects:
    /// binding happens as rows are drawn, so keys should cost what they cost for plain rows.
    static func generated(rows: Int, folder: String) throws -> String {
        let spec = "\(folder)/generated-\(rows).json"
        let data = "\(folder)/generated-\(rows)-data.json"
        if access(spec, F_OK) == 0, access(data, F_OK) == 0 { return spec }
        var items = BufferedFile(path: data + ".tmp")
        items.write("{\"items\": [\n")
        for number in 1...rows {
            items.write("\(number > 1 ? ",\n" : ""){\"name\": \"Person \(number)\", \"email\": \"p\(number)@example.com\"}")
        }
        items.write("\n]}\n")
        try items.close(renamingTo: data)
        var json = BufferedFile(path: spec + ".tmp")
        json.write("""
            {"title": "Generated", "dataFile": "generated-\(rows)-data.json",
             "cells": {"Person": {"base": "subtitle", "title": "{{person.name}}", "detail": "{{person.email}}"}},
             "sections": [{"forEach": "items", "as": "person", "row": {"cell": "Person"}}]}

            """)
        try json.close(renamingTo: spec)
        return spec
    }

    /// A spec of `rows` rows written out, each title and detail a template over the spec's data
    /// (`{{kind}} N`, `#N of {{count}}`): every row on screen is bound as it is drawn.
    static func templated(rows: Int, folder: String) throws -> String {
        let spec = "\(folder)/templated-\(rows).json"
        if access(spec, F_OK) == 0 { return spec }
        var json = BufferedFile(path: spec + ".tmp")
        json.write("{\"title\": \"{{count}} templated rows\", \"data\": {\"kind\": \"Item\", \"count\": \(rows)}, \"sections\": [{\"rows\": [\n")
        for number in 1...rows {
            json.write("\(number > 1 ? ",\n" : ""){\"title\": \"{{kind}} \(number)\", \"detail\": \"#\(number) of {{count}}\"}")
        }
        json.write("\n]}]}\n")
        try json.close(renamingTo: spec)
        return spec
    }

    /// `rows` rows of a process-like table (`pid`, `user`, `cpu`, `command`), with `columns` or as
    /// plain rows (title and detail) for the same bytes' worth of rows: a table's cost against none.
    static func table(rows: Int, columns: Bool, folder: String) throws -> String {
        let spec = "\(folder)/table-\(columns ? "columns" : "plain")-\(rows).json"
        if access(spec, F_OK) == 0 { return spec }
        var json = BufferedFile(path: spec + ".tmp")
        let header = columns
            ? "\"columns\": [{\"title\": \"PID\", \"value\": \"{{pid}}\"}, \"user\", {\"title\": \"CPU%\", \"value\": \"{{cpu}}\"}, {\"title\": \"Command\", \"value\": \"{{title}}\"}], "
            : ""
        json.write("{\"title\": \"Processes\", \"sections\": [{\(header)\"rows\": [\n")
        for number in 1...rows {
            json.write("\(number > 1 ? ",\n" : ""){\"title\": \"worker --id \(number)\", \"detail\": \"\(number) user\(number % 7) \(number % 100).\(number % 10)\", "
                       + "\"pid\": \(number), \"user\": \"user\(number % 7)\", \"cpu\": \"\(number % 100).\(number % 10)\"}")
        }
        json.write("\n]}]}\n")
        try json.close(renamingTo: spec)
        return spec
    }

    /// The same spec as `generate()` writes, in YAML (block style, as people write it).
    func writeYAML() throws -> String {
        let path = "\(spec.dropLast(".json".count)).yaml"
        if access(path, F_OK) == 0 { return path }
        var yaml = BufferedFile(path: path + ".tmp")
        yaml.write("title: \(rows) rows\nsections:\n")
        let sectionSize = 10_000
        for number in 1...rows {
            let section = (number - 1) / sectionSize + 1
            if (number - 1) % sectionSize == 0 { yaml.write("  - header: Section \(section)\n    rows:\n") }
            // A plain scalar cannot hold " #": the detail is quoted.
            yaml.write("      - title: Item \(number)\n        detail: \"Section \(section) · #\(number)\"\n")
            if number % 1000 == 0 {
                yaml.write("        segue: detail-\(number).json\n")
            } else if number % 97 == 0 {
                yaml.write("        enabled: false\n")
            }
        }
        try yaml.close(renamingTo: path)
        return path
    }

    /// The rows as jsonl objects (`{"title": …, "detail": …}` per line), for a streaming source.
    func writeJSONL(to path: String) throws {
        if access(path, F_OK) == 0 { return }
        var file = BufferedFile(path: path + ".tmp")
        for number in 1...rows {
            file.write("{\"title\": \"Item \(number)\", \"detail\": \"#\(number)\"}\n")
        }
        try file.close(renamingTo: path)
    }

    /// Size of the spec file in bytes.
    var specBytes: Int {
        var info = stat()
        return stat(spec, &info) == 0 ? Int(info.st_size) : 0
    }
}

/// Appends to a file through a large buffer.
struct BufferedFile {
    struct Failure: Error { var message: String }

    private let path: String
    private let descriptor: Int32
    private var buffer: [UInt8] = []

    init(path: String) {
        self.path = path
        descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        buffer.reserveCapacity(1 << 20)
    }

    mutating func write(_ text: String) {
        buffer.append(contentsOf: text.utf8)
        if buffer.count >= 1 << 20 { flush() }
    }

    private mutating func flush() {
        buffer.withUnsafeBytes { bytes in
            var done = 0
            while done < bytes.count {
                let written = Glibc.write(descriptor, bytes.baseAddress! + done, bytes.count - done)
                if written <= 0 { break }
                done += written
            }
        }
        buffer.removeAll(keepingCapacity: true)
    }

    mutating func close(renamingTo final: String) throws {
        flush()
        guard descriptor >= 0, Glibc.close(descriptor) == 0, rename(path, final) == 0 else {
            throw Failure(message: "cannot write \(final): \(String(cString: strerror(errno)))")
        }
    }
}
