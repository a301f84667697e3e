import Foundation
import Testing

/// `segue render`: a screen after some keys, as text or with its styles, without a terminal;
/// and the README's captures, which are made with it and must not drift.
@Suite struct RenderCommandTests {
    @Test func aScreenAfterKeysAsTextAndWithStyles() throws {
        let text = try Tmux.run([Paths.segue, "render", "--size", "60x10", "--keys", "j j Enter", Paths.packageRoot + "/specs/demo"])
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.first?.hasPrefix(" Segue demo › Calendar 2026") == true)
        #expect(lines.contains { $0.hasPrefix(" > Thu 1 Jan") })
        #expect(lines.count == 11)  // ten lines and the last newline
        let ansi = try Tmux.run([Paths.segue, "render", "--size", "60x6", "--format", "ansi", Paths.packageRoot + "/specs/demo/food.json"])
        #expect(ansi.contains("\u{1B}[0;1;36mMains\u{1B}[0m"))  // a bold cyan header
        #expect(ansi.contains("\u{1B}[0;1;4;7mP"))  // the hotkey's P underlined in the selected row
    }

    @Test func renderUsesTheUsersKeysAndTheme() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("segue-render-config-\(getpid())")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("segue"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try #"{"keys": {"x": "moveDown"}, "theme": "mono"}"#.write(to: folder.appendingPathComponent("segue/config.json"),
                                                                    atomically: true, encoding: .utf8)
        let text = try Tmux.run(["env", "XDG_CONFIG_HOME=\(folder.path)", Paths.segue, "render", "--size", "60x10", "--keys", "x x",
                                 "--format", "ansi", Paths.packageRoot + "/specs/demo"])
        #expect(text.contains(" > Calendar 2026"))
        #expect(!text.contains("36m"))  // mono: no colour, where the default theme's headers are cyan
    }

    @Test func badSizesAndKeysAreUsageErrors() throws {
        let tmux = try Tmux(["sh", "-c", "\"$0\" render --size 80 specs/demo 2>&1; echo size=$?; \"$0\" render --keys 'j hyper-x' specs/demo 2>&1; echo keys=$?",
                             Paths.segue], width: 120)
        let screen = try tmux.waitFor(text: "keys=")
        #expect(screen.contains("segue: render: --size: expected COLUMNSxLINES such as 80x24, found \"80\"") && screen.contains("size=64"))
        #expect(screen.contains { $0.contains("--keys: expected key names") } && screen.contains("keys=64"))
    }

    @Test func theReadmeCapturesAreWhatSegueDraws() throws {
        let readme = try String(contentsOfFile: Paths.packageRoot + "/README.md", encoding: .utf8)
        let lines = readme.components(separatedBy: "\n")
        var found = 0
        for (index, line) in lines.enumerated() where line.hasPrefix("<!-- capture: ") && line.hasSuffix(" -->") {
            found += 1
            let arguments = line.dropFirst("<!-- capture: ".count).dropLast(" -->".count).split(separator: " ").map(String.init)
            let drawn = try Tmux.run([Paths.segue, "render"] + arguments.map { $0.hasPrefix("specs/") ? Paths.packageRoot + "/" + $0 : $0 })
            #expect(lines[index + 1] == "```")
            let block = lines[(index + 2)...].prefix { $0 != "```" }.joined(separator: "\n") + "\n"
            #expect(block == drawn, "README.md:\(index + 1) is out of date: run `make captures`")
        }
        #expect(found > 0)
    }

    @Test func graphPrintsTheScreensAndTheRowsThatLink() throws {
        let specs = try Fixtures(["main.json": #"{"sections": [{"rows": [{"title": "Food", "segue": "food.json"}, {"title": "Say \"hi\"", "action": {"type": "replace", "spec": "food.json"}}]}]}"#,
                                  "food.json": #"{"sections": [{"rows": [{"title": "Back home", "segue": "main.json"}]}]}"#])
        let main = specs.path("main.json"), food = specs.path("food.json")
        let dot = try Tmux.run([Paths.segue, "graph", main])
        #expect(dot.hasPrefix("digraph segue {"))
        #expect(dot.contains("  \"\(main)\" -> \"\(food)\" [label=\"Food\"];"))
        #expect(dot.contains("  \"\(main)\" -> \"\(food)\" [label=\"Say \\\"hi\\\"\"];"))
        #expect(dot.contains("  \"\(food)\" -> \"\(main)\" [label=\"Back home\"];"))
        let mermaid = try Tmux.run([Paths.segue, "graph", "--format", "mermaid", main])
        #expect(mermaid.contains("  s0 -->|\"Food\"| s1") && mermaid.contains("  s1 -->|\"Back home\"| s0"))
    }
}
