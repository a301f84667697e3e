import SegueSpec

/// A YAML document (a spec, a cell library, a data file) as the JSON the loader reads, so that a
/// YAML spec has exactly the JSON spec's model and every check and error of the loader.
///
/// Scalars follow YAML 1.2's core schema: `true`/`false`, `null`/`~`/nothing and numbers are
/// typed only when plain (unquoted); everything else is a string, including YAML 1.1's `yes`,
/// `no`, `on` and `off`. Anchors, aliases and `<<` merge keys are expanded. A YAML error and a
/// YAML value JSON cannot hold (`.inf`, a mapping as a key, a tag other than YAML's own) are
/// `JSONSyntaxError`s at the YAML's line:column; errors found later in the JSON are placed back
/// in the YAML through the `JSONText`'s origin.
///
/// Cost: libyaml's parser reads the document, and the JSON is written from its events as they
/// come (`YAMLTree+JSON`: nodes only for values aliases use again and merged mappings); where
/// each JSON offset came from is worked out only when an error asks, by converting again.
package enum YAMLDocument {
    /// The JSON of the YAML in `bytes`.
    package static func json(_ bytes: [UInt8]) throws(JSONSyntaxError) -> JSONText {
        let bytes = withoutByteOrderMark(bytes)
        try checkText(bytes)
        var writer = YAMLToJSON(recordsOrigins: false)
        try YAMLTree.write(bytes, into: &writer)
        let origins = YAMLOrigins(yaml: bytes)
        return JSONText(bytes: writer.json) { origins.location(of: $0) }
    }

    /// The document's root node; an empty document is `null`.
    static func root(of bytes: [UInt8]) throws(JSONSyntaxError) -> YAMLNode {
        let bytes = withoutByteOrderMark(bytes)
        try checkText(bytes)
        return try YAMLTree.root(of: bytes)
    }

    /// `bytes` without the UTF-8 byte order mark a Windows editor may start a file with, which
    /// libyaml, told the text is UTF-8, would read as the first character of a key.
    static func withoutByteOrderMark(_ bytes: [UInt8]) -> [UInt8] {
        bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes
    }

    private static func checkText(_ bytes: [UInt8]) throws(JSONSyntaxError) {
        guard String(validating: bytes, as: UTF8.self) != nil else {
            throw JSONSyntaxError(offset: 0, line: 1, column: 1, message: "not UTF-8 text")
        }
    }
}

/// Where each offset of a YAML document's JSON came from, worked out on the first question (an
/// error to report) by converting the YAML again, and kept for the next.
final class YAMLOrigins: Sendable {
    private let yaml: [UInt8]
    private let table = Locked<[YAMLToJSON.Origin]?>(nil)

    init(yaml: [UInt8]) {
        self.yaml = yaml
    }

    /// The YAML line:column of the key or value the JSON byte at `offset` belongs to.
    func location(of offset: Int) -> TextLocation {
        let origins = table.withLock { table in
            if let table { return table }
            var writer = YAMLToJSON(recordsOrigins: true)
            try? YAMLTree.write(yaml, into: &writer)
            table = writer.origins
            return writer.origins
        }
        // The last key or value starting at or before `offset`.
        var low = 0, high = origins.count
        while low < high {
            let middle = (low + high) / 2
            if origins[middle].offset <= offset { low = middle + 1 } else { high = middle }
        }
        guard low > 0 else { return TextLocation(line: 1, column: 1) }
        return TextLocation(line: Int(origins[low - 1].line), column: Int(origins[low - 1].column))
    }
}
