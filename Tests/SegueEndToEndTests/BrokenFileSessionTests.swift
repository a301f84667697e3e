import Foundation
import Testing

/// `segue edit` on a file that breaks its schema already (issue 45, item 5: 4 of 21 real files):
/// an unrelated edit is saved, every other byte kept; a key the schema forbids is listed with its
/// problem and removed from its row; an edit that adds a problem is still refused.
@Suite(.serialized) struct BrokenFileSessionTests {
    static let dependabot = """
        # yaml-language-server: $schema=dependabot.schema.json
        version: 2
        updates:
          - package-ecosystem: npm   # the web app
            directory: /
            schedule:
              interval: weekly
        registries: {}
        owner: platform   # not dependabot's

        """

    /// PyYAML's reading of `file`, as JSON with sorted keys, and the problems `jsonschema` finds, by path.
    static func read(_ file: String, by schema: String) throws -> String {
        let script = """
            import json, sys, yaml, jsonschema
            value = yaml.safe_load(open(sys.argv[1]))
            validator = jsonschema.Draft7Validator(json.load(open(sys.argv[2])))
            problems = sorted("/".join(map(str, e.absolute_path)) + ": " + e.validator for e in validator.iter_errors(value))
            print(json.dumps(value, sort_keys=True)); print(problems)
            """
        return try HostCommand.run(["sh", "-c", "python3 -c \"$0\" \"$1\" \"$2\" 2>&1", script, file, schema]).output
    }

    @Test func aFileWithProblemsIsSavedAfterAnUnrelatedEditAndAForbiddenKeyIsRemovedFromItsRow() throws {
        let schema = try RealSchemaSessionTests.schema("dependabot")
        let files = try Fixtures(["dependabot.yml": Self.dependabot])
        let file = files.path("dependabot.yml")
        // Its problems as written: registries empty, owner not allowed.
        #expect(try Self.read(file, by: schema).hasSuffix("[': additionalProperties', 'registries: minProperties']\n"))
        let tmux = try Tmux([Paths.segue, "edit", file, "--schema", schema], directory: files.folder.path)
        try tmux.waitFor { Tmux.flowed($0).contains("dependabot.yml has 2 problems") }
        // The key the schema forbids is a row, its problem in place of its value.
        try tmux.waitFor { $0.contains { $0.hasPrefix("   owner") && $0.contains("✗ not allowed") } }
        // The first row counts the problems and opens their list.
        try tmux.waitFor { $0.contains { $0.hasPrefix(" > Problems") && $0.hasSuffix("✗ 2 problems") } }
        try tmux.send("Enter")
        try tmux.waitFor { $0.contains { $0.contains("dependabot.yml: 2 problems, the file's own") } && $0.contains { $0.contains("/owner") } }
        try tmux.send("Escape")
        try tmux.waitFor { !$0.contains { $0.contains("Help:") } }
        // An unrelated edit: saved, the file's own problems said, not refused.
        try tmux.send(contentsOf: ["/", "^", "e", "n", "a", "b", "l", "e"])
        try tmux.waitFor { $0.contains { $0.hasPrefix(" > [ ] enable-beta-ecosystems") } && $0.last?.contains("/^enable") == true }
        try tmux.send("Escape")
        try tmux.waitFor { $0.last?.contains("↑↓ move") == true }
        try tmux.send("Enter")
        try tmux.waitFor { Tmux.flowed($0).contains("saved; dependabot.yml still has 2 problems it had (? lists them)") }
        #expect(try String(contentsOfFile: file, encoding: .utf8) == Self.dependabot + "enable-beta-ecosystems: true\n")
        // The forbidden key removed from its row: its line goes, one problem stays.
        try tmux.send(contentsOf: ["/", "^", "o", "w", "n", "e", "r"])
        try tmux.waitFor { $0.contains { $0.hasPrefix(" > owner") } && $0.last?.contains("/^owner") == true }
        try tmux.send("Escape")
        try tmux.waitFor { $0.last?.contains("↑↓ move") == true }
        try tmux.send("d")
        try tmux.waitFor { $0.last?.contains("Remove owner? (y/N)") == true }
        try tmux.send("y")
        try tmux.waitFor { Tmux.flowed($0).contains("saved; dependabot.yml still has 1 problem it had") }
        // An edit adding a problem (the update's directory emptied: required) is refused.
        try tmux.send(contentsOf: ["/", "^", "u", "p", "d", "a", "t", "e", "s"])
        try tmux.waitFor { $0.contains { $0.hasPrefix(" > updates") } && $0.last?.contains("/^updates") == true }
        try tmux.send("Escape")
        try tmux.waitFor { $0.last?.contains("↑↓ move") == true }
        try tmux.send("Enter")
        try tmux.waitFor { $0.contains { $0.hasPrefix(" > 1. npm") } }
        try tmux.send("Enter")
        try tmux.waitFor { $0.first?.contains("updates › 1. npm") == true }
        try tmux.send(contentsOf: ["/", "^", "d", "i", "r", "e", "c", "t", "o", "r", "y", "$"])
        try tmux.waitFor { $0.contains { $0.hasPrefix(" > directory") } && $0.last?.contains("/^directory") == true }
        try tmux.send("Escape")
        try tmux.waitFor { $0.last?.contains("↑↓ move") == true }
        try tmux.send("Enter", "C-u", "Enter")
        try tmux.waitFor { Tmux.flowed($0).contains("not saved: 1 new problem") }
        try tmux.send("q")
        try tmux.waitFor { $0.last?.contains("quit without saving? (y/N)") == true }
        try tmux.send("y")
        let status = try tmux.exitStatus()
        #expect(status == 0, "\(status)")

        let saved = try String(contentsOfFile: file, encoding: .utf8)
        #expect(saved == Self.dependabot.replacing("owner: platform   # not dependabot's\n", with: "") + "enable-beta-ecosystems: true\n", "\(saved)")
        #expect(try Self.read(file, by: schema).hasSuffix("['registries: minProperties']\n"))
    }
}
