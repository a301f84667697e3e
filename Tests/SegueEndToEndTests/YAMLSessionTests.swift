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
}
