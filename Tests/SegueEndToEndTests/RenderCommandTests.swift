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

    @Test func graphWritesNoControlOfATitleOrFileNameAndStillParses() throws {
        // OSC 0 (the window title) and BEL in a file name; OSC 52 (the clipboard), ESC[2J, C1
        // CSI and a line break in titles.
        let evil = "evil\u{1B}]0;pwned\u{07}.json"
        let specs = try Fixtures(["main.json": #"""
            {"sections": [{"rows": [{"title": "Copy\u001b]52;c;ZXZpbA==\u0007 \u001b[2Jclear \u009b31m\"q\" \\ \nnext", "segue": "evil\u001b]0;pwned\u0007.json"}]}]}
            """#, evil: #"{"sections": [{"rows": [{"title": "Home\u0085", "segue": "main.json"}]}]}"#])
        for format in ["dot", "mermaid"] {
            let output = try Tmux.run([Paths.segue, "graph", "--format", format, specs.path("main.json")])
            #expect(!output.contains("\u{1B}") && !output.utf8.contains(0x07), "\(format): \(output.debugDescription)")
            #expect(!output.contains("ZXZpbA==") && !output.contains("pwned"), "\(format): an OSC payload was written")
            #expect(!output.unicodeScalars.contains { (0x80...0x9F).contains($0.value) }, "\(format): a C1 control was written")
            let lines = output.split(separator: "\n").map(String.init)
            let string = #""(?:[^"\\\n]|\\.)*""#, label = #""[^"\n]*""#
            let shapes = format == "dot"
                ? ["digraph segue \\{", "  rankdir=LR;", "  node \\[shape=box\\];", "  \(string);", "  \(string) -> \(string) \\[label=\(string)\\];", "\\}"]
                : ["graph LR", "  s[0-9]+\\[\(label)\\]", "  s[0-9]+ -->\\|\(label)\\| s[0-9]+"]
            for line in lines {
                #expect(shapes.contains { line.wholeMatch(of: try! Regex($0)) != nil }, "\(format): a line that does not parse: \(line.debugDescription)")
            }
            #expect(lines.count == (format == "dot" ? 8 : 5), "\(format): \(lines)")
            #expect(output.contains("Copy") && output.contains("clear") && output.contains("next"))
        }
    }
}

