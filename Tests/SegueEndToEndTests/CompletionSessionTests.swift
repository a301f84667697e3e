import Foundation
import Testing

/// Shell completion and the manual: bash completes specs and option values in a real shell, and
/// the scripts and the man page list every option `segue run --help` has.
@Suite(.serialized) struct CompletionSessionTests {
    /// `--name` options in `segue run --help`.
    func runOptions() throws -> Set<String> {
        let help = try Tmux.run([Paths.segue, "run", "--help"])
        let lines = help.split(separator: "\n").drop { !$0.hasPrefix("OPTIONS:") }
        return Set(lines.compactMap { line -> String? in
            let word = line.drop { $0 == " " }.prefix { $0 != " " }
            return word.hasPrefix("--") && word != "--version" ? String(word) : nil
        })
    }

    @Test func bashCompletesSpecsOptionsAndTheirValues() throws {
        let specs = try Fixtures(["food-menu.json": "[]", "drinks/main.json": "[]", "food-notes.txt": ""])
        let tmux = try Tmux(["bash", "--norc", "--noprofile"], directory: specs.folder.path, environment: ["SEGUE": Paths.segue])
        try tmux.send("-l", "source <(\"$SEGUE\" completions bash); alias segue=\"$SEGUE\"; PS1='ready$ '")
        try tmux.send("Enter")
        try tmux.waitFor { $0.contains("ready$") }
        try tmux.send("-l", "segue foo")  // "fo" is forget too
        try tmux.send("Tab")
        try tmux.waitFor { $0.contains { $0.hasSuffix("ready$ segue food-menu.json") } }
        // Completed words end with a space.
        try tmux.send("-H", "2d", "2d", "63", "6f", "6c", "6f")  // --colo (--col is --columns too), which tmux would read as a flag
        try tmux.send("Tab")
        try tmux.waitFor { $0.contains { $0.hasSuffix("segue food-menu.json --color") } }
        try tmux.send("-l", "ne")
        try tmux.send("Tab")
        try tmux.waitFor { $0.contains { $0.hasSuffix("segue food-menu.json --color never") } }
        try tmux.send("-l", "d")
        try tmux.send("Tab")
        try tmux.waitFor { $0.contains { $0.hasSuffix("--color never drinks/") } }  // a folder is a spec too
    }

    /// Each shell reads its script without a syntax error (help texts hold quotes, colons and
    /// brackets: "fzf's", "KEYS:ACTION[+ACTION…]"), and zsh and fish keep those words.
    @Test func everyScriptParsesInItsShell() throws {
        for (shell, check) in [("bash", ["bash", "-n"]), ("zsh", ["zsh", "-n"]), ("fish", ["fish", "--no-execute"])] {
            let script = try Tmux.run([Paths.segue, "completions", shell])
            let path = FileManager.default.temporaryDirectory.appendingPathComponent("segue-completion-\(getpid()).\(shell)").path
            try script.write(toFile: path, atomically: true, encoding: .utf8)
            defer { try? FileManager.default.removeItem(atPath: path) }
            let result = try HostCommand.run(check + [path])
            #expect(result.status == 0, "\(shell) cannot read segue completions \(shell): \(result.output)")
        }
        #expect(try Tmux.run([Paths.segue, "completions", "zsh"]).contains(#"fzf'\''s key bindings, KEYS,ACTION\[+ACTION…\]"#))
        #expect(try Tmux.run([Paths.segue, "completions", "fish"]).contains(#"-d 'fzf\'s key bindings: KEYS:ACTION[+ACTION…]"#))
    }

    /// `segue do SPEC ` then Tab: the row paths the spec tree reaches (`segue do SPEC --list`).
    @Test func bashCompletesTheRowPathsOfSegueDo() throws {
        let files = try Fixtures(OneTreeTwoInterfacesTests.tree)
        let bin = URL(fileURLWithPath: Paths.segue).deletingLastPathComponent().path
        let tmux = try Tmux(["bash", "--norc", "--noprofile"], directory: files.folder.path,
                            environment: ["PATH": bin + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")])
        try tmux.send("-l", "source <(segue completions bash); PS1='ready$ '")
        try tmux.send("Enter")
        try tmux.waitFor { $0.contains("ready$") }
        try tmux.send("-l", "segue do main.json interface/s")
        try tmux.send("Tab")
        try tmux.waitFor { $0.contains { $0.hasSuffix("ready$ segue do main.json interface/ssh") } }
        try tmux.send("-l", "/y")
        try tmux.send("Tab")
        try tmux.waitFor { $0.contains { $0.hasSuffix("ready$ segue do main.json interface/ssh/yes") } }
    }

    @Test func everyScriptAndTheManualListEveryOption() throws {
        let options = try runOptions()
        #expect(options.isSuperset(of: ["--theme", "--preview", "--ascii", "--multi"]))
        for shell in ["bash", "zsh", "fish"] {
            let script = try Tmux.run([Paths.segue, "completions", shell])
            for option in options {
                let spelled = shell == "fish" ? "-l " + option.dropFirst(2) : option
                #expect(script.contains(spelled), "\(shell) completion lacks \(option)")
            }
        }
        let manual = try String(contentsOfFile: Paths.packageRoot + "/docs/segue.1", encoding: .utf8)
            .replacingOccurrences(of: "\\-", with: "-")
        for option in options where option != "--help" {
            #expect(manual.contains(option), "segue.1 lacks \(option)")
        }
    }
}
