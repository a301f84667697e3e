import Foundation
import SegueJSON
internal import Yams

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
/// Cost: Yams builds a node tree of the whole document (libyaml's parser), and the JSON is
/// written from it once; where each JSON offset came from is worked out only when an error
/// asks, by converting again.
package enum YAMLDocument {
    /// The JSON of the YAML in `bytes`.
    package static func json(_ bytes: [UInt8]) throws(JSONSyntaxError) -> JSONText {
        var writer = YAMLToJSON(recordsOrigins: false)
        try writer.write(root(of: bytes))
        let origins = YAMLOrigins(yaml: bytes)
        return JSONText(bytes: writer.json) { origins.location(of: $0) }
    }

    /// The document's root node; an empty document is `null`.
    static func root(of bytes: [UInt8]) throws(JSONSyntaxError) -> Node {
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw JSONSyntaxError(offset: 0, line: 1, column: 1, message: "not UTF-8 text")
        }
        do {
            return try Parser(yaml: text, resolver: .basic).singleRoot() ?? Node("", Tag(.null))
        } catch let error as YamlError {
            throw syntaxError(error)
        } catch {
            throw JSONSyntaxError(offset: 0, line: 1, column: 1, message: "\(error)")
        }
    }

    /// libyaml's message at its mark: `mapping values are not allowed in this context`.
    private static func syntaxError(_ error: YamlError) -> JSONSyntaxError {
        func located(_ mark: Mark, _ problem: String, _ context: YamlError.Context?) -> JSONSyntaxError {
            let message = context.map { "\(problem) (\($0.text) at \($0.mark.line):\($0.mark.column))" } ?? problem
            return JSONSyntaxError(offset: 0, line: mark.line, column: mark.column, message: message)
        }
        switch error {
        case .scanner(let context, let problem, let mark, _), .parser(let context, let problem, let mark, _),
             .composer(let context, let problem, let mark, _):
            return located(mark, problem, context)
        case .duplicatedKeysInMapping(let duplicates, let context):
            return located(context.mark, "duplicate key \(duplicates.map { "\"\($0)\"" }.joined(separator: ", ")) in a mapping", nil)
        default:
            return JSONSyntaxError(offset: 0, line: 1, column: 1, message: "\(error)")
        }
    }
}

/// Where each offset of a YAML document's JSON came from, worked out on the first question (an
/// error to report) by converting the YAML again, and kept for the next.
///
/// Sendable by its lock: the table is only read or written holding it (an `NSLock`, as
/// `Synchronization.Mutex` needs macOS 15).
final class YAMLOrigins: @unchecked Sendable {
    private let yaml: [UInt8]
    private let lock = NSLock()
    private var table: [YAMLToJSON.Origin]?

    init(yaml: [UInt8]) {
        self.yaml = yaml
    }

    /// The YAML line:column of the key or value the JSON byte at `offset` belongs to.
    func location(of offset: Int) -> TextLocation {
        let origins = lock.withLock {
            if let table { return table }
            var writer = YAMLToJSON(recordsOrigins: true)
            try? writer.write(YAMLDocument.root(of: yaml))
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
