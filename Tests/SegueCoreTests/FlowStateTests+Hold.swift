@testable import SegueCore
import Testing

/// A capture that holds the screen (`"wait": "first"`): a screen's `onOpen` state command
/// holds its first frame, keys typed meanwhile wait for it, Esc still stops it (issue 46).
extension FlowStateTests {
    static let held = #"""
        {"title": "Pi", "onOpen": {"type": "exec", "command": ["probe"], "capture": {"data": "board"}, "wait": "first"},
         "sections": [{"rows": [
          {"title": "x86 only", "hidden": "{{board.model == 'pi4'}}", "action": {"type": "message", "text": "x86"}},
          {"title": "Fan", "hidden": "{{board.model != 'pi4'}}", "action": {"type": "message", "text": "fan of {{board.model}}"}}
        ]}]}
        """#

    private func startHeld(_ state: inout AppState) throws -> SourceRequest {
        try #require(captureRequest(update(&state, .start)))
    }

    @Test func anOnOpenThatWaitsHoldsTheFirstFrameThenShowsASpinner() throws {
        var state = try app(Self.held)
        _ = try startHeld(&state)
        #expect(!screen(state).joined().contains("x86 only"))
        #expect(!screen(state).joined().contains("probe…"))
        _ = update(&state, .tick)
        #expect(screen(state).last?.contains("probe…  Esc stops it") == true)
        #expect(!screen(state).joined().contains("x86 only"))
    }

    @Test func keysTypedWhileItHoldsActOnTheScreenItsAnswerMakes() throws {
        var state = try app(Self.held)
        let request = try startHeld(&state)
        #expect(press(.enter, on: &state) == [])
        let held = state.heldInput.compactMap { event -> Key? in if case .key(let key) = event { key } else { nil } }
        #expect(held == [.enter] && state.heldInput.count == 1)
        _ = update(&state, .commandFinished(request.key, CommandRun(status: 0, chunks: [.init(.output, Array(#"{"model": "pi4"}"#.utf8))])))
        #expect(state.heldInput.isEmpty)
        #expect(state.status?.text == "fan of pi4")
        #expect(screen(state).joined().contains("Fan"))
        #expect(!screen(state).joined().contains("x86 only"))
    }

    @Test func escWhileItHoldsStopsItAndQuitsTheFirstScreen() throws {
        var state = try app(Self.held)
        _ = try startHeld(&state)
        let effects = press(.escape, on: &state)
        #expect(effects.contains { if case .cancelSource = $0 { true } else { false } })
        #expect(effects.contains { $0.endsSession })
        #expect(state.heldFirstFrame == nil)
    }

    @Test func aStrayLineBesideTheObjectIsAnErrorNotText() throws {
        var state = try app(Self.held)
        let request = try startHeld(&state)
        _ = update(&state, .commandFinished(request.key, CommandRun(status: 0, chunks: [
            .init(.output, Array("{\"model\": \"pi4\"}\nwarning: firmware is old\n".utf8))])))
        #expect(state.captured.member("board") == nil)
        #expect(state.status == .error(#"exit status 1: it printed a line that is not JSON: "warning: firmware is old"; nothing was kept"#))
        #expect(screen(state).joined().contains("x86 only"))
    }

    @Test func waitFirstNeedsACapture() {
        #expect(loadProblem(#"[{"rows": [{"action": {"type": "exec", "command": ["x"], "wait": "first"}}]}]"#, file: "/specs/main.json")?
                    .contains(#"[0].rows[0].action.wait: "first" holds the screen while a capture runs: it needs "capture""#) == true)
        let action = RowAction(.object(["type": "exec", "command": ["x"], "capture": ["data": "d"], "wait": "first"]))
        #expect(action.map { RowAction($0.json) == $0 } == true)
    }
}
