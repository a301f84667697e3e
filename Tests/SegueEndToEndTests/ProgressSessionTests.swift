import Foundation
import Testing

/// `progress` rows in the real terminal: a command's lines drawn as a bar beside what it says,
/// its end as ✓, and Esc asking to stop a command that runs on, which then leaves no process.
@Suite(.serialized) struct ProgressSessionTests {
    // The first command waits for the test to create `go` before it ends, so every screen
    // asserted on is one the command is known to be at.
    let jobs = #"""
        {"title": "Jobs", "sections": [{"rows": [
          {"cell": "progress", "title": "Back up", "command": ["sh", "-c",
            "echo copying photos; echo 3/8; while [ ! -f go ]; do sleep 0.05; done; echo 100; printf 'all copied'"]},
          {"cell": "progress", "title": "Wait", "command": ["sleep", "30"]},
          {"cell": "progress", "title": "Scan", "start": "onOpen", "command": ["sh", "-c", "echo 'scanned 3 disks' >&2; exit 4"]}
        ]}]}
        """#

    func sleepers(of segue: Int32) -> [ProcessTable.Entry] {
        ProcessTable().descendants(of: segue).filter { $0.command == "sleep 30" && !$0.isZombie }
    }

    @Test func aRowRunsItsCommandShowsItsBarAndEndsWithACheck() throws {
        let files = try Fixtures(["jobs.json": jobs])
        let tmux = try Tmux([Paths.segue, files.path("jobs.json")], directory: files.folder.path)
        // The onOpen row ran as the screen opened, and failed with its status and last error line.
        try tmux.waitFor { $0.contains { $0.hasPrefix("   Scan") && $0.hasSuffix("✗ exit 4: scanned 3 disks") } }
        try tmux.send("Enter")
        try tmux.waitFor { $0.contains { $0.hasPrefix(" > Back up") && $0.contains("copying photos  [") && $0.hasSuffix("] 37%") } }
        _ = FileManager.default.createFile(atPath: files.path("go"), contents: Data())
        try tmux.waitFor { $0.contains { $0.hasPrefix(" > Back up") && $0.hasSuffix("✓ all copied") } }
        try tmux.send("q")
        #expect(try tmux.exitStatus() == 0)
    }

    @Test func escAsksToStopARunningCommandAndYesLeavesNoProcess() throws {
        let files = try Fixtures(["jobs.json": jobs])
        let tmux = try Tmux([Paths.segue, files.path("jobs.json")], directory: files.folder.path)
        try tmux.waitFor(text: "Wait")
        try tmux.send("j")
        try tmux.send("Enter")
        let segue = try tmux.programPid()
        try tmux.waitFor("the command's process") { _ in !sleepers(of: segue).isEmpty }
        try tmux.send("Escape")
        try tmux.waitFor(text: "Stop “Wait”? (y/N)")
        try tmux.send("n")
        try tmux.waitFor(text: "cancelled")
        #expect(!sleepers(of: segue).isEmpty)
        try tmux.send("Escape")
        try tmux.waitFor(text: "Stop “Wait”? (y/N)")
        try tmux.send("y")
        try tmux.waitFor { $0.contains { $0.hasPrefix(" > Wait") && $0.hasSuffix("✗ stopped") } }
        try tmux.waitFor("no process left") { _ in sleepers(of: segue).isEmpty }
        // With nothing running, Esc means going back: on the first screen, leaving with 1.
        try tmux.send("Escape")
        #expect(try tmux.exitStatus() == 1)
    }
}
