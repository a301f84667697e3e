import ArgumentParser
import SegueCore
import SegueFiles
import SegueTerminal

/// `segue edit FILE --schema SCHEMA`: settings screens made from a JSON Schema
/// (`SchemaForm`), their rows bound to FILE, which every change is saved to as a settings file
/// is (unknown keys and comments kept, written atomically).
struct EditCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "edit",
        abstract: "Edit a JSON or YAML config file on settings screens made from its JSON Schema.",
        discussion: """
            Booleans are toggles, enums choices, numbers and strings inputs checked by the schema's \
            minimum, maximum and pattern, lists of strings inputs typed as "a, b, c"; nested objects \
            open screens of their own, and other lists screens of their items (a adds, K and J move, \
            d removes), maps (objects of keys of your own) screens of their members (a adds by \
            name, R renames, d removes). A value of several types or none is typed as JSON. What the screens cannot edit (a $ref outside the schema) is \
            shown read-only with the reason. Each \
            change is saved at once, keeping the file's other keys, its comments and its layout \
            (a .yaml or .yml file stays YAML), once the \
            whole file satisfies the schema (required, format, lengths, …): its problems show at \
            their rows, and a save is refused until they are fixed (--force saves anyway).
            """
    )

    @Argument(help: "The JSON (or, named .yaml or .yml, YAML) file to edit (made on the first change when there is none).",
              completion: .file(extensions: ["json", "jsonc", "yaml", "yml"]))
    var file: String

    @Option(help: ArgumentHelp("The JSON Schema (draft 2020-12 or draft-07, JSON or YAML) that describes FILE; default: the one FILE names, when it is a local path (\"$schema\", or in YAML a \"# yaml-language-server: $schema=…\" line).",
                               valueName: "schema"), completion: .file(extensions: ["json", "yaml", "yml"]))
    var schema: String?

    @Flag(help: "Save changes even while the file has problems by the schema (the status line says so).")
    var force = false

    func run() throws {
        let schemaPath = try schema ?? Self.schemaNamed(in: file)
        let document: JSONValue
        let order: JSONKeyOrder
        do {
            let text = try DiskFiles().contents(of: schemaPath)
            document = try SpecError.parsing(text.bytes, file: schemaPath)
            // Properties as the schema writes them (a YAML schema's JSON keeps its order too).
            order = (try? JSONKeyOrder(text.bytes)) ?? JSONKeyOrder()
        } catch {
            // The file read is a schema, not a spec: said so when it is missing.
            Diagnostics.report(error.kind == .notFound ? "\(schemaPath): no such schema file" : error.description)
            throw ExitCode(error.exitCode)
        }
        guard document.isObject else {
            Diagnostics.report("\(Diagnostics.escaped(schemaPath)): expected a JSON Schema object, found \(document.summary)")
            throw ExitCode(ExitStatus.badSpec.code)
        }
        let name = String(file.split(separator: "/").last ?? Substring(file))
        // Absolute, as the screens segue to each other by these names.
        let folder = SpecPath.resolve(file, relativeTo: (WorkingDirectory.current() ?? ".") + "/") + ".screens"
        // Each screen is made as it opens: a big schema's thousands are never all made.
        // The list screens' action keys keep clear of the user's keymap, as any spec's must.
        let keymap = (try? UserConfig.forCommand(environment: ProcessEnvironment.variables()))?.keymap ?? .standard
        let loader = SpecLoader(keymap: keymap)
        // A root of several object shapes shows the one the file is.
        let screens = SchemaScreens(schema: document, order: order, folder: folder, title: name,
                                    takenKeys: loader.reservedKeys.union(loader.findKeys), matching: SettingsFile.load(path: file).values)
        var session = RunSession(spec: screens.first)
        session.madeSpecs = screens
        session.settings = file
        session.settingsCheck = SettingsCheck(schema: document, force: force, notes: SettingsFile.readingNotes(path: file),
                                              schemaName: String(schemaPath.split(separator: "/").last ?? Substring(schemaPath)))
        try session.run()
    }

    /// The schema FILE names, relative to FILE's folder: its `"$schema"`, or in YAML the
    /// `# yaml-language-server: $schema=…` line editors read first; a URL cannot be read.
    static func schemaNamed(in file: String) throws -> String {
        let settings = SettingsFile.load(path: file)
        if let problem = settings.problem {
            Diagnostics.report(problem.description)
            throw ExitCode(ExitStatus.badSpec.code)
        }
        // Said as a usage error of `edit`'s own (a ValidationError would print `segue [run]`'s usage).
        guard let named = SettingsFile.schemaComment(path: file) ?? settings.string("$schema") else {
            Diagnostics.report("\(file) names no schema (\"$schema\", or in YAML \"# yaml-language-server: $schema=…\"): give it with --schema SCHEMA.json")
            throw ExitCode(ExitStatus.usage.code)
        }
        guard !named.contains("://") else {
            Diagnostics.report("\(file) names its schema by URL (\(named)), which segue does not fetch: download it and give --schema SCHEMA.json")
            throw ExitCode(ExitStatus.usage.code)
        }
        return SpecPath.resolve(named.hasPrefix("file:") ? String(named.dropFirst(5)) : named, relativeTo: file)
    }
}
