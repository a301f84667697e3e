#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Loads spec files (format v1) into `Spec`s, fast enough for a million rows.
///
/// The top level is an array of sections or `{"title": …, "sections": […]}`; a section has an
/// optional `header`, `footer` and `rows`; a row has `title`, `detail`, `enabled`, `segue` and
/// `action`, and keeps every other key in `extras`. Null means absent and unknown keys are kept
/// or skipped, but a known key with a wrongly typed value is an error, reported with its JSON path
/// and line:column. Rows are validated in one pass and decoded only when shown (`LazyRowTable`).
public struct SpecLoader: Sendable {
    /// Names a row's `action` may use besides `"back"` and `"quit"`: the registered handlers.
    public var actionNames: Set<String>

    public init(actionNames: Set<String> = []) {
        self.actionNames = actionNames
    }

    /// The file a spec path means: a folder stands for its `main.json`.
    public static func resolve(_ path: String) -> String {
        var info = stat()
        guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else { return path }
        return path.hasSuffix("/") ? path + "main.json" : path + "/main.json"
    }

    /// Reads and parses the spec at `path` (a file, or a folder with `main.json`).
    ///
    /// Errors name the resolved file, so that `file:line:column` points into it.
    public func load(path: String) throws(SpecError) -> Spec {
        let file = Self.resolve(path)
        return try parse(bytes: SpecFile.contents(of: file), file: file)
    }

    /// Parses spec bytes read from `file`, which only names the spec in errors and becomes `Spec.path`.
    ///
    /// The bytes are kept (not copied) as the rows' storage, for as long as the spec lives.
    public func parse(bytes: [UInt8], file: String) throws(SpecError) -> Spec {
        guard bytes.count <= SpecFile.sizeLimit else {
            throw SpecError(file: file, kind: .unreadable(SpecFile.tooLargeReason))
        }
        let index = try bytes.withUnsafeBufferPointer { (buffer) throws(SpecError) -> SpecIndexer.Result in
            var indexer = SpecIndexer(bytes: buffer, actionNames: actionNames)
            do throws(JSONScanError) {
                try indexer.run()
            } catch {
                throw Self.specError(error, in: buffer, file: file)
            }
            return indexer.result
        }
        let table = LazyRowTable(bytes: bytes, offsets: index.rowOffsets, enabledFlags: index.rowEnabled)
        let sections = index.sections.map { entry in
            Section(
                header: entry.header,
                footer: entry.footer,
                rows: RowList(table: table, base: entry.firstRow, count: entry.rowCount)
            )
        }
        return Spec(title: index.title, sections: sections, path: file)
    }

    private static func specError(_ error: JSONScanError, in bytes: UnsafeBufferPointer<UInt8>, file: String) -> SpecError {
        let location = TextLocation(offset: error.offset, in: bytes)
        switch error.kind {
        case .syntax:
            return SpecError(file: file, kind: .syntax(line: location.line, column: location.column, message: error.message))
        case .shape(let path):
            return SpecError(
                file: file,
                kind: .shape(path: path, line: location.line, column: location.column, message: error.message)
            )
        }
    }
}
