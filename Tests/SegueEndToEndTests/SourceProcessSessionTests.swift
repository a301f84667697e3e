import Foundation
import Testing

/// A live section's processes in the real terminal: quitting and leaving a screen never wait on
/// them, whatever they do with TERM, and leave none of them running.
@Suite(.serialized) struct SourceProcessSessionTests {
    /// Two sources that never finish: a shell whose child obeys TERM, and one where both ignore it.
    let stubborn = #"""
        {"title": "Sources", "sections": [
          {"header": "Obeys TERM", "source": {"command": ["sh", "-c", "sleep 30"], "format": "lines"}},
          {"header": "Ignores TERM", "source": {"command": ["sh", "-c", "trap '' TERM; sleep 30"], "format": "lines"}},
          {"rows": [{"title": "Fixed row"}, {"title": "Stubborn", "segue": "stubborn.json"}]}]}
        """#
    let launcher = #"{"title": "Start", "sections": [{"rows": [{"title": "Open", "segue": "stubborn.json"}, {"title": "Other"}]}]}"#

    /// The process groups segue's sources lead, once each has reached its `sleep` (so a `trap` is
    /// in place before anything is sent).
    func sourceGroups(of segue: Int32, count: Int, in tmux: Tmux) throws -> [Int32] {
        var groups: [Int32] = []
        try tmux.waitFor("\(count) sources sleeping") { _ in
            let table = ProcessTable()
            groups = table.descendants(of: segue).filter { $0.parent == segue }.map(\.pid)
            return groups.count == count
                && groups.allSatisfy { group in table.members(of: group).contains { $0.command == "sleep 30" } }
        }
        return groups
    }

    /// The processes of `groups` still running (zombies have ended; init reaps the orphaned ones).
    func running(_ groups: [Int32]) -> [ProcessTable.Entry] {
        ProcessTable().entries.filter { groups.contains($0.group) && !$0.isZombie }
    }

    @Test func quittingTakesUnderASecondEvenWhenASourceIgnoresTERM() throws {
        let specs = try Fixtures(["stubborn.json": stubborn])
        let tmux = try Tmux([Paths.segue, specs.path("stubborn.json")])
        try tmux.waitFor(text: "Loading…")
        let groups = try sourceGroups(of: try tmux.programPid(), count: 2, in: tmux)
        let clock = ContinuousClock()
        let pressed = clock.now
        try tmux.send("q")
        let status = try tmux.exitStatus()
        let took = clock.now - pressed
        #expect(status == 0)
        #expect(took < .seconds(1), "quitting took \(took)")
        #expect(running(groups).isEmpty, "still running: \(running(groups).map(\.command))")
        for group in groups {
            try tmux.waitFor("process group \(group) to be gone") { _ in kill(-group, 0) == -1 }
        }
    }

    @Test func leavingAScreenKillsASourceThatIgnoresTERMAndKeysStillWork() throws {
        let specs = try Fixtures(["main.json": launcher, "stubborn.json": stubborn])
        let tmux = try Tmux([Paths.segue, specs.path("main.json")])
        try tmux.waitFor(text: "Open")
        try tmux.send("Enter")
        try tmux.waitFor(text: "Loading…")
        let groups = try sourceGroups(of: try tmux.programPid(), count: 2, in: tmux)
        let clock = ContinuousClock()
        let left = clock.now
        try tmux.send("Left", "Down")
        // TERM, a grace of a twentieth of a second, then KILL: about 0.1 s here; the bound leaves
        // room for a loaded machine (a source that ignored TERM used to live on for good).
        while !running(groups).isEmpty, clock.now - left < .seconds(5) { usleep(5_000) }
        let took = clock.now - left
        #expect(running(groups).isEmpty, "still running: \(running(groups).map(\.command))")
        #expect(took < .seconds(1), "the sources took \(took) to be killed")
        try tmux.waitFor("the first screen answering keys") { $0.contains { $0.hasPrefix(" > Other") } }
        try tmux.send("q")
        #expect(try tmux.exitStatus() == 0)
    }

    /// A shell's `exec segue` hands Segue the shell's background jobs as children: they are not
    /// Segue's to end (only what its own loads leave behind is).
    @Test func childrenSegueInheritedOutliveIt() throws {
        let specs = try Fixtures(["main.json": launcher])
        let tmux = try Tmux(["sh", "-c", "sleep 33 & exec \"$0\" \"$1\"", Paths.segue, specs.path("main.json")])
        try tmux.waitFor(text: "Open")
        let segue = try tmux.programPid()
        let inherited = try #require(ProcessTable().entries.first { $0.parent == segue && $0.command == "sleep 33" })
        defer { kill(inherited.pid, SIGKILL) }
        try tmux.send("q")
        #expect(try tmux.exitStatus() == 0)
        #expect(ProcessTable().entries.contains { $0.pid == inherited.pid && !$0.isZombie }, "the inherited child was killed")
    }
}
