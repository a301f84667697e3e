import Foundation
import Testing

/// Inline mode (`--height`): Segue under the prompt, the terminal's own lines kept, no alternate
/// screen, the shell carrying on right below once it ends.
@Suite(.serialized) struct InlineSessionTests {
    func session(_ script: String, width: Int = 80, height: Int = 24) throws -> Tmux {
        try Tmux(["sh", "-c", script], width: width, height: height,
                 environment: ["SEGUE": Paths.segue, "SPECS": Paths.packageRoot + "/specs"])
    }

    @Test func linesAboveStayAndTheShellContinuesRightBelowTheChoice() throws {
        let tmux = try session(#"""
            for i in 1 2 3 4 5; do echo "before $i"; done
            out=$(seq 1 30 | "$SEGUE" --height 8); echo "chose [$out]"; echo after
            """#)
        let screen = try tmux.waitFor { $0.contains(" > 1") && $0.contains { $0.hasSuffix("30/30") } }
        #expect(try tmux.paneFlag("#{alternate_on}") == "0")
        #expect(Array(screen.prefix(5)) == (1...5).map { "before \($0)" })
        // The band starts under the last line printed and is 8 lines tall.
        let bandEnd = try #require(screen.firstIndex { $0.hasSuffix("30/30") })
        #expect(bandEnd == 5 + 8 - 1)
        try tmux.send("-l", "17")
        try tmux.waitFor { $0.contains(" > 17") && $0.contains { $0.hasSuffix("1/30") } }
        try tmux.send("Enter")
        let after = try tmux.waitFor(text: "after")
        #expect(Array(after.prefix(7)) == (1...5).map { "before \($0)" } + ["chose [17]", "after"])
        #expect(try tmux.exitStatus() == 0)
        #expect(try tmux.ttyModesRestored())
    }

    @Test func atTheBottomOfTheTerminalTheLinesAboveScrollUpAndStay() throws {
        let tmux = try session(#"seq 1 40 | sed 's/^/old /'; printf 'x\ny\nz\n' | "$SEGUE" --height 6; echo "status=$?""#,
                               height: 12)
        let screen = try tmux.waitFor { $0.contains(" > x") && $0.contains { $0.hasSuffix("3/3") } }
        // The last lines printed are still on screen, right above the band.
        #expect(screen.contains("old 40"))
        #expect(try tmux.paneFlag("#{alternate_on}") == "0")
        try tmux.send("Escape")
        let after = try tmux.waitFor(text: "status=1")
        let index = try #require(after.firstIndex(of: "status=1"))
        #expect(after[index - 1] == "old 40")
    }

    @Test func aMenuSpecInlineGoesDeeperAndBackAndPrintsItsChoice() throws {
        let tmux = try session(#"echo prompt; out=$("$SEGUE" --height 40% "$SPECS/demo"); echo "out=[$out] status=$?""#)
        let screen = try tmux.waitFor { $0.contains { $0.contains("Segue") } && $0.count >= 10 }
        #expect(screen.first == "prompt")
        #expect(try tmux.paneFlag("#{alternate_on}") == "0")
        try tmux.send("Escape")
        try tmux.waitFor(text: "status=")
    }

    /// Taller, shorter and wider: the band is drawn again once, at the new size, under the lines
    /// above. (Narrower is left out: terminals rewrap the lines above, so where the band was is
    /// no longer known; fzf's `--height` loses a line there too.)
    @Test func aResizeRedrawsTheBandAtTheNewSize() throws {
        let tmux = try session(#"echo top; seq 1 5 | "$SEGUE" --height 7; echo "status=$?""#)
        try tmux.waitFor { $0.contains(" > 1") && $0.contains { $0.count > 60 && $0.hasSuffix("5/5") } }
        for (width, height) in [(80, 18), (110, 30)] {
            try tmux.resize(width: width, height: height)
            let screen = try tmux.waitFor { $0.contains { $0.count > width - 10 && $0.hasSuffix("5/5") } }
            #expect(screen.first == "top")
            #expect(screen.filter { $0.hasSuffix("5/5") }.count == 1)
            #expect(screen.filter { $0 == " > 1" }.count == 1)
        }
        try tmux.send("Enter")
        try tmux.waitFor(text: "status=0")
    }

    @Test func aCommandGetsTheTerminalAndTheBandComesBack() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("segue-inline-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let spec = folder.appendingPathComponent("menu.json")
        try #"""
            {"title": "Tools", "sections": [{"rows": [
              {"title": "Say hi", "action": {"type": "exec", "command": ["sh", "-c", "echo hi from the command"], "wait": true}},
              {"title": "Second"}
            ]}]}
            """#.write(to: spec, atomically: true, encoding: .utf8)
        let tmux = try session("echo top; \"$SEGUE\" --height 6 '\(spec.path)'; echo \"status=$?\"")
        try tmux.waitFor { $0.contains { $0.contains("Say hi") } }
        try tmux.send("Enter")
        // A key typed before the question is asked is not its answer: wait for the question.
        try tmux.waitFor { $0.contains("hi from the command") && $0.contains { $0.contains("✓ done · press a key to go back") } }
        try tmux.send("x")
        // The command's output stays above, as after any command; the band opens under it.
        let back = try tmux.waitFor { screen in
            guard let output = screen.firstIndex(of: "hi from the command"),
                  let band = screen.firstIndex(where: { $0.contains("Say hi") }) else { return false }
            return band > output
        }
        #expect(back.first == "top")
        #expect(try tmux.paneFlag("#{alternate_on}") == "0")
        try tmux.send("q")
        try tmux.waitFor(text: "status=")
        #expect(try tmux.exitStatus() == 0)
        #expect(try tmux.ttyModesRestored())
    }

    @Test func aBadHeightIsAUsageError() throws {
        let tmux = try session(#""$SEGUE" --height 0 x.json; echo "status=$?"; "$SEGUE" --height 120% x.json; echo "status=$?""#)
        let screen = try tmux.waitFor { $0.filter { $0.hasPrefix("status=") }.count == 2 }
        #expect(screen.filter { $0 == "status=64" }.count == 2)
        #expect(screen.contains { $0.contains("--height") })
    }

    /// A spec's `"height": "~20"` draws it inline, shrunk to its four rows; `SEGUE_DEFAULT_OPTS`
    /// gives every run its options, and the command line's come after and win.
    @Test func aSpecsHeightAndDefaultOptionsDrawInlineShrunkToTheRows() throws {
        let specs = try Fixtures(["small.json": #"{"title": "Small", "height": "~20", "sections": [{"rows": [{"title": "One"}, {"title": "Two"}, {"title": "Three"}, {"title": "Four"}]}]}"#])
        let tmux = try Tmux(["sh", "-c", #"""
            echo above; "$SEGUE" small.json; echo "status=$?"
            printf 'a\nb\n' | SEGUE_DEFAULT_OPTS="--height 7 --prompt 'pick: '" "$SEGUE" --prompt 'mine: '; echo "second=$?"
            """#], directory: specs.folder.path, environment: ["SEGUE": Paths.segue])
        let screen = try tmux.waitFor { $0.contains(" > One") && $0.contains { $0.contains("q quit") } }
        #expect(try tmux.paneFlag("#{alternate_on}") == "0")
        // Title, four rows and the hint line: 6 lines under "above", not 20.
        #expect(screen.prefix(7) == ["above", " Small", " > One", "   Two", "   Three", "   Four"] + [screen[6]])
        #expect(screen[6].contains("q quit"))
        try tmux.send("q")
        let picker = try tmux.waitFor { $0.contains { $0.hasPrefix(" mine: ") && $0.hasSuffix("2/2") } }
        let band = try #require(picker.firstIndex { $0.hasPrefix("status=0") })
        let prompt = try #require(picker.firstIndex { $0.hasPrefix(" mine: ") })
        #expect(prompt - band == 7)
        try tmux.send("Escape")
        try tmux.waitFor(text: "second=1")
    }

    /// `--tmux 60%,10` inside tmux: Segue opens in a popup over the pane, the lines piped in reach
    /// it, and the choice and exit status come back to the command that ran it. The popup needs a
    /// client, so a second terminal attaches to the first's server and shows it.
    @Test func tmuxOpensAPopupAndHandsBackTheChoiceAndStatus() throws {
        let inner = try Tmux(["sh", "-c", #"""
            until tmux list-clients | grep -q .; do sleep 0.05; done
            out=$(printf 'alpha\nbeta\n' | "$SEGUE" --tmux 60%,10); echo "status=$? out=[$out]"
            printf 'x\n' | "$SEGUE" --tmux; echo "second=$?"; read wait
            """#], environment: ["SEGUE": Paths.segue])
        let outer = try Tmux(["sh", "-c", "TMUX= exec tmux -L \(inner.socket) attach -t e2e"])
        // The popup: 60% of 80 columns, 10 lines, boxed, in the middle of the pane.
        let popup = try outer.waitFor { $0.contains { $0.contains("│ > alpha") } && $0.contains { $0.contains("2/2 │") } }
        let top = try #require(popup.firstIndex { $0.contains("┌") })
        let bottom = try #require(popup.firstIndex { $0.contains("└") })
        #expect(bottom - top + 1 == 10)
        #expect(popup[top].filter { $0 == "─" }.count == 48 - 2)
        try outer.send("-l", "bet")
        try outer.waitFor { $0.contains { $0.contains("1/2 │") } }
        try outer.send("Enter")
        try outer.waitFor(text: "status=0 out=[beta]")
        try outer.waitFor { $0.contains { $0.contains("│ > x") } }
        try outer.send("Escape")
        try outer.waitFor(text: "second=1")
    }

    /// `--height` with `--tmux` inside tmux (issue 44): the popup is the height, as fzf ignores
    /// `--height` in its popup; the picker drew in a 4-line band at the top of the popup.
    @Test func heightIsIgnoredInsideTheTmuxPopup() throws {
        let inner = try Tmux(["sh", "-c", #"""
            until tmux list-clients | grep -q .; do sleep 0.05; done
            out=$(printf 'alpha\nbeta\ngamma\n' | "$SEGUE" --height 4 --tmux 60%,12); echo "status=$? out=[$out]"; read wait
            """#], environment: ["SEGUE": Paths.segue])
        let outer = try Tmux(["sh", "-c", "TMUX= exec tmux -L \(inner.socket) attach -t e2e"])
        let popup = try outer.waitFor { $0.contains { $0.contains("│ > alpha") } && $0.contains { $0.contains("3/3 │") } }
        let top = try #require(popup.firstIndex { $0.contains("┌") })
        let bottom = try #require(popup.firstIndex { $0.contains("└") })
        #expect(bottom - top + 1 == 12)
        // The find line is at the popup's foot, the rows over the whole of it, not in 4 lines.
        let count = try #require(popup.firstIndex { $0.contains("3/3 │") })
        #expect(count == bottom - 1, "the find line at \(count - top) of a popup of \(bottom - top + 1) lines:\n\(popup.joined(separator: "\n"))")
        try outer.send("Enter")
        try outer.waitFor(text: "status=0 out=[alpha]")
    }

    /// No value of the user's world reaches tmux, which reads `display-popup -d`'s folder as a
    /// format where `#(…)` runs a command (issue 40): a folder named `#(touch PWNED)` runs nothing.
    /// The environment handed to the popup is never a file at rest, a variable whose name `sh`
    /// cannot take is left out rather than breaking the popup, and a hang-up while the popup is
    /// open leaves no folder behind.
    @Test func tmuxRunsNothingFromTheFoldersNameAndLeavesNothingBehind() throws {
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("segue-tmux-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: work + "/tmp", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: work) }
        let inner = try Tmux(["sh", "-c", #"""
            until tmux list-clients | grep -q .; do sleep 0.05; done
            mkdir -p "$WORK/#(touch PWNED)" && cd "$WORK/#(touch PWNED)" || exit 1
            export TMPDIR="$WORK/tmp"
            out=$(printf 'alpha\nbeta\n' | env 'SEGUE_é=1' "$SEGUE" --tmux 60%,10); echo "status=$? out=[$out] here=[$(pwd)]"
            printf 'x\n' | SECRET=token-123 "$SEGUE" --tmux 60%,10 & echo $! > "$WORK/pid"
            wait $!; echo "hup=$? left=[$(ls -A "$WORK/tmp")]"; read wait
            """#], environment: ["SEGUE": Paths.segue, "WORK": work, "HOME": work])
        let outer = try Tmux(["sh", "-c", "TMUX= exec tmux -L \(inner.socket) attach -t e2e"])
        try outer.waitFor { $0.contains { $0.contains("│ > alpha") } && $0.contains { $0.contains("2/2 │") } }
        try outer.send("-l", "bet")
        try outer.waitFor { $0.contains { $0.contains("1/2 │") } }
        try outer.send("Enter")
        try outer.waitFor(text: "status=0 out=[beta] here=[\(work)/#(touch PWNED)]", joined: true)
        try outer.waitFor { $0.contains { $0.contains("│ > x") } }
        // The popup's script is a FIFO, already read: no file holds the environment.
        let folders = try FileManager.default.contentsOfDirectory(atPath: work + "/tmp")
        #expect(folders.count == 1)
        for folder in folders {
            var info = stat()
            #expect(stat(work + "/tmp/" + folder + "/run.sh", &info) == 0 && info.st_mode & S_IFMT == S_IFIFO)
        }
        let pid = try #require(Int32(String(contentsOfFile: work + "/pid", encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)))
        kill(pid, SIGHUP)
        try outer.waitFor(text: "hup=129 left=[]", joined: true)
        // tmux runs a format's command in the folder of the client that asked.
        let planted = [work, work + "/#(touch PWNED)", Paths.packageRoot].filter { FileManager.default.fileExists(atPath: $0 + "/PWNED") }
        #expect(planted.isEmpty)
    }

    /// Outside tmux, `--tmux` draws inline, in the height the popup would have had.
    @Test func tmuxOutsideTmuxDrawsInline() throws {
        let tmux = try session(#"echo above; printf 'a\nb\n' | TMUX= "$SEGUE" --tmux bottom,8; echo "status=$?""#)
        let screen = try tmux.waitFor { $0.contains { $0.hasSuffix("2/2") } }
        #expect(try tmux.paneFlag("#{alternate_on}") == "0")
        #expect(screen.firstIndex { $0.hasSuffix("2/2") } == 1 + 8 - 1)
        try tmux.send("Escape")
        try tmux.waitFor(text: "status=1")
    }

    /// The terminal going away (its tmux server killed) while a command has it ends Segue once
    /// the command is gone, full screen and inline, as a hang-up would: the hang-up reaches only
    /// the command (it has the foreground), and Segue must not spin on a terminal that will never
    /// answer.
    @Test(arguments: [false, true]) func aTerminalThatGoesAwayEndsSegue(inline: Bool) throws {
        let folder = try Fixtures(["menu.json": #"""
            {"title": "Tools", "sections": [{"rows": [
              {"title": "Run", "action": {"type": "exec", "command": ["sh", "-c", "echo running; exec sleep 30"]}}
            ]}]}
            """#])
        let tmux = try Tmux(["sh", "-c", "\"$SEGUE\"" + (inline ? " --height 6" : "") + " menu.json; echo done"],
                            directory: folder.folder.path, environment: ["SEGUE": Paths.segue])
        try tmux.waitFor(text: "Run")
        // The shell runs Segue as its child.
        let shell = try tmux.programPid()
        let segue = try #require(Int32(try Tmux.run(["pgrep", "-P", String(shell), "segue"]).split(separator: "\n").first ?? ""))
        try tmux.send("Enter")
        try tmux.waitFor(text: "running")
        try Tmux.run(["tmux", "-L", tmux.socket, "kill-server"])
        let deadline = Date().addingTimeInterval(10)
        while kill(segue, 0) == 0, Date() < deadline { usleep(20_000) }
        #expect(kill(segue, 0) != 0, "segue (pid \(segue)) outlived its terminal")
        if kill(segue, 0) == 0 { kill(segue, SIGKILL) }
    }
}
