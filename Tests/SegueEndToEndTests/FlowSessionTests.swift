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

    /// A command writes the settings file behind Segue's back; `reload`, and coming back to a
    /// screen that refreshes on show, make the toggles say so.
    @Test func aCommandsSettingShowsAfterReloadAndOnAScreenThatRefreshesOnShow() throws {
        let files = try Fixtures([
            "main.json": #"""
                {"title": "Flags", "settingsFile": "settings.json", "refresh": "onShow", "sections": [{"rows": [
                  {"cell": "toggle", "title": "SSH", "setting": "ssh"},
                  {"title": "Change it", "segue": "change.json"},
                  {"title": "Write VNC, then reload", "action": {"type": "exec",
                    "command": ["sh", "-c", "printf '{\"ssh\": true, \"vnc\": true}' > settings.json"], "then": "reload"}},
                  {"cell": "toggle", "title": "VNC", "setting": "vnc"}
                ]}]}
                """#,
            "change.json": #"""
                {"title": "Change", "sections": [{"rows": [
                  {"title": "Turn SSH on", "action": {"type": "exec", "command": ["sh", "-c", "printf '{\"ssh\": true}' > settings.json"]}}
                ]}]}
                """#,
            "settings.json": #"{"ssh": false, "vnc": false}"#,
        ])
        let tmux = try Tmux([Paths.segue, files.path("main.json")], directory: files.folder.path)
        try tmux.waitFor { Tmux.flowed($0).contains("> [ ] SSH") }
        try tmux.send("j")
        try tmux.send("Enter")
        try tmux.waitFor { Tmux.flowed($0).contains("> Turn SSH on") }
        try tmux.send("Enter")
        try tmux.waitFor { Tmux.flowed($0).contains("done") }
        try tmux.send("Escape")
        try tmux.waitFor { Tmux.flowed($0).contains("[x] SSH") && Tmux.flowed($0).contains("> Change it") }
        try tmux.send("j")
        try tmux.send("Enter")
        try tmux.waitFor { Tmux.flowed($0).contains("[x] VNC") }
        try tmux.send("q")
        #expect(try tmux.exitStatus() == 0)
    }

    /// A spec's `onOpen` asks before the first screen is used; the answer shows in its title, and
    /// a captured command's output turns a toggle on.
    @Test func onOpenAsksFirstAndACaptureSetsAToggle() throws {
        let files = try Fixtures([
            "main.json": #"""
                {"title": "Setup for {{settings.user}}",
                 "onOpen": {"type": "prompt", "question": "Which user?", "default": "pi",
                            "then": {"type": "set", "settings": {"user": "{{input}}"}}},
                 "sections": [{"rows": [
                  {"cell": "toggle", "title": "SSH", "setting": "ssh"},
                  {"title": "Read SSH", "action": {"type": "exec", "command": ["sh", "-c", "echo ' true '"],
                    "capture": {"setting": "ssh"}, "then": {"type": "message", "text": "read it"}}}
                ]}]}
                """#,
        ])
        let tmux = try Tmux([Paths.segue, files.path("main.json")], directory: files.folder.path)
        try tmux.waitFor { Tmux.flowed($0).contains("Which user?") && Tmux.flowed($0).contains("pi") }
        try tmux.send("C-u")
        try tmux.send("ann")
        try tmux.send("Enter")
        try tmux.waitFor { Tmux.flowed($0).contains("Setup for ann") && Tmux.flowed($0).contains("> [ ] SSH") }
        try tmux.send("j")
        try tmux.send("Enter")
        try tmux.waitFor { Tmux.flowed($0).contains("[x] SSH") && Tmux.flowed($0).contains("read it") }
        try tmux.send("q")
        #expect(try tmux.exitStatus() == 0)
    }

    /// A message box shows a long text whole: it scrolls with the moving keys, Enter closes it,
    /// and the action after it in `then` runs only then.
    @Test func aMessageBoxScrollsAndWhatFollowsWaitsForEnter() throws {
        let text = (1...40).map { "Line \($0) of the notes" }.joined(separator: "\\n")
        let files = try Fixtures(["notes.json": #"{"title": "Notes", "sections": [{"rows": [{"title": "Read", "action": {"type": "exec", "command": ["true"], "then": [{"type": "message", "style": "box", "text": "\#(text)"}, {"type": "quit", "status": 6}]}}]}]}"#])
        let tmux = try Tmux([Paths.segue, files.path("notes.json")], directory: files.folder.path)
        try tmux.waitFor { $0.contains(" > Read") }
        try tmux.send("Enter")
        try tmux.waitFor { Tmux.flowed($0).contains("│ Line 1 of the notes") && Tmux.flowed($0).contains("1–19/40") }
        try tmux.send("End")
        try tmux.waitFor { Tmux.flowed($0).contains("│ Line 40 of the notes") && Tmux.flowed($0).contains("22–40/40") }
        try tmux.send("Enter")
        #expect(try tmux.exitStatus() == 6)
    }

    /// At 80 columns a title and detail one column too wide lose a column of their gap, not
    /// fifteen characters of the detail; a row without › may use that column.
    @Test func aRowOneColumnTooWideKeepsItsDetailWhole() throws {
        let title = "Wireless LAN country and regulatory doma"  // 40 columns
        let detail = "GB · United Kingdom of Great Brit"  // 33 columns: 40 + 2 + 33 is the 74 there are, and 1
        let files = try Fixtures(["wide.json": #"{"title": "Wide", "sections": [{"rows": [{"title": "\#(title)", "detail": "\#(detail)", "segue": "x.json"}, {"title": "\#(title)", "detail": "\#(detail)x"}]}]}"#])
        let tmux = try Tmux([Paths.segue, files.path("wide.json")], directory: files.folder.path)
        let screen = try tmux.waitFor { $0.contains(" > \(title) \(detail) ›") }
        #expect(screen.contains("   \(title)  \(detail)x"))
        try tmux.send("q")
        #expect(try tmux.exitStatus() == 0)
    }

    /// A segue to a command: what it prints is the next screen; a command printing something
    /// that is not a spec says where, as a file would.
    @Test func aScreenMadeByACommandOpensAndItsErrorsPointIntoItsOutput() throws {
        let files = try Fixtures([
            "main.json": #"""
                {"title": "Top", "sections": [{"rows": [
                  {"title": "Made", "segue": {"command": ["sh", "-c", "printf '{\"title\": \"Made for %s\", \"sections\": [{\"rows\": [{\"title\": \"pick me\", \"action\": \"emit\"}]}]}' \"$0\"", "{{title}}"]}},
                  {"title": "Broken", "segue": {"command": ["sh", "-c", "echo '{oops'"]}}
                ]}]}
                """#,
        ])
        let tmux = try Tmux([Paths.segue, files.path("main.json")], directory: files.folder.path)
        try tmux.waitFor { $0.contains { $0.hasPrefix(" > Made ") } }
        try tmux.send("j")
        try tmux.send("Enter")
        try tmux.waitFor { Tmux.flowed($0).contains("(sh):1:2: expected a string key or '}'") }
        try tmux.send("k")
        try tmux.send("Enter")
        try tmux.waitFor { Tmux.flowed($0).contains("Top › Made for Made") && $0.contains(" > pick me") }
        try tmux.send("Enter")
        #expect(try tmux.exitStatus() == 0)
    }
}
