import ArgumentParser
import SegueCore
import SegueFiles
import SegueTerminal

/// `segue do SPEC ROW`: run a row's action without a screen, as Enter on it would.
struct DoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "do",
        abstract: "Run a row's action without a screen: a spec as its tool's scripting interface.",
        discussion: """
            ROW is the row's id, else its title; a path (network/wifi) follows the rows before the last to the screen it is on. \
            Commands run with segue's own standard input and output. A confirmation needs --yes; each question asked takes the next --answer. \
            Exit status: the action's (a quit's status, an emit's 0), else the last command's; 1 when it cannot go on or a settings save failed (said on stderr); 64 for no such row. \
            --list prints every row it can reach, a path and what Enter does on each line; --json prints the outcome as one JSON object.
            """
    )

    @Argument(help: "A spec file (.json or .yaml), or a folder holding main.json (or main.yaml).", completion: .file(extensions: ["json", "yaml", "yml"]))
    var spec: String

    @Argument(help: ArgumentHelp("The row: its id or title, or a path of them (network/wifi).", valueName: "row"))
    var row: String?

    @Flag(help: "List every row the spec tree reaches instead: its path, a tab, and what Enter does on it.")
    var list = false

    @Flag(help: "Print the outcome as one JSON object: status, the settings changed, what was printed, the error.")
    var json = false

    @Option(name: .customLong("set"), help: ArgumentHelp("Set a setting first, NAME=VALUE (VALUE as JSON when it parses: true, 3; else text). Repeatable.", valueName: "name=value"))
    var settings: [String] = []

    @Option(help: ArgumentHelp("The answer to the next question asked (a prompt, an input row). Repeatable, in order.", valueName: "text"))
    var answer: [String] = []

    @Flag(name: [.customLong("yes"), .customShort("y")], help: "Answer yes to confirmations (without it, an action that asks first does not run).")
    var yes = false

    @OptionGroup var safeMode: SafeModeOptions

    func run() throws {
        let environment = ProcessEnvironment.variables()
        let config = try UserConfig.forCommand(environment: environment)
        let safe = try SafeMode(spec: spec, options: safeMode, environment: environment)
        let root = try safe.confining(SpecLoader(keymap: config.keymap)).loadFirst(spec)
        // In safe mode a setting the row changes is not kept, and `do` says so as `run` does (on
        // stderr, with 1): the spec's own settings file is not used.
        var settings = safe.refusingSettingsFile(of: root) ?? Settings(path: nil)
        if safe.confinement == nil, let path = root.settingsFile {
            settings = SettingsFile.load(path: path)
            if let problem = settings.problem {
                Diagnostics.report(problem.description)
                throw ExitCode(ExitStatus.cancelled.code)
            }
        }
        if list {
            let entries = RowPaths.list(root: root, loader: safe.confining(SpecLoader(keymap: config.keymap)), settings: settings,
                                        environment: environment)
            // A spec's text, for a terminal: escape sequences and controls never reach it.
            try StandardOutput.writeValues(entries.map { TextFitting.sanitize($0.path) + "\t" + TextFitting.sanitize($0.action) })
            return
        }
        guard let row else {
            Diagnostics.report("do: expected a row's id or title (or --list)")
            throw ExitCode(ExitStatus.usage.code)
        }
        var setting: [String: JSONValue] = [:]
        for assignment in self.settings {
            guard let equals = assignment.firstIndex(of: "="), equals != assignment.startIndex else {
                Diagnostics.report("do: --set: expected NAME=VALUE, found \"\(assignment)\"")
                throw ExitCode(ExitStatus.usage.code)
            }
            let text = String(assignment[assignment.index(after: equals)...])
            setting[String(assignment[..<equals])] = (try? JSONParser.parse(Array(text.utf8))) ?? .string(text)
        }
        let path = row.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
        guard !path.isEmpty else {
            Diagnostics.report("do: expected a row's id or title, found \"\(row)\"")
            throw ExitCode(ExitStatus.usage.code)
        }
        var shown: [String] = []
        let result = DoApp.run(root: root, loader: safe.confining(SpecLoader(keymap: config.keymap)), settings: settings,
                               options: safe.applied(to: AppOptions()), keymap: config.keymap, path: path, yes: yes,
                               answers: answer, setting: setting) { text in
            if json { shown.append(text) } else { try? StandardOutput.writeValues([text]) }
        }
        if json { try DoOutcomeJSON.write(result, before: settings.values, shown: shown) }
        for problem in result.notKept { Diagnostics.report("warning: " + problem) }
        if let outcome = result.outcome {
            try StandardOutput.writeValues(outcome.emitted)
            if let replacement = outcome.replacement {
                throw ExitCode(ProcessReplacement.become(replacement.command, in: replacement.directory))
            }
            throw ExitCode(outcome.status.code)
        }
        if let failure = result.failure {
            Diagnostics.report("do: " + failure)
            throw ExitCode(result.isUsage ? ExitStatus.usage.code : ExitStatus.cancelled.code)
        }
        // What the action said: a message on stdout, an error or a warning on stderr ("done" goes
        // without saying).
        if let status = result.status, status.text != "done" {
            if status.kind == .error {
                Diagnostics.report(status.text)
                throw ExitCode(result.commandStatus != 0 ? result.commandStatus : ExitStatus.cancelled.code)
            }
            if status.kind == .warning {
                Diagnostics.report(status.text)
            } else {
                try StandardOutput.writeValues([status.text])
            }
        }
        throw ExitCode(result.commandStatus)
    }
}
