import ArgumentParser
import SegueCore
import SegueFiles
import SegueTerminal

/// `segue check SPEC`: load a spec and every spec it leads to, and report every problem
/// without opening a screen.
struct Check: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Check a spec and every spec it leads to: print every error and warning, and exit.",
        discussion: "Exit status 0 when there is no error (warnings or not), 65 when there is one, 66 for a missing first spec."
    )

    @Argument(help: "A spec file (.json or .yaml), a folder holding main.json (or main.yaml), or - to read the spec from stdin.",
              completion: .file(extensions: ["json", "yaml", "yml"]))
    var spec: String

    @Flag(help: "Count warnings as errors (exit 65 when there is one), for CI.")
    var strict = false

    @Option(help: ArgumentHelp("A JSON file of sample data for the first spec, as a segue would pass it, instead of warnings about each name it expects.",
                               valueName: "file"), completion: .file(extensions: ["json", "yaml", "yml"]))
    var data: String?

    @OptionGroup var safeMode: SafeModeOptions

    func run() throws {
        let environment = ProcessEnvironment.variables()
        let safe = try SafeMode(spec: spec, options: safeMode, environment: environment)
        let loader = safe.confining(SpecLoader())
        var root: Spec
        do {
            root = try loader.loadFirst(spec)
        } catch let code as ExitCode {
            // Its summary still comes last, as for any spec, so a CI log ends with the count.
            try StandardOutput.write(["\(Diagnostics.escaped(spec == "-" ? "<stdin>" : DiskFiles.specFile(spec))): 0 rows, 1 error, 0 warnings"])
            throw code
        }
        if let data {
            switch SpecData.load(path: data) {
            case .success(let sample): root.data = SpecData.merge(root.data, sample)
            case .failure(let problem):
                Diagnostics.report(problem.description)
                throw ExitCode(ExitStatus.usage.code)
            }
        }
        // In safe mode the spec's own settings file is not read, as `run --safe` does not read it.
        let settings = safe.confinement == nil ? root.settingsFile.map(SettingsFile.load) ?? Settings(path: nil) : Settings(path: nil)
        let check = SpecCheck.run(path: spec == "-" ? nil : spec, first: root, loader: loader,
                                  environment: environment, settings: settings)
        for error in check.errors { Diagnostics.report(error) }
        for warning in check.warnings { Diagnostics.report(warning.replacingFirst(": ", with: ": warning: ")) }
        for skipped in check.notChecked { Diagnostics.report(skipped.replacingFirst(": ", with: ": not checked: ")) }
        // A file's name is text too: its control characters are escaped, as in messages.
        let name = Diagnostics.escaped(root.path ?? (spec == "-" ? "<stdin>" : spec))
        let specs = check.specs > 1 ? " in \(check.specs) specs" : ""
        let errors = check.errors.isEmpty ? "" : "\(counted(check.errors.count, "error")), "
        try StandardOutput.write(["\(name): \(counted(check.rows, "row"))\(specs), \(errors)\(counted(check.warnings.count, "warning"))"])
        if !check.errors.isEmpty || (strict && !check.warnings.isEmpty) { throw ExitCode(ExitStatus.badSpec.code) }
    }

    /// `1 row`, `2 rows`.
    private func counted(_ count: Int, _ noun: String) -> String {
        "\(count) \(noun)\(count == 1 ? "" : "s")"
    }
}

private extension String {
    /// The string with the first `separator` replaced by `replacement`.
    func replacingFirst(_ separator: String, with replacement: String) -> String {
        // Found from the start, not by making an array of a 50 MB warning's characters.
        guard let range = firstRange(of: separator) else { return self }
        return self[..<range.lowerBound] + replacement + self[range.upperBound...]
    }
}
