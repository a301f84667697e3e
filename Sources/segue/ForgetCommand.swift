import ArgumentParser
import Glibc
import SegueCore
import SegueFiles
import SegueTerminal

/// `segue forget SPEC`: what Segue remembers about a spec tree, gone.
struct ForgetCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "forget",
        abstract: "Forget what segue remembers about a spec tree: rows chosen (frecency), where screens were left, and past queries.",
        discussion: "Prints each file removed. Exit 0, or 1 when a file could not be removed (said on stderr)."
    )

    @Argument(help: "The spec file (.json or .yaml), or a folder holding main.json (or main.yaml), as it is opened.", completion: .file(extensions: ["json", "yaml", "yml"]))
    var spec: String

    @Flag(help: "Keep the find lines' past queries; forget only rows chosen and places left.")
    var keepQueries = false

    func run() throws {
        let environment = ProcessEnvironment.variables()
        let files = [RowMemoryFile.path(forSpec: spec, environment: environment)]
            + (keepQueries ? [] : [QueryHistoryFile.path(forSpec: spec, environment: environment)])
        var failed = false
        let remembered = files.compactMap { $0 }.filter { access($0, F_OK) == 0 }
        if remembered.isEmpty { try StandardOutput.writeValues(["nothing remembered of " + spec]) }
        for file in remembered {
            if let problem = StateFiles.remove(file) {
                Diagnostics.report(problem)
                failed = true
            } else {
                try StandardOutput.writeValues(["forgot " + file])
            }
        }
        if failed { throw ExitCode(ExitStatus.cancelled.code) }
    }
}
