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
        discussion: HelpText.discussion + HelpText.runOptions,
        version: "1.0.0",
        subcommands: [Run.self, Check.self, RenderCommand.self, GraphCommand.self, SchemaCommand.self, CompletionScript.self],
        defaultSubcommand: Run.self
    )
}

/// `segue run SPEC` (and the shorthand `segue SPEC`).
struct Run: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Open a spec and browse it.",
        discussion: HelpText.discussion
    )

    @Argument(help: "A spec file (.json), a folder holding main.json, or - to read the spec from stdin.",
              completion: .file(extensions: ["json"]))
    var spec: String?

    @Flag(help: "Space marks rows; Enter prints every marked row's value, one per line.")
    var multi = false

    @Flag(help: "Print a JSON object per chosen row (its data, section and the navigation path) instead of its value.")
    var printJSON = false

    @Flag(help: "Run no commands, neither exec actions nor the source commands of live sections (also SEGUE_NO_EXEC=1), for specs you do not trust.")
    var noExec = false

    @Flag(help: "Leave the mouse to the terminal (no clicking rows or wheel scrolling).")
    var noMouse = false

    @Option(help: ArgumentHelp("Open with the find line open and TEXT typed in it (/ opens it later).",
                               valueName: "text"))
    var query: String?

    @Flag(help: "Order each section's matches best first while finding (the spec's \"sort\": \"score\").")
    var sort = false

    @Flag(help: "Print what the find line holds as the first line of output, before the chosen values.")
    var printQuery = false

    @Option(help: ArgumentHelp("Where the preview pane goes: auto (right from 100 columns, else below), right, bottom or off. Ctrl-O shows or hides it.",
                               valueName: "where"))
    var preview: PreviewPlacement = .auto

    @Option(help: ArgumentHelp("A built-in theme: default, high-contrast or mono (also SEGUE_THEME, or the spec's \"theme\").",
                               valueName: "name"))
    var theme: String?

    @Option(help: ArgumentHelp("When to use colour: auto (not when NO_COLOR is set), always or never.", valueName: "when"))
    var color: ColourChoice = .auto

    @Flag(help: "Draw with ASCII only (also when the locale cannot show UTF-8).")
    var ascii = false

    @Flag(help: "Plain mode: numbered lines and a prompt instead of a full screen (also when TERM=dumb), for screen readers, Emacs shell buffers, serial consoles and logs.")
    var plain = false

    @Flag(help: "Reload a screen when its spec (or its data file or cell library) changes on disk, keeping your place.")
    var watch = false

    @Option(help: ArgumentHelp("Open with these screens stacked over the first, as their segues would stack them: spec paths separated by /, each relative to the one before (food.json/drinks.json).",
                               valueName: "path"))
    var open: String?

    @Option(help: ArgumentHelp("Select the row with this id (or title) on the screen that opens.", valueName: "id"))
    var select: String?

    @Option(help: ArgumentHelp("The settings file toggles and choices save to (default: the spec's settingsFile).",
                               valueName: "path"), completion: .file(extensions: ["json"]))
    var settings: String?

    func validate() throws {
        guard let spec else {
            // No spec at all: a line saying how to start, not the whole help.
            Diagnostics.report("usage: segue [run] [options] SPEC   (SPEC: a .json file, a folder holding main.json, or -; segue --help for keys and options)")
            throw ExitCode(ExitStatus.usage.code)
        }
        if spec.isEmpty { throw ValidationError("the spec path is empty: give a spec file (.json) or a folder") }
    }

    /// `--settings`, else the first spec's `settingsFile`, else none (settings last for the session).
    private func settingsPath(for root: Spec) -> String? {
        settings ?? root.settingsFile
    }

    func run() throws {
        let spec = self.spec ?? ""
        let environment = ProcessEnvironment.variables()
        var config = UserConfig()
        if let path = UserConfig.path(environment: environment) {
            switch UserConfig.load(path: path) {
            case .success(let loaded): config = loaded
            case .failure(let error):
                Diagnostics.report(error.description)
                throw ExitCode(ExitStatus.badConfig.code)
            }
        }
        let loader = SpecLoader(keymap: config.keymap)
        var root = try loader.loadFirst(spec)
        if root.title == nil, let path = root.path {
            root.title = AppState.defaultTitle(forPath: SpecPath.resolve(path, relativeTo: (WorkingDirectory.current() ?? ".") + "/"))
        }
        // `--open`: each spec on the way, from the one before; a missing or broken one is told now.
        var opening: [Spec] = []
        var base = root.path
        for part in (open ?? "").split(separator: "/") {
            let next = try loader.loadFirst(SpecPath.resolve(String(part), relativeTo: base))
            opening.append(next)
            base = next.path
        }
        if !opening.isEmpty || select != nil {
            var probe = AppState(root: root, size: Size(width: 80, height: 24), keymap: config.keymap)
            if let problem = probe.deepLink(opening: opening, select: select) {
                Diagnostics.report(problem)
                throw ExitCode(ExitStatus.badSpec.code)
            }
        }
        let options = AppOptions(multiSelect: multi, printJSON: printJSON,
                                 allowExec: !noExec && environment["SEGUE_NO_EXEC"] != "1",
                                 query: query, sortByScore: sort, printQuery: printQuery, preview: preview)
        var chosenTheme: Theme
        switch Theme.resolve(option: theme, environment: environment, config: config.theme, spec: root.theme, colour: color) {
        case .success(let resolved):
            chosenTheme = resolved
            chosenTheme.ascii = ascii || !Locale.showsUTF8
        case .failure(let problem):
            Diagnostics.report(problem.description)
            throw ExitCode(ExitStatus.usage.code)
        }
        let settings = settingsPath(for: root).map(SettingsFile.load) ?? Settings(path: nil)
        do {
            let outcome = plain || environment["TERM"] == "dumb"
                ? try PlainApp.run(root: root, loader: loader, settings: settings, options: options, keymap: config.keymap,
                                   opening: opening, select: select)
                : try TerminalApp.run(root: root, loader: loader, settings: settings, options: options, keymap: config.keymap,
                                      theme: chosenTheme, mouse: !noMouse, opening: opening, select: select, watch: watch)
            // The terminal is back; chosen values go to stdout, for `choice=$(segue menu.json)`.
            for line in outcome.emitted { print(line) }
            throw ExitCode(outcome.status.code)
        } catch let error as TerminalError {
            Diagnostics.report(error.description)
            throw ExitCode(ExitStatus.noTerminal.code)
        }
    }
}

extension PreviewPlacement: ExpressibleByArgument {}
extension ColourChoice: ExpressibleByArgument {}

/// Whether the user's locale can show UTF-8 (`LANG=C` cannot: Segue then draws ASCII).
enum Locale {
    static var showsUTF8: Bool {
        setlocale(LC_CTYPE, "")
        let codeset = String(cString: nl_langinfo(nl_item(CODESET)))
        return codeset.uppercased().filter { $0 != "-" } == "UTF8"
    }
}

extension SpecLoader {
    /// The spec a command is given: a file, a folder, or `-` for standard input. A failure is
    /// reported on standard error and ends the command with the spec error's exit status.
    func loadFirst(_ spec: String) throws -> Spec {
        do {
            return spec == "-" ? try loadStandardInput() : try load(path: spec)
        } catch {
            Diagnostics.report(error.description)
            throw ExitCode(error.exitCode)
        }
    }
}
