import ArgumentParser
import Glibc
import SegueCore
import SegueFiles
import SegueTerminal

/// `--safe` and `--no-exec`, declared once for every command that reads a spec someone else may
/// have written: `run`, `render`, `check` and `graph`. What they (and `SEGUE_SAFE=1`,
/// `SEGUE_NO_EXEC=1`) allow is `SafeMode`.
struct SafeModeOptions: ParsableArguments {
    @Flag(help: "Run no commands, neither exec actions nor the source commands of live sections (also SEGUE_NO_EXEC=1), for specs you do not trust.")
    var noExec = false

    @Flag(help: "Safe mode for specs you did not write (also SEGUE_SAFE=1): no commands at all, and no file read or written outside the spec's folder (segues, includes, data files, file sources, its settings file, its past queries and memory).")
    var safe = false
}

/// What a command may do with a spec: run commands or not, and read files anywhere or only in
/// the spec's folder. Every command that loads a spec resolves it here, from its flags and the
/// environment, so none of them can forget a variable.
struct SafeMode {
    /// `--safe` or `SEGUE_SAFE=1`: the folder files may be read from; `nil` when files may be
    /// read anywhere.
    var confinement: Confinement?
    /// Whether commands (exec actions, source and preview commands) may run: not with
    /// `--no-exec`, `SEGUE_NO_EXEC=1` or in safe mode.
    var allowsExec: Bool

    /// The safe mode for `spec` (a path, or `-` for standard input). A spec that does not exist
    /// under `--safe` ends the command with the missing spec's status.
    init(spec: String, safe: Bool, noExec: Bool, environment: [String: String]) throws {
        confinement = safe || environment["SEGUE_SAFE"] == "1" ? try Self.confinement(for: spec) : nil
        allowsExec = !noExec && environment["SEGUE_NO_EXEC"] != "1" && confinement == nil
    }

    init(spec: String, options: SafeModeOptions, environment: [String: String]) throws {
        try self.init(spec: spec, safe: options.safe, noExec: options.noExec, environment: environment)
    }

    /// A loader that reads only what the safe mode allows.
    func confining(_ loader: SpecLoader) -> SpecLoader {
        var loader = loader
        loader.files = DiskFiles(confinement: confinement)
        return loader
    }

    /// The session's options with commands and files allowed as the safe mode says.
    func applied(to options: AppOptions) -> AppOptions {
        var options = options
        options.allowExec = allowsExec
        options.confinement = confinement
        return options
    }

    /// In safe mode, the spec's own settings file is neither read nor written (it could name any
    /// file of its folder to write into): settings that change for the session only, and say so
    /// at each change (`hint`: what keeps them instead). `nil` outside safe mode, or for a spec
    /// without one.
    func refusingSettingsFile(of root: Spec, hint: String = "") -> Settings? {
        guard confinement != nil, let path = root.settingsFile else { return nil }
        return Settings(path: nil, problem: .refused("the spec's settings file \(path) is not used in safe mode\(hint)"))
    }

    /// The first spec's folder; none for a spec from stdin, which has no folder (the current
    /// one is only where `segue` was started): it may read no file at all.
    private static func confinement(for spec: String) throws -> Confinement {
        if spec == "-" { return .noFiles }
        // A spec reached through a link is confined to the folder it really is in.
        var folder = Confinement.realPath(spec) ?? spec
        var info = stat()
        if stat(spec, &info) == 0, info.st_mode & S_IFMT != S_IFDIR { folder = SpecPath.folder(folder) }
        guard let confinement = Confinement(folder: folder.isEmpty ? "." : folder) else {
            Diagnostics.report("\(spec): no such spec file or folder")
            throw ExitCode(ExitStatus.missingSpec.code)
        }
        return confinement
    }
}
