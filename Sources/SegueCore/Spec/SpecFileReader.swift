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
