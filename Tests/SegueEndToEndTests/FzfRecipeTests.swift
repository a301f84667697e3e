import Foundation
import SegueTesting
import Testing

/// fzf's ADVANCED.md recipes run side by side with fzf 0.74.5 (`ReferenceFzf`): the same
/// command line, `$PICKER` being fzf, then Segue, the same keys, each pressed once the screen
/// shows what the last did (the match count and the prompt, which both draw), and the printed
/// output compared — not the screens, whose looks differ (the looks Segue does not draw,
/// `--layout`, `--color`, borders, are left out with a note on stderr). Both run commands with
/// `$SHELL -c`, bash here, as the recipes' `[[ … ]]` need.
@Suite(.serialized) struct FzfRecipeTests {
    /// A folder of its own for a recipe's files, removed after it.
    private func folder(_ name: String) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("segue-recipe-\(name)-\(getpid())").path
        try? FileManager.default.removeItem(atPath: path)
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// Runs `recipe` (a bash script in `dir`, calling `$PICKER`) under fzf and under Segue, `keys`
    /// driving each, and returns what each printed, with its exit status.
    private func sideBySide(_ recipe: String, in dir: String, height: Int = 24,
                            keys: (Tmux) throws -> Void) throws -> (fzf: String, segue: String) {
        let fzf = try #require(ReferenceFzf.path, Comment(rawValue: ReferenceFzf.missing))
        // Beside the folder, not in it: the recipes list and search its files.
        let script = dir + "-recipe.sh"
        try recipe.write(toFile: script, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: script) }
        func run(_ picker: String) throws -> String {
            let tmux = try Tmux(["bash", "-c", #"out=$(bash "$RECIPE"); echo "status=$? out=[$(echo $out)]""#], height: height,
                                directory: dir, environment: ["PICKER": picker, "SHELL": "/bin/bash", "RECIPE": script])
            try keys(tmux)
            let screen = try tmux.waitFor(text: "status=")
            return screen.first { $0.hasPrefix("status=") } ?? ""
        }
        let fzfOutput = try run(fzf.hasPrefix("/") ? fzf : Paths.packageRoot + "/" + fzf)
        return (fzfOutput, try run(Paths.segue))
    }

    /// Waits for the screen to show `count` (`3/3`) and `line` (a prompt with its query).
    private func waitFor(_ tmux: Tmux, _ count: String, _ line: String) throws {
        try tmux.waitFor("\(count) and \"\(line)\"") { screen in
            screen.contains { $0.contains(count) } && screen.contains { $0.contains(line) }
        }
    }

    /// Files for the ripgrep recipes: three lines in one, one in the other.
    private func ripgrepFiles(_ name: String) throws -> String {
        let dir = try folder(name)
        try "apple pie\napple tart\nbanana split\n".write(toFile: dir + "/a.txt", atomically: true, encoding: .utf8)
        try "cherry apple\n".write(toFile: dir + "/b.txt", atomically: true, encoding: .utf8)
        return dir
    }

    /// "Switching between Ripgrep mode and fzf mode": `--disabled`, `start:reload`, `change:reload`,
    /// CTRL-F to fzf's filtering (`enable-search`, `transform-query` restoring the other mode's
    /// query), CTRL-R back (`disable-search`, `reload`, `rebind`). `become(vim …)` is
    /// `become(echo …)`, to see what it was given.
    @Test func theRipgrepLauncherSwitchesModesWithCtrlFAndCtrlR() throws {
        let dir = try ripgrepFiles("rg-switch")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let recipe = #"""
            # Switch between Ripgrep launcher mode (CTRL-R) and fzf filtering mode (CTRL-F)
            rm -f /tmp/rg-fzf-{r,f}
            RG_PREFIX="rg --column --line-number --no-heading --color=always --smart-case "
            INITIAL_QUERY="${*:-}"
            $PICKER --ansi --disabled --query "$INITIAL_QUERY" \
                --bind "start:reload($RG_PREFIX {q})+unbind(ctrl-r)" \
                --bind "change:reload:sleep 0.1; $RG_PREFIX {q} || true" \
                --bind "ctrl-f:unbind(change,ctrl-f)+change-prompt(2. fzf> )+enable-search+rebind(ctrl-r)+transform-query(echo {q} > /tmp/rg-fzf-r; cat /tmp/rg-fzf-f)" \
                --bind "ctrl-r:unbind(ctrl-r)+change-prompt(1. ripgrep> )+disable-search+reload($RG_PREFIX {q} || true)+rebind(change,ctrl-f)+transform-query(echo {q} > /tmp/rg-fzf-f; cat /tmp/rg-fzf-r)" \
                --color "hl:-1:underline,hl+:-1:underline:reverse" \
                --prompt '1. ripgrep> ' \
                --delimiter : \
                --header '╱ CTRL-R (ripgrep mode) ╱ CTRL-F (fzf mode) ╱' \
                --preview 'bat --color=always {1} --highlight-line {2}' \
                --preview-window 'up,60%,border-bottom,+{2}+3/3,~3' \
                --bind 'enter:become(echo {1} +{2})'
            """#
        let outputs = try sideBySide(recipe, in: dir) { tmux in
            try waitFor(tmux, "4/4", "1. ripgrep>")
            try tmux.send("-l", "apple")
            // Ripgrep searched: three lines, every one shown (the query does not filter).
            try waitFor(tmux, "3/3", "1. ripgrep> apple")
            try tmux.send("C-f")
            try waitFor(tmux, "3/3", "2. fzf>")
            try tmux.send("-l", "tart")
            try waitFor(tmux, "1/3", "2. fzf> tart")
            try tmux.send("C-r")
            // Ripgrep again, with the query it had.
            try waitFor(tmux, "3/3", "1. ripgrep> apple")
            try tmux.send("-l", " pie")
            try waitFor(tmux, "1/1", "1. ripgrep> apple pie")
            try tmux.send("Enter")
        }
        #expect(outputs.segue == outputs.fzf)
        #expect(outputs.segue == "status=0 out=[a.txt +1]")
    }

    /// "Switching between Ripgrep mode and fzf mode using a single key binding": `transform`,
    /// whose script (`[[ ! $FZF_PROMPT =~ ripgrep ]]`) prints the actions, `\{q}` left for them.
    @Test func theRipgrepLauncherSwitchesModesWithOneKeyThroughTransform() throws {
        let dir = try ripgrepFiles("rg-transform")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let recipe = #"""
            # Switch between Ripgrep mode and fzf filtering mode (CTRL-T)
            rm -f /tmp/rg-fzf-{r,f}
            RG_PREFIX="rg --column --line-number --no-heading --color=always --smart-case "
            INITIAL_QUERY="${*:-}"
            $PICKER --ansi --disabled --query "$INITIAL_QUERY" \
                --bind "start:reload:$RG_PREFIX {q}" \
                --bind "change:reload:sleep 0.1; $RG_PREFIX {q} || true" \
                --bind 'ctrl-t:transform:[[ ! $FZF_PROMPT =~ ripgrep ]] &&
                  echo "rebind(change)+change-prompt(1. ripgrep> )+disable-search+transform-query:echo \{q} > /tmp/rg-fzf-f; cat /tmp/rg-fzf-r" ||
                  echo "unbind(change)+change-prompt(2. fzf> )+enable-search+transform-query:echo \{q} > /tmp/rg-fzf-r; cat /tmp/rg-fzf-f"' \
                --color "hl:-1:underline,hl+:-1:underline:reverse" \
                --prompt '1. ripgrep> ' \
                --delimiter : \
                --header 'CTRL-T: Switch between ripgrep/fzf' \
                --preview 'bat --color=always {1} --highlight-line {2}' \
                --preview-window 'up,60%,border-line,+{2}+3/3,~3' \
                --bind 'enter:become(echo {1} +{2})'
            """#
        let outputs = try sideBySide(recipe, in: dir) { tmux in
            try waitFor(tmux, "4/4", "1. ripgrep>")
            try tmux.send("-l", "apple")
            try waitFor(tmux, "3/3", "1. ripgrep> apple")
            try tmux.send("C-t")
            try waitFor(tmux, "3/3", "2. fzf>")
            try tmux.send("-l", "tart")
            try waitFor(tmux, "1/3", "2. fzf> tart")
            try tmux.send("C-t")
            // Ripgrep mode has its query back; the change it makes runs ripgrep again.
            try waitFor(tmux, "3/3", "1. ripgrep> apple")
            try tmux.send("C-t")
            try waitFor(tmux, "1/3", "2. fzf> tart")
            try tmux.send("Enter")
        }
        #expect(outputs.segue == outputs.fzf)
        #expect(outputs.segue == "status=0 out=[a.txt +2]")
    }

    /// "Toggling between data sources": two reloads on CTRL-D and CTRL-F, the prompt saying which.
    @Test func twoKeysToggleBetweenDataSources() throws {
        let dir = try folder("sources")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        for name in ["alpha-dir", "beta-dir"] { try FileManager.default.createDirectory(atPath: dir + "/" + name, withIntermediateDirectories: true) }
        for name in ["alpha-file", "beta-dir/inner-file", "gamma-file"] { try "".write(toFile: dir + "/" + name, atomically: true, encoding: .utf8) }
        let recipe = #"""
            find * | $PICKER --prompt 'All> ' \
                         --header 'CTRL-D: Directories / CTRL-F: Files' \
                         --bind 'ctrl-d:change-prompt(Directories> )+reload(find * -type d)' \
                         --bind 'ctrl-f:change-prompt(Files> )+reload(find * -type f)'
            """#
        let outputs = try sideBySide(recipe, in: dir) { tmux in
            try waitFor(tmux, "5/5", "All>")
            try tmux.send("C-d")
            try waitFor(tmux, "2/2", "Directories>")
            try tmux.send("C-f")
            try waitFor(tmux, "3/3", "Files>")
            try tmux.send("-l", "inner")
            try waitFor(tmux, "1/3", "Files> inner")
            try tmux.send("Enter")
        }
        #expect(outputs.segue == outputs.fzf)
        #expect(outputs.segue == "status=0 out=[beta-dir/inner-file]")
    }

    /// "Updating the list of processes by pressing CTRL-R", `--layout=reverse --height=80%` and
    /// all; `date; ps -ef` is a stand-in saying which run it is (the real one differs between
    /// the two runs), the pipe to awk and xargs as written but for `kill -9`, which is `echo`.
    @Test func ctrlRUpdatesTheListOfProcesses() throws {
        let dir = try folder("ps")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let list = """
            n=$(cat runs 2>/dev/null || echo 0); n=$((n+1)); echo $n > runs
            echo "run $n"; echo "UID PID CMD"; echo "root ${n}01 init-$n"; echo "root ${n}02 sshd-$n"
            """
        try list.write(toFile: dir + "/ps.sh", atomically: true, encoding: .utf8)
        let recipe = #"""
            rm -f runs
            (sh ps.sh) |
              $PICKER --bind='ctrl-r:reload(sh ps.sh)' \
                  --header=$'Press CTRL-R to reload\n\n' --header-lines=2 \
                  --preview='echo {}' --preview-window=down,3,wrap \
                  --layout=reverse --height=80% | awk '{print $2}' | xargs echo killed
            """#
        let outputs = try sideBySide(recipe, in: dir) { tmux in
            try waitFor(tmux, "2/2", "init-1")
            try tmux.send("C-r")
            try waitFor(tmux, "2/2", "init-2")
            try tmux.send("-l", "ssh")
            try waitFor(tmux, "1/2", "sshd-2")
            try tmux.send("Enter")
        }
        #expect(outputs.segue == outputs.fzf)
        #expect(outputs.segue == "status=0 out=[killed 202]")
    }

    /// "Switching to fzf-only search mode": ALT-ENTER (Esc then CR, as the terminal sends it)
    /// unbinds `change` and itself, and turns fzf's filtering on with the query cleared.
    @Test func altEnterSwitchesToFzfOnlySearchMode() throws {
        let dir = try ripgrepFiles("rg-alt-enter")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let recipe = #"""
            RG_PREFIX="rg --column --line-number --no-heading --color=always --smart-case "
            INITIAL_QUERY="${*:-}"
            $PICKER --ansi --disabled --query "$INITIAL_QUERY" \
                --bind "start:reload:$RG_PREFIX {q}" \
                --bind "change:reload:sleep 0.1; $RG_PREFIX {q} || true" \
                --bind "alt-enter:unbind(change,alt-enter)+change-prompt(2. fzf> )+enable-search+clear-query" \
                --color "hl:-1:underline,hl+:-1:underline:reverse" \
                --prompt '1. ripgrep> ' \
                --delimiter : \
                --preview 'bat --color=always {1} --highlight-line {2}' \
                --preview-window 'up,60%,border-bottom,+{2}+3/3,~3' \
                --bind 'enter:become(echo {1} +{2})'
            """#
        let outputs = try sideBySide(recipe, in: dir) { tmux in
            try waitFor(tmux, "4/4", "1. ripgrep>")
            try tmux.send("-l", "apple")
            try waitFor(tmux, "3/3", "1. ripgrep> apple")
            try tmux.send("M-Enter")
            try waitFor(tmux, "3/3", "2. fzf>")
            try tmux.send("-l", "cherry")
            try waitFor(tmux, "1/3", "2. fzf> cherry")
            try tmux.send("Enter")
        }
        #expect(outputs.segue == outputs.fzf)
        #expect(outputs.segue == "status=0 out=[b.txt +1]")
    }

    /// fzf's `one` event: `one:accept` chooses the only match as soon as typing leaves one.
    @Test func oneAcceptsTheOnlyMatchAsFzfDoes() throws {
        let dir = try folder("one")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let recipe = #"printf 'alpha\nbeta\ngamma\n' | $PICKER --bind one:accept"#
        let outputs = try sideBySide(recipe, in: dir) { tmux in
            try waitFor(tmux, "3/3", "gamma")
            try tmux.send("-l", "mm")
        }
        #expect(outputs.segue == outputs.fzf)
        #expect(outputs.segue == "status=0 out=[gamma]")
    }
}
