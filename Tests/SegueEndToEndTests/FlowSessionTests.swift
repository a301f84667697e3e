import Foundation
import Testing

/// Flows in the real terminal: a command that reports back through `then` (a setting written, a
/// message), `onFailure`, and a screen that opens on the row its `select` names.
@Suite(.serialized) struct FlowSessionTests {
    let tool = #"""
        {"title": "Setup", "settingsFile": "settings.json", "select": "{{settings.last}}", "sections": [{"rows": [
          {"cell": "toggle", "title": "SSH", "setting": "ssh", "id": "ssh"},
          {"title": "Enable SSH", "id": "enable", "action": {"type": "exec", "command": ["sh", "-c", "exit 0"],
            "then": [{"type": "set", "settings": {"ssh": true, "last": "enable"}}, {"type": "message", "text": "SSH is on"}]}},
          {"title": "Break", "id": "break", "action": {"type": "exec", "command": ["sh", "-c", "exit 5"],
            "then": "quit", "onFailure": {"type": "message", "text": "it broke", "error": true}}}
        ]}]}
        """#

    @Test func aCommandReportsBackThroughThenAndTheScreenOpensWhereItWasLeft() throws {
        let files = try Fixtures(["setup.json": tool])
        let tmux = try Tmux([Paths.segue, files.path("setup.json")], directory: files.folder.path)
        try tmux.waitFor { $0.contains(" > [ ] SSH") }
        try tmux.send("j")
        try tmux.send("Enter")
        try tmux.waitFor { $0.contains("   [x] SSH") && $0.contains(" SSH is on") }
        try tmux.send("j")
        try tmux.send("Enter")
        try tmux.waitFor { $0.contains(" it broke") }
        try tmux.send("q")
        #expect(try tmux.exitStatus() == 0)
        let saved = try String(contentsOfFile: files.path("settings.json"), encoding: .utf8)
        #expect(saved.contains("\"ssh\": true") || saved.contains("\"ssh\":true"), "\(saved)")
        // Opened again, the screen starts on the row the setting names.
        let again = try Tmux([Paths.segue, files.path("setup.json")], directory: files.folder.path)
        try again.waitFor { $0.contains(" > Enable SSH") && $0.contains("   [x] SSH") }
        try again.send("q")
        #expect(try again.exitStatus() == 0)
    }
}
