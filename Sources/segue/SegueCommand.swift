import ArgumentParser
import SegueCore
import SegueTerminal

@main
struct SegueCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "segue",
        abstract: "Browse screens described by JSON spec files in the terminal.",
        discussion: HelpText.discussion,
        version: "1.0.0",
        subcommands: [Run.self],
        defaultSubcommand: Run.self
    )
}

/// `segue run SPEC` (and the shorthand `segue SPEC`).
struct Run: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Open a spec and browse it.",
        discussion: HelpText.discussion
    )

    @Argument(help: "A spec file (.json), or a folder holding main.json.")
    var spec: String

    func run() throws {
        let loader = SpecLoader()
        let root: Spec
        do {
            root = try loader.load(path: spec)
        } catch {
            Diagnostics.report(error.description)
            throw ExitCode(error.exitCode)
        }
        do {
            let status = try TerminalApp.run(root: root, loader: loader)
            throw ExitCode(status.code)
        } catch let error as TerminalError {
            Diagnostics.report(error.description)
            throw ExitCode(ExitStatus.noTerminal.code)
        }
    }
}
