import Foundation
import Testing

/// Live sections in the real terminal, fed by a script that serves pages slowly.
@Suite(.serialized) struct LiveSectionSessionTests {
    /// `feed.sh PAGE`: 500 items in pages of 50, `FEED_DELAY` seconds per page, `FEED_FAIL_PAGE`
    /// fails (until the file `healed` exists).
    let feed = #"""
        #!/bin/sh
        page=${1:-1}
        [ -e name ] && FEED_NAME=$(cat name)
        [ -e delay ] && FEED_DELAY=$(cat delay)
        sleep "${FEED_DELAY:-0.3}"
        if [ "${FEED_FAIL_PAGE:-0}" = "$page" ] && [ ! -e healed ]; then echo "page $page is broken" >&2; exit 3; fi
        start=$(( (page - 1) * 50 + 1 )); end=$(( page * 50 )); [ $end -gt 500 ] && end=500
        i=$start
        while [ $i -le $end ]; do printf '{"id": %d, "name": "%s %d"}\n' $i "${FEED_NAME:-Item}" $i; i=$((i+1)); done
        """#
    let spec = #"""
        {"title": "Feed", "sections": [
          {"header": "Items", "source": {"command": ["./feed.sh", "{{page}}"], "format": "jsonl", "pageSize": 50},
           "as": "it", "row": {"title": "{{it.name}}", "id": "{{it.id}}"}},
          {"header": "Other", "rows": [{"title": "Fixed row"}]}]}
        """#

    @Test func aTimedSourceUpdatesWhileTheSelectionStays() throws {
        // Each run counts itself; the counted row moves down one place per run.
        let counter = #"""
            {"title": "Board", "sections": [
              {"source": {"command": ["sh", "-c", "n=$(cat runs 2>/dev/null || echo 0); n=$((n+1)); echo $n > runs; i=0; while [ $i -lt $n ]; do echo pad$i; i=$((i+1)); done; echo watched; echo run $n"], "format": "lines", "every": 0.5},
               "as": "l", "row": {"title": "{{l.line}}", "id": "{{l.line}}"}}]}
            """#
        let specs = try Fixtures(["board.json": counter])
        let tmux = try Tmux([Paths.segue, specs.path("board.json")])
        try tmux.waitFor(text: "run 1")
        try tmux.send("j")
        try tmux.waitFor { $0.contains(" > watched") }
        // Two runs later the row has moved down twice; the cursor went with it, and no
        // "Loading…" row ever showed under the rows.
        let later = try tmux.waitFor { $0.contains("   run 3") }
        #expect(later[4] == " > watched" && !later.joined().contains("Loading"), "\(later)")
        try tmux.send("q")
        #expect(try tmux.exitStatus() == 0)
    }

    func session(_ environment: [String: String]) throws -> (Tmux, Fixtures) {
        let specs = try Fixtures(["main.json": spec, "feed.sh": feed])
        chmod(specs.path("feed.sh"), 0o755)
        return (try Tmux([Paths.segue, specs.path("main.json")], environment: environment), specs)
    }

    /// The selected line.
    func selected(_ screen: [String]) -> String? { screen.first { $0.hasPrefix(" > ") } }

    @Test func theSpinnerTurnsWhileASlowPageLoadsAndKeysStillWork() throws {
        let (tmux, _) = try session(["FEED_DELAY": "2"])
        let first = try tmux.waitFor(text: "Loading…")
        try tmux.waitFor("the spinner to turn") { $0 != first && $0.joined().contains("Loading…") }
        try tmux.send("Down")  // the only selectable row: the UI answers while the source loads
        try tmux.waitFor { selected($0)?.contains("Fixed row") == true && $0.joined().contains("Loading…") }
        // The rows arrive and the selection stays where the user put it.
        try tmux.waitFor("the first page", timeout: 10) { $0[0].hasSuffix("51/51") && selected($0)?.contains("Fixed row") == true }
        try tmux.send("q")
        #expect(try tmux.exitStatus() == 0)
    }

    @Test func scrollingToTheEndLoadsPageTwoAndThree() throws {
        let (tmux, _) = try session(["FEED_DELAY": "0.1"])
        try tmux.waitFor { selected($0)?.contains("Item 1") == true }
        // End is the fixed row after the feed; Up from there is the feed's last item, which asks for more.
        try tmux.send("End", "Up")
        try tmux.waitFor { $0[0].hasSuffix("/101") && selected($0)?.contains("Item 50") == true }
        try tmux.send("End", "Up")
        try tmux.waitFor { $0[0].hasSuffix("/151") && selected($0)?.contains("Item 100") == true }
        try tmux.send("q")
        #expect(try tmux.exitStatus() == 0)
    }

    @Test func aFailingPageShowsTheErrorAndRetryWorks() throws {
        let (tmux, fixtures) = try session(["FEED_DELAY": "0.1", "FEED_FAIL_PAGE": "2"])
        try tmux.waitFor { selected($0)?.contains("Item 1") == true }
        try tmux.send("End", "Up")
        try tmux.waitFor(text: "⚠ exit status 3: page 2 is broken")
        #expect(try tmux.screen().contains { $0.contains("Item 50") })  // page 1 stays
        _ = FileManager.default.createFile(atPath: fixtures.path("healed"), contents: Data())
        try tmux.send("Down")
        try tmux.waitFor { selected($0)?.contains("⚠") == true }
        try tmux.send("Enter")
        try tmux.waitFor { $0[0].hasSuffix("/101") && !$0.joined().contains("⚠") }  // page 2 came
        try tmux.send("q")
        #expect(try tmux.exitStatus() == 0)
    }

    @Test func refreshDuringASlowLoadShowsOnlyTheNewerData() throws {
        let (tmux, fixtures) = try session([:])
        // The first load is slow and would say "Old"; the refresh is quick and says "New".
        try "Old".write(toFile: fixtures.path("name"), atomically: true, encoding: .utf8)
        try "4".write(toFile: fixtures.path("delay"), atomically: true, encoding: .utf8)
        try tmux.send("r")  // restart the first load so it certainly reads the files above
        try tmux.waitFor(text: "Loading…")
        // Only this segue's own processes: other tests may be sleeping too. The load's process
        // group is followed rather than segue's children: a killed feed's sleep is init's child.
        let segue = try tmux.programPid()
        var slowLoad: Int32 = 0
        try tmux.waitFor("the slow load to start") { _ in
            guard let sleep = ProcessTable().descendants(of: segue).first(where: { $0.command == "sleep 4" }) else { return false }
            slowLoad = sleep.group
            return true
        }
        try "New".write(toFile: fixtures.path("name"), atomically: true, encoding: .utf8)
        try "0.1".write(toFile: fixtures.path("delay"), atomically: true, encoding: .utf8)
        try tmux.send("r")
        try tmux.waitFor(text: "New 1")
        // The superseded load was killed, so its answer can never arrive.
        try tmux.waitFor("the slow load to be gone") { _ in ProcessTable().members(of: slowLoad).allSatisfy(\.isZombie) }
        #expect(try !tmux.screen().joined().contains("Old"))
        try tmux.send("q")
        #expect(try tmux.exitStatus() == 0)
    }

    @Test func quittingMidLoadLeavesNoChildProcess() throws {
        let (tmux, _) = try session(["FEED_DELAY": "30"])
        try tmux.waitFor(text: "Loading…")
        let segue = try HostCommand.run(["pgrep", "-P", tmux.paneFlag("#{pane_pid}")]).output
            .split(separator: "\n").first.map(String.init) ?? ""
        var children: [Int32] = []
        try tmux.waitFor("the feed to start") { _ in
            children = ((try? HostCommand.run(["pgrep", "-P", segue]).output) ?? "").split(separator: "\n").compactMap { Int32($0) }
            return !children.isEmpty
        }
        try tmux.send("q")
        #expect(try tmux.exitStatus() == 0)
        // The feed (a shell running `sleep 30`) is gone, reaped; and so is its process group
        // (the sleep, which the system reaps once its shell is gone).
        for pid in children {
            #expect(kill(pid, 0) == -1 && errno == ESRCH, "process \(pid) is still there")
            try tmux.waitFor("process group \(pid) to be gone") { _ in kill(-pid, 0) == -1 }
        }
    }
}
