import Foundation
import Testing

/// `segue do SPEC ROW`: a row's action run from a script, without a screen.
@Suite struct DoCommandTests {
    let tool = #"""
        {"title": "Config", "settingsFile": "settings.json", "sections": [{"rows": [
          {"cell": "toggle", "title": "SSH", "id": "ssh", "setting": "ssh"},
          {"title": "Hostname", "id": "hostname", "action": {"type": "prompt", "question": "New hostname?",
            "text": "Letters, digits and hyphens only.", "then": {"type": "exec", "command": ["sh", "-c", "echo \"host=$0 ssh=$1\"", "{{input}}", "{{settings.ssh}}"]}}},
          {"title": "Reboot", "id": "reboot", "action": {"type": "exec", "command": ["echo", "rebooting"], "confirm": "Reboot now?"}},
          {"title": "Interfaces", "id": "interfaces", "segue": "interfaces.json"},
          {"title": "Fail", "id": "fail", "action": {"type": "exec", "command": ["sh", "-c", "exit 3"]}}
        ]}]}
        """#
    let interfaces = #"{"title": "Interfaces", "sections": [{"rows": [{"cell": "toggle", "title": "VNC", "id": "vnc", "setting": "vnc"}]}]}"#

    func run(_ arguments: String, in files: Fixtures) throws -> HostCommand.Result {
        try HostCommand.run(["sh", "-c", "cd \"$1\" && \"$0\" do " + arguments + " 2>&1; echo \"status=$?\"", Paths.segue, files.folder.path])
    }

    @Test func aRowsActionRunsAsEnterWouldAndItsQuestionsAreAnsweredFromTheCommandLine() throws {
        let files = try Fixtures(["main.json": tool, "interfaces.json": interfaces])
        #expect(try run("main.json ssh", in: files).output == "status=0\n")
        #expect(try run("main.json interfaces/vnc", in: files).output == "status=0\n")
        let saved = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: files.path("settings.json")))) as? [String: Bool]
        #expect(saved == ["ssh": true, "vnc": true])
        #expect(try run("main.json hostname --answer pi5 --set ssh=false", in: files).output == "Letters, digits and hyphens only.\nhost=pi5 ssh=false\nstatus=0\n")
        #expect(try run("main.json hostname", in: files).output
            == "segue: do: it asks \"New hostname?\": give the answer with --answer\nstatus=1\n")
        #expect(try run("main.json reboot", in: files).output == "segue: do: it asks \"Reboot now?\": --yes answers yes\nstatus=1\n")
        #expect(try run("main.json Reboot --yes", in: files).output == "rebooting\nstatus=0\n")
        #expect(try run("main.json fail", in: files).output == "segue: exit status 3\nstatus=3\n")
        #expect(try run("main.json nope", in: files).output == "segue: do: no row with the id or title \"nope\" on Config\nstatus=64\n")
    }

    /// A tool whose every option replaces the screen (raspi-config's menus) is driven by `do`
    /// too: a `replace`, a cell type's action and a `then` that opens a screen each lead to the
    /// screen the next part of the path is on (issue 46).
    @Test func doFollowsAReplaceACellTypesActionAndAThen() throws {
        let files = try Fixtures([
            "main.json": #"""
                {"settingsFile": "settings.json", "cells": {"Menu": {"style": "default", "action": {"type": "replace", "spec": "{{target}}"}}},
                 "sections": [{"rows": [
                   {"title": "Interface Options", "id": "I1", "action": {"type": "replace", "spec": "interfaces.json"}},
                   {"title": "Via cell type", "id": "C1", "cell": "Menu", "target": "interfaces.json"},
                   {"title": "After a command", "id": "T1", "action": {"type": "exec", "command": ["true"],
                     "then": {"type": "segue", "spec": "interfaces.json"}}},
                   {"title": "Plain", "id": "P1", "action": {"type": "exec", "command": ["true"]}}
                 ]}]}
                """#,
            "interfaces.json": #"{"title": "Interfaces", "sections": [{"rows": [{"cell": "toggle", "title": "SSH", "id": "ssh", "setting": "ssh"}]}]}"#,
        ])
        #expect(try run("main.json 'Interface Options/SSH'", in: files).output == "status=0\n")
        #expect(try run("main.json C1/ssh", in: files).output == "status=0\n")
        #expect(try run("main.json T1/ssh", in: files).output == "status=0\n")
        let saved = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: files.path("settings.json")))) as? [String: Bool]
        #expect(saved == ["ssh": true], "toggled three times")
        // A part that opens nothing still says so.
        #expect(try run("main.json P1/ssh", in: files).output
            == "segue: do: \"P1\" opens no screen, so \"ssh\" cannot be on it\nstatus=1\n")
    }

    /// `segue do` ended by a signal while a command it captures runs takes the command with it
    /// (issue 40): a script killed, or its terminal hung up, leaves nothing running.
    @Test(arguments: ["TERM", "HUP"]) func aSignalEndingDoEndsTheCommandItRuns(signal: String) throws {
        let files = try Fixtures(["main.json": #"""
            {"sections": [{"rows": [{"title": "Slow", "action": {"type": "exec", "capture": {"data": "got"},
              "command": ["sh", "-c", "echo $$ > child.pid; exec sleep 60"]}}]}]}
            """#])
        let script = #"""
            cd "$1" || exit 1
            "$0" do main.json Slow & p=$!
            i=0; until [ -s child.pid ] || [ $i -gt 500 ]; do sleep 0.02; i=$((i + 1)); done
            kill -"$2" $p; wait $p; echo "status=$?"
            child=$(cat child.pid); i=0
            while [ $i -lt 250 ]; do
              case "$(ps -o stat= -p "$child" 2>/dev/null)" in ""|Z*) echo gone; exit ;; esac
              sleep 0.02; i=$((i + 1))
            done
            echo "still running"; kill "$child"
            """#
        let output = try HostCommand.run(["sh", "-c", script, Paths.segue, files.folder.path, signal]).output
        let number = ["TERM": 15, "HUP": 1][signal] ?? 0
        #expect(output == "status=\(128 + number)\ngone\n")
    }

    /// A save that fails is never `ok` with status 0: the reason on stderr, status 1, and the
    /// action after a `--set` that was not saved does not run (issue 40).
    @Test func aSaveThatFailsEndsItWithOneAndTheReason() throws {
        let said = #"{"title": "Said", "id": "said", "action": {"type": "message", "text": "ok"}}"#
        let spec = tool.replacingOccurrences(of: #"{"title": "Fail""#, with: said + #", {"title": "Fail""#)
        let files = try Fixtures(["main.json": spec, "settings.json": "{\"ssh\": false}\n"])
        let settings = files.path("settings.json")
        #expect(try run("main.json said --set ssh=true", in: files).output == "ok\nstatus=0\n")
        chmod(settings, 0o444)
        let refused = "segue: do: cannot save settings to settings.json: read-only (no write permission): not replaced\nstatus=1\n"
        #expect(try run("main.json said --set ssh=false", in: files).output == refused)
        #expect(try run("main.json ssh", in: files).output == refused)
        #expect(try String(contentsOfFile: settings, encoding: .utf8) == "{\"ssh\": true}\n")
        // A key YAML cannot hold (past the 1,024 characters a YAML reader takes).
        let yaml = try Fixtures(["main.json": spec.replacingOccurrences(of: "settings.json", with: "settings.yaml"), "settings.yaml": "# mine\nssh: false\n"])
        let long = String(repeating: "k", count: 1_100)
        #expect(try run("main.json said --set \(long)=1", in: yaml).output == "segue: do: cannot save settings to settings.yaml: "
            + "the settings cannot be written in this file's format without changing a value: not saved\nstatus=1\n")
        #expect(try String(contentsOfFile: yaml.path("settings.yaml"), encoding: .utf8) == "# mine\nssh: false\n")
    }

    /// A tool holding the settings folder's documented lock (`flock`) past Segue's second of
    /// waiting keeps its write: Segue writes nothing and says so (issue 40).
    @Test func aLockHeldByAnotherProgramIsNotWrittenThrough() throws {
        let files = try Fixtures(["main.json": tool, "settings.json": "{\"ssh\": false}\n"])
        // The tool takes the lock, says so, writes its own change 3 s later, and lets go.
        let tool = try Tmux(["flock", files.folder.path, "sh", "-c",
                             "echo locked; sleep 3; printf '{\"ssh\": false, \"tool\": 1}\\n' > settings.json; echo done; read x"],
                            directory: files.folder.path)
        try tool.waitFor(text: "locked")
        #expect(try run("main.json ssh", in: files).output
            == "segue: do: cannot save settings to settings.json: settings are locked by another program: not saved\nstatus=1\n")
        try tool.waitFor(text: "done", timeout: 10)
        #expect(try String(contentsOfFile: files.path("settings.json"), encoding: .utf8) == "{\"ssh\": false, \"tool\": 1}\n")
    }
}
