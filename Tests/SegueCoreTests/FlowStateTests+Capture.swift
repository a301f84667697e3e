@testable import SegueCore
import Testing

/// An exec that captures what its command prints: run in the background, kept as a setting or
/// data, its `then` bound once it has ended.
extension FlowStateTests {
    static let capturing = #"""
        {"title": "Hello {{user | nobody}}", "sections": [{"rows": [
          {"title": "SSH state", "action": {"type": "exec", "command": ["get-ssh"], "capture": {"setting": "ssh"},
                                            "then": {"type": "message", "text": "read"}}},
          {"title": "Who", "action": {"type": "exec", "command": ["whoami"], "capture": {"data": "user"}}},
          {"cell": "toggle", "title": "SSH", "setting": "ssh"}
        ]}]}
        """#

    func captureRequest(_ effects: [Effect]) -> SourceRequest? {
        guard effects.count == 1, case .startSource(let request) = effects[0], request.key.isCapture, request.capturesOutput else { return nil }
        return request
    }

    @Test func aCaptureRunsInTheBackgroundAndItsJSONOutputBecomesASetting() throws {
        var state = try app(Self.capturing)
        let request = try #require(captureRequest(press(.enter, on: &state)))
        #expect(request.origin == .command(["get-ssh"]))
        #expect(screen(state).last?.contains("get-ssh…") == true)
        let effects = update(&state, .commandFinished(request.key, CommandRun(status: 0, chunks: [.init(.output, Array(" true\n".utf8))])))
        #expect(state.settings.values.member("ssh") == .bool(true))
        #expect(effects.contains { if case .saveSettings = $0 { true } else { false } })
        #expect(screen(state).contains { $0.contains("[x] SSH") })
        #expect(state.status?.text == "read")
    }

    @Test func aCaptureIntoDataIsSeenByEveryTemplateAsText() throws {
        var state = try app(Self.capturing)
        press(.down, on: &state)
        let request = try #require(captureRequest(press(.enter, on: &state)))
        _ = update(&state, .commandFinished(request.key, CommandRun(status: 0, chunks: [.init(.output, Array("ann\n".utf8))])))
        #expect(state.captured.member("user") == "ann")
        #expect(screen(state).first?.contains("Hello ann") == true)
    }

    /// A capture's `then` and `onFailure` are bound once it has ended (issue 40): they see the
    /// value just captured, the settings it set, and the row it ran for; not the previous run's.
    @Test func aCapturesThenSeesWhatItCaptured() throws {
        var state = try app(#"""
            {"sections": [{"rows": [
              {"title": "Who", "id": "w1", "action": {"type": "exec", "command": ["whoami"], "capture": {"data": "user"},
                "then": {"type": "message", "text": "{{title}}: [{{user}}]"}, "onFailure": {"type": "message", "text": "no {{user | one}}"}}},
              {"title": "Port", "action": {"type": "exec", "command": ["port"], "capture": {"setting": "port"},
                "then": {"type": "message", "text": "port {{settings.port}}"}}}
            ]}]}
            """#)
        var request = try #require(captureRequest(press(.enter, on: &state)))
        _ = update(&state, .commandFinished(request.key, CommandRun(status: 0, chunks: [.init(.output, Array("ann\n".utf8))])))
        #expect(state.status?.text == "Who: [ann]")
        request = try #require(captureRequest(press(.enter, on: &state)))
        _ = update(&state, .commandFinished(request.key, CommandRun(status: 0, chunks: [.init(.output, Array("bob\n".utf8))])))
        #expect(state.status?.text == "Who: [bob]")
        request = try #require(captureRequest(press(.enter, on: &state)))
        _ = update(&state, .commandFinished(request.key, CommandRun(status: 1, chunks: [])))
        #expect(state.status?.text == "no bob")
        press(.down, on: &state)
        request = try #require(captureRequest(press(.enter, on: &state)))
        _ = update(&state, .commandFinished(request.key, CommandRun(status: 0, chunks: [.init(.output, Array("8080".utf8))])))
        #expect(state.status?.text == "port 8080")
    }

    /// A capture's `then` and `onFailure` see the command's `{{status}}` and `{{output}}`
    /// (trimmed), whatever it captured into (issue 46).
    @Test func aCapturesThenSeesTheStatusAndOutput() throws {
        var state = try app(#"""
            {"sections": [{"rows": [
              {"title": "Update", "action": {"type": "exec", "command": ["apt-update"], "capture": {"data": "log"},
                "then": {"type": "message", "text": "{{status}}: {{output}}"}, "onFailure": {"type": "message", "text": "failed ({{status}})"}}}
            ]}]}
            """#)
        var request = try #require(captureRequest(press(.enter, on: &state)))
        _ = update(&state, .commandFinished(request.key, CommandRun(status: 0, chunks: [.init(.output, Array("  12 upgraded\n".utf8))])))
        #expect(state.status?.text == "0: 12 upgraded")
        request = try #require(captureRequest(press(.enter, on: &state)))
        _ = update(&state, .commandFinished(request.key, CommandRun(status: 100, chunks: [])))
        #expect(state.status?.text == "failed (100)")
    }

    @Test func aFailedCaptureKeepsNothingAndSaysTheLastErrorLine() throws {
        var state = try app(Self.capturing)
        press(.down, on: &state)
        let request = try #require(captureRequest(press(.enter, on: &state)))
        _ = update(&state, .commandFinished(request.key, CommandRun(status: 3, chunks: [
            .init(.output, Array("nobody".utf8)), .init(.errors, Array("warming up\nno such user\n".utf8))])))
        #expect(state.captured.member("user") == nil)
        #expect(state.status == .error("exit status 3: no such user"))
        var big = try app(Self.capturing)
        let second = try #require(captureRequest(press(.enter, on: &big)))
        let output = [UInt8](repeating: UInt8(ascii: "a"), count: ExecCapture.limit + 1)
        _ = update(&big, .commandFinished(second.key, CommandRun(status: 0, chunks: [.init(.output, output)])))
        #expect(big.settings.values.member("ssh") == nil)
    }

    @Test func escStopsACaptureAndWhatFollowsIt() throws {
        var state = try app(Self.capturing)
        let queued: [PendingActions] = [([RowAction(.message("someone else's", isError: false))], .none, nil)]
        state.queuedActions = queued
        let request = try #require(captureRequest(press(.enter, on: &state)))
        #expect(press(.escape, on: &state) == [.cancelSource(request.key)])
        #expect(state.status?.text.hasPrefix("stopped: get-ssh") == true)
        // Another's queued actions stay theirs.
        #expect(state.queuedActions.count == 1)
        // A late answer changes nothing, and its `then` does not run.
        _ = update(&state, .commandFinished(request.key, CommandRun(status: 0, chunks: [.init(.output, Array("true".utf8))])))
        #expect(state.settings.values.member("ssh") == nil)
        #expect(state.status?.text != "read")
        #expect(state.queuedActions.count == 1)
    }

    @Test func whatFollowsACaptureWaitsForItWhateverElseAnswersMeanwhile() throws {
        var state = try app(#"""
            {"sections": [{"rows": [{"title": "Next", "segue": "next.json"}]}]}
            """#)
        let actions = [RowAction(.exec(ExecCommand(arguments: ["slow"], capture: .setting("ssh")))),
                       RowAction(.set(["after": true]))]
        let request = try #require(captureRequest(update(&state, .handlerFinished(name: "h", row: [:], actions))))
        // Enter typed while it runs waits for it (`HeldInput`); an answer no one asked for meanwhile
        // is not the capture's.
        #expect(press(.enter, on: &state) == [])
        _ = update(&state, .specLoaded(path: "/specs/next.json", .success(try loadSpec(#"{"sections": [{"rows": [{"title": "Here"}]}]}"#, file: "/specs/next.json"))))
        #expect(state.settings.values.member("after") == nil && state.breadcrumb.count == 1)
        let effects = update(&state, .commandFinished(request.key, CommandRun(status: 0, chunks: [.init(.output, Array("on".utf8))])))
        #expect(state.settings.values.member("after") == true)
        #expect(state.queuedActions.isEmpty)
        // Then the key typed meanwhile: the segue it chose.
        #expect(effects.last == .loadSpec(path: "/specs/next.json"))
    }

    @Test func aHandlersActionsAfterACaptureWaitForIt() throws {
        var state = try app(Self.capturing)
        let actions = [RowAction(.exec(ExecCommand(arguments: ["get-ssh"], capture: .setting("ssh")))),
                       RowAction(.message("after it", isError: false))]
        let effects = update(&state, .handlerFinished(name: "h", row: [:], actions))
        let request = try #require(captureRequest(effects))
        #expect(state.status?.text != "after it")
        _ = update(&state, .commandFinished(request.key, CommandRun(status: 0, chunks: [.init(.output, Array("on".utf8))])))
        #expect(state.status?.text == "after it")
        #expect(state.settings.values.member("ssh") == "on")
    }

    @Test func badCapturesAreErrorsAtTheirPath() {
        let spec = { (action: String) in #"{"sections": [{"rows": [{"title": "A", "action": \#(action)}]}]}"# }
        #expect(loadProblem(spec(#"{"type": "exec", "command": ["x"], "capture": "ssh"}"#), file: "/s.json")?
            .contains("action.capture: expected {\"setting\": NAME} or {\"data\": NAME}") == true)
        #expect(loadProblem(spec(#"{"type": "exec", "command": ["x"], "capture": {"setting": "a"}, "wait": true}"#), file: "/s.json")?
            .contains("action.wait: a command whose output is captured") == true)
        #expect(loadProblem(spec(#"{"type": "become", "command": ["x"], "capture": {"setting": "a"}}"#), file: "/s.json")?
            .contains("action.capture") == true)
    }
}
