import Foundation
import Testing

/// `segue --bash/--zsh/--fish` in the real shells, as a user sets them up: a clean shell (no rc
/// file), the one line of set-up typed at its prompt, HOME and history in a folder of the test's
/// own, the built segue first on PATH. Each key is pressed as the user would, and what the shell
/// then has on its line (or does) is read off the screen.
@Suite(.serialized) struct ShellIntegrationTests {
    enum Shell: String, CaseIterable, CustomTestStringConvertible {
        case bash, zsh, fish

        var testDescription: String { rawValue }

        /// The prompt each is given, to find its lines on the screen.
        var prompt: String { "\(rawValue)> " }

        var command: [String] {
            switch self {
            case .bash: ["bash", "--norc", "--noprofile"]
            case .zsh: ["zsh", "-f"]
            case .fish: ["fish", "--no-config"]
            }
        }

        /// The set-up line, after a prompt of the test's.
        var setUp: String {
            switch self {
            case .bash: #"PS1='bash> '; eval "$(segue --bash)""#
            case .zsh: #"PS1='zsh> '; source <(segue --zsh)"#
            case .fish: #"function fish_prompt; echo -n 'fish> '; end; segue --fish | source"#
            }
        }

        /// A line putting a command of two lines, `echo multi-one` then `echo multi-two`, in the
        /// history (in fish the command is typed over two lines and run instead).
        var addsMultiLineHistory: String? {
            switch self {
            case .bash: #"history -s $'echo multi-one\necho multi-two'"#
            case .zsh: #"print -s $'echo multi-one\necho multi-two'"#
            case .fish: nil
            }
        }

        /// What prints the last background job's pid.
        var lastJob: String { self == .fish ? "echo pid=$last_pid" : "echo pid=$!" }
    }

    /// A home with a few files and folders, the shell started in it and set up.
    struct Session {
        let tmux: Tmux
        let home: URL
        let shell: Shell

        init(_ shell: Shell, environment extra: [String: String] = [:]) throws {
            self.shell = shell
            home = FileManager.default.temporaryDirectory.appendingPathComponent("segue-shell-\(UUID().uuidString.prefix(8))")
            let files = FileManager.default
            for folder in ["projects/alpha", "projects/beta", ".config"] {
                try files.createDirectory(at: home.appendingPathComponent(folder), withIntermediateDirectories: true)
            }
            for file in ["notes.txt", "it's a file.txt", "projects/alpha/plan.md"] {
                try "text of \(file)\n".write(to: home.appendingPathComponent(file), atomically: true, encoding: .utf8)
            }
            let binaries = URL(fileURLWithPath: Paths.segue).deletingLastPathComponent().path
            let path = binaries + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
            var environment = [
                "HOME": home.path, "PATH": path, "HISTFILE": home.path + "/history", "SAVEHIST": "100", "HISTSIZE": "100",
                "XDG_DATA_HOME": home.path + "/.local/share", "XDG_CONFIG_HOME": home.path + "/.config",
                "XDG_STATE_HOME": home.path + "/.local/state", "fish_history": "segue_test", "HISTTIMEFORMAT": "%F %T ",
                // `swift test` sets NO_COLOR=1, which takes the lines' styles out; an empty one does not count.
                "NO_COLOR": "",
            ]
            environment.merge(extra) { $1 }
            tmux = try Tmux(shell.command, width: 100, height: 30, directory: home.path, environment: environment)
            try type(shell.setUp)
            try tmux.send("Enter")
            try waitForPrompt()
            try tmux.send("C-l")
            try tmux.waitFor("a clear screen with the prompt") { $0.first == shell.prompt.trimmingCharacters(in: .whitespaces) || $0.first == shell.prompt }
        }

        /// Types `text` literally (tmux would read `end` as the End key).
        func type(_ text: String) throws {
            try tmux.send("-l", text)
        }

        /// Waits for an empty prompt as the last line with text.
        @discardableResult
        func waitForPrompt(_ what: String = "the shell's prompt") throws -> [String] {
            try tmux.waitFor(what) { screen in
                screen.last(where: { !$0.isEmpty }).map { $0 == shell.prompt || $0 + " " == shell.prompt } ?? false
            }
        }

        /// Waits for the picker's find line: its prompt (and what is typed), then the count of its
        /// rows at the right (`3/15`; with `--multi`, CTRL-T's, the marked count after it: `3/15 (0)`).
        func waitForPicker(prompt: String) throws {
            try tmux.waitFor("segue's \"\(prompt)\" find line") { screen in
                screen.contains { line in
                    guard line.hasPrefix(" " + prompt) else { return false }
                    return line.split(separator: " ").suffix(2).contains { count in
                        let numbers = count.split(separator: "/")
                        return numbers.count == 2 && numbers.allSatisfy { Int($0) != nil }
                    }
                }
            }
        }

        /// Waits for the shell's line: the prompt, then `text`.
        @discardableResult
        func waitForLine(_ text: String) throws -> [String] {
            try tmux.waitFor("the line \"\(shell.prompt)\(text)\"") { $0.contains(shell.prompt + text) }
        }

        func end() {
            try? FileManager.default.removeItem(at: home)
        }
    }

    @Test(arguments: Shell.allCases)
    func ctrlTPutsTheChosenFileOnTheLineQuotedForTheShell(_ shell: Shell) throws {
        let session = try Session(shell)
        defer { session.end() }
        try session.type(#"printf '<%s>\n' "#)
        try session.tmux.send("C-t")
        try session.waitForPicker(prompt: "file>")
        // Files and folders, hidden ones too (fzf's defaults), the selected one's preview beside.
        try session.type("plan")
        try session.tmux.waitFor("a file under a folder, previewed") { screen in
            screen.contains { $0.hasPrefix(" > projects/alpha/plan.md") } && screen.contains { $0.hasSuffix("│ text of projects/alpha/plan.md") }
        }
        try session.tmux.send(contentsOf: Array(repeating: "BSpace", count: 4))
        try session.type(".conf")
        try session.tmux.waitFor("a hidden folder") { $0.contains { $0.hasPrefix(" > .config/") } }
        try session.tmux.send(contentsOf: Array(repeating: "BSpace", count: 5))
        try session.type("it's a")
        try session.tmux.waitFor("the file with a space and a quote selected") { $0.contains { $0.hasPrefix(" > it's a file.txt") } }
        try session.tmux.send("Enter")
        // On the line after the prompt, quoted: the shell gives back the name as it is.
        let line = try session.tmux.waitFor("the file on the line") { screen in
            screen.contains { $0.hasPrefix(shell.prompt + #"printf '<%s>\n' it"#) && $0.hasSuffix("file.txt") }
        }
        #expect(!line.contains { $0.hasPrefix(" file>") }, "the picker is gone: \(line)")
        try session.tmux.send("Enter")
        try session.tmux.waitFor(text: "<it's a file.txt>")
        try session.waitForPrompt()
    }

    @Test(arguments: Shell.allCases)
    func ctrlTCommandListsWhatItPrints(_ shell: Shell) throws {
        let session = try Session(shell, environment: ["SEGUE_CTRL_T_COMMAND": #"printf 'custom one\ncustom two\n'"#])
        defer { session.end() }
        try session.type("echo ")
        try session.tmux.send("C-t")
        try session.waitForPicker(prompt: "file>")
        try session.tmux.waitFor("the command's lines") { screen in
            screen.contains { $0.hasPrefix(" > custom one") } && screen.contains { $0.hasPrefix("   custom two") }
        }
        try session.type("two")
        try session.tmux.waitFor("the second line selected") { $0.contains { $0.hasPrefix(" > custom two") } }
        try session.tmux.send("Enter")
        // Quoted as the shell quotes (fish: 'custom two', the others custom\ two).
        try session.tmux.waitFor("the line quoted on the shell's line") { screen in
            screen.contains { $0.hasPrefix(shell.prompt + "echo ") && $0.contains("custom") && ($0.hasSuffix("two") || $0.hasSuffix("two'")) }
        }
        try session.tmux.send("Enter")
        try session.tmux.waitFor(text: "custom two")
    }

    /// Set and empty before the set-up line, the variables leave the keys as the shell has them:
    /// CTRL-T transposes, Tab after ** does the shell's own completion.
    @Test(arguments: Shell.allCases)
    func emptyVariablesLeaveTheKeysAlone(_ shell: Shell) throws {
        let session = try Session(shell, environment: ["SEGUE_CTRL_T_COMMAND": "", "SEGUE_COMPLETION_TRIGGER": ""])
        defer { session.end() }
        try session.type("echo ab")
        try session.tmux.send("C-t")
        try session.waitForLine("echo ba")
        try session.tmux.send("C-u")
        try session.type("echo **")
        try session.tmux.send("Tab")
        // No picker opens: the key after Tab reaches the shell's line (fish expands ** itself).
        try session.tmux.send("-l", "#")
        try session.tmux.waitFor("the shell's own line") { screen in
            screen.contains { $0.hasPrefix(shell.prompt + "echo ") } && Tmux.flowed(screen).trimmingCharacters(in: .whitespaces).hasSuffix("#") && !screen.contains { $0.hasPrefix(" > ") }
        }
    }

    @Test(arguments: Shell.allCases)
    func ctrlRPutsTheChosenMultiLineCommandOnTheLineToEdit(_ shell: Shell) throws {
        let session = try Session(shell)
        defer { session.end() }
        if let adding = shell.addsMultiLineHistory {
            try session.type(adding)
            try session.tmux.send("Enter")
        } else {
            // fish: Alt-Enter puts a line feed in the command; the two lines run as one command.
            try session.type("echo multi-one")
            try session.tmux.send("M-Enter")
            try session.type("echo multi-two")
            try session.tmux.send("Enter")
        }
        // A command run twice is one row.
        for _ in 0..<2 {
            try session.type("echo twice")
            try session.tmux.send("Enter")
        }
        try session.tmux.send("C-l")
        try session.waitForPrompt()
        try session.tmux.send("C-r")
        try session.waitForPicker(prompt: "history> ")
        try session.type("echo twice")
        try session.tmux.waitFor("one row for the command run twice") { screen in
            screen.contains { $0.hasPrefix(" history> echo twice") && $0.split(separator: " ").suffix(2).contains { $0.hasPrefix("1/") } }
        }
        // Esc leaves the line as it was.
        try session.tmux.send("Escape")
        try session.waitForPrompt()
        // What is typed already becomes the query.
        try session.type("multi")
        try session.tmux.send("C-r")
        try session.waitForPicker(prompt: "history> multi")
        // Drawn whole, on its two lines, as fzf's CTRL-R draws a multi-line item (`--read0`).
        try session.tmux.waitFor("the two-line command, shown whole") { screen in
            guard let first = screen.firstIndex(where: { $0.hasPrefix(" > ") && $0.contains("echo multi-one") }) else { return false }
            return first + 1 < screen.count && screen[first + 1].contains("echo multi-two") && !screen[first + 1].hasPrefix(" > ")
        }
        // Its time, dim, before it (bash keeps times as HISTTIMEFORMAT is set here).
        let styled = try session.tmux.styledScreen()
        #expect(styled.contains { line in
            line.hasPrefix(" > ") && line.contains("-one") && line.range(of: #"\x{1B}\[2m\d{4}-\d\d-\d\d \d\d:\d\d:\d\d"#, options: .regularExpression) != nil
        }, "no dim time before the command: \(styled)")
        try session.tmux.send("Enter")
        // On the line to edit, not run: both lines, and no output yet.
        let screen = try session.tmux.waitFor("the command on the line") { screen in
            screen.contains { $0.hasPrefix(shell.prompt) && $0.hasSuffix("multi-one") } && screen.contains { $0.hasSuffix("echo multi-two") }
        }
        #expect(!screen.contains("multi-one"), "the command ran: \(screen)")
        try session.tmux.send("Enter")
        try session.tmux.waitFor("both lines run") { $0.contains("multi-one") && $0.contains("multi-two") }
        try session.waitForPrompt()
    }

    @Test(arguments: Shell.allCases)
    func altCChangesToTheChosenFolder(_ shell: Shell) throws {
        let session = try Session(shell)
        defer { session.end() }
        try session.tmux.send("M-c")
        try session.waitForPicker(prompt: "cd>")
        // Folders only: no file is found.
        try session.type("notes.txt")
        try session.tmux.waitFor("no file") { $0.contains { $0.hasPrefix(" cd> notes.txt") && $0.split(separator: " ").suffix(2).contains { $0.hasPrefix("0/") } } }
        try session.tmux.send(contentsOf: Array(repeating: "BSpace", count: 9))
        try session.type("alpha")
        try session.tmux.waitFor("the folder selected") { $0.contains { $0.hasPrefix(" > projects/alpha/") } }
        try session.tmux.send("Enter")
        try session.waitForPrompt()
        try session.type("pwd")
        try session.tmux.send("Enter")
        try session.tmux.waitFor(text: session.home.path + "/projects/alpha")
        try session.waitForPrompt()
        // Back home, the folder chosen before comes first, nothing typed (the walker lists the
        // folders of the home before those under them).
        try session.type("cd ..; cd ..; clear")
        try session.tmux.send("Enter")
        try session.waitForPrompt()
        try session.tmux.send("M-c")
        try session.waitForPicker(prompt: "cd>")
        try session.tmux.waitFor("the folder chosen before, first") { screen in
            screen.first { $0.hasPrefix(" > ") || $0.hasPrefix("   ") }?.hasPrefix(" > projects/alpha/") ?? false
        }
        try session.tmux.send("Escape")
        try session.waitForPrompt()
    }

    @Test(arguments: Shell.allCases)
    func triggerTabCompletesAPathAfterAnyCommand(_ shell: Shell) throws {
        let session = try Session(shell)
        defer { session.end() }
        try session.type("vim projects/**")
        try session.tmux.send("Tab")
        try session.waitForPicker(prompt: "")
        // Under the folder typed before the trigger only.
        try session.tmux.waitFor("the paths under projects/") { screen in
            screen.contains { $0.contains(" projects/alpha/plan.md") } && !screen.contains { $0.contains(" notes.txt") }
        }
        try session.type("plan")
        try session.tmux.waitFor("the file selected") { $0.contains { $0.hasPrefix(" > projects/alpha/plan.md") } }
        try session.tmux.send("Enter")
        try session.waitForLine("vim projects/alpha/plan.md")
    }

    @Test(arguments: Shell.allCases)
    func triggerTabAfterCdCompletesAFolderOnly(_ shell: Shell) throws {
        let session = try Session(shell)
        defer { session.end() }
        try session.type("cd **")
        try session.tmux.send("Tab")
        try session.waitForPicker(prompt: "> ")
        try session.type("notes.txt")
        try session.tmux.waitFor("no file") { $0.contains { $0.hasPrefix(" > notes.txt") && $0.split(separator: " ").suffix(2).contains { $0.hasPrefix("0/") } } }
        try session.tmux.send(contentsOf: Array(repeating: "BSpace", count: 9))
        try session.type("alpha")
        try session.tmux.waitFor("the folder selected") { $0.contains { $0.hasPrefix(" > projects/alpha/") } }
        try session.tmux.send("Enter")
        try session.waitForLine("cd projects/alpha/")
        try session.tmux.send("Enter")
        try session.waitForPrompt()
        try session.type("pwd")
        try session.tmux.send("Enter")
        try session.tmux.waitFor(text: session.home.path + "/projects/alpha")
    }

    @Test(arguments: Shell.allCases)
    func triggerTabAfterKillCompletesAProcessId(_ shell: Shell) throws {
        let session = try Session(shell)
        defer { session.end() }
        try session.type("sleep 4321 &")
        try session.tmux.send("Enter")
        try session.type(shell.lastJob)
        try session.tmux.send("Enter")
        let screen = try session.tmux.waitFor("the job's pid") { $0.contains { $0.hasPrefix("pid=") } }
        let pid = screen.first { $0.hasPrefix("pid=") }.map { String($0.dropFirst(4)) } ?? ""
        #expect(Int(pid) != nil)
        defer { _ = Foundation.kill(Int32(pid) ?? 0, SIGKILL) }
        try session.tmux.send("C-l")
        try session.waitForPrompt()
        try session.type("kill -9 **")
        try session.tmux.send("Tab")
        try session.waitForPicker(prompt: "")
        try session.type("sleep 4321")
        try session.tmux.waitFor("the sleep selected") { $0.contains { $0.hasPrefix(" > ") && $0.hasSuffix("sleep 4321") } }
        try session.tmux.send("Enter")
        try session.waitForLine("kill -9 \(pid)")
        try session.tmux.send("Enter")
        try session.waitForPrompt()
        // The job was killed: gone, or a zombie until the shell reaps it.
        let deadline = Date().addingTimeInterval(10)
        var state = ""
        repeat {
            let stat = (try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)) ?? ""
            state = stat.split(separator: ")").last?.split(separator: " ").first.map(String.init) ?? "gone"
            if state == "gone" || state == "Z" { break }
            usleep(20_000)
        } while Date() < deadline
        #expect(state == "gone" || state == "Z", "process \(pid) is still \(state)")
    }
}
