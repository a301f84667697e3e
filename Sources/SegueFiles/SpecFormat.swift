import SegueCore
internal import SegueYAML

/// The two ways a spec, cell library or data file is written: JSON (with JSONC's comments) or
/// YAML, told by the file's name, else (standard input, a pipe, a command's output) by its first
/// character. YAML becomes JSON here, so the loader reads one format.
package enum SpecFormat: Equatable, Sendable {
    case json
    case yaml

    /// The names a folder's spec may have, in the order they are looked for.
    package static let folderSpecNames = ["main.json", "main.yaml", "main.yml"]

    /// The format of `bytes` read from `path`: `.yaml`/`.yml` and `.json`/`.jsonc` by name; a
    /// name that says neither is JSON when its first character (after spaces) opens an object or
    /// an array or a comment, as YAML documents seldom do.
    package init(path: String, bytes: [UInt8]) {
        let name = path.lowercased()
        if name.hasSuffix(".yaml") || name.hasSuffix(".yml") {
            self = .yaml
        } else if name.hasSuffix(".json") || name.hasSuffix(".jsonc") {
            self = .json
        } else {
            let first = bytes.first { ![0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF].contains($0) }
            self = first.map { [UInt8(ascii: "{"), UInt8(ascii: "["), UInt8(ascii: "/")].contains($0) } ?? true ? .json : .yaml
        }
    }

    /// The JSON the loader reads from `bytes` read from `path`; a YAML error names the file at
    /// its line:column.
    package static func text(_ bytes: [UInt8], path: String) throws(SpecError) -> JSONText {
        guard SpecFormat(path: path, bytes: bytes) == .yaml else { return JSONText(bytes: bytes) }
        do {
            return try YAMLDocument.json(bytes)
        } catch {
            throw SpecError(file: path, kind: .syntax(line: error.line, column: error.column, message: error.message))
        }
    }
}
