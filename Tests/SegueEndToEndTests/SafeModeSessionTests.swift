import Foundation
import Testing

/// `--safe` (and `SEGUE_SAFE=1`) for specs someone else wrote: no commands, and nothing read or
/// written outside the spec's folder; each refusal says so.
@Suite(.serialized) struct SafeModeSessionTests {
    let untrusted = #"""
        {"title": "Untrusted", "settingsFile": "../settings.json", "sections": [{"rows": [
          {"title": "Escape", "segue": "../outside.json"},
          {"title": "Run", "action": {"type": "exec", "command": ["touch", "pwned"]}},
          {"title": "Dark", "cell": "toggle", "setting": "dark"},
          {"title": "Inside", "segue": "inside.json"}
        ]}, {"header": "Passwords", "source": {"file": "/etc/passwd", "format": "lines"}}]}
        """#

    func session(_ script: String) throws -> (Tmux, Fixtures) {
        let files = try Fixtures(["outside.json": #"{"title": "Outside", "sections": []}"#,
                                  "inner/main.json": untrusted,
                                  "inner/inside.json": #"{"title": "Inside", "sections": [{"rows": [{"title": "fine"}]}]}"#])
        return (try Tmux(["sh", "-c", script], directory: files.folder.path, environment: ["SEGUE": Paths.segue]), files)
    }

    @Test func nothingRunsAndNothingOutsideTheFolderIsReadOrWritten() throws {
        let (tmux, files) = try session(#""$SEGUE" --safe inner/main.json; echo "status=$?""#)
        try tmux.waitFor(text: "⚠ reading /etc/passwd is refused: outside the spec's folder")
        try tmux.waitFor(text: "is not used in safe mode")
        #expect(!(try tmux.screen()).joined().contains("root:"))
        try tmux.send("Enter")
        try tmux.waitFor(text: "outside.json: cannot read: outside the spec's folder")
        try tmux.send("Down", "Enter")
        try tmux.waitFor(text: "running commands is turned off (--safe): touch pwned")
        try tmux.send("Down", "Space")
        try tmux.waitFor(text: "[x] Dark")
        try tmux.send("Down", "Enter")
        try tmux.waitFor { $0[0].contains("Untrusted › Inside") }
        try tmux.send("q")
        try tmux.waitFor(text: "status=0")
        #expect(!FileManager.default.fileExists(atPath: files.path("inner/pwned")))
        #expect(!FileManager.default.fileExists(atPath: files.path("settings.json")))
    }

    @Test func theEnvironmentTurnsItOnToo() throws {
        let (tmux, _) = try session(#"SEGUE_SAFE=1 "$SEGUE" inner/main.json; echo "status=$?""#)
        try tmux.waitFor(text: "⚠ reading /etc/passwd is refused")
        try tmux.send("q")
        try tmux.waitFor(text: "status=0")
    }

    /// `segue --safe -`: a spec from standard input has no folder (the current one is only
    /// where segue was started), so it reads no file at all.
    @Test func aSpecFromStandardInputReadsNoFile() throws {
        let files = try Fixtures(["secret.txt": "the-secret\n", "inside.json": #"{"title": "Inside", "sections": []}"#])
        let spec = #"{"title": "Piped", "sections": [{"rows": [{"title": "Go", "segue": "inside.json"}]}, {"header": "File", "source": {"file": "secret.txt", "format": "lines"}}]}"#
        func segue(_ arguments: String) throws -> HostCommand.Result {
            try HostCommand.run(["sh", "-c", "cd \"$1\" && printf '%s' \"$2\" | \"$0\" \(arguments) - 2>&1", Paths.segue, files.folder.path, spec])
        }
        #expect(try segue("render --size 200x8").output.contains("the-secret"))  // without --safe it may
        let render = try segue("render --size 200x8 --safe")
        #expect(render.output.contains("secret.txt is refused: a spec from standard input reads no files (--safe)"), "\(render.output)")
        #expect(!render.output.contains("the-secret"))
        let check = try segue("check --safe")
        #expect(check.status == 65 && check.output.contains(#""inside.json" is refused: a spec from standard input reads no files (--safe)"#),
                "\(check.output)")
        let tmux = try Tmux(["sh", "-c", #"printf '%s' "$1" | "$SEGUE" --safe -; echo "status=$?""#, "sh", spec], width: 200,
                            directory: files.folder.path, environment: ["SEGUE": Paths.segue])
        try tmux.waitFor(text: "secret.txt is refused: a spec from standard input reads no files")
        try tmux.send("Enter")
        try tmux.waitFor(text: "inside.json: cannot read: a spec from standard input reads no files (--safe)")
        try tmux.send("q")
        try tmux.waitFor(text: "status=0")
    }

    @Test func anIncludeOrDataFileOutsideIsALoadError() throws {
        let files = try Fixtures(["lib.json": #"{"cells": {}}"#, "data.json": "{}",
                                  "inner/include.json": #"{"include": ["../lib.json"], "sections": []}"#,
                                  "inner/data.json": #"{"dataFile": "../data.json", "sections": []}"#])
        for name in ["include", "data"] {
            let result = try HostCommand.run(["sh", "-c", "cd \"$1\" && \"$0\" --safe inner/\(name).json 2>&1; echo \"status=$?\"",
                                              Paths.segue, files.folder.path])
            #expect(result.output.contains("cannot read: outside the spec's folder"), "\(name): \(result.output)")
            #expect(result.output.contains("status=66") || result.output.contains("status=65"), "\(name): \(result.output)")
        }
    }
}

/// `render`, `check` and `graph` read specs someone else wrote as `run` does: `--safe`,
/// `--no-exec`, `SEGUE_SAFE=1` and `SEGUE_NO_EXEC=1` mean the same for them.
@Suite struct SafeModeCommandTests {
    let files: Fixtures
    let marker: String

    init() throws {
        files = try Fixtures(["outside.json": #"{"title": "Outside", "sections": []}"#, "outside.txt": "outside-secret\n"])
        marker = files.path("ran")
        let spec = """
            {"title": "Untrusted", "sections": [
              {"rows": [{"title": "Escape", "segue": "../outside.json"}]},
              {"header": "Command", "source": {"command": ["sh", "-c", "touch \(marker); echo from-the-command"], "format": "lines"}},
              {"header": "File", "source": {"file": "../outside.txt", "format": "lines"}}]}
            """
        try FileManager.default.createDirectory(atPath: files.path("inner"), withIntermediateDirectories: true)
        try spec.write(toFile: files.path("inner/main.json"), atomically: true, encoding: .utf8)
    }

    /// `segue ARGUMENTS inner/main.json` in the fixture's folder with `variables` set: status and output (stdout and stderr).
    func segue(_ arguments: String, _ variables: String = "") throws -> HostCommand.Result {
        try? FileManager.default.removeItem(atPath: marker)
        return try HostCommand.run(["sh", "-c", "cd \"$1\" && env \(variables) \"$0\" \(arguments) inner/main.json 2>&1",
                                    Paths.segue, files.folder.path])
    }

    @Test func renderRunsNoCommandAndReadsNothingOutsideInSafeMode() throws {
        let trusted = try segue("render --size 80x12")
        #expect(trusted.output.contains("from-the-command") && trusted.output.contains("outside-secret"), "\(trusted.output)")
        #expect(FileManager.default.fileExists(atPath: marker))
        for (arguments, variables) in [("render --size 80x12 --safe", ""), ("render --size 80x12", "SEGUE_SAFE=1")] {
            let safe = try segue(arguments, variables)
            #expect(safe.status == 0, "\(variables) \(arguments): \(safe.output)")
            #expect(safe.output.contains("running commands is turned off (--safe)"), "\(variables) \(arguments): \(safe.output)")
            #expect(safe.output.contains("is refused: outside the spec's folder"), "\(variables) \(arguments): \(safe.output)")
            #expect(!safe.output.contains("outside-secret") && !safe.output.contains("from-the-command"))
            #expect(!FileManager.default.fileExists(atPath: marker), "\(variables) \(arguments) ran the command")
        }
        for (arguments, variables) in [("render --size 80x12 --no-exec", ""), ("render --size 80x12", "SEGUE_NO_EXEC=1")] {
            let noExec = try segue(arguments, variables)
            #expect(noExec.status == 0 && noExec.output.contains("running commands is turned off (--no-exec)"), "\(noExec.output)")
            #expect(!FileManager.default.fileExists(atPath: marker), "\(variables) \(arguments) ran the command")
        }
    }

    @Test func checkAndGraphFollowNothingOutsideTheFolderInSafeMode() throws {
        #expect(try segue("check").status == 0)
        #expect(try segue("graph").output.contains("outside.json"))
        for variables in ["", "SEGUE_SAFE=1"] {
            let check = try segue(variables.isEmpty ? "check --safe" : "check", variables)
            #expect(check.status == 65, "\(check.output)")
            #expect(check.output.contains("\"../outside.json\" is refused: outside the spec's folder"), "\(check.output)")
            #expect(check.output.contains("\"../outside.txt\" is refused: outside the spec's folder"), "\(check.output)")
            let graph = try segue(variables.isEmpty ? "graph --safe" : "graph", variables)
            #expect(graph.status == 65 && !graph.output.contains("outside.json\" ->") && !graph.output.contains("-> \"\(files.path("outside.json"))"),
                    "\(graph.output)")
        }
        #expect(try segue("check --no-exec").status == 0)
        #expect(try segue("graph --no-exec").status == 0)
    }
}

/// Nothing Segue started outlives it, even what escaped its process groups: a source that starts
/// a daemon in a session of its own (`setsid`), ignoring SIGTERM, or double-forks.
@Suite(.serialized) struct EscapedChildrenSessionTests {
    @Test func daemonsASourceStartedAreGoneWhenSegueQuits() throws {
        let spec = #"""
            {"title": "Daemons", "sections": [{"source": {"format": "lines", "command": ["sh", "-c",
              "setsid sh -c 'trap \"\" TERM; exec sleep 300.4711' </dev/null >/dev/null 2>&1 & (sleep 301.4711 </dev/null >/dev/null 2>&1 &); echo started"]}}]}
            """#
        let files = try Fixtures(["daemons.json": spec])
        let tmux = try Tmux(["sh", "-c", #""$SEGUE" daemons.json; echo "status=$?""#], directory: files.folder.path,
                            environment: ["SEGUE": Paths.segue])
        try tmux.waitFor(text: "started")
        func alive() -> [ProcessTable.Entry] {
            ProcessTable().entries.filter { $0.command.contains(".4711") && !$0.isZombie }
        }
        // Both escaped the source's process group; the double fork's grandchild may still be on
        // its way to `exec` when "started" shows, so it is waited for.
        let started = Date().addingTimeInterval(5)
        while alive().count < 2, Date() < started { usleep(20_000) }
        #expect(alive().count == 2)
        try tmux.send("q")
        try tmux.waitFor(text: "status=0")
        let deadline = Date().addingTimeInterval(2)
        while !alive().isEmpty, Date() < deadline { usleep(20_000) }
        #expect(alive().isEmpty, "still running: \(alive().map(\.command))")
    }
}
