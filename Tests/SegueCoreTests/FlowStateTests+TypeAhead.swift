@testable import SegueCore
import Testing

/// Keys typed while a change runs go to what it leads to, not to the screen under it (issue 46,
/// item 5): a capture that something follows, a command making the next screen.
extension FlowStateTests {
    static let change = #"""
        {"title": "Options", "sections": [{"rows": [
          {"title": "Enable SSH", "action": {"type": "exec", "command": ["enable-ssh"], "capture": {"setting": "ssh"},
                                             "then": {"type": "message", "text": "SSH is {{settings.ssh}}"}}},
          {"title": "Hostname", "action": {"type": "message", "text": "hostname asked"}},
          {"title": "Who", "action": {"type": "exec", "command": ["whoami"], "capture": {"data": "user"}}}
        ]}]}
        """#

    private func finish(_ request: SourceRequest, printing text: String, _ state: inout AppState) -> [Effect] {
        update(&state, .commandFinished(request.key, CommandRun(status: 0, chunks: [.init(.output, Array(text.utf8))])))
    }

    @Test func keysTypedWhileAChangeRunsActAfterItsThen() throws {
        var state = try app(Self.change)
        let request = try #require(captureRequest(press(.enter, on: &state)))
        #expect(press(.down, on: &state) == [])
        #expect(press(.enter, on: &state) == [])
        #expect(state.current.selection == 0)  // the menu under it did not move
        _ = finish(request, printing: "true", &state)
        // Its `then` ran first, then the keys, in order, on the screen it left.
        #expect(state.current.selection == 1)
        #expect(state.status?.text == "hostname asked")
        #expect(state.heldInput.isEmpty)
    }

    @Test func escStopsAChangeThatHoldsKeysAndDropsWhatWasTypedForIt() throws {
        var state = try app(Self.change)
        let request = try #require(captureRequest(press(.enter, on: &state)))
        #expect(press(.down, on: &state) == [])
        let effects = press(.escape, on: &state)
        #expect(effects == [.cancelSource(request.key)])  // stopped, and the screen stays
        #expect(state.heldInput.isEmpty && state.capturing == nil)
        #expect(state.current.selection == 0)
        #expect(press(.down, on: &state) == [] && state.current.selection == 1)  // keys act again
    }

    @Test func aCaptureNothingFollowsLeavesTheScreenUsable() throws {
        var state = try app(Self.change)
        press(.down, on: &state)
        press(.down, on: &state)
        _ = try #require(captureRequest(press(.enter, on: &state)))
        press(.up, on: &state)
        #expect(state.current.selection == 1 && state.heldInput.isEmpty)
    }

    @Test func aStateCheckAsOnOpenLeavesTheScreenUsableEvenWithAThen() throws {
        var state = try app(#"""
            {"onOpen": {"type": "exec", "command": ["probe"], "capture": {"data": "board"}, "then": {"type": "message", "text": "read"}},
             "sections": [{"rows": [{"title": "A"}, {"title": "B"}]}]}
            """#)
        _ = try #require(captureRequest(update(&state, .start)))
        press(.down, on: &state)
        #expect(state.current.selection == 1 && state.heldInput.isEmpty)
    }

    @Test func keysTypedWhileACommandMakesTheNextScreenActOnIt() throws {
        var state = try app(Self.made)
        guard case .startSource(let request)? = press(.enter, on: &state).first else { throw Failure() }
        #expect(press(.down, on: &state) == [])
        let printed = Array(#"{"sections": [{"rows": [{"title": "web1"}, {"title": "web2"}]}]}"#.utf8)
        _ = update(&state, .commandFinished(request.key, CommandRun(status: 0, chunks: [.init(.output, printed)])))
        #expect(state.heldInput.count == 1)  // still held: the screen is not shown yet
        let spec = try loadSpec(String(decoding: printed, as: UTF8.self), file: "/specs/(hosts-menu)")
        _ = update(&state, .specLoaded(path: "/specs/(hosts-menu)", .success(spec)))
        #expect(state.breadcrumb.count == 2 && state.current.selection == 1)
        #expect(state.heldInput.isEmpty)
    }
}
