import Foundation
import Testing

/// Every way `segue` ends gives its documented status and leaves the terminal as it was.
@Suite(.serialized) struct ExitStatusTests {
    let spec = #"{"title": "Root", "sections": [{"rows": [{"title": "Only row"}]}]}"#

    /// Starts segue on a one-row spec, waits for its screen, and returns the session.
    func started(environment: [String: String] = [:]) throws -> Tmux {
        let specs = try Fixtures(["main.json": spec])
        let tmux = try Tmux([Paths.segue, specs.path("main.json")], environment: environment)
        try tmux.waitFor(text: "Only row")
        #expect(try tmux.paneFlag("#{alternate_on}") == "1")
        #expect(try tmux.paneFlag("#{mouse_any_flag}") == "1")
        return tmux
    }

    /// The terminal is back in normal mode: same tty modes, main screen, visible cursor.
    func expectRestored(_ tmux: Tmux) throws {
        #expect(try tmux.ttyModesRestored())
        #expect(try tmux.paneFlag("#{alternate_on}") == "0")
        #expect(try tmux.paneFlag("#{cursor_flag}") == "1")
        #expect(try tmux.paneFlag("#{keypad_cursor_flag}") == "0")
        #expect(try tmux.paneFlag("#{mouse_any_flag}") == "0")
    }

    @Test func qQuitsWithZero() throws {
        let tmux = try started()
        try tmux.send("q")
        #expect(try tmux.exitStatus() == 0)
        try expectRestored(tmux)
    }

    @Test func escapeAtTheRootCancelsWithOne() throws {
        let tmux = try started()
        try tmux.send("Escape")
        #expect(try tmux.exitStatus() == 1)
        try expectRestored(tmux)
    }

    @Test func ctrlCInterruptsWith130() throws {
        let tmux = try started()
        try tmux.send("C-c")
        #expect(try tmux.exitStatus() == 130)
        try expectRestored(tmux)
    }

    /// A spec that unbinds every key out (q, Esc, Ctrl-C, Ctrl-Z) and finding cannot keep the
    /// user in: Ctrl-C and SIGINT still end it with 130.
    @Test(arguments: [false, true])
    func aSpecCannotTakeAwayCtrlCOrSIGINT(bySignal: Bool) throws {
        let trap = #"{"title": "Trap", "keys": {"ctrl-c": "moveDown", "q": null, "esc": null, "ctrl-z": null}, "filter": false, "sections": [{"rows": [{"title": "Only row"}]}]}"#
        let specs = try Fixtures(["trap.json": trap])
        let tmux = try Tmux([Paths.segue, "--safe", specs.path("trap.json")])
        try tmux.waitFor(text: "Only row")
        try tmux.send("q")
        try tmux.send("Escape")
        try tmux.waitFor(text: "Only row")
        if bySignal { try tmux.kill(signal: SIGINT) } else { try tmux.send("C-c") }
        #expect(try tmux.exitStatus() == 130)
        try expectRestored(tmux)
    }

    @Test(arguments: [(SIGINT, Int32(130)), (SIGTERM, Int32(143)), (SIGHUP, Int32(129)), (SIGQUIT, Int32(131)),
                      (SIGUSR1, Int32(138)), (SIGALRM, Int32(142))])
    func signalsEndCleanly(signal: Int32, status: Int32) throws {
        let tmux = try started()
        try tmux.kill(signal: signal)
        #expect(try tmux.exitStatus() == status)
        try expectRestored(tmux)
    }

    @Test func aCrashStillRestoresTheTerminal() throws {
        let tmux = try started(environment: ["SEGUE_DEBUG_CRASH_KEY": "X", "SWIFT_BACKTRACE": "enable=no"])
        try tmux.send("X")
        let status = try tmux.exitStatus()
        #expect(status > 128, "killed by a signal, got \(status)")
        try expectRestored(tmux)
    }

    /// Left to itself, Swift's backtracer holds a crashed program's terminal raw for 30 s waiting
    /// for a key, and the loads the program ran would go on with nobody to read them.
    @Test func aCrashEndsAtOnceWithItsReportAndKillsWhatItRan() throws {
        let spec = #"""
            {"title": "Root", "sections": [{"rows": [{"title": "Only row"}]},
              {"source": {"command": ["sh", "-c", "trap '' TERM; exec sleep 31"], "format": "lines"}}]}
            """#
        let specs = try Fixtures(["main.json": spec])
        let tmux = try Tmux([Paths.segue, specs.path("main.json")], environment: ["SEGUE_DEBUG_CRASH_KEY": "X", "SWIFT_BACKTRACE": "enable=yes"])
        try tmux.waitFor(text: "Loading…")
        let segue = try tmux.programPid()
        var sleeper: Int32 = 0
        try tmux.waitFor("the source sleeping") { _ in
            sleeper = ProcessTable().descendants(of: segue).first { $0.command == "sleep 31" }?.pid ?? 0
            return sleeper != 0
        }
        try tmux.send("X")
        let status = try tmux.exitStatus(timeout: 8)
        #expect(status > 128, "killed by a signal, got \(status)")
        try expectRestored(tmux)
        try tmux.waitFor(text: "Backtrace took")  // the report, on the terminal
        #expect(ProcessTable().entries.first { $0.pid == sleeper && !$0.isZombie } == nil, "the source outlived the crash")
    }

    @Test(arguments: [SIGSEGV, SIGABRT])
    func aFatalSignalSentWithKillRestoresTheTerminalAndEndsTheProcess(signal: Int32) throws {
        let tmux = try started(environment: ["SWIFT_BACKTRACE": "enable=no"])
        try tmux.kill(signal: signal)
        #expect(try tmux.exitStatus() == 128 + signal)
        try expectRestored(tmux)
    }

    /// A chosen value that cannot be written is not lost without a word: standard output
    /// closed or full ends with 74, a pipe whose reader has gone with 141, each said on stderr.
    @Test func aValueThatCannotBeWrittenEndsWithAStatusAndAMessage() throws {
        let specs = try Fixtures(["main.json": #"{"sections": [{"rows": [{"title": "Only row", "action": {"type": "emit", "value": "chosen"}}]}]}"#])
        // -1 chooses the only row without a key; the pipe's reader closes it, then says so
        // through a FIFO the writer waits on, before segue starts.
        let script = #"""
            "$SEGUE" -1 "$1" >&-; echo "closed=$?"
            "$SEGUE" -1 "$1" >/dev/full; echo "full=$?"
            mkfifo "$2/gone"
            { read -r _ < "$2/gone"; "$SEGUE" -1 "$1"; echo "pipe=$?" >&2; } | { exec 0<&-; echo > "$2/gone"; }
            "$SEGUE" --filter x >/dev/full <<EOF
            x
            EOF
            echo "filter=$?"
            "$SEGUE" render "$1" >/dev/full; echo "render=$?"
            """#
        let tmux = try Tmux(["sh", "-c", script, "sh", specs.path("main.json"), specs.folder.path], width: 200,
                            environment: ["SEGUE": Paths.segue])
        let screen = try tmux.waitFor(text: "render=")
        #expect(screen.contains("closed=74") && screen.contains("full=74") && screen.contains("pipe=141"), "\(screen)")
        #expect(screen.contains("segue: cannot write to standard output: standard output is closed; what was to be printed is lost"))
        #expect(screen.contains("segue: cannot write to standard output: No space left on device; what was to be printed is lost"))
        #expect(screen.contains("segue: cannot write to standard output: the pipe's reader has gone (broken pipe); what was to be printed is lost"))
        #expect(screen.contains("filter=74") && screen.contains("render=74"), "\(screen)")
    }

    /// `--filter` feeds pipelines: a reader that stops early (`| head -1`) ends it quietly with
    /// 141, as SIGPIPE ends grep or fzf --filter.
    @Test func aFilterWhoseReaderStopsEarlyEndsQuietly() throws {
        let errors = FileManager.default.temporaryDirectory.appendingPathComponent("segue-filter-errors-\(getpid())").path
        defer { try? FileManager.default.removeItem(atPath: errors) }
        let result = try HostCommand.run(["bash", "-c", #"yes line | head -200000 | "$0" --filter line 2>"$1" | head -1; echo "status=${PIPESTATUS[2]}""#,
                                          Paths.segue, errors])
        #expect(result.output == "line\nstatus=141\n")
        #expect((try? String(contentsOfFile: errors, encoding: .utf8)) == "", "nothing said on stderr")
    }

    /// A value that starts with `-` is the option's value, as in fzf: `--query -x`,
    /// `--with-nth -1`, `--filter --walker`, `-d -`.
    @Test func optionValuesMayStartWithADash() throws {
        let result = try HostCommand.run(["sh", "-c", #"""
            printf 'a-x\nb\n' | "$0" --filter -x; echo "1=$?"
            printf 'a b c\n' | "$0" --filter c --with-nth -1 --delimiter ' '; echo "2=$?"
            printf -- '--walker\n' | "$0" --filter --walker; echo "3=$?"
            printf 'a-b-c\n' | "$0" --filter b -d - --nth 2; echo "4=$?"
            """#, Paths.segue])
        #expect(result.output == "a-x\n1=0\na b c\n2=0\n--walker\n3=0\na-b-c\n4=0\n", "\(result.output)")
    }

    /// fzf's looks Segue does not draw yet (`--ellipsis`, `--color=dark…`), which scripts and
    /// FZF_DEFAULT_OPTS pass everywhere, do not stop a script: each is said on stderr and left
    /// out (`--layout`, `--border` and `--info`, drawn, are taken quietly); Segue's own `--color never` and an option's value that looks like one stay.
    @Test func fzfsLooksAreSaidAndLeftOut() throws {
        let result = try HostCommand.run(["sh", "-c", #"""
            printf 'a\nb\n' | "$0" --filter a --layout=reverse --border --ellipsis '~' --info inline --color=dark,fg:1 --no-scrollbar 2>&1; echo "1=$?"
            printf 'a\nb\n' | "$0" --filter b --color never --query --border 2>&1; echo "2=$?"
            printf 'a\nb\n' | "$0" --filter b --frobnicate 2>&1 | head -1; echo "3"
            """#, Paths.segue])
        #expect(result.output == """
            segue: --ellipsis ~: fzf's look, not drawn by Segue yet; ignored
            segue: --color=dark,fg:1: fzf's look, not drawn by Segue yet; ignored
            segue: --no-scrollbar: fzf's look, not drawn by Segue yet; ignored
            a
            1=0
            b
            2=0
            Error: Unknown option '--frobnicate'
            3

            """, "\(result.output)")
    }

    @Test func aBadFirstSpecPrintsWhereAndExits65BeforeTheUIStarts() throws {
        let specs = try Fixtures(["bad.json": "{\"sections\": [\n  {\"rows\": [{\"title\": 12}]}\n]}\n"])
        let tmux = try Tmux([Paths.segue, specs.path("bad.json")])
        #expect(try tmux.exitStatus() == 65)
        try tmux.waitFor(text: "bad.json:2:23: sections[0].rows[0].title: expected a string, found 12", joined: true)
        try expectRestored(tmux)
    }

    @Test func aMissingFirstSpecExits66() throws {
        let tmux = try Tmux([Paths.segue, "/nonexistent/spec.json"])
        #expect(try tmux.exitStatus() == 66)
        try tmux.waitFor(text: "segue: /nonexistent/spec.json: no such spec file", joined: true)
    }

    @Test func noTerminalExits2WithAClearMessage() throws {
        let specs = try Fixtures(["main.json": spec])
        // setsid gives the process no controlling terminal, as under cron or a CI runner.
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/setsid")
        process.arguments = ["-w", Paths.segue, specs.path("main.json")]
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 2)
        #expect(message.contains("segue: no terminal"))
    }

    @Test func noSpecIsAShortUsageLineAndExit64() throws {
        let tmux = try Tmux(["sh", "-c", "\"$0\" 2>&1; echo status=$?", Paths.segue])
        let screen = try tmux.waitFor(text: "status=64")
        #expect(screen[0].hasPrefix("segue: usage: segue [run] [options] SPEC"))
        #expect(!screen.joined().contains("Keys:"))  // not the whole help
    }

    @Test func helpShowsTheRunOptionsAndIndentsWhatWraps() throws {
        let tmux = try Tmux(["sh", "-c", "COLUMNS=80 \"$0\" --help", Paths.segue], height: 400)
        // The whole help is out once the last option is.
        let screen = try tmux.waitFor { $0.contains("Options of segue run (the default command):") && $0.contains { $0.hasPrefix("  -h, --help") } }
        #expect(screen.contains { $0.hasPrefix("  --theme <name>") })
        // A long key text goes on under itself, never back at the margin.
        let open = try #require(screen.firstIndex { $0.hasPrefix("  Enter, →, l") })
        #expect(screen[open + 1].hasPrefix(String(repeating: " ", count: 26)))
    }

    @Test func helpExplainsKeysAndExitStatuses() throws {
        let output = try Tmux.run([Paths.segue, "--help"])
        #expect(output.contains("Keys:"))
        #expect(output.contains("Ctrl-C"))
        #expect(output.contains("Exit status:"))
        #expect(output.contains("130"))
    }

    @Test func helpSaysAnyKeyButYCancelsAConfirmation() throws {
        let output = try Tmux.run([Paths.segue, "--help"])
        let flowed = output.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(flowed.contains("y, Y at a confirmation question: yes, run it (any other key cancels)"))
        #expect(!output.contains("y / n"))
    }

    @Test func helpOfNoExecSaysItStopsLiveSectionCommandsToo() throws {
        let output = try Tmux.run([Paths.segue, "run", "--help"])
        let flag = output.components(separatedBy: "--no-exec").last ?? ""
        #expect(flag.prefix(200).split(whereSeparator: \.isWhitespace).joined(separator: " ")
            .contains("neither exec actions nor the source commands of live sections"))
    }

    @Test func checkHelpSaysTheSpecMayComeFromStandardInput() throws {
        let output = try Tmux.run([Paths.segue, "check", "--help"])
        #expect(output.split(whereSeparator: \.isWhitespace).joined(separator: " ")
            .contains("or - to read the spec from stdin"))
    }

    @Test(arguments: [(1, "1 row"), (2, "2 rows"), (0, "0 rows")])
    func checkCountsRowsInTheRightNumber(rows: Int, summary: String) throws {
        let list = (0..<rows).map { #"{"title": "Row \#($0)"}"# }.joined(separator: ", ")
        let specs = try Fixtures(["main.json": #"{"sections": [{"rows": [\#(list)]}]}"#])
        let output = try Tmux.run([Paths.segue, "check", specs.path("main.json")])
        #expect(output == specs.path("main.json") + ": \(summary), 0 warnings\n")
    }

    @Test func checkFollowsEveryLinkAndReportsEveryProblem() throws {
        let specs = try Fixtures([
            "main.json": """
                {"titel": "Main", "sections": [{"rows": [
                  {"title": "Food", "segue": "food.json"},
                  {"title": "Gone", "segue": "nope.json"},
                  {"title": "Later", "segue": "{{next}}.json"}]}]}
                """,
            "food.json": #"{"sections": [{"rows": [{"title": "Drinks", "action": {"type": "replace", "spec": "drinks.json"}}, {"title": "Back", "segue": "main.json"}]}]}"#,
            "drinks.json": #"{"sections": [{"rows": [{"title": "Tea", "enabled": "yes"}]}]}"#,
        ])
        let tmux = try Tmux(["sh", "-c", "\"$0\" check main.json; echo status=$?", Paths.segue], width: 200, height: 20,
                            directory: specs.folder.path)
        let screen = try tmux.waitFor(text: "status=65")
        let main = "main.json", drinks = "drinks.json"  // as reached from the folder it ran in
        #expect(screen.contains("segue: \(main):3:3: sections[0].rows[1].segue: no such file \"nope.json\""))
        #expect(screen.contains { $0.hasPrefix("segue: \(drinks):1:") && $0.contains("sections[0].rows[0].enabled: expected true, false or a template") })
        #expect(screen.contains("segue: \(main): warning: titel: unknown key, ignored; did you mean \"title\"?"))
        #expect(screen.contains("segue: \(main): not checked: sections[0].rows[2].segue: \"{{next}}.json\" (a template)"))
        #expect(screen.contains("\(main): 5 rows in 2 specs, 2 errors, 2 warnings"))  // and {{next}} resolves to nothing
    }

    @Test func checkStrictFailsOnWarningsAndDataAnswersTheNamesASpecExpects() throws {
        let specs = try Fixtures(["contact.json": #"{"title": "{{contact.name}}", "sections": []}"#,
                                  "sample.json": #"{"contact": {"name": "Ada"}}"#, "list.json": "[1]"])
        let tmux = try Tmux(["sh", "-c", """
            "$0" check contact.json >/dev/null 2>&1; echo plain=$?
            "$0" check --strict contact.json >/dev/null 2>&1; echo strict=$?
            "$0" check --strict --data sample.json contact.json 2>&1; echo data=$?
            "$0" check --data list.json contact.json 2>&1; echo list=$?
            """, Paths.segue], width: 200, height: 20, directory: specs.folder.path)
        let screen = try tmux.waitFor(text: "list=")
        #expect(screen.contains("plain=0") && screen.contains("strict=65") && screen.contains("data=0"))
        #expect(screen.contains("contact.json: 0 rows, 0 warnings"))
        #expect(screen.contains("segue: list.json:1:1: $: expected an object, found an array") && screen.contains("list=64"))
    }

    @Test func controlCharactersFromASpecNeverReachTheTerminalThroughErrors() throws {
        let specs = try Fixtures(["evil.json": "{\"ti\\u001b]0;pwned\\u0007tle\": 1, \"sections\": []}",
                                  "broken.json": "{\"title\": \"\\u001b[2J\", \"sections\": 3}"])
        let output = try HostCommand.run(["sh", "-c", "\"$0\" check \"$1\" 2>&1; \"$0\" check \"$2\" 2>&1", Paths.segue,
                                          specs.path("evil.json"), specs.path("broken.json")]).output
        #expect(output.contains("warning: ti\\u001b]0;pwned\\u0007tle: unknown key, ignored"))
        #expect(!output.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
    }
}

/// `segue SPEC` and `segue --version` start without the argument parser; everything else goes
/// through it as before.
@Suite struct FastStartTests {
    @Test func everyCommandHelpListsStillRunsAsACommandAndNotAsASpec() throws {
        let names = try HostCommand.commandsSegueHelpLists()
        #expect(names.count >= 6)
        for name in names + ["help"] {
            let result = try HostCommand.run(["sh", "-c", "\"$0\" \"$1\" < /dev/null 2>&1", Paths.segue, name])
            #expect(!result.output.contains("no such spec file"), "segue \(name) was taken for a spec: \(result.output)")
        }
    }

    @Test func versionAndALoneSpecBehaveAsThroughTheParser() throws {
        #expect(try HostCommand.run([Paths.segue, "--version"]).output.hasPrefix("1.0.0 ("))
        let missing = try HostCommand.run(["sh", "-c", "\"$0\" nope.json 2>&1; echo \"status=$?\"", Paths.segue]).output
        #expect(missing.contains("nope.json: no such spec file") && missing.contains("status=66"))
        let viaRun = try HostCommand.run(["sh", "-c", "\"$0\" run nope.json 2>&1; echo \"status=$?\"", Paths.segue]).output
        #expect(viaRun == missing)
    }
}

/// `segue check` ends with its summary line even when the first spec does not load, so a CI
/// log's last line is the count.
@Suite struct CheckSummaryTests {
    @Test func aFirstSpecThatFailsStillGetsItsSummary() throws {
        let files = try Fixtures(["bad.json": #"{"sections": ["#])
        let result = try HostCommand.run(["sh", "-c", "\"$0\" check \"$1\" 2>/dev/null; echo \"status=$?\"", Paths.segue, files.path("bad.json")])
        #expect(result.output == files.path("bad.json") + ": 0 rows, 1 error, 0 warnings\nstatus=65\n", "\(result.output)")
    }
}
