import Foundation
import Testing

/// `segue edit` on real public schemas, as check-jsonschema 0.39.0 vendors them (renovate,
/// dependabot, readthedocs; `make test-deps` unpacks its wheel under `.build/pydeps`), each saved
/// file valid by Python's `jsonschema` against the real schema (issue 29), dependabot's and Read
/// the Docs' as the YAML files they really are, and as JSON.
@Suite(.serialized) struct RealSchemaSessionTests {
    struct Missing: Error, CustomStringConvertible {
        var description: String
    }

    /// The vendored schema `name`: `SEGUE_REAL_SCHEMAS` (set by `make test`), else where the
    /// Makefile unpacks them; missing, the test fails and says how to fetch them.
    static func schema(_ name: String) throws -> String {
        let folder = ProcessInfo.processInfo.environment["SEGUE_REAL_SCHEMAS"]
            ?? Paths.packageRoot + "/.build/pydeps/check_jsonschema/builtin_schemas/vendor"
        let path = folder + "/" + name + ".json"
        guard FileManager.default.fileExists(atPath: path) else {
            throw Missing(description: "no real schema at \(path): run `make test-deps`, which fetches check-jsonschema 0.39.0's vendored schemas")
        }
        return path
    }

    /// Whether `file` (its `//` comment lines left out; a `.yml` or `.yaml` one read by PyYAML,
    /// an independent YAML reader) is valid by `schema`, as Python's `jsonschema` judges it:
    /// "valid", or its error.
    static func validated(_ file: String, by schema: String) throws -> String {
        let script = """
            import json, sys, jsonschema
            if sys.argv[1].endswith((".yml", ".yaml")):
                import yaml
                value = yaml.safe_load(open(sys.argv[1]))
            else:
                value = json.loads("".join(line for line in open(sys.argv[1]) if not line.lstrip().startswith("//")))
            jsonschema.validate(value, json.load(open(sys.argv[2])))
            print("valid")
            """
        return try HostCommand.run(["sh", "-c", "python3 -c \"$0\" \"$1\" \"$2\" 2>&1", script, file, schema]).output
    }

    /// The line of the selected row, its title first and the rest at the right edge.
    static func selected(_ title: String, _ value: String) -> ([String]) -> Bool {
        { $0.contains { $0.hasPrefix(" > " + title) && $0.hasSuffix(value) } }
    }

    /// On dependabot's list of updates, the new second one selected: opened, its ecosystem, its
    /// directory (`/web`) and its schedule given, which makes the file valid and saved; back on
    /// the list, moved to the top.
    func fillInTheNewUpdateAndMoveItUp(_ tmux: Tmux) throws {
        try tmux.send("Enter")
        try tmux.waitFor { $0.first?.contains("updates › 2. (no package-ecosystem)") == true }
        try tmux.send(contentsOf: ["/", "^", "p", "a", "c", "k", "a", "g", "e", "-"])
        try tmux.waitFor { $0.contains { $0.hasPrefix(" > package-ecosystem") } }
        try closeFind(tmux)
        try tmux.send("Right", "Right")
        try tmux.waitFor { $0.contains { $0.hasPrefix(" > package-ecosystem") && $0.contains("‹") && !$0.contains("✗") } }
        try tmux.send(contentsOf: ["/", "^", "d", "i", "r", "e", "c", "t", "o", "r", "y", "$"])
        try tmux.waitFor { $0.contains { $0.hasPrefix(" > directory") } }
        try closeFind(tmux)
        try tmux.send("Enter", "/", "w", "e", "b", "Enter")
        try tmux.waitFor { Self.selected("directory", "/web")($0) }
        try tmux.send(contentsOf: ["/", "^", "s", "c", "h", "e", "d", "u", "l", "e", "$"])
        try tmux.waitFor { $0.contains { $0.hasPrefix(" > schedule") } }
        try closeFind(tmux)
        try tmux.send("Enter")
        try tmux.waitFor { $0.first?.contains("› schedule") == true && $0.contains { $0.hasPrefix(" > interval") } }
        try tmux.send("Right")
        try tmux.waitFor { $0.contains { $0.hasPrefix(" > interval") && $0.contains("‹") && !$0.contains("✗") } }
        // Valid now: saved.
        try tmux.waitFor { Tmux.flowed($0).contains("saved: the problems are fixed") }
        try tmux.send("Escape", "Escape")
        try tmux.waitFor { $0.contains { $0.hasPrefix(" > 2. ") && $0.hasSuffix("›") && !$0.contains("✗") } }
        try tmux.send("K")
        try tmux.waitFor { $0.contains { $0.hasPrefix(" > 1. ") && !$0.contains("npm") } && $0.contains { $0.hasPrefix("   2. npm") } }
    }

    /// Esc closes the find line; the next key waits for it, or Esc and it would be one Alt key.
    func closeFind(_ tmux: Tmux) throws {
        try tmux.send("Escape")
        try tmux.waitFor { $0.last?.hasPrefix(" ↑↓ move") == true }
    }

    @Test func renovatesToggleChoiceNumberAndListAreSavedValidWithTheCommentAndAnUnknownKey() throws {
        let schema = try Self.schema("renovate")
        let files = try Fixtures([
            "renovate.json": """
                {
                  // the team's Renovate settings
                  "$schema": "https://docs.renovatebot.com/renovate-schema.json",
                  "extends": ["config:recommended"],
                  "labels": ["dependencies"],
                  "automerge": false,
                  "x-team-owner": "platform"
                }

                """,
        ])
        let file = files.path("renovate.json")
        let tmux = try Tmux([Paths.segue, "edit", file, "--schema", schema], directory: files.folder.path)
        // The file's name on top, the schema's title under it; 300 options in the schema's order.
        // 300 options, then the file's five keys beside them: `$schema` and `x-team-owner` shown,
        // the three the schema names hidden (the count leaves hidden rows out, and the rows of
        // the shapes a value has not).
        try tmux.waitFor(timeout: 60) { Tmux.flowed($0).contains("> abandonmentThreshold") && Tmux.flowed($0).contains("1/302") }
        #expect(try tmux.screen()[0].hasPrefix(" renovate.json "))
        #expect(Tmux.flowed(try tmux.screen()).contains("JSON schema for Renovate"))
        // A boolean: found, then flipped.
        try tmux.send(contentsOf: ["/", "^", "a", "u", "t", "o", "m", "e", "r", "g", "e", "$"])
        try tmux.waitFor { Tmux.flowed($0).contains("> [ ] automerge") }
        try tmux.send("Enter")
        try tmux.waitFor { Tmux.flowed($0).contains("> [x] automerge") }
        // An enum: a choice stepped to its next option.
        try closeFind(tmux)
        try tmux.send(contentsOf: ["/", "^", "r", "a", "n", "g", "e", "S"])
        try tmux.waitFor { Self.selected("rangeStrategy", "‹ auto ›")($0) }
        try tmux.send("Enter")
        try tmux.waitFor { Self.selected("rangeStrategy", "‹ pin ›")($0) }
        // An integer: refused when out of type, then saved.
        try closeFind(tmux)
        try tmux.send(contentsOf: ["/", "^", "p", "r", "H", "o", "u", "r"])
        try tmux.waitFor { Self.selected("prHourlyLimit", "default: 2")($0) }
        try tmux.send("Enter")
        try tmux.send(contentsOf: ["1", ".", "5", "Enter"])
        try tmux.waitFor { Tmux.flowed($0).contains("expected a whole number") }
        try tmux.send(contentsOf: ["BSpace", "BSpace", "BSpace", "4", "Enter"])
        try tmux.waitFor { Self.selected("prHourlyLimit", " 4")($0) }
        // A list of strings: an item added.
        try closeFind(tmux)
        try tmux.send(contentsOf: ["/", "^", "l", "a", "b", "e", "l", "s"])
        try tmux.waitFor { Self.selected("labels", " dependencies")($0) }
        try tmux.send("Enter")
        try tmux.send(contentsOf: [",", "Space", "s", "e", "c", "u", "r", "i", "t", "y", "Enter"])
        try tmux.waitFor { Self.selected("labels", " dependencies, security")($0) }
        try closeFind(tmux)
        try tmux.send("q")
        #expect(try tmux.exitStatus() == 0)

        let saved = try String(contentsOfFile: file, encoding: .utf8)
        #expect(saved.hasPrefix("{\n  // the team's Renovate settings\n"), "\(saved)")
        for pair in [#""labels": ["dependencies", "security"]"#, #""automerge": true"#, #""x-team-owner": "platform""#,
                     #""rangeStrategy": "pin""#, #""prHourlyLimit": 4"#] {
            #expect(saved.contains(pair), "\(saved)")
        }
        #expect(try Self.validated(file, by: schema) == "valid\n")
    }

    @Test func readTheDocsBuildScreenChangesItsOperatingSystemAndTheFileStaysValid() throws {
        let schema = try Self.schema("readthedocs")
        let files = try Fixtures([
            ".readthedocs.json": """
                {
                  // built on every push
                  "version": 2,
                  "build": {"os": "ubuntu-22.04", "tools": {"python": "3.12"}},
                  "sphinx": {"configuration": "docs/conf.py"}
                }

                """,
        ])
        let file = files.path(".readthedocs.json")
        let tmux = try Tmux([Paths.segue, "edit", file, "--schema", schema], directory: files.folder.path)
        try tmux.waitFor { Tmux.flowed($0).contains("> Version") && Tmux.flowed($0).contains("Build") }
        // Formats (a list or "all": typed as JSON), then Conda.
        try tmux.send("j", "j", "j")
        try tmux.waitFor { Self.selected("Build", "5 settings ›")($0) }
        try tmux.send("Enter")
        try tmux.waitFor { Tmux.flowed($0).contains(".readthedocs.json › Build") && Tmux.flowed($0).contains("‹ ubuntu-22.04 ›") }
        try tmux.send("Enter")
        try tmux.waitFor { Self.selected("Operating System", "‹ ubuntu-24.04 ›")($0) }
        try tmux.send("q")
        #expect(try tmux.exitStatus() == 0)
        let saved = try String(contentsOfFile: file, encoding: .utf8)
        #expect(saved.hasPrefix("{\n  // built on every push\n"), "\(saved)")
        // Only the value changed is written: the object around it keeps its spacing.
        #expect(saved.contains(#""build": {"os": "ubuntu-24.04", "tools": {"python": "3.12"}}"#), "\(saved)")
        #expect(saved.contains(#""sphinx": {"configuration": "docs/conf.py"}"#), "\(saved)")
        #expect(try Self.validated(file, by: schema) == "valid\n")
    }

    /// Dependabot's schema has no object of named settings below the top (its `updates` are a
    /// list of objects, its `registries` a map) and allows no unknown key: a top-level value is
    /// changed, the list of updates kept as written.
    @Test func dependabotsBetaEcosystemsAreTurnedOnAndItsUpdatesKept() throws {
        let schema = try Self.schema("dependabot")
        let files = try Fixtures([
            "dependabot.json": """
                {
                  // weekly, for the app
                  "version": 2,
                  "updates": [{"package-ecosystem": "npm", "directory": "/", "schedule": {"interval": "weekly"}}]
                }

                """,
        ])
        let file = files.path("dependabot.json")
        let tmux = try Tmux([Paths.segue, "edit", file, "--schema", schema], directory: files.folder.path)
        try tmux.waitFor { Self.selected("Config file version", "‹ 2 ›")($0) }
        try tmux.send("j")
        try tmux.waitFor { Tmux.flowed($0).contains("> [ ] enable-beta-ecosystems") }
        try tmux.send("Enter")
        try tmux.waitFor { Tmux.flowed($0).contains("> [x] enable-beta-ecosystems") }
        try tmux.send("q")
        #expect(try tmux.exitStatus() == 0)
        let saved = try String(contentsOfFile: file, encoding: .utf8)
        #expect(saved.hasPrefix("{\n  // weekly, for the app\n"), "\(saved)")
        for pair in [#""enable-beta-ecosystems": true"#, #""schedule": {"interval": "weekly"}"#] {
            #expect(saved.contains(pair), "\(saved)")
        }
        #expect(try Self.validated(file, by: schema) == "valid\n")
    }

    /// Dependabot's `updates`, a list of objects: an item added, filled in from its own screen
    /// (a choice, a text, a nested object), moved to the top; the file validates throughout.
    @Test func dependabotGetsAnUpdateAddedFilledInAndMovedAndTheFileValidates() throws {
        let schema = try Self.schema("dependabot")
        let files = try Fixtures([
            "dependabot.json": """
                {
                  // weekly, for the app
                  "version": 2,
                  "updates": [
                    {"package-ecosystem": "npm", "directory": "/", "schedule": {"interval": "weekly"}}
                  ]
                }

                """,
        ])
        let file = files.path("dependabot.json")
        let tmux = try Tmux([Paths.segue, "edit", file, "--schema", schema], directory: files.folder.path)
        try tmux.waitFor { $0.contains { $0.hasPrefix("   updates") && $0.hasSuffix("list of 1 ›") } }
        try tmux.send("j", "j", "Enter")
        try tmux.waitFor { Self.selected("1. npm", "›")($0) && $0.contains("   + Add an item") }
        try tmux.send("G", "Enter")
        try tmux.waitFor { $0.contains { $0.hasPrefix(" > 2. (no package-ecosystem)") && $0.contains("✗") } }
        // The new item is not saved while it lacks what the schema requires.
        #expect(try String(contentsOfFile: file, encoding: .utf8).contains("\"updates\": [\n    {\"package-ecosystem\": \"npm\""))
        try fillInTheNewUpdateAndMoveItUp(tmux)
        try tmux.send("q")
        #expect(try tmux.exitStatus() == 0)

        let saved = try String(contentsOfFile: file, encoding: .utf8)
        #expect(saved.hasPrefix("{\n  // weekly, for the app\n  \"version\": 2,\n  \"updates\": [\n    {\n"), "\(saved)")
        #expect(saved.contains(#""directory": "/web""#), "\(saved)")
        #expect(try Self.validated(file, by: schema) == "valid\n")
    }

    /// Dependabot's real config, a YAML file naming its schema in the comment YAML editors read:
    /// a toggle turned on, an update added and filled in, then moved to the top. The file stays
    /// YAML, its comments and the first update as written; PyYAML reads it valid.
    @Test func dependabotYMLIsEditedAsYAMLItsCommentsKeptAndTheFileValidates() throws {
        let schema = try Self.schema("dependabot")
        let files = try Fixtures([
            ".github/dependabot.yml": """
                # yaml-language-server: $schema=\(schema)
                # weekly, for the app
                version: 2
                updates:
                  - package-ecosystem: npm   # the web app
                    directory: /
                    schedule:
                      interval: weekly

                """,
        ])
        let file = files.path(".github/dependabot.yml")
        let tmux = try Tmux([Paths.segue, "edit", file], directory: files.folder.path)
        try tmux.waitFor { Self.selected("Config file version", "‹ 2 ›")($0) }
        #expect(try tmux.screen()[0].hasPrefix(" dependabot.yml"))
        try tmux.send("j")
        try tmux.waitFor { Tmux.flowed($0).contains("> [ ] enable-beta-ecosystems") }
        try tmux.send("Enter")
        try tmux.waitFor { Tmux.flowed($0).contains("> [x] enable-beta-ecosystems") }
        try tmux.send("j", "Enter")
        try tmux.waitFor { Self.selected("1. npm", "›")($0) && $0.contains("   + Add an item") }
        try tmux.send("G", "Enter")
        try tmux.waitFor { $0.contains { $0.hasPrefix(" > 2. (no package-ecosystem)") && $0.contains("✗") } }
        try fillInTheNewUpdateAndMoveItUp(tmux)
        try tmux.send("q")
        #expect(try tmux.exitStatus() == 0)

        let saved = try String(contentsOfFile: file, encoding: .utf8)
        #expect(saved.hasPrefix("# yaml-language-server: $schema=\(schema)\n# weekly, for the app\nversion: 2\nupdates:\n  - directory: /web\n"), "\(saved)")
        #expect(saved.contains("  - package-ecosystem: npm   # the web app\n    directory: /\n    schedule:\n      interval: weekly\n"), "\(saved)")
        #expect(saved.hasSuffix("enable-beta-ecosystems: true\n"), "\(saved)")
        #expect(try Self.validated(file, by: schema) == "valid\n")
    }

    /// Read the Docs' real `.readthedocs.yaml`: a nested choice and a new nested text, the
    /// file's comments and flow mapping kept.
    @Test func readTheDocsYAMLBuildChangesInPlaceAndTheFileValidates() throws {
        let schema = try Self.schema("readthedocs")
        let files = try Fixtures([
            ".readthedocs.yaml": """
                # built on every push
                version: 2
                build:
                  os: ubuntu-22.04  # the LTS
                  tools: {python: "3.12"}

                """,
        ])
        let file = files.path(".readthedocs.yaml")
        let tmux = try Tmux([Paths.segue, "edit", file, "--schema", schema], directory: files.folder.path)
        try tmux.waitFor { Tmux.flowed($0).contains("> Version") && Tmux.flowed($0).contains("Build") }
        try tmux.send("j", "j", "j")
        try tmux.waitFor { Self.selected("Build", "5 settings ›")($0) }
        try tmux.send("Enter")
        try tmux.waitFor { Tmux.flowed($0).contains(".readthedocs.yaml › Build") && Tmux.flowed($0).contains("‹ ubuntu-22.04 ›") }
        try tmux.send("Enter")
        try tmux.waitFor { Self.selected("Operating System", "‹ ubuntu-24.04 ›")($0) }
        try tmux.send("q")
        #expect(try tmux.exitStatus() == 0)
        let saved = try String(contentsOfFile: file, encoding: .utf8)
        #expect(saved == "# built on every push\nversion: 2\nbuild:\n  os: ubuntu-24.04  # the LTS\n  tools: {python: \"3.12\"}\n", "\(saved)")
        #expect(try Self.validated(file, by: schema) == "valid\n")
    }
}
