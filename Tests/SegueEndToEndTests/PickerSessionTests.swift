import Foundation
import Testing

/// `cmd | segue`: a picker over the lines piped in, keys from the terminal, the choice on stdout.
@Suite(.serialized) struct PickerSessionTests {
    func session(_ script: String) throws -> Tmux {
        try Tmux(["sh", "-c", script], environment: ["SEGUE": Paths.segue])
    }

    @Test func enterPrintsTheLineChosenFromWhatWasPiped() throws {
        let tmux = try session(#"out=$(printf 'alpha\nbeta\ngamma\n' | "$SEGUE"); echo "status=$? out=[$out]""#)
        try tmux.waitFor { $0.contains(" > alpha") && $0.last?.hasSuffix("3/3") == true }
        try tmux.send("-l", "gam")
        try tmux.waitFor { $0.contains(" > gamma") && $0.last?.hasSuffix("1/3") == true }
        try tmux.send("Enter")
        try tmux.waitFor(text: "status=0 out=[gamma]")
    }

    @Test func escCancelsWithStatusOne() throws {
        let tmux = try session(#"printf 'a\nb\n' | "$SEGUE"; echo "status=$?""#)
        try tmux.waitFor { $0.contains(" > a") && $0.last?.hasSuffix("2/2") == true }
        try tmux.send("Escape")
        try tmux.waitFor(text: "status=1")
    }

    @Test func ctrlCInterruptsWith130() throws {
        let tmux = try session(#"printf 'a\nb\n' | "$SEGUE"; echo "status=$?""#)
        try tmux.waitFor { $0.contains(" > a") && $0.last?.hasSuffix("2/2") == true }
        try tmux.send("C-c")
        try tmux.waitFor(text: "status=130")
    }

    @Test func stdinAndStdoutBothPipesWithMarksPromptAndHeader() throws {
        let tmux = try session(#"printf 'one\ntwo\nthree\n' | "$SEGUE" --multi --prompt 'pick: ' --header 'Numbers' | sed 's/^/got /'; echo done"#)
        try tmux.waitFor { $0.contains(" Numbers") && $0.last?.hasPrefix(" pick: ") == true }
        try tmux.send("Tab", "Tab")
        try tmux.send("Enter")
        try tmux.waitFor(text: "done")
        let screen = try tmux.waitFor(text: "got two")
        #expect(screen.contains("got one"))
        #expect(!screen.contains("got three"))
    }

    /// A query over 100k streamed lines: the count fzf finds shows, best match first, and rows
    /// that keep arriving take their places (how fast is `make bench`'s business, not this test's).
    @Test func aQueryOver100kStreamedLinesShowsFzfsCountAndBestMatch() throws {
        let tmux = try session(#"seq 1 100000 | sed 's/^/line /' | "$SEGUE" --query '99999'; echo "status=$?""#)
        // fzf --filter 99999 over the same lines: "line 99999" only, and it ranks first.
        try tmux.waitFor { $0.contains(" > line 99999") && $0.last?.hasSuffix("1/100000") == true }
        try tmux.send("BSpace")
        try tmux.waitFor { $0.contains(" > line 9999") && $0.last?.hasSuffix("46/100000") == true }  // fzf finds 46
        try tmux.send("Escape")
        try tmux.waitFor(text: "status=1")
    }

    @Test func linesShowAsTheyComeAndReloadSaysWhyItDoesNothing() throws {
        // The second line comes only once the test has seen the first: streaming, not a race.
        let go = FileManager.default.temporaryDirectory.appendingPathComponent("segue-picker-go-\(getpid())").path
        defer { try? FileManager.default.removeItem(atPath: go) }
        let tmux = try Tmux(["sh", "-c", #"(echo first; while [ ! -e "$GO" ]; do sleep 0.05; done; echo second) | "$SEGUE"; echo "status=$?""#],
                            environment: ["SEGUE": Paths.segue, "GO": go])
        try tmux.waitFor { $0.contains(" > first") && $0.last?.hasSuffix("1/1") == true }
        _ = FileManager.default.createFile(atPath: go, contents: nil)
        try tmux.waitFor { $0.contains("   second") && $0.last?.hasSuffix("2/2") == true }
        try tmux.send("C-r")
        try tmux.waitFor { $0.contains { $0.contains("standard input is read once: nothing to reload") } }
        try tmux.send("Escape")
        try tmux.waitFor(text: "status=1")
    }

    @Test func selectOneChoosesTheOnlyMatchAndExitZeroLeavesWhenThereIsNone() throws {
        let tmux = try session(#"""
            out=$(printf 'alpha\nbeta\ngamma\n' | "$SEGUE" --query bet --select-1); echo "one=$? [$out]"
            printf 'alpha\n' | "$SEGUE" -0 --query zzz; echo "none=$?"
            out=$(printf 'alpha\nbeta\n' | "$SEGUE" -1 -0 --query a); echo "two=$? [$out]"
            """#)
        // The first two end by themselves; the third has two matches, so it waits for a key.
        try tmux.waitFor { $0.contains(" > alpha") && $0.last?.hasSuffix("2/2") == true }
        try tmux.send("Enter")
        let screen = try tmux.waitFor(text: "two=0 [alpha]")
        #expect(screen.contains("one=0 [beta]"))
        #expect(screen.contains("none=1"))
    }

    /// `--filter` matches what fzf's does, checked against the installed fzf on the repository's
    /// file names (the order of equal matches differs until the ranking is fzf's own).
    @Test func filterPrintsTheMatchesFzfFilterPrints() throws {
        let corpus = FileManager.default.temporaryDirectory.appendingPathComponent("segue-filter-corpus-\(getpid())").path
        defer { try? FileManager.default.removeItem(atPath: corpus) }
        try Tmux.run(["sh", "-c", "cd \"$0\" && git ls-files > \"$1\"", Paths.packageRoot, corpus])
        for query in ["seg", "swift", "rowkind", "^Sources", "md$", "'Find", "!Tests swift", "xyzzy"] {
            let ours = try HostCommand.run(["sh", "-c", "\"$0\" --filter \"$1\" < \"$2\"", Paths.segue, query, corpus])
            let fzf = try HostCommand.run(["sh", "-c", "fzf --filter \"$0\" < \"$1\"", query, corpus])
            #expect(ours.output.split(separator: "\n").sorted() == fzf.output.split(separator: "\n").sorted(), "\(query)")
            #expect(ours.status == fzf.status, "\(query): exit \(ours.status), fzf's \(fzf.status)")
        }
    }

    @Test func nulSeparatedInAndOut() throws {
        let tmux = try session(#"out=$(printf 'one\0two words\0' | "$SEGUE" --read0 --print0 --multi | tr '\0' '|'); echo "out=[$out]""#)
        // With --multi the marked count stands beside the match count, as fzf's `2/2 (0)`.
        try tmux.waitFor { $0.contains(" > one") && $0.contains("   two words") && $0.last?.hasSuffix("2/2 (0)") == true }
        try tmux.send("Tab", "Tab")
        try tmux.waitFor { $0.last?.hasSuffix("2/2 (2)") == true }
        try tmux.send("Enter")
        try tmux.waitFor(text: "out=[one|two words|]")
    }

    @Test func fieldsShownAndPrintedAsFzfsWithNthAndAcceptNth() throws {
        let tmux = try session(#"out=$(printf 'a.txt:3:hello world\nb.txt:9:bye\n' | "$SEGUE" -d : --with-nth 3.. --accept-nth 1,2); echo "out=[$out]""#)
        try tmux.waitFor { $0.contains(" > hello world") && $0.contains("   bye") }
        try tmux.send("-l", "bye")
        try tmux.waitFor { $0.contains(" > bye") && $0.last?.hasSuffix("1/2") == true }
        try tmux.send("Enter")
        try tmux.waitFor(text: "out=[b.txt:9]")
    }

    @Test func aLineWithBracesIsDataNotATemplate() throws {
        let tmux = try session(#"out=$(printf '{{.Names}} x\n' | "$SEGUE"); echo "out=[$out]""#)
        try tmux.waitFor { $0.contains(" > {{.Names}} x") }
        try tmux.send("Enter")
        try tmux.waitFor(text: "out=[{{.Names}} x]")
    }

    /// fzf's `--preview 'cmd {1}' --preview-window 'right,50%,+{2}-2'`: the preview runs per line
    /// with its fields quoted, and opens with the line the offset names two lines down.
    @Test func aPreviewCommandWithFzfPlaceholdersOpensAtTheOffsetsLine() throws {
        let folder = try Fixtures(["notes.txt": (1...40).map { "note \($0)" }.joined(separator: "\n") + "\n"])
        let tmux = try Tmux(["sh", "-c", #"printf 'notes.txt:12:hit\nit'"'"'s gone:3:x\n' | "$SEGUE" -d : --preview 'cat -n {1}' --preview-window 'right,60%,wrap,+{2}-2'; echo "status=$?""#],
                            width: 100, height: 20, directory: folder.folder.path, environment: ["SEGUE": Paths.segue])
        // 60% of 100 columns beside the list; line 12 - 2 = 10 at the top.
        // The command's lines come as it writes them: wait for the one two lines down too.
        let screen = try tmux.waitFor { $0.contains { $0.contains("│     10  note 10") } && $0.contains { $0.contains("note 12") } }
        let first = try #require(screen.firstIndex { $0.contains("note 10") })
        #expect(screen[first + 2].contains("12") && screen[first + 2].contains("note 12"))
        #expect(screen[first].firstIndex(of: "│").map { screen[first].distance(from: screen[first].startIndex, to: $0) } == 40)
        // A file name with a quote in it reaches cat as one argument.
        try tmux.send("Down")
        try tmux.waitFor { $0.contains { $0.contains("cat: \"it's gone\": No such file") } }
        try tmux.send("Escape")
        try tmux.waitFor(text: "status=1")
    }

    /// `{q}` follows the query and `{+}` is every marked line, as fzf's.
    @Test func previewPlaceholdersFollowTheQueryAndTheMarks() throws {
        let tmux = try session(#"printf 'one\ntwo\nthree\n' | "$SEGUE" --multi --preview 'printf "%s|" q {q} m {+}' --preview-window down,8; echo "status=$?""#)
        try tmux.waitFor(text: "q||m|one|")
        try tmux.send("Tab", "Tab")
        try tmux.waitFor(text: "q||m|one|two|")
        try tmux.send("-l", "th")
        try tmux.waitFor(text: "q|th|m|one|two|")
        try tmux.send("Escape")
        try tmux.waitFor(text: "status=1")
    }

    /// `--header-lines 1`: ps's column names stand over the rows, in their column, and are never
    /// matched or chosen.
    @Test func headerLinesStandOverTheRowsAndAreNeverChosen() throws {
        let tmux = try session(#"out=$(printf 'PID   CMD\n1     init\n22    bash\n' | "$SEGUE" --header-lines 1); echo "out=[$out]""#)
        let screen = try tmux.waitFor { $0.last?.hasSuffix("2/2") == true }
        #expect(screen[1] == "   PID   CMD" && screen[2] == " > 1     init")
        try tmux.send("-l", "PID")
        try tmux.waitFor { $0.last?.hasSuffix("0/2") == true }
        try tmux.send("C-u", "Up", "Up", "Enter")
        try tmux.waitFor(text: "out=[1     init]")
    }

    /// `--ansi`: the lines' colours are drawn, matched without their codes (`m` from `ESC[33m`
    /// matches nothing), and the chosen line is printed without them, as fzf's.
    @Test func ansiLinesShowTheirColoursAndAreFoundAndPrintedWithoutThem() throws {
        let tmux = try session(#"out=$(printf '\033[33mb6add2a\033[m Fix \033[31mborder\033[0m\nplain m line\n' | NO_COLOR= "$SEGUE" --ansi); echo "out=[$out]""#)
        try tmux.waitFor { $0.last?.hasSuffix("2/2") == true }
        let styled = try tmux.styledScreen().joined(separator: "\n")
        #expect(styled.contains("\u{1B}[33mb6add2a") && styled.contains("\u{1B}[31mborder"))
        try tmux.send("-l", "m")
        try tmux.waitFor { $0.contains(" > plain m line") && $0.last?.hasSuffix("1/2") == true }
        try tmux.send("C-u")
        try tmux.send("-l", "bord")
        try tmux.waitFor { $0.contains(" > b6add2a Fix border") && $0.last?.hasSuffix("1/2") == true }
        try tmux.send("Enter")
        try tmux.waitFor(text: "out=[b6add2a Fix border]")
    }

    /// `--ansi` with fzf's placeholders (issue 44): `git log --color --oneline | segue --ansi
    /// --preview 'git show {1}'` ran `git show \e[33m94944a4`; the preview gets the text without
    /// the codes, as fzf's (`cat -v` would show them), and `--accept-nth` prints it so.
    @Test func ansiLinesGiveThePreviewAndAcceptNthTheirTextWithoutColours() throws {
        let tmux = try session(#"out=$(printf '\033[33m94944a4\033[m Fix \033[1;31mborder\033[0m\n' | "$SEGUE" --ansi --accept-nth 1 --preview 'printf "[%s]" {1} {-1} {} | cat -v' --preview-window down,4); echo "out=[$out]""#)
        try tmux.waitFor(text: "[94944a4][border][94944a4 Fix border]")
        try tmux.send("Enter")
        try tmux.waitFor(text: "out=[94944a4]")
    }

    /// fzf's select-or-type: with `--print-query`, Enter on no match prints the query, exit 1.
    @Test func printQueryWithNoMatchPrintsTheQueryAndExitsOne() throws {
        let tmux = try session(#"out=$(printf 'alpha\nbeta\n' | "$SEGUE" --print-query); echo "status=$? out=[$out]""#)
        try tmux.waitFor { $0.last?.hasSuffix("2/2") == true }
        try tmux.send("-l", "new branch")
        try tmux.waitFor { $0.last?.hasSuffix("0/2") == true }
        try tmux.send("Enter")
        try tmux.waitFor(text: "status=1 out=[new branch]")
    }

    /// `-1` and `-0` are decided before the terminal is taken, as fzf's: a script gets its
    /// answer even with no terminal at all; when the user must choose, the lines read to decide
    /// are all there.
    @Test func selectOneAndExitZeroNeedNoTerminalAndUndecidedLinesAllArrive() throws {
        let tmux = try session(#"""
            setsid sh -c 'printf "x:1\ny:2\n" | "$SEGUE" -1 -d : --accept-nth 2 --query y; echo "one=$?"; printf "a\n" | "$SEGUE" -0 --query z; echo "none=$?"' </dev/null
            seq 1 50000 | "$SEGUE" -1 --query 4999; echo "status=$?"
            """#)
        try tmux.waitFor { $0.contains("2") && $0.contains("one=0") && $0.contains("none=1") }
        try tmux.waitFor { $0.contains { $0.contains(" > 4999") } && $0.last?.hasSuffix("41/50000") == true }  // fzf --filter finds 41
        try tmux.send("Escape")
        try tmux.waitFor(text: "status=1")
    }

    /// `--jsonl`: rows from JSON objects, the value printed; `--tac`: last first.
    @Test func jsonLinesMakeRowsAndTacShowsTheLastFirst() throws {
        let tmux = try session(#"""
            out=$(printf '%s\n' '{"title":"Deploy","detail":"prod","value":"deploy-prod"}' '{"title":"Roll back"}' | "$SEGUE" --jsonl); echo "out=[$out]"
            out=$(printf 'ls\nmake\ngit push\n' | "$SEGUE" --tac); echo "tac=[$out]"
            """#)
        let screen = try tmux.waitFor { $0.contains { $0.hasPrefix(" > Deploy") && $0.hasSuffix("prod") } && $0.last?.hasSuffix("2/2") == true }
        #expect(screen.contains("   Roll back"))
        try tmux.send("Enter")
        try tmux.waitFor { $0.contains(" > git push") && $0.last?.hasSuffix("3/3") == true }
        try tmux.send("Enter")
        let after = try tmux.waitFor(text: "tac=[git push]")
        #expect(after.contains("out=[deploy-prod]"))
    }

    /// `--nth 2`: only the second field is found; `--multi=1`: a second mark is refused.
    @Test func nthFindsInItsFieldsAndMultiLimitRefusesOneMarkTooMany() throws {
        let tmux = try session(#"out=$(printf 'vim notes.txt\nnotes vim.txt\n' | "$SEGUE" --nth 2 --multi=1); echo "out=[$out]""#)
        // The marked count beside the match count, with the limit: fzf's `2/2 (0/1)`.
        try tmux.waitFor { $0.last?.hasSuffix("2/2 (0/1)") == true }
        try tmux.send("-l", "vim")
        try tmux.waitFor { $0.contains(" > notes vim.txt") && $0.last?.hasSuffix("1/2 (0/1)") == true }
        try tmux.send("C-u")
        try tmux.waitFor { $0.last?.hasSuffix("2/2 (0/1)") == true }
        try tmux.send("Up", "Tab", "Tab")
        try tmux.waitFor(text: "at most 1 row can be marked")
        try tmux.send("Enter")
        try tmux.waitFor(text: "out=[vim notes.txt]")
    }

    /// NO_COLOR takes the lines' colours out too, as it does a preview's.
    @Test func noColorDrawsAnsiLinesWithoutTheirColours() throws {
        let tmux = try session(#"printf '\033[33mb6add2a\033[m Fix\nplain\n' | NO_COLOR=1 "$SEGUE" --ansi; echo "status=$?""#)
        try tmux.waitFor { $0.contains(" > b6add2a Fix") && $0.last?.hasSuffix("2/2") == true }
        #expect(!(try tmux.styledScreen().joined().contains("\u{1B}[33m")))
        try tmux.send("Escape")
        try tmux.waitFor(text: "status=1")
    }

    /// Lines still coming (`tail -f`) do not keep `-1` from opening the screen; once they end,
    /// the only match is chosen there.
    @Test func selectOneOnInputThatKeepsComingOpensTheScreenAndDecidesAtItsEnd() throws {
        let go = FileManager.default.temporaryDirectory.appendingPathComponent("segue-select-go-\(getpid())").path
        defer { try? FileManager.default.removeItem(atPath: go) }
        let tmux = try Tmux(["sh", "-c", #"out=$( (echo alpha; while [ ! -e "$GO" ]; do sleep 0.05; done; echo beta) | "$SEGUE" -1 --query alp); echo "out=[$out]""#],
                            environment: ["SEGUE": Paths.segue, "GO": go])
        try tmux.waitFor { $0.contains(" > alpha") && $0.last?.hasSuffix("1/1") == true }
        _ = FileManager.default.createFile(atPath: go, contents: Data())
        try tmux.waitFor(text: "out=[alpha]")
    }
}

/// The everyday options read without the argument parser (`QuickStart`) give what the parser
/// gives: the same screen, the same output, and the parser's own message for a value it refuses.
@Suite(.serialized) struct QuickStartSessionTests {
    func screen(defaults: String) throws -> (Tmux, [String]) {
        // A non-empty SEGUE_DEFAULT_OPTS sends a start through the parser.
        let tmux = try Tmux(["sh", "-c", #"printf 'alpha\nbeta\ngamma\n' | "$SEGUE" --height=8 --prompt 'pick> ' --header Fruit --multi --query a; echo "status=$?""#],
                            environment: ["SEGUE": Paths.segue, "SEGUE_DEFAULT_OPTS": defaults])
        // Every line in: the lines stream, so an earlier screen may still be loading.
        let lines = try tmux.waitFor { $0.contains { $0.hasPrefix(" pick> a") && $0.hasSuffix("3/3 (0)") } }
        return (tmux, lines)
    }

    @Test func theQuickPathDrawsAndPrintsWhatTheParsersDoes() throws {
        let (quick, quickLines) = try screen(defaults: "")
        let (parsed, parsedLines) = try screen(defaults: "--no-mouse")
        #expect(quickLines == parsedLines)
        for tmux in [quick, parsed] {
            try tmux.send("Space")
            try tmux.send("Enter")
            try tmux.waitFor { $0.contains("alpha") && $0.contains("status=0") }
        }
        // Each printed the marked line and nothing else before its status (what the terminal
        // shows around it, as the shell's pane closes, is not the program's).
        for tmux in [quick, parsed] {
            let lines = try tmux.screen().filter { !$0.isEmpty }
            let status = try #require(lines.firstIndex(of: "status=0"))
            #expect(status > 0 && lines[status - 1] == "alpha", "\(lines)")
        }
    }

    @Test func aValueItCannotReadGetsTheParsersMessage() throws {
        let tmux = try Tmux(["sh", "-c", #""$SEGUE" --height 2x menu.json; echo "status=$?""#], environment: ["SEGUE": Paths.segue])
        let lines = try tmux.waitFor(text: "status=64")
        #expect(lines.joined(separator: "\n").contains("--height"), "\(lines)")
    }
}
