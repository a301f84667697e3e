import Foundation
import Testing

/// The built `segue` binary in a real terminal (tmux), driven by keys, read from the screen.
@Suite(.serialized) struct TerminalSessionTests {
    let menu = """
        {"title": "Main", "sections": [
          {"header": "Places", "rows": [
            {"title": "Food menu", "segue": "food.json"},
            {"title": "Missing screen", "segue": "missing.json"},
            {"title": "Broken screen", "segue": "broken.json"},
            {"title": "Leave", "action": "quit"}
          ]}
        ]}
        """
    let food = """
        {"title": "Food menu", "sections": [{"rows": [
          {"title": "Pizza", "detail": "12.50"},
          {"title": "Drinks", "segue": "drinks.json"}
        ]}]}
        """
    let drinks = #"[{"rows": [{"title": "Tea"}, {"title": "Back", "action": "back"}]}]"#
    let broken = "{\"title\": \"Broken\",\n \"sections\": [\n  {\"rows\": [\n    {\"title\": \"a\"}\n    {\"title\": \"b\"}\n  ]}\n]}\n"

    func fixtures() throws -> Fixtures {
        try Fixtures(["main.json": menu, "food.json": food, "drinks.json": drinks, "broken.json": broken])
    }

    /// Waits until the screen has settled on `title` in the top line with `selected` selected.
    func waitFor(_ tmux: Tmux, title: String, selected row: String) throws {
        try tmux.waitFor("\(title) with \(row) selected") {
            $0[0].components(separatedBy: "  ")[0].trimmingCharacters(in: .whitespaces) == title
                && selected($0)?.contains(row) == true
        }
    }

    /// The selected line (the one with the `>` pointer).
    func selected(_ screen: [String]) -> String? {
        screen.first { $0.hasPrefix(" > ") }
    }

    @Test func navigatesIntoSeguesAndBackRestoringTheSelection() throws {
        let specs = try fixtures()
        let tmux = try Tmux([Paths.segue, specs.folder.path])
        try waitFor(tmux, title: "Main", selected: "Food menu")
        try tmux.send("Enter")
        try waitFor(tmux, title: "Main › Food menu", selected: "Pizza")
        try tmux.send("j", "l")
        try waitFor(tmux, title: "Main › Food menu › Drinks", selected: "Tea")
        try tmux.send("Left")
        try waitFor(tmux, title: "Main › Food menu", selected: "Drinks")
        try tmux.send("Escape")
        try waitFor(tmux, title: "Main", selected: "Food menu")
        try tmux.send("q")
        #expect(try tmux.exitStatus() == 0)
        #expect(try tmux.ttyModesRestored())
        #expect(try tmux.paneFlag("#{alternate_on}") == "0")
    }

    @Test func theDemoGoesThereAndBack() throws {
        let tmux = try Tmux([Paths.segue, "specs/demo"])
        try waitFor(tmux, title: "Segue demo", selected: "Food menu")
        try tmux.send("Enter")
        try waitFor(tmux, title: "Segue demo › Food menu", selected: "Pizza Margherita")
        try tmux.send("End", "Enter")
        try waitFor(tmux, title: "Segue demo › Food menu › Drinks", selected: "Espresso")
        try tmux.send("G", "Enter")  // the "Back" row's action
        try waitFor(tmux, title: "Segue demo › Food menu", selected: "Drinks")
        try tmux.send("h")
        try waitFor(tmux, title: "Segue demo", selected: "Food menu")
        // Every screen the demo's first page links to opens (or shows its error) and comes back.
        for step in 0..<8 {
            try tmux.send("Down", "Enter")
            try tmux.waitFor("screen \(step + 2)") {
                $0[0].contains("›") || $0.joined().contains(".json")
            }
            try tmux.send("Left")
            // The title, and the scroll indicator (the demo's first screen is longer than 24 lines).
            try tmux.waitFor("back from screen \(step + 2)") { $0[0].hasPrefix(" Segue demo ") && !$0[0].contains("›") }
        }
        try tmux.send("q")
        #expect(try tmux.exitStatus() == 0)
    }

    @Test func clicksSelectAndOpenRowsAndTheWheelMoves() throws {
        let specs = try fixtures()
        let tmux = try Tmux([Paths.segue, specs.folder.path])
        try tmux.waitFor(text: "Food menu")
        // Line 3 (0-based) is "Missing screen"; a second click on the selected row opens it.
        try tmux.send("-l", Tmux.mouseClick(button: 0, x: 6, y: 3))
        try tmux.waitFor { selected($0)?.contains("Missing screen") == true }
        try tmux.send("-l", Tmux.mouseClick(button: 0, x: 6, y: 3))
        try tmux.waitFor(text: "missing.json: no such spec file")
        try tmux.send("-l", Tmux.mouseClick(button: 64, x: 6, y: 3))  // wheel up
        try tmux.waitFor { selected($0)?.contains("Food menu") == true }
        try tmux.send("q")
        #expect(try tmux.exitStatus() == 0)
    }

    @Test func noMouseLeavesTheMouseToTheTerminal() throws {
        let specs = try fixtures()
        let tmux = try Tmux([Paths.segue, "--no-mouse", specs.folder.path])
        try tmux.waitFor(text: "Food menu")
        #expect(try tmux.paneFlag("#{mouse_any_flag}") == "0")
        try tmux.send("q")
        #expect(try tmux.exitStatus() == 0)
    }

    @Test func unknownEscapeSequencesAreIgnoredNotTakenForEsc() throws {
        let specs = try fixtures()
        let tmux = try Tmux([Paths.segue, specs.folder.path])
        try tmux.waitFor(text: "Food menu")
        try tmux.send("-l", "\u{1B}[99~")  // no terminal sends this
        try tmux.send("M-x", "Down")
        try tmux.waitFor { selected($0)?.contains("Missing screen") == true }
        try tmux.send("q")
        #expect(try tmux.exitStatus() == 0)
    }

    @Test func homeAndEndInSpellingsTheTerminfoLacksStillWork() throws {
        let specs = try fixtures()
        let tmux = try Tmux([Paths.segue, specs.folder.path])
        try tmux.waitFor(text: "Food menu")
        // tmux-256color lists Home and End as Esc[1~ and Esc[4~; xterm sends Esc[F and EscOH too.
        try tmux.send("-l", "\u{1B}[F")
        try tmux.waitFor { selected($0)?.contains("Leave") == true }
        try tmux.send("-l", "\u{1B}OH")
        try tmux.waitFor { selected($0)?.contains("Food menu") == true }
        try tmux.send("q")
        #expect(try tmux.exitStatus() == 0)
    }

    @Test func ctrlZStopsToTheShellAndFgComesBackToAWorkingScreen() throws {
        let specs = try fixtures()
        // An interactive shell with job control, as a person runs segue.
        let tmux = try Tmux(["bash", "--norc", "--noprofile", "-i"], environment: ["PS1": "shell$ "])
        try tmux.waitFor(text: "shell$")
        try tmux.send("-l", "'\(Paths.segue)' '\(specs.folder.path)'")
        try tmux.send("Enter")
        try waitFor(tmux, title: "Main", selected: "Food menu")
        try tmux.send("Down")
        try waitFor(tmux, title: "Main", selected: "Missing screen")
        try tmux.send("C-z")
        try tmux.waitFor("the shell to say segue stopped") { screen in
            screen.contains { $0.contains("Stopped") } && screen.last { !$0.isEmpty }?.hasPrefix("shell$") == true
        }
        #expect(try tmux.paneFlag("#{alternate_on}") == "0")
        try tmux.send("-l", "fg")
        try tmux.waitFor(text: "shell$ fg")  // the shell echoes: the terminal is back in its modes
        try tmux.send("Enter")
        // Redrawn as it was left, and still answering keys.
        try waitFor(tmux, title: "Main", selected: "Missing screen")
        try tmux.send("Down")
        try waitFor(tmux, title: "Main", selected: "Broken screen")
        try tmux.send("q")
        try tmux.waitFor("the shell's prompt") { $0.last { !$0.isEmpty } == "shell$" }
        // `fg`'s status is the job's.
        try tmux.send("-l", "echo \"segue exited $?\"")
        try tmux.send("Enter")
        try tmux.waitFor("segue's exit status") { $0.contains("segue exited 0") }
    }

    /// Opens Main › Food menu › Drinks.
    func openDrinks() throws -> Tmux {
        let specs = try fixtures()
        let tmux = try Tmux([Paths.segue, specs.folder.path])
        try waitFor(tmux, title: "Main", selected: "Food menu")
        try tmux.send("Enter")
        try waitFor(tmux, title: "Main › Food menu", selected: "Pizza")
        try tmux.send("Down", "Enter")
        try waitFor(tmux, title: "Main › Food menu › Drinks", selected: "Tea")
        return tmux
    }

    @Test func escapeThenHomeTypedTogetherGoBackThenToTheTop() throws {
        let tmux = try openDrinks()
        // One send-keys: both arrive in one burst. Losing Esc would leave Tea selected here;
        // losing Home would leave Drinks selected on the screen before.
        try tmux.send("Escape", "Home")
        try waitFor(tmux, title: "Main › Food menu", selected: "Pizza")
        try tmux.send("q")
        #expect(try tmux.exitStatus() == 0)
    }

    @Test func twoEscapesTypedTogetherGoBackTwice() throws {
        let tmux = try openDrinks()
        try tmux.send("Escape", "Escape")
        try waitFor(tmux, title: "Main", selected: "Food menu")
        try tmux.send("Down")  // still running: a third Esc would have quit
        try waitFor(tmux, title: "Main", selected: "Missing screen")
        try tmux.send("q")
        #expect(try tmux.exitStatus() == 0)
    }

    @Test func aMissingSegueShowsTheErrorAndTheAppStaysUp() throws {
        let specs = try fixtures()
        let tmux = try Tmux([Paths.segue, specs.path("main.json")])
        try tmux.waitFor(text: "Food menu")
        try tmux.send("Down", "Enter")
        try tmux.waitFor(text: "missing.json: no such spec file")
        try waitFor(tmux, title: "Main", selected: "Missing screen")
        try tmux.send("Down", "Enter")
        try tmux.waitFor(text: "broken.json:5:5: expected ',' or ']'")
        try tmux.send("Down")
        try tmux.waitFor { selected($0)?.contains("Leave") == true && !$0.contains { $0.contains("broken.json") } }
        try tmux.send("Enter")
        #expect(try tmux.exitStatus() == 0)
    }

    /// A segue to a named pipe whose writer never writes: refused at once, the screen answers
    /// keys (it froze in the read; issue 30, item 6). Under --safe too.
    @Test(arguments: [false, true]) func aSegueToANamedPipeIsRefusedWithoutWaiting(safe: Bool) throws {
        let specs = try Fixtures([
            "main.json": #"{"title": "Main", "sections": [{"rows": [{"title": "Pipe", "segue": "pipe.json"}, {"title": "Leave", "action": "quit"}]}]}"#,
        ])
        let fifo = specs.path("pipe.json")
        try #require(mkfifo(fifo, 0o600) == 0)
        let writer = open(fifo, O_RDWR)  // a writer, so a read would wait for it
        try #require(writer >= 0)
        defer { close(writer) }
        let tmux = try Tmux([Paths.segue] + (safe ? ["--safe"] : []) + [specs.path("main.json")])
        try tmux.waitFor(text: "Pipe")
        try tmux.send("Enter")
        try tmux.waitFor(text: "pipe.json: cannot read: not a regular file")
        try tmux.send("Down")
        try tmux.waitFor { selected($0)?.contains("Leave") == true }
        try tmux.send("Enter")
        #expect(try tmux.exitStatus() == 0)
    }

    @Test func resizeRelaysOutKeepingTheSelectionVisible() throws {
        let specs = try Fixtures(["main.json": Fixtures.list(count: 200)])
        let tmux = try Tmux([Paths.segue, specs.path("main.json")])
        try tmux.waitFor(text: "1/200")
        for _ in 0..<40 { try tmux.send("Down") }
        try tmux.waitFor(text: "41/200")
        try tmux.resize(width: 40, height: 10)
        try tmux.waitFor("40x10 layout") {
            $0.count == 10 && $0.contains { $0.hasPrefix(" > Item 41") } && $0[0].hasSuffix("41/200") && $0[9].contains("move")
        }
        try tmux.resize(width: 15, height: 4)
        try tmux.waitFor(text: "Too small")
        try tmux.resize(width: 20, height: 5)
        try tmux.waitFor("20x5 layout") { $0.count == 5 && $0.contains { $0.hasPrefix(" > Item 41") } }
        try tmux.resize(width: 80, height: 24)
        try tmux.waitFor("80x24 layout") { $0.count == 24 && $0.contains { $0.hasPrefix(" > Item 41") } }
        try tmux.send("q")
        #expect(try tmux.exitStatus() == 0)
    }

    /// A tty may say it is up to 65,535 cells wide or tall, where curses' sizes end at 32,767:
    /// Segue hands curses its size clamped (to 1000x1000), at start and on every resize, and
    /// draws in the corner that shows.
    @Test func aTerminalOfThirtyTwoThousandColumnsOrRowsIsDrawnClamped() throws {
        let specs = try Fixtures(["main.json": Fixtures.list(count: 3, title: "Huge")])
        let tmux = try Tmux(["sh", "-c", "stty cols 32768 rows 30 && exec \"$0\" \"$1\"", Paths.segue, specs.path("main.json")])
        try tmux.waitFor { $0.contains { $0.hasPrefix(" > Item 1") } && $0.contains { $0.contains("Huge") } }
        let tty = try tmux.paneFlag("#{pane_tty}")
        try Tmux.run(["stty", "-F", tty, "cols", "80", "rows", "32768"])
        try tmux.send("Down")
        try tmux.waitFor { $0.contains { $0.hasPrefix(" > Item 2") } }
        try Tmux.run(["stty", "-F", tty, "cols", "65535", "rows", "65535"])
        try tmux.send("Down")
        try tmux.waitFor { $0.contains { $0.hasPrefix(" > Item 3") } }
        try Tmux.run(["stty", "-F", tty, "cols", "80", "rows", "24"])
        try tmux.waitFor("80x24 layout") { $0.count == 24 && $0.contains { $0.hasPrefix(" > Item 3") } && $0[23].contains("move") }
        try tmux.send("q")
        #expect(try tmux.exitStatus() == 0)
    }

    /// A thousand resizes in a burst (a window dragged about): nothing of the sizes on the way is
    /// left on the screen, which ends as a fresh draw at that size shows it, styles and all, and
    /// Segue is idle again afterwards.
    @Test func aStormOfResizesEndsAsAFreshDrawAndIdle() throws {
        let specs = try Fixtures(["main.json": Fixtures.list(count: 200)])
        let tmux = try Tmux([Paths.segue, specs.path("main.json")])
        try tmux.waitFor(text: "1/200")
        let sizes = [(width: 40, height: 10), (width: 120, height: 40), (width: 20, height: 5), (width: 15, height: 4)]
        for burst in 0..<4 {
            try tmux.resize(through: (0..<250).map { sizes[($0 + burst) % sizes.count] } + [(width: 80, height: 24)])
        }
        let fresh = try Tmux([Paths.segue, specs.path("main.json")])
        try fresh.waitFor(text: "1/200")
        let expected = try fresh.styledScreen()
        try tmux.waitFor("the screen of a fresh draw") { _ in (try? tmux.styledScreen()) == expected }
        // Idle: no CPU used over half a second (a measurement window, not a wait for anything).
        let pid = try tmux.programPid()
        let before = try cpuTicks(of: pid)
        usleep(500_000)
        #expect(try cpuTicks(of: pid) - before <= 1, "Segue kept working after the resizes")
        try tmux.send("q")
        #expect(try tmux.exitStatus() == 0)
    }

    /// User and system CPU time of `pid`, in clock ticks, from `/proc/PID/stat`.
    private func cpuTicks(of pid: Int32) throws -> Int {
        let stat = try String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)
        guard let close = stat.lastIndex(of: ")") else { return 0 }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        return (Int(fields[11]) ?? 0) + (Int(fields[12]) ?? 0)
    }

    @Test func longListsPageAndJump() throws {
        let specs = try Fixtures(["main.json": Fixtures.list(count: 5000)])
        let tmux = try Tmux([Paths.segue, specs.path("main.json")])
        try tmux.waitFor(text: "1/5000")
        try tmux.send("End")
        try tmux.waitFor { selected($0)?.contains("Item 5000") == true }
        try tmux.send("PageUp")
        try tmux.waitFor { selected($0)?.contains("Item 4979") == true }
        try tmux.send("Home")
        try tmux.waitFor { selected($0)?.contains("Item 1 ") == true && $0[1].contains("Items") }
        try tmux.send("NPage")
        try tmux.waitFor { selected($0)?.contains("Item 22") == true }
        try tmux.send("q")
        #expect(try tmux.exitStatus() == 0)
    }

    @Test func openAndSelectStartDeeperAndBackGoesThroughTheScreens() throws {
        let tmux = try Tmux([Paths.segue, "--open", "food.json/drinks.json", "--select", "Green tea", "specs/demo"])
        try waitFor(tmux, title: "Segue demo › Food menu › Drinks", selected: "Green tea")
        try tmux.send("Escape")
        try waitFor(tmux, title: "Segue demo › Food menu", selected: "Pizza Margherita")
        try tmux.send("q")
        #expect(try tmux.exitStatus() == 0)
    }

    @Test func aBadOpenOrSelectIsToldBeforeTheScreen() throws {
        let tmux = try Tmux(["sh", "-c", """
            "$0" --open food.json/nope.json specs/demo 2>&1; echo open=$?
            "$0" --select Nothing specs/demo 2>&1; echo select=$?
            """, Paths.segue], width: 120)
        let screen = try tmux.waitFor(text: "select=")
        #expect(screen.contains("segue: specs/demo/nope.json: no such spec file") && screen.contains("open=66"))
        #expect(screen.contains("segue: --select: no row with the id or title \"Nothing\" on Segue demo") && screen.contains("select=65"))
    }
}
