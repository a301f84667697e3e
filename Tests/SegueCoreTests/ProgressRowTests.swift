@testable import SegueCore
import SegueFiles
import Testing

/// `progress` rows: a command run from a row, its lines drawn as a bar, its end as ✓ or ✗, and
/// Esc asking to stop it.
@Suite struct ProgressRowTests {
    static let spec = #"""
        {"title": "Jobs", "sections": [{"rows": [
          {"cell": "progress", "title": "Back up", "command": ["backup", "--all"]},
          {"title": "Other"}
        ]}]}
        """#

    func started() throws -> (AppState, SourceRequest) {
        var state = state(try loadSpec(Self.spec, file: "/x/jobs.json"), width: 60, height: 6)
        let effects = press(.enter, on: &state)
        guard case .startSource(let request)? = effects.first, effects.count == 1 else {
            throw ProgressError(message: "no command started: \(effects)")
        }
        return (state, request)
    }

    struct ProgressError: Error { var message: String }

    @Test func enterRunsTheCommandKeptWhole() throws {
        let (_, request) = try started()
        #expect(request.origin == .command(["backup", "--all"]))
        #expect(request.capturesOutput)
        #expect(request.directory == "/x")
    }

    @Test func itsLinesMoveTheBarAndSayWhatItDoes() throws {
        var (state, request) = try started()
        #expect(screen(state)[1].hasSuffix(" ⠋"))
        _ = update(&state, .commandOutput(request.key, Array("copying photos\n".utf8)))
        #expect(screen(state)[1].hasSuffix("copying photos ⠋"))
        _ = update(&state, .commandOutput(request.key, Array("4".utf8)))  // not a line yet
        #expect(!screen(state)[1].contains("%"))
        _ = update(&state, .commandOutput(request.key, Array("2%\r".utf8)))
        #expect(screen(state)[1] == " > Back up      copying photos  [███████░░░░░░░░░░░░] 42%")
        // A last line without its line feed still counts.
        _ = update(&state, .commandOutput(request.key, Array("all done".utf8)))
        _ = update(&state, .commandFinished(request.key, CommandRun(status: 0, chunks: [.init(.output, Array("all done".utf8))])))
        #expect(screen(state)[1].hasSuffix("✓ all done"))
    }

    @Test func aFailureSaysItsStatusAndLastLineOfErrors() throws {
        var (state, request) = try started()
        let run = CommandRun(status: 3, chunks: [.init(.errors, Array("warning: slow\ndisk full\n\n".utf8))])
        _ = update(&state, .commandFinished(request.key, run))
        #expect(screen(state)[1].hasSuffix("✗ exit 3: disk full"))
        let missing = CommandRun(status: 127, reason: "cannot run backup: No such file or directory")
        var (again, second) = try started()
        _ = update(&again, .commandFinished(second.key, missing))
        #expect(screen(again)[1].contains("✗ cannot run backup: No s"))
        second.key.generation += 1
        _ = update(&state, .commandFinished(second.key, CommandRun(status: 0)))  // not its run: dropped
        #expect(screen(state)[1].hasSuffix("✗ exit 3: disk full"))
    }

    @Test func enterWhileItRunsLeavesItAndAgainOnceEndedRunsItAnew() throws {
        var (state, request) = try started()
        #expect(press(.enter, on: &state) == [])
        _ = update(&state, .commandFinished(request.key, CommandRun(status: 0)))
        guard case .startSource(let next)? = press(.enter, on: &state).first else {
            Issue.record("not run again")
            return
        }
        #expect(next.key.generation == request.key.generation + 1)
        // Output of the first run, late, is not the second's.
        _ = update(&state, .commandOutput(request.key, Array("99\n".utf8)))
        #expect(!screen(state)[1].contains("99%"))
    }

    @Test func escAsksToStopItAndYesStopsItWhileTheScreenStays() throws {
        var (state, request) = try started()
        #expect(press(.escape, on: &state) == [])
        #expect(screen(state).last == " Stop “Back up”? (y/N)")
        #expect(press(.char("n"), on: &state) == [])
        #expect(screen(state)[1].hasSuffix(" ⠋"))
        press(.escape, on: &state)
        #expect(press(.char("y"), on: &state) == [.cancelSource(request.key)])
        #expect(screen(state)[1].hasSuffix("✗ stopped"))
        #expect(state.stack.count == 1)
    }

    @Test func onOpenRunsItAsTheScreenOpens() throws {
        let spec = try loadSpec(#"{"sections": [{"rows": [{"cell": "progress", "title": "Scan", "start": "onOpen", "command": ["scan"]}]}]}"#,
                                file: "/x/scan.json")
        var state = state(spec)
        let effects = update(&state, .start)
        #expect(effects.contains { if case .startSource(let request) = $0 { return request.origin == .command(["scan"]) } else { return false } })
    }

    @Test func withCommandsOffItSaysSoAndRunsNothing() throws {
        var state = AppState(root: try loadSpec(Self.spec, file: "/x/jobs.json"), size: Size(width: 60, height: 6),
                             options: AppOptions(allowExec: false))
        #expect(press(.enter, on: &state) == [])
        #expect(screen(state).last?.contains("running commands is turned off") == true)
    }

    @Test func itsKeysAreChecked() {
        #expect(loadProblem(#"{"sections": [{"rows": [{"cell": "progress", "title": "x"}]}]}"#, file: "/x/a.json")
                == #"/x/a.json:1:25: sections[0].rows[0].command: a progress row needs "command": the program and its arguments, as an array of strings"#)
        #expect(loadProblem(#"{"sections": [{"rows": [{"cell": "progress", "title": "x", "command": "make"}]}]}"#, file: "/x/a.json")?
                    .contains(#"sections[0].rows[0].command: expected an array of strings (the program and its arguments), found "make""#) == true)
        #expect(loadProblem(#"{"sections": [{"rows": [{"cell": "progress", "title": "x", "command": ["make"], "start": "now"}]}]}"#,
                            file: "/x/a.json")?.contains(#"sections[0].rows[0].start: expected "onEnter" or "onOpen", found "now""#) == true)
        // A cell type based on it gives its rows the command.
        #expect(loadProblem(#"{"cells": {"Job": {"base": "progress", "command": ["make"]}}, "sections": [{"rows": [{"cell": "Job", "title": "x"}]}]}"#,
                            file: "/x/a.json") == nil)
    }

    @Test func figuresAreReadAsDialogsGaugeReadsThem() {
        var reading = ProgressReading()
        reading.read(Array("3/8 files\nCopying\n57".utf8))
        #expect(reading.fraction == 0.375)
        #expect(reading.message == "Copying")
        reading.read(Array("\n".utf8))
        #expect(reading.fraction == 0.57)
        // A date is not a count (Go's log lines), nor is a count past its total.
        #expect(ProgressReading.fraction(in: "2025/11/25 10:00:01 copying") == nil)
        #expect(ProgressReading.fraction(in: "9/8") == nil)
    }
}
