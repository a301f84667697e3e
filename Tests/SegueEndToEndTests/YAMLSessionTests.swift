import Foundation
import Testing

/// YAML specs in the real terminal (issue 29): a folder's `main.yaml`, segues from YAML to JSON
/// and back, a YAML error at its line:column, and `--watch` on a YAML file.
@Suite(.serialized) struct YAMLSessionTests {
    let tree: [String: String] = [
        "tool/main.yaml": """
            # yaml-language-server: $schema=https://example.invalid/segue.schema.json
            title: Tool
            sections:
              - header: Places
                rows:
                  - title: Kitchen
                    detail: 3 dishes
                    segue: kitchen.yml
                  - title: Cellar (JSON)
                    segue: cellar.json
            """,
        "tool/kitchen.yml": """
            title: Kitchen
            sections:
              - rows:
                  - &dish {title: Soup, detail: hot}
                  - {<<: *dish, title: Salad}
            """,
        "tool/cellar.json": #"{"title": "Cellar", "sections": [{"rows": [{"title": "Wine rack", "segue": "rack.yaml"}]}]}"#,
        "tool/rack.yaml": "title: Rack\nsections:\n  - rows:\n      - title: Red\n      - title: White\n",
    ]

    @Test func aYAMLTreeIsBrowsedThroughJSONAndBack() throws {
        let files = try Fixtures(tree)
        let tmux = try Tmux([Paths.segue, files.path("tool")], directory: files.folder.path)
        try tmux.waitFor { Tmux.flowed($0).contains("> Kitchen") && Tmux.flowed($0).contains("3 dishes") }
        try tmux.send("Enter")
        try tmux.waitFor { Tmux.flowed($0).contains("Tool › Kitchen") && Tmux.flowed($0).contains("Salad") }
        #expect(try tmux.screen().contains { $0.contains("Salad") && $0.contains("hot") })
        try tmux.send("Escape")
        try tmux.waitFor { Tmux.flowed($0).contains("> Kitchen") }
        try tmux.send("j", "Enter")
        try tmux.waitFor { Tmux.flowed($0).contains("> Wine rack") }
        try tmux.send("Enter")
        try tmux.waitFor { Tmux.flowed($0).contains("Cellar › Rack") && Tmux.flowed($0).contains("White") }
        try tmux.send("q")
        #expect(try tmux.exitStatus() == 0)
    }

    /// A segue to "a billion laughs" froze the screen for 12 to 29 s, Ctrl-C waiting as long
    /// (issue 40, item 11): it is refused at its alias at once, and Ctrl-C quits at once.
    @Test func aYAMLAliasBombAsASegueTargetIsRefusedAtOnceAndCtrlCQuits() throws {
        var files = tree
        files["tool/kitchen.yml"] = #"a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]"# + "\n" + (1...8).map { level in
            "l\(level): &l\(level) [" + Array(repeating: level == 1 ? "*a" : "*l\(level - 1)", count: 9).joined(separator: ", ") + "]\n"
        }.joined()
        let fixtures = try Fixtures(files)
        let tmux = try Tmux([Paths.segue, fixtures.path("tool")], directory: fixtures.folder.path)
        try tmux.waitFor { Tmux.flowed($0).contains("> Kitchen") }
        try tmux.send("Enter")
        try tmux.waitFor(text: "kitchen.yml:4:15: aliases expand to more than 100 times the document", timeout: 3)
        try tmux.send("C-c")
        #expect(try tmux.exitStatus(timeout: 2) == 130)
    }

    @Test func aBrokenYAMLSpecIsReportedAtItsLineAndColumnAndWatchShowsTheFix() throws {
        var files = tree
        files["tool/kitchen.yml"] = "title: Kitchen\nsections:\n  - rows:\n      - title: Soup\n        enabled: no\n"
        let fixtures = try Fixtures(files)
        let check = try HostCommand.run(["sh", "-c", "\"$0\" check \"$1\" 2>&1; echo \"status=$?\"", Paths.segue, fixtures.path("tool")])
        #expect(check.output.contains("kitchen.yml:5:18: sections[0].rows[0].enabled: expected true, false"), "\(check.output)")
        #expect(check.output.hasSuffix("status=65\n"), "\(check.output)")

        let kitchen = fixtures.path("tool/kitchen.yml")
        func write(_ text: String) throws {
            try text.write(toFile: kitchen + ".tmp", atomically: false, encoding: .utf8)
            rename(kitchen + ".tmp", kitchen)
        }
        try write("title: Kitchen\nsections:\n  - rows:\n      - title: Soup\n")
        let tmux = try Tmux([Paths.segue, "--watch", kitchen], directory: fixtures.folder.path)
        try tmux.waitFor { Tmux.flowed($0).contains("> Soup") }
        try write("title: Kitchen\nsections:\n  - rows:\n      - title: Soup\n        detail: [x\n")
        try tmux.waitFor { Tmux.flowed($0).contains("kitchen.yml:6:1:") }
        try write("title: Kitchen\nsections:\n  - rows:\n      - title: Soup\n        enabled: false\n      - title: Stew\n")
        try tmux.waitFor { Tmux.flowed($0).contains("> Stew") }
        try tmux.send("q")
        #expect(try tmux.exitStatus() == 0)
    }

    static let deploy = """
        # deploy settings
        defaults: &defaults
          tls: false   # off for now
        prod:
          <<: *defaults
          name: web
        staging: *defaults

        """
    static let deploySchema = #"""
        {"type": "object", "properties": {
          "defaults": {"type": "object", "properties": {"tls": {"type": "boolean"}}},
          "prod": {"type": "object", "properties": {"tls": {"type": "boolean"}, "name": {"type": "string"}}},
          "staging": {"type": "object", "properties": {"tls": {"type": "boolean"}}}}}
        """#

    /// A value with an anchor is changed where it stands (issue 40): the file keeps its comments
    /// and its anchor, every alias follows, on screen too, and the status line says where.
    @Test func editingAValueWithAnAnchorKeepsTheFileAndItsAliasesFollow() throws {
        let files = try Fixtures(["deploy.yaml": Self.deploy, "deploy.schema.json": Self.deploySchema])
        let file = files.path("deploy.yaml")
        let tmux = try Tmux([Paths.segue, "edit", "deploy.yaml", "--schema", "deploy.schema.json"], width: 120, directory: files.folder.path)
        try tmux.waitFor { Tmux.flowed($0).contains("> defaults") }
        try tmux.send("Enter")
        try tmux.waitFor { Tmux.flowed($0).contains("deploy.yaml › defaults") && Tmux.flowed($0).contains("> [ ] tls") }
        try tmux.send("Enter")
        try tmux.waitFor { Tmux.flowed($0).contains("[x] tls")
            && Tmux.flowed($0).contains("saved where its YAML anchor is, so its aliases changed too: /prod/tls, /staging/tls") }
        #expect(try String(contentsOfFile: file, encoding: .utf8) == Self.deploy.replacing("tls: false", with: "tls: true"))
        // The aliases show the value the file now gives them.
        try tmux.send("Escape")
        try tmux.waitFor { Tmux.flowed($0).contains("> defaults") }
        try tmux.send("j", "Enter")
        try tmux.waitFor { Tmux.flowed($0).contains("deploy.yaml › prod") && Tmux.flowed($0).contains("[x] tls") }
        try tmux.send("Escape")
        try tmux.waitFor { Tmux.flowed($0).contains("> prod") }
        try tmux.send("q")
        #expect(try tmux.exitStatus() == 0)
    }

    /// `segue do --set` on a value with an anchor changes it in place too, rather than write the
    /// file anew without its comments and with its aliases written out (issue 40).
    @Test func doSetsAValueWithAnAnchorInPlace() throws {
        let spec = #"{"title": "Deploy", "settingsFile": "deploy.yaml", "sections": [{"rows": [{"title": "Show", "id": "show", "action": {"type": "exec", "command": ["echo", "{{settings.staging.tls}}"]}}]}]}"#
        let files = try Fixtures(["deploy.yaml": Self.deploy, "main.json": spec])
        let result = try HostCommand.run(["sh", "-c", "cd \"$1\" && \"$0\" do main.json show --set /defaults/tls=true 2>&1; echo status=$?",
                                          Paths.segue, files.folder.path])
        #expect(result.output == "true\nstatus=0\n")
        #expect(try String(contentsOfFile: files.path("deploy.yaml"), encoding: .utf8) == Self.deploy.replacing("tls: false", with: "tls: true"))
    }

    /// A change only a rewrite of the whole file could save (a key `prod` only has through `<<`,
    /// taken away) is never written without a word: it asks, saying what would be lost; no keeps
    /// the file and the change waiting (quitting asks), yes writes it anew (issue 40).
    @Test func aRewriteThatWouldLoseCommentsAndAnchorsAsksFirst() throws {
        let yaml = "# deploy settings\ndefaults: &defaults\n  region: eu   # the default\nprod:\n  <<: *defaults\n  name: web\n"
        let schema = #"{"type": "object", "properties": {"defaults": {"type": "object", "properties": {"region": {"type": "string"}}}, "prod": {"type": "object", "properties": {"name": {"type": "string"}, "region": {"type": "string"}, "tls": {"type": "boolean"}}}}}"#
        let files = try Fixtures(["deploy.yaml": yaml, "deploy.schema.json": schema])
        let file = files.path("deploy.yaml")
        let tmux = try Tmux([Paths.segue, "edit", "deploy.yaml", "--schema", "deploy.schema.json"], width: 200, directory: files.folder.path)
        try tmux.waitFor { Tmux.flowed($0).contains("> defaults") }
        try tmux.send("j", "Enter")
        try tmux.waitFor { Tmux.flowed($0).contains("deploy.yaml › prod") && Tmux.flowed($0).contains("> name") }
        try tmux.send("j", "Enter", "C-u", "Enter")
        let question = "deploy.yaml can only be saved written anew, dropping its comment and its anchors (&defaults), "
            + "each alias written out as a copy: write it anew? (y/N)"
        try tmux.waitFor(text: question)
        try tmux.send("n")
        try tmux.waitFor(text: "cancelled")
        #expect(try String(contentsOfFile: file, encoding: .utf8) == yaml)
        try tmux.send("Escape")
        try tmux.waitFor { Tmux.flowed($0).contains("> prod") }
        try tmux.send("q")
        try tmux.waitFor(text: "changes to deploy.yaml are not saved: quit without saving? (y/N)")
        try tmux.send("n")
        try tmux.waitFor(text: "cancelled")
        // The next change saves the one that waited with it: asked again, and written anew.
        try tmux.send("Enter")
        try tmux.waitFor { Tmux.flowed($0).contains("deploy.yaml › prod") && Tmux.flowed($0).contains("> name") }
        try tmux.send("j", "j", "Enter")
        try tmux.waitFor(text: question)
        try tmux.send("y")
        try tmux.waitFor { Tmux.flowed($0).contains("[x] tls") && !Tmux.flowed($0).contains(question) }
        try tmux.waitFor("the file written anew") { _ in
            (try? String(contentsOfFile: file, encoding: .utf8)) == "# deploy settings\ndefaults:\n  region: eu\nprod:\n  name: web\n  tls: true\n"
        }
        try tmux.send("Escape")
        try tmux.waitFor { Tmux.flowed($0).contains("> prod") }
        try tmux.send("q")
        #expect(try tmux.exitStatus() == 0)
    }
}
