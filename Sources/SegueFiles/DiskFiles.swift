#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import SegueCore

/// The spec loader's files, read from the disk; under `--safe` only inside the spec's folder.
public struct DiskFiles: SpecFileReader {
    /// `--safe`'s folder, when it is on.
    public var confinement: Confinement?

    public init(confinement: Confinement? = nil) {
        self.confinement = confinement
    }

    /// A regular file's bytes: segue targets, data files and libraries are read while the screen
    /// waits, so one that is a named pipe (or a device) is refused at once, not waited on. Only
    /// the spec named on the command line may be a pipe (`SpecLoader.loadNamed`).
    /// A YAML file's is converted to JSON (`SpecFormat`).
    package func contents(of path: String) throws(SpecError) -> JSONText {
        try SpecFormat.text(SpecFile.contents(of: path, confinement: confinement, pipes: false), path: path)
    }

    public func specFile(_ path: String) -> String { Self.specFile(path) }

    /// A `segue.json` above a spec is read only when other users could not have put it there: it
    /// and its folder belong to the user (or root), and its folder is not one every user may
    /// write in (`/tmp`, a shared volume), where the search stops.
    package func upwardTrust(of file: String) -> UpwardTrust {
        let folder = SpecPath.folder(file)
        var folderInfo = stat(), fileInfo = stat()
        let present = stat(file, &fileInfo) == 0
        guard stat(folder, &folderInfo) == 0 else { return .trusted }  // reading it says why not
        if folderInfo.st_mode & S_IWOTH != 0 {
            return .stop(present ? "\(folder) is a folder every user can write in, so the search for segue.json stops there" : nil)
        }
        if let owner = Self.stranger(folderInfo.st_uid) {
            return .stop(present ? "its folder belongs to \(owner), not to you" : nil)
        }
        if present, let owner = Self.stranger(fileInfo.st_uid) {
            return .skipped("it belongs to \(owner), not to you")
        }
        return .trusted
    }

    /// How to name the owner `uid` when it is neither this user nor root; `nil` when it is one of them.
    private static func stranger(_ uid: uid_t) -> String? {
        guard uid != geteuid(), uid != 0 else { return nil }
        guard let entry = getpwuid(uid), let name = entry.pointee.pw_name else { return "user \(uid)" }
        return "user \(String(cString: name)) (\(uid))"
    }

    /// The file a spec path means: a folder stands for its `main.json`, else its `main.yaml` or
    /// `main.yml` (`main.json` named when it has none, for the error).
    public static func specFile(_ path: String) -> String {
        var info = stat()
        guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else { return path }
        let folder = path.hasSuffix("/") ? path : path + "/"
        let name = SpecFormat.folderSpecNames.first { access(folder + $0, F_OK) == 0 } ?? SpecFormat.folderSpecNames[0]
        return folder + name
    }
}

extension SpecLoader {
    /// A loader that reads from the disk, confined under `--safe`.
    public init(disk confinement: Confinement?, actionNames: Set<String> = [], cellRendererNames: Set<String> = [],
                sourceNames: Set<String> = [], keymap: Keymap = .standard) {
        self.init(files: DiskFiles(confinement: confinement), actionNames: actionNames, cellRendererNames: cellRendererNames,
                  sourceNames: sourceNames, keymap: keymap)
    }

    /// Reads the spec named on the command line, which alone may be a named pipe read to its
    /// end (`segue <(make-spec)`); the files it names are read as any other spec's.
    public func loadNamed(path: String) throws(SpecError) -> Spec {
        guard let disk = files as? DiskFiles else { return try load(path: path) }
        let file = disk.specFile(path)
        let bytes = try SpecFile.contents(of: file, confinement: disk.confinement, pipes: true)
        return try parse(text: SpecFormat.text(bytes, path: file), file: file)
    }

    /// Reads a spec from standard input (`segue -`). It has no file, so its segues resolve against
    /// the working directory and errors name `<stdin>`.
    public func loadStandardInput() throws(SpecError) -> Spec {
        guard isatty(STDIN_FILENO) == 0 else {
            throw SpecError(file: "<stdin>", kind: .unreadable("standard input is a terminal: pipe a spec in, as in `segue - < menu.json`"))
        }
        var spec = try parse(text: SpecFormat.text(SpecFile.readStream(STDIN_FILENO, path: "<stdin>"), path: "<stdin>"), file: "<stdin>")
        spec.path = nil
        return spec
    }
}
