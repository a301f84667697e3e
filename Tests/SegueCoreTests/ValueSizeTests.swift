import Testing
@testable import SegueCore

/// Keys cost what the screen shows, not what the values hold: a prompt's 10 MB default, a
/// 10 MB argument of the selected row's command (issue 30, item 9).
@Suite(.serialized) struct ValueSizeTests {
    static let huge = String(repeating: "abcdefghij", count: 1_000_000)

    /// The slowest of `keys`, each an update and a frame, in seconds. The bounds below (0.5 s)
    /// hold under sanitizers and on a busy machine; a key that walked the 10 MB value took 3.5
    /// to 6.5 s in a debug build. The speed itself is `make bench`'s to measure.
    func slowest(_ keys: [Key], on state: inout AppState) -> Double {
        var worst = 0.0
        for key in keys {
            let start = Monotonic.now()
            _ = update(&state, .key(key))
            _ = render(state, size: state.size)
            worst = max(worst, Monotonic.now() - start)
        }
        return worst
    }

    @Test func aPromptWithATenMegabyteDefault() throws {
        let spec = try loadSpec(#"{"sections": [{"rows": [{"title": "Ask", "action": {"type": "prompt", "question": "Name?", "default": "\#(Self.huge)", "then": {"type": "emit", "value": "{{input}}"}}}]}]}"#, file: "/specs/p.json")
        var app = state(spec, width: 80, height: 24)
        press(.enter, on: &app)
        #expect(app.entry != nil)
        let typing = slowest([.char("x"), .char("y"), .backspace, .left, .left, .char("z"), .home, .char("a"), .right, .delete, .end, .char("b")], on: &app)
        #expect(typing < 0.5)
    }

    @Test func aCommandWithATenMegabyteArgument() throws {
        let spec = try loadSpec(#"{"sections": [{"rows": [{"title": "One"}, {"title": "Run", "action": {"type": "exec", "command": ["echo", "\#(Self.huge)"]}}, {"title": "Three"}]}]}"#, file: "/specs/x.json")
        var app = state(spec, width: 80, height: 24)
        let moving = slowest([.down, .down, .up, .up, .down], on: &app)
        #expect(moving < 0.5)
    }

    /// With commands off, Enter says which command it did not run, and Tab's menu names it:
    /// both show the command's start (they took 3.5 s each).
    @Test func aRefusedOrListedCommandWithATenMegabyteArgument() throws {
        let spec = try loadSpec(#"{"sections": [{"rows": [{"title": "One"}, {"title": "Run", "action": {"type": "exec", "command": ["echo", "\#(Self.huge)"]}}]}]}"#, file: "/specs/x.json")
        var options = AppOptions()
        options.allowExec = false
        var app = AppState(root: spec, size: Size(width: 80, height: 24), options: options)
        press(.down, on: &app)
        #expect(slowest([.enter], on: &app) < 0.5)
        #expect(app.status?.text.hasPrefix("running commands is turned off") == true)
        #expect(app.status.map { $0.text.count < 1_200 } == true)
        #expect(slowest([.tab, .escape], on: &app) < 0.5)
    }
}
