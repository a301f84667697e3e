import Foundation
import Testing

/// `exec` commands own the terminal: real programs (less, vi) work inside a launcher, see the
/// window's size, and get Ctrl-C and Ctrl-Z; Segue comes back redrawn.
@Suite(.serialized) struct TerminalProgramSessionTests {
    let launcher = #"""
        {"title": "Launch", "sections": [{"rows": [
          {"title": "Terminal", "action": {"type": "exec", "wait": true, "command": ["sh", "-c",
            "test -t 0 && test -t 1 && test -t 2 && echo all-three-are-a-tty; echo size=$(stty size)"]}},
          {"title": "Read notes", "action": {"type": "exec", "command": ["less", "notes.txt"]}},
          {"title": "Edit scratch", "action": {"type": "exec", "command": ["vi", "scratch.txt"]}},
          {"title": "Missing program", "action": {"type": "exec", "command": ["no-such-program-here"]}},
          {"title": "Print and wait", "action": {"type": "exec", "command": ["echo", "printed-it"], "wait": true}},
          {"title": "Watch the size", "action": {"type": "exec", "command": ["sh", "-c",
            "trap 'echo resized-to=$(stty size)' WINCH; echo watching; while :; do sleep 0.05; done"]}},
          {"title": "Stubborn child", "action": {"type": "exec", "command": ["sh", "-c",
            "sh -c 'trap \"\" TERM; exec sleep 37' & echo child-started; wait"]}},
          {"title": "Wait for Ctrl-C", "action": {"type": "exec", "command": ["sh", "-c",
            "trap 'exit 4' INT; until set -- $(cat /proc/$$/stat) && [ \"$5\" = \"$8\" ]; do sleep 0.01; done; echo waiting-for-ctrl-c; while :; do sleep 0.05; done"]}}
        ]}]}
        """#

    func session(_ script: String, width: Int = 80, height: Int = 24) throws -> (Tmux, Fixtures) {
        let notes = (1...200).map { "note line \($0)" }.joined(separator: "\n") + "\n"
        let files = try Fixtures(["launcher.json": launcher, "notes.txt": notes])
        let tmux = try Tmux(["sh", "-c", script], width: width, height: height, directory: files.folder.path,
                            environment: ["SEGUE": Paths.segue, "LESS": "", "LESSHISTFILE": "-", "EXINIT": "",
                                          "VIMINIT": "set nocompatible"])
        return (tmux, files)
    }

    @Test func theCommandsStandardStreamsAreTheTerminalAtThePanesSize() throws {
        let (tmux, _) = try session(#""$SEGUE" launcher.json; echo "status=$?""#, width: 90, height: 30)
        try tmux.waitFor(text: "⏎ runs: sh -c")
        try tmux.send("Enter")
        try tmux.waitFor { $0.contains { $0.contains("all-three-are-a-tty") } && $0.contains { $0.contains("size=30 90") } }
        try tmux.send("x")
        try tmux.waitFor { $0[0].contains("Launch") && $0.last?.hasPrefix(" done") == true }
        try tmux.send("q")
        try tmux.waitFor(text: "status=0")
        #expect(try tmux.exitStatus() == 0)
        #expect(try tmux.ttyModesRestored())
    }

    @Test func lessPagesInsideExecAndQuittingItRedrawsSegue() throws {
        let (tmux, _) = try session(#""$SEGUE" launcher.json; echo "status=$?""#)
        try tmux.waitFor(text: "Read notes")
        try tmux.send("Down", "Enter")
        // Its first page only, and its own prompt on the last line: it is paging, not dumping.
        let page = try tmux.waitFor { $0.first == "note line 1" && $0.last?.contains("notes.txt") == true }
        #expect(page.contains("note line 23") && !page.joined().contains("note line 24"))
        try tmux.send("Space")
        try tmux.waitFor { $0.contains("note line 46") }
        try tmux.send("q")
        try tmux.waitFor { $0[0].contains("Launch") && $0.contains { $0.hasPrefix(" > Read notes") } && $0.last == " done" }
        try tmux.send("q")
        try tmux.waitFor(text: "status=0")
    }

    @Test func viEditsAFileAndWritesItWithColonWq() throws {
        let (tmux, files) = try session(#""$SEGUE" launcher.json; echo "status=$?""#)
        try tmux.waitFor(text: "Edit scratch")
        try tmux.send("Down", "Down", "Enter")
        try tmux.waitFor { $0.last?.contains("scratch.txt") == true }
        try tmux.send("i")
        try tmux.send("-l", "written in vi")
        try tmux.send("Escape")
        try tmux.send("-l", ":wq")
        try tmux.send("Enter")
        try tmux.waitFor { $0[0].contains("Launch") && $0.last == " done" }
        let written = try String(contentsOfFile: files.path("scratch.txt"), encoding: .utf8)
        #expect(written == "written in vi\n")
        try tmux.send("q")
        try tmux.waitFor(text: "status=0")
    }

    @Test func ctrlCReachesTheCommandAndNotSegue() throws {
        let (tmux, _) = try session(#""$SEGUE" launcher.json; echo "status=$?""#)
        try tmux.waitFor(text: "Wait for Ctrl-C")
        try tmux.send("End", "Enter")
        try tmux.waitFor(text: "waiting-for-ctrl-c")
        try tmux.send("C-c")
        // The command ended by its trap; Segue is still there and tells how it ended.
        try tmux.waitFor { $0[0].contains("Launch") && $0.last == " exit status 4" }
        try tmux.send("q")
        try tmux.waitFor(text: "status=0")
    }

    @Test func ctrlZStopsTheCommandWithSegueAndFgBringsBothBack() throws {
        // An interactive shell with job control, as a user has.
        let (tmux, _) = try session("PS1='$ ' exec bash --norc --noprofile -i")
        try tmux.waitFor { $0.first == "$" }
        try tmux.send("-l", #""$SEGUE" launcher.json"#)
        try tmux.send("Enter")
        try tmux.waitFor(text: "Read notes")
        try tmux.send("Down", "Enter")
        try tmux.waitFor { $0.first == "note line 1" }
        try tmux.send("C-z")
        try tmux.waitFor { $0.contains { $0.contains("Stopped") } && $0.contains("$") }
        try tmux.send("-l", "fg")
        try tmux.send("Enter")
        try tmux.waitFor { $0.first == "note line 1" }
        try tmux.send("q")
        try tmux.waitFor { $0[0].contains("Launch") && $0.last == " done" }
        try tmux.send("q")
        try tmux.waitFor { !$0.joined().contains("Launch") && $0.contains("$") }
        try tmux.send("-l", "echo status=$?")
        try tmux.send("Enter")
        try tmux.waitFor(text: "status=0")
    }

    @Test func aCommandThatCannotStartLeavesSegueAnsweringKeys() throws {
        let (tmux, _) = try session(#""$SEGUE" launcher.json; echo "status=$?""#)
        try tmux.waitFor(text: "Missing program")
        try tmux.send("Down", "Down", "Down", "Enter")
        try tmux.waitFor(text: "exit status 127: cannot run no-such-program-here")
        try tmux.send("Down")
        try tmux.waitFor { $0.contains { $0.hasPrefix(" > Print and wait") } }
        try tmux.send("q")
        try tmux.waitFor(text: "status=0")
    }

    @Test func aResizeReachesTheCommandAsSIGWINCH() throws {
        let (tmux, _) = try session(#""$SEGUE" launcher.json; echo "status=$?""#)
        try tmux.waitFor(text: "Watch the size")
        try tmux.send("Down", "Down", "Down", "Down", "Down", "Enter")
        try tmux.waitFor(text: "watching")
        try tmux.resize(width: 70, height: 20)
        try tmux.waitFor(text: "resized-to=20 70")
        try tmux.send("C-c")
        try tmux.waitFor { $0[0].contains("Launch") && $0.last == " exit status 130" }
        #expect(try tmux.screen().count == 20)
    }

    @Test func sigtermAtThePressAnyKeyQuestionEndsSegue() throws {
        let (tmux, _) = try session(#""$SEGUE" launcher.json; echo "status=$?""#)
        try tmux.waitFor(text: "Print and wait")
        try tmux.send("Down", "Down", "Down", "Down", "Enter")
        try tmux.waitFor(text: "press a key to go back")
        let segue = try #require(ProcessTable().descendants(of: try tmux.programPid()).first { $0.name == "segue" })
        kill(segue.pid, SIGTERM)
        try tmux.waitFor(text: "status=143", timeout: 3)
        #expect(try tmux.exitStatus() == 0)
        #expect(try tmux.ttyModesRestored())
    }

    @Test func sigtermWhileACommandRunsEndsItAndSegueAtOnce() throws {
        let (tmux, _) = try session(#""$SEGUE" launcher.json; echo "status=$?""#)
        try tmux.waitFor(text: "Wait for Ctrl-C")
        try tmux.send("End", "Enter")
        try tmux.waitFor(text: "waiting-for-ctrl-c")
        let segue = try #require(ProcessTable().descendants(of: try tmux.programPid()).first { $0.name == "segue" })
        kill(segue.pid, SIGTERM)
        try tmux.waitFor(text: "status=143", timeout: 3)
        #expect(try tmux.exitStatus() == 0)
        #expect(try tmux.ttyModesRestored())
        #expect(!ProcessTable().entries.contains { $0.command.contains("waiting-for-ctrl-c") && !$0.isZombie })
    }

    /// The command ends on SIGTERM, its child ignores it: the group still gets SIGKILL after the
    /// grace, so nothing of it outlives a SIGTERM or SIGHUP of Segue.
    @Test(arguments: [SIGTERM, SIGHUP])
    func aChildIgnoringSIGTERMIsKilledWithItsGroup(signal: Int32) throws {
        let (tmux, _) = try session(#""$SEGUE" launcher.json; echo "status=$?""#)
        try tmux.waitFor(text: "Stubborn child")
        try tmux.send("End", "Up", "Enter")
        try tmux.waitFor(text: "child-started")
        let segue = try #require(ProcessTable().descendants(of: try tmux.programPid()).first { $0.name == "segue" })
        var child: Int32 = 0
        try tmux.waitFor("the child sleeping") { _ in
            child = ProcessTable().descendants(of: segue.pid).first { $0.command == "sleep 37" }?.pid ?? 0
            return child != 0
        }
        kill(segue.pid, signal)
        try tmux.waitFor(text: "status=\(128 + signal)", timeout: 3)
        try tmux.waitFor("the child to be gone", timeout: 3) { _ in
            !ProcessTable().entries.contains { $0.pid == child && !$0.isZombie }
        }
    }
}
