import ArgumentParser
import SegueCore
import SegueFiles
import SegueTerminal

/// `segue render SPEC`: the screen after some keys, printed as text, without a terminal.
struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Print a spec's screen, after some keys, as text (or with its colours), without a terminal.",
        discussion: "Live sections load first (their commands run, but not with --safe or --no-exec); exec actions do not run. Exit 0, or 64 for a bad --size or key name."
    )

    @Argument(help: "A spec file (.json or .yaml), a folder holding main.json (or main.yaml), or - to read the spec from stdin.",
              completion: .file(extensions: ["json", "yaml", "yml"]))
    var spec: String

    @Option(help: ArgumentHelp("The screen's size, COLUMNSxLINES.", valueName: "size"))
    var size = "80x24"

    @Option(help: ArgumentHelp("Keys to press first, by name, separated by spaces: \"j j Enter\", \"/ p i z\", \"ctrl-d\".", valueName: "keys"))
    var keys = ""

    @Option(help: ArgumentHelp("text, or ansi (with the styles as escape sequences).", valueName: "format"))
    var format = "text"

    @Option(help: ArgumentHelp("A built-in theme: default, high-contrast or mono.", valueName: "name"))
    var theme: String?

    @OptionGroup var safeMode: SafeModeOptions

    func run() throws {
        let parts = size.split(separator: "x").compactMap { Int($0) }
        guard parts.count == 2, parts[0] > 0, parts[1] > 0, parts[0] <= Size.largest.width, parts[1] <= Size.largest.height else {
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
        // The user's keys and theme, as the app would use them (a README's captures are made
        // where there is no config).
        let environment = ProcessEnvironment.variables()
        let config = try UserConfig.forCommand(environment: environment)
        let chosen: Theme
        switch Theme.resolve(option: theme, environment: [:], config: config.theme, spec: nil, colour: .always) {
        case .success(let resolved): chosen = resolved
        case .failure(let problem):
            Diagnostics.report(problem.description)
            throw ExitCode(ExitStatus.usage.code)
        }
        let safe = try SafeMode(spec: spec, options: safeMode, environment: environment)
        let loader = safe.confining(SpecLoader(keymap: config.keymap))
        let root = try loader.loadFirst(spec)
        let grid = RenderApp.run(root: root, loader: loader, size: Size(width: parts[0], height: parts[1]), keys: pressed,
                                 options: safe.applied(to: AppOptions()), keymap: config.keymap, theme: chosen)
        try StandardOutput.write(format == "ansi" ? grid.ansiLines : grid.lines)
    }
}

/// `segue graph SPEC`: the screens a spec leads to and the rows that lead there.
struct GraphCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "graph",
        abstract: "Print the screens a spec leads to and their links, as Graphviz dot or Mermaid.",
        discussion: "Links that are templates are not followed; with --safe, nor links out of the spec's folder. Exit 0, 65 if a spec on the way does not load."
    )

    @Argument(help: "A spec file (.json or .yaml) or a folder holding main.json (or main.yaml).", completion: .file(extensions: ["json", "yaml", "yml"]))
    var spec: String

    @Option(help: ArgumentHelp("dot or mermaid.", valueName: "format"))
    var format = "dot"

    @OptionGroup var safeMode: SafeModeOptions

    func run() throws {
        guard format == "dot" || format == "mermaid" else {
            Diagnostics.report("graph: --format: expected dot or mermaid, found \"\(format)\"")
            throw ExitCode(ExitStatus.usage.code)
        }
        let safe = try SafeMode(spec: spec, options: safeMode, environment: ProcessEnvironment.variables())
        let check = SpecCheck.run(path: spec, loader: safe.confining(SpecLoader()), environment: [:], settings: Settings(path: nil))
        for error in check.errors { Diagnostics.report(error) }
        try StandardOutput.write([format == "dot" ? check.dot : check.mermaid])
        if !check.errors.isEmpty { throw ExitCode(ExitStatus.badSpec.code) }
    }
}

/// `segue schema`: the JSON Schema of specs, for editors (VS Code, JetBrains, Neovim).
struct SchemaCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "schema",
        abstract: "Print the JSON Schema of specs (docs/segue.schema.json), for editors."
    )

    func run() throws { try StandardOutput.write([SpecSchema.document]) }
}
