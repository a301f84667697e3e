/// How the loader reaches files: the spec a path names, and the files a spec names in turn
/// (`include`, `dataFile`). The core reads no file itself; `SegueFiles.DiskFiles` reads them from
/// the disk, confined to a folder under `--safe`. A spec made in code or parsed from bytes that
/// names no file needs none (`NoFiles`).
package protocol SpecFileReader: Sendable {
    /// The JSON of the file at `path` (a YAML file's converted, its offsets mapped back to the
    /// YAML); `.notFound` when there is none, `.unreadable` with the reason otherwise.
    func contents(of path: String) throws(SpecError) -> JSONText
    /// The file a spec path means: a folder stands for its `main.json` (or `main.yaml`).
    func specFile(_ path: String) -> String
}

/// No files at all: every read is refused with `reason`.
package struct NoFiles: SpecFileReader {
    package var reason: String

    package init(reason: String = "no file can be read here") {
        self.reason = reason
    }

    package func contents(of path: String) throws(SpecError) -> JSONText {
        throw SpecError(file: path, kind: .unreadable(reason))
    }

    package func specFile(_ path: String) -> String { path }
}

/// Specs made in code, by path, laid over another reader's files: `segue edit`'s screens made
/// from a schema, which segue to each other by these paths while everything else is read as
/// usual.
package struct MadeSpecs: SpecFileReader {
    package var specs: [String: [UInt8]]
    package var files: any SpecFileReader

    package init(_ specs: [String: JSONValue], over files: any SpecFileReader) {
        self.specs = specs.mapValues { Array($0.compactJSON.utf8) }
        self.files = files
    }

    package func contents(of path: String) throws(SpecError) -> JSONText {
        if let made = specs[SpecPath.normalize(path)] { return JSONText(bytes: made) }
        return try files.contents(of: path)
    }

    package func specFile(_ path: String) -> String {
        specs[SpecPath.normalize(path)] == nil ? files.specFile(path) : path
    }
}
