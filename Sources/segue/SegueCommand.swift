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
        subcommands: [Run.self, Check.self, RenderCommand.self, GraphCommand.self, CompletionScript.self],
        defaultSubcommand: Run.self
    )
}

/// `segue check SPEC`: load a spec and every spec it leads to, and report every problem
/// without opening a screen.
struct Check: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Check a spec and every spec it leads to: print every error and warning, and exit.",
        discussion: "Exit status 0 when there is no error (warnings or not), 65 when there is one, 66 for a missing first spec."
    )

    @Argument(help: "A spec file (.json), a folder holding main.json, or - to read the spec from stdin.",
              completion: .file(extensions: ["json"]))
    var spec: String

    @Flag(help: "Count warnings as errors (exit 65 when there is one), for CI.")
    var strict = false

    @Option(help: ArgumentHelp("A JSON file of sample data for the first spec, as a segue would pass it, instead of warnings about each name it expects.",
                               valueName: "file"), completion: .file(extensions: ["json"]))
    var data: String?

    func run() throws {
        let loader = SpecLoader()
        // The first spec failing to load is what it always was: its error and its exit status.
        var root: Spec
        do {
            root = spec == "-" ? try loader.loadStandardInput() : try loader.load(path: spec)
        } catch {
            Diagnostics.report(error.description)
            throw ExitCode(error.exitCode)
        }
        if let data {
            switch SpecData.load(path: data) {
            case .success(let sample): root.data = SpecData.merge(root.data, sample)
            case .failure(let problem):
                Diagnostics.report(problem.description)
                throw ExitCode(ExitStatus.usage.code)
            }
        }
        let settings = root.settingsFile.map(SettingsFile.load) ?? Settings(path: nil)
        let check = SpecCheck.run(path: spec == "-" ? nil : spec, first: root, loader: loader,
                                  environment: ProcessEnvironment.variables(), settings: settings)
        for error in check.errors { Diagnostics.report(error) }
        for warning in check.warnings { Diagnostics.report(warning.replacingFirst(": ", with: ": warning: ")) }
        for skipped in check.notChecked { Diagnostics.report(skipped.replacingFirst(": ", with: ": not checked: ")) }
        let name = root.path ?? (spec == "-" ? "<stdin>" : spec)
        let specs = check.specs > 1 ? " in \(check.specs) specs" : ""
        let errors = check.errors.isEmpty ? "" : "\(counted(check.errors.count, "error")), "
        print("\(name): \(counted(check.rows, "row"))\(specs), \(errors)\(counted(check.warnings.count, "warning"))")
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
        let characters = Array(self), pattern = Array(separator)
        guard pattern.count <= characters.count,
              let start = (0...(characters.count - pattern.count)).first(where: { characters[$0..<($0 + pattern.count)].elementsEqual(pattern) })
        else { return self }
        return String(characters[..<start]) + replacement + String(characters[(start + pattern.count)...])
    }
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
        var root: Spec
        do {
            root = spec == "-" ? try loader.loadStandardInput() : try loader.load(path: spec)
        } catch {
            Diagnostics.report(error.description)
            throw ExitCode(error.exitCode)
        }
        if root.title == nil, let path = root.path {
            root.title = AppState.defaultTitle(forPath: SpecPath.resolve(path, relativeTo: (WorkingDirectory.current() ?? ".") + "/"))
        }
        let options = AppOptions(multiSelect: multi, printJSON: printJSON,
                                 allowExec: !noExec && ProcessEnvironment.variables()["SEGUE_NO_EXEC"] != "1",
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
        do {
            if plain || environment["TERM"] == "dumb" {
                let outcome = try PlainApp.run(
                    root: root, loader: loader, settings: settingsPath(for: root).map(SettingsFile.load) ?? Settings(path: nil),
                    options: options, keymap: config.keymap)
                for line in outcome.emitted { print(line) }
                throw ExitCode(outcome.status.code)
            }
            let outcome = try TerminalApp.run(
                root: root, loader: loader, settings: settingsPath(for: root).map(SettingsFile.load) ?? Settings(path: nil),
                options: options, keymap: config.keymap, theme: chosenTheme, mouse: !noMouse)
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

/// `segue completions bash|zsh|fish`: the shell's completion script, on stdout.
struct CompletionScript: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "completions",
        abstract: "Print the completion script for bash, zsh or fish (make install installs them)."
    )

    @Argument(help: "bash, zsh or fish.")
    var shell: String

    func run() throws {
        guard let script = Completions.script(for: shell) else {
            Diagnostics.report("completions: expected bash, zsh or fish, found \"\(shell)\"")
            throw ExitCode(ExitStatus.usage.code)
        }
        print(script, terminator: "")
    }
}

/// `segue render SPEC`: the screen after some keys, printed as text, without a terminal.
struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Print a spec's screen, after some keys, as text (or with its colours), without a terminal.",
        discussion: "Live sections load first; exec actions do not run. Exit 0, or 64 for a bad --size or key name."
    )

    @Argument(help: "A spec file (.json), a folder holding main.json, or - to read the spec from stdin.",
              completion: .file(extensions: ["json"]))
    var spec: String

    @Option(help: ArgumentHelp("The screen's size, COLUMNSxLINES.", valueName: "size"))
    var size = "80x24"

    @Option(help: ArgumentHelp("Keys to press first, by name, separated by spaces: \"j j Enter\", \"/ p i z\", \"ctrl-d\".", valueName: "keys"))
    var keys = ""

    @Option(help: ArgumentHelp("text, or ansi (with the styles as escape sequences).", valueName: "format"))
    var format = "text"

    @Option(help: ArgumentHelp("A built-in theme: default, high-contrast or mono.", valueName: "name"))
    var theme: String?

    func run() throws {
        let parts = size.split(separator: "x").compactMap { Int($0) }
        guard parts.count == 2, parts[0] > 0, parts[1] > 0, parts[0] <= 1000, parts[1] <= 1000 else {
            Diagnostics.report("render: --size: expected COLUMNSxLINES such as 80x24, found \"\(size)\"")
            throw ExitCode(ExitStatus.usage.code)
        }
        var pressed: [Key] = []
        for name in keys.split(separator: " ") {
            guard let key = Key(name: String(name)) else {
                Diagnostics.report("render: --keys: expected key names (j, Enter, ctrl-d, pgdn, …), found \"\(name)\"")
                throw ExitCode(ExitStatus.usage.code)
            }
            pressed.append(key)
        }
        guard format == "text" || format == "ansi" else {
            Diagnostics.report("render: --format: expected text or ansi, found \"\(format)\"")
            throw ExitCode(ExitStatus.usage.code)
        }
        let chosen: Theme
        switch Theme.resolve(option: theme, environment: [:], spec: nil, colour: .always) {
        case .success(let resolved): chosen = resolved
        case .failure(let problem):
            Diagnostics.report(problem.description)
            throw ExitCode(ExitStatus.usage.code)
        }
        let loader = SpecLoader()
        let root: Spec
        do {
            root = spec == "-" ? try loader.loadStandardInput() : try loader.load(path: spec)
        } catch {
            Diagnostics.report(error.description)
            throw ExitCode(error.exitCode)
        }
        let grid = RenderApp.run(root: root, loader: loader, size: Size(width: parts[0], height: parts[1]), keys: pressed,
                                 theme: chosen)
        for line in format == "ansi" ? grid.ansiLines : grid.lines { print(line) }
    }
}

/// `segue graph SPEC`: the screens a spec leads to and the rows that lead there.
struct GraphCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "graph",
        abstract: "Print the screens a spec leads to and their links, as Graphviz dot or Mermaid.",
        discussion: "Links that are templates are not followed. Exit 0, 65 if a spec on the way does not load."
    )

    @Argument(help: "A spec file (.json) or a folder holding main.json.", completion: .file(extensions: ["json"]))
    var spec: String

    @Option(help: ArgumentHelp("dot or mermaid.", valueName: "format"))
    var format = "dot"

    func run() throws {
        guard format == "dot" || format == "mermaid" else {
            Diagnostics.report("graph: --format: expected dot or mermaid, found \"\(format)\"")
            throw ExitCode(ExitStatus.usage.code)
        }
        let check = SpecCheck.run(path: spec, loader: SpecLoader(), environment: [:], settings: Settings(path: nil))
        for error in check.errors { Diagnostics.report(error) }
        print(format == "dot" ? check.dot : check.mermaid)
        if !check.errors.isEmpty { throw ExitCode(ExitStatus.badSpec.code) }
    }
}
