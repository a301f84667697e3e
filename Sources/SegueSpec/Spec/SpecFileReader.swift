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
    /// Whether `file`, met on the way up from a spec (its `segue.json`), may be read: see
    /// `UpwardTrust`. Files that are not on a disk are all trusted.
    func upwardTrust(of file: String) -> UpwardTrust
}

extension SpecFileReader {
    package func upwardTrust(of file: String) -> UpwardTrust { .trusted }
}

/// What a search up the folders above a spec makes of a file it meets, git's rule after
/// CVE-2022-24765 (`safe.directory`): a file someone else could have put there is not taken
/// for the user's own.
package enum UpwardTrust: Equatable, Sendable {
    /// Read it (or go on up when there is none).
    case trusted
    /// Not read, for the reason given (another user owns it or its folder); the search goes on up.
    case skipped(String)
    /// Not read, and the search ends here: other users can write in its folder, so nothing there
    /// or above is the user's alone. The reason is given when such a file is there.
    case stop(String?)
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

/// Specs made in code, named by path: given whole, or made when first asked for.
package protocol SpecMaker: Sendable {
    /// The spec named `path`, made now if need be; `nil` when it makes none of that name.
    func spec(named path: String) -> JSONValue?
    /// Whether it has a spec of that name, without making it.
    func makes(_ path: String) -> Bool
}

/// Specs given whole, by path.
package struct GivenSpecs: SpecMaker {
    package var specs: [String: JSONValue]

    package init(_ specs: [String: JSONValue]) { self.specs = specs }

    package func spec(named path: String) -> JSONValue? { specs[path] }
    package func makes(_ path: String) -> Bool { specs[path] != nil }
}

/// Specs made in code, by path, laid over another reader's files: `segue edit`'s screens made
/// from a schema, which segue to each other by these paths while everything else is read as
/// usual.
package struct MadeSpecs: SpecFileReader {
    package var maker: any SpecMaker
    package var files: any SpecFileReader

    package init(_ maker: any SpecMaker, over files: any SpecFileReader) {
        self.maker = maker
        self.files = files
    }

    package init(_ specs: [String: JSONValue], over files: any SpecFileReader) {
        self.init(GivenSpecs(specs), over: files)
    }

    package func contents(of path: String) throws(SpecError) -> JSONText {
        if let made = maker.spec(named: SpecPath.normalize(path)) { return JSONText(bytes: Array(made.compactJSON.utf8)) }
        return try files.contents(of: path)
    }

    package func specFile(_ path: String) -> String {
        maker.makes(SpecPath.normalize(path)) ? path : files.specFile(path)
    }

    package func upwardTrust(of file: String) -> UpwardTrust { files.upwardTrust(of: file) }
}
