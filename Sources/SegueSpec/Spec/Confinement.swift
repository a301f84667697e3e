/// `--safe`: the folder a spec, and every file it leads Segue to read or write, must stay in —
/// segues, includes, data files, file sources, its settings file. Links are followed before
/// deciding, so a link inside the folder to a file outside it is outside. A spec read from
/// standard input has no folder: it may read no file at all (`noFiles`).
///
/// The value is the core's (options carry it, messages name it); asking the disk whether a file
/// is inside is `SegueFiles`' (`Confinement(folder:)`, `contains`, `ConfinedFile`).
public struct Confinement: Equatable, Sendable {
    /// The folder, as its real path; `nil` when no file may be read.
    public let folder: String?

    /// The folder whose real path is `realFolder` (`SegueFiles` makes it real).
    public init(realFolder: String?) {
        folder = realFolder
    }

    /// No folder at all, for a spec from standard input under `--safe`: the current folder is
    /// only where `segue` happened to start, not the spec's, so nothing is inside.
    public static let noFiles = Confinement(realFolder: nil)

    /// Whether `realPath` (a file's real path, links resolved) is inside the folder.
    public func holds(realPath real: String) -> Bool {
        guard let folder else { return false }
        return real == folder || real.hasPrefix(folder == "/" ? "/" : folder + "/")
    }

    /// Why a file is refused: `outside the spec's folder /srv/specs (--safe)`.
    public var reason: String {
        folder.map { "outside the spec's folder \($0) (--safe)" } ?? "a spec from standard input reads no files (--safe)"
    }
}
