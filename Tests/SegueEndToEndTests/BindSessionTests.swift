import Foundation
import Testing

/// `--bind` on a real terminal: fzf's bindings on lines piped in, the screen and the exit status.
@Suite(.serialized) struct BindSessionTests {
    private func session(_ script: String, environment: [String: String] = [:]) throws -> Tmux {
        try Tmux(["bash", "-c", script], environment: environment.merging(["SEGUE": Paths.segue]) { $1 })
    }

    /// A folder of its own for a test's files, removed after it.
    private func folder(_ name: String) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("segue-bind-\(name)-\(getpid())").path
        try? FileManager.default.removeItem(atPath: path)
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// fzf's ADVANCED.md "Updating the list of processes by pressing CTRL-R", with a stand-in for
    /// `date; ps -ef` that says which run it is: CTRL-R brings the next run's lines, its first
    /// two the header again, and the query and the pipe to awk work on them.
    @Test func ctrlRReloadsTheListOfProcesses() throws {
        let dir = try folder("reload")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let list = """
            n=$(cat "$DIR/runs" 2>/dev/null || echo 0); n=$((n+1)); echo $n > "$DIR/runs"
            echo "run $n"; echo "UID PID CMD"; echo "root ${n}01 init-$n"; echo "root ${n}02 sshd-$n"
            """
        try list.write(toFile: dir + "/ps.sh", atomically: true, encoding: .utf8)
        let tmux = try session(#"""
            out=$(sh "$DIR/ps.sh" | "$SEGUE" --bind='ctrl-r:reload(sh "$DIR/ps.sh")' \
                --header=$'Press CTRL-R to reload\n\n' --header-lines=2 \
                --preview='echo {}' --preview-window=down,3,wrap | awk '{print $2}'); echo "status=$? out=[$out]"
            """#, environment: ["DIR": dir])
        try tmux.waitFor { $0.contains("   run 1") && $0.contains(" > root 101 init-1") && $0.contains { $0.hasSuffix("2/2") } }
        try tmux.send("C-r")
        let reloaded = try tmux.waitFor { $0.contains("   run 2") && $0.contains(" > root 201 init-2") }
        #expect(!reloaded.contains { $0.contains("init-1") || $0.contains("run 1") })
        #expect(reloaded.contains(" Press CTRL-R to reload"))
        try tmux.send("-l", "ssh")
        try tmux.waitFor { $0.contains(" > root 202 sshd-2") && $0.contains { $0.hasSuffix("1/2") } }
        try tmux.send("Enter")
        try tmux.waitFor(text: "status=0 out=[202]")
    }

    /// A command run in the background with the line (quoted for `sh` as fzf quotes it), then abort: the list never leaves the
    /// screen, the command has run by the time the session ends, and the status is fzf's 130.
    @Test func executeSilentThenAbort() throws {
        let dir = try folder("silent")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let tmux = try session(#"""
            printf 'alpha\nbeta\n' | "$SEGUE" --bind 'ctrl-y:execute-silent(echo copied {} "$FZF_KEY" "$SEGUE_MATCH_COUNT" > "$DIR/clip")+abort'
            echo "status=$? clip=[$(cat "$DIR/clip")]"
            """#, environment: ["DIR": dir])
        try tmux.waitFor { $0.contains(" > alpha") && $0.last?.hasSuffix("2/2") == true }
        try tmux.send("Down", "C-y")
        try tmux.waitFor(text: "status=130 clip=[copied beta ctrl-y 2]")
    }

    /// `execute`: the terminal lent to the command (its output on the screen, its question
    /// answered), then the list again, and the action after it.
    @Test func executeLendsTheTerminalThenTheListComesBack() throws {
        let tmux = try session(#"""
            out=$(printf 'alpha\nbeta\n' | "$SEGUE" --bind 'ctrl-e:execute(echo seen {} at $FZF_POS; read answer)+last'); echo "status=$? out=[$out]"
            """#)
        try tmux.waitFor { $0.contains(" > alpha") && $0.last?.hasSuffix("2/2") == true }
        try tmux.send("C-e")
        try tmux.waitFor(text: "seen alpha at 1")
        try tmux.send("Enter")
        // Back in the list, `last` done once the command ended.
        try tmux.waitFor { $0.contains(" > beta") && $0.last?.hasSuffix("2/2") == true }
        try tmux.send("Enter")
        try tmux.waitFor(text: "status=0 out=[beta]")
    }

    /// `become`: Segue's place taken by the command, the terminal restored, its status the
    /// program's.
    @Test func becomeRunsTheCommandInSeguesPlace() throws {
        let tmux = try session(#"""
            printf 'alpha\nbeta\n' | "$SEGUE" --bind 'enter:become(echo became {} for {q}; exit 3)'; echo "status=$?"
            """#)
        try tmux.waitFor { $0.contains(" > alpha") && $0.last?.hasSuffix("2/2") == true }
        try tmux.send("-l", "bet")
        try tmux.waitFor { $0.contains(" > beta") && $0.last?.hasSuffix("1/2") == true }
        try tmux.send("Enter")
        try tmux.waitFor(text: "status=3")
        let screen = try tmux.waitFor(text: "became beta for bet")
        #expect(!screen.contains { $0.contains("1/2") })
        #expect(try tmux.ttyModesRestored())
    }

    /// `change-query` on a key the find line uses (Ctrl-K deletes to the line's end): the
    /// binding wins, the rows filter by the new query, Enter prints the match.
    @Test func changeQueryOnAFindLineKey() throws {
        let tmux = try session(#"out=$(printf 'alpha\nbeta\ngamma\n' | "$SEGUE" --bind 'ctrl-k:change-query(gam)'); echo "status=$? out=[$out]""#)
        try tmux.waitFor { $0.contains(" > alpha") && $0.last?.hasSuffix("3/3") == true }
        try tmux.send("-l", "x")
        try tmux.waitFor { $0.last?.hasPrefix(" > x") == true }
        try tmux.send("C-k")
        try tmux.waitFor { $0.contains(" > gamma") && $0.last?.hasPrefix(" > gam") == true && $0.last?.hasSuffix("1/3") == true }
        try tmux.send("Enter")
        try tmux.waitFor(text: "status=0 out=[gamma]")
    }

    /// The `start` event: the query and the prompt set before any key.
    @Test func startEventSetsTheQueryAndPrompt() throws {
        let tmux = try session(#"out=$(printf 'alpha\nbeta\ngamma\n' | "$SEGUE" --bind 'start:change-query(bet)+change-prompt(go> )'); echo "status=$? out=[$out]""#)
        try tmux.waitFor { $0.contains(" > beta") && $0.last?.hasPrefix(" go> bet") == true && $0.last?.hasSuffix("1/3") == true }
        try tmux.send("Enter")
        try tmux.waitFor(text: "status=0 out=[beta]")
    }

    /// An unknown action is a usage error naming it and where it is.
    @Test func anUnknownActionIsAUsageError() throws {
        let tmux = try session(#"printf 'a\n' | "$SEGUE" --bind 'ctrl-r:reload(ls)+frobnicate'; echo "status=$?""#)
        let screen = try tmux.waitFor(text: "status=64")
        #expect(screen.contains { $0.contains("--bind: unknown action \"frobnicate\" at column 19") })
    }
}
