import ArgumentParser
import Glibc
import SegueCore
import SegueTerminal

@main
struct SegueCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "segue",
        abstract: "Browse screens described by JSON spec files in the terminal.",
        usage: "segue [run] <spec>",
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

    @Flag(help: "Leave the mouse to the terminal (no clicking rows or wheel scrolling).")
    var noMouse = false

    @Option(help: ArgumentHelp("The settings file toggles and choices save to (default: the spec's settingsFile).",
                               valueName: "path"))
    var settings: String?

    func validate() throws {
        if spec.isEmpty { throw ValidationError("the spec path is empty: give a spec file (.json) or a folder") }
    }

    /// `--settings`, else the first spec's `settingsFile`, else none (settings last for the session).
    private func settingsPath(for root: Spec) -> String? {
        settings ?? root.settingsFile
    }

    func run() throws {
        let loader = SpecLoader()
        var root: Spec
        do {
            root = try loader.load(path: spec)
        } catch {
            Diagnostics.report(error.description)
            throw ExitCode(error.exitCode)
        }
        if root.title == nil {
            root.title = AppState.defaultTitle(forPath: SpecPath.resolve(root.path ?? spec, relativeTo: currentDirectory()))
        }
        do {
            let status = try TerminalApp.run(
                root: root, loader: loader, settings: settingsPath(for: root).map(SettingsFile.load) ?? Settings(path: nil),
                mouse: !noMouse)
            throw ExitCode(status.code)
        } catch let error as TerminalError {
            Diagnostics.report(error.description)
            throw ExitCode(ExitStatus.noTerminal.code)
        }
    }
}

/// The working directory with a trailing slash, for naming `segue .`.
private func currentDirectory() -> String {
    var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
    guard getcwd(&buffer, buffer.count) != nil else { return "./" }
    return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self) + "/"
}
