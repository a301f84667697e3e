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
        subcommands: [Run.self, Check.self],
        defaultSubcommand: Run.self
    )
}

/// `segue check SPEC`: load a spec and report its errors and warnings without opening it.
struct Check: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Check a spec: print its first error, or its binding warnings, and exit.",
        discussion: "Exit status 0 when the spec loads (warnings or not), 65 for a bad spec, 66 for a missing one."
    )

    @Argument(help: "A spec file (.json), or a folder holding main.json.")
    var spec: String

    func run() throws {
        let root: Spec
        do {
            root = try SpecLoader().load(path: spec)
        } catch {
            Diagnostics.report(error.description)
            throw ExitCode(error.exitCode)
        }
        let settings = root.settingsFile.map(SettingsFile.load) ?? Settings(path: nil)
        let state = AppState(root: root, size: Size(width: 80, height: 24), settings: settings,
                             environment: ProcessEnvironment.variables())
        let warnings = BindingWarnings.check(state.current)
        for warning in warnings { Diagnostics.report("\(root.path ?? spec): warning: \(warning)") }
        print("\(root.path ?? spec): \(root.rowCount) rows, \(warnings.count) warning\(warnings.count == 1 ? "" : "s")")
    }
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
