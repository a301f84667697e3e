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
    public func contents(of path: String) throws(SpecError) -> [UInt8] {
        try SpecFile.contents(of: path, confinement: confinement, pipes: false)
    }

    public func specFile(_ path: String) -> String { Self.specFile(path) }

    /// The file a spec path means: a folder stands for its `main.json`.
    public static func specFile(_ path: String) -> String {
        var info = stat()
        guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else { return path }
        return path.hasSuffix("/") ? path + "main.json" : path + "/main.json"
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
        return try parse(bytes: SpecFile.contents(of: file, confinement: disk.confinement, pipes: true), file: file)
    }

    /// Reads a spec from standard input (`segue -`). It has no file, so its segues resolve against
    /// the working directory and errors name `<stdin>`.
    public func loadStandardInput() throws(SpecError) -> Spec {
        guard isatty(STDIN_FILENO) == 0 else {
            throw SpecError(file: "<stdin>", kind: .unreadable("standard input is a terminal: pipe a spec in, as in `segue - < menu.json`"))
        }
        var spec = try parse(bytes: SpecFile.readStream(STDIN_FILENO, path: "<stdin>"), file: "<stdin>")
        spec.path = nil
        return spec
    }
}
