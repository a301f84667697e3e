extension SpecError {
    /// The JSON (or JSONC) value in `bytes` read from `file`; a syntax error is the file's, at
    /// its line and column.
    package static func parsing(_ bytes: [UInt8], file: String) throws(SpecError) -> JSONValue {
        do {
            return try JSONParser.parse(bytes)
        } catch {
            throw SpecError(file: file, kind: .syntax(line: error.line, column: error.column, message: error.message))
        }
    }
}

/// Why a spec could not be loaded, with enough detail to find the problem: the file, and what
/// is wrong where (`description` says it as `file:line:column: message`).
public struct SpecError: Error, Equatable, Sendable, CustomStringConvertible {
    public enum Kind: Equatable, Sendable {
        /// No file at that path (or a folder without `main.json`).
        case notFound
        /// The file exists but could not be read; the system's reason.
        case unreadable(String)
        /// Not valid JSON: where, and what was expected.
        case syntax(line: Int, column: Int, message: String)
        /// Valid JSON of the wrong shape: the JSON path (`sections[1].rows[3].segue`), where it is, and
        /// what was expected (`expected a string, found 12`).
        case shape(path: String, line: Int, column: Int, message: String)
        /// A problem found in a decoded document, known by JSON path only.
        case invalid(path: String, message: String)
    }

    /// The spec's path as the user wrote it (or as resolved from a segue).
    public var file: String
    public var kind: Kind

    public init(file: String, kind: Kind) {
        self.file = file
        self.kind = kind
    }

    /// `sysexits.h`: 66 (EX_NOINPUT) for a missing or unreadable file, 65 (EX_DATAERR) for a bad spec.
    public var exitCode: Int32 {
        switch kind {
        case .notFound, .unreadable: return ExitStatus.missingSpec.code
        case .syntax, .shape, .invalid: return ExitStatus.badSpec.code
        }
    }

    /// `file:line:column: path: message`, the form compilers use so editors can jump to it.
    public var description: String {
        switch kind {
        case .notFound:
            return "\(file): no such spec file"
        case .unreadable(let reason):
            return "\(file): cannot read: \(reason)"
        case .syntax(let line, let column, let message):
            return "\(file):\(line):\(column): \(message)"
        case .invalid(let path, let message):
            return "\(file): \(path): \(message)"
        case .shape(let path, let line, let column, let message):
            return "\(file):\(line):\(column): \(path): \(message)"
        }
    }
}
