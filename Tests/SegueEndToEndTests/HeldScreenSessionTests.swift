import Foundation
import Testing

/// A screen whose `onOpen` state command holds its first frame (`"wait": "first"`), conditions
/// choosing what a row does and says, and a long question wrapped over the answer (issue 46).
@Suite(.serialized) struct HeldScreenSessionTests {
    /// The state command waits for a file `go`, so the test decides when it ends.
    static func spec(printing output: String) -> String {
        #"""
        {"title": "Raspberry Pi", "settingsFile": "settings.json",
         "onOpen": {"type": "exec", "command": ["sh", "-c", "while [ ! -e go ]; do sleep 0.02; done; printf '%s\\n' \#(output)"],
                    "capture": {"data": "pi"}, "wait": "first"},
         "sections": [{"rows": [
          {"title": "Fan", "detail": "{{settings.fan ? 'on' : 'off'}}", "hidden": "{{pi.model != 'pi4'}}",
           "action": {"type": "if", "when": "{{settings.fan}}",
             "then": [{"type": "set", "settings": {"fan": false}}, {"type": "message", "text": "fan {{settings.fan ? 'still on' : 'turned off'}}"}],
             "else": [{"type": "set", "settings": {"fan": true}}, {"type": "message", "style": "box", "text": "Fan turned on"}]}},
          {"title": "x86 options", "hidden": "{{pi.model == 'pi4'}}"},
          {"title": "Hostname", "action": {"type": "prompt", "default": "pi",
            "question": "Please enter a hostname for this computer (letters, digits and hyphens only)",
            "then": [{"type": "set", "settings": {"hostname": "{{input}}"}}, {"type": "message", "text": "hostname {{settings.hostname}}"}]}}
         ]}]}
        """#
    }

    @Test func theFirstFrameWaitsForTheStateAndKeysTypedMeanwhileGoToTheScreenItMakes() throws {
        let files = try Fixtures(["main.json": Self.spec(printing: #"'{\"model\": \"pi4\"}'"#)])
        let tmux = try Tmux([Paths.segue, files.path("main.json")], directory: files.folder.path)
        // Held: the title, then a spinner; no row of a menu the answer may not show.
        let held = try tmux.waitFor { $0.joined().contains("Esc stops it") }
        #expect(held.first?.contains("Raspberry Pi") == true)
        #expect(!held.joined().contains("x86 options"))
        #expect(!held.joined().contains("Hostname"))
        try tmux.send("Enter")
        #expect(FileManager.default.createFile(atPath: files.path("go"), contents: Data()))
        // The Enter typed while it ran chose Fan, on the screen the answer made: the if's else.
        try tmux.waitFor { $0.contains { $0.contains("│ Fan turned on │") } }
        let screen = try tmux.screen()
        #expect(!screen.joined().contains("x86 options"))
        // Centred down the list, as whiptail's --msgbox.
        #expect(screen.firstIndex { $0.contains("┌") }.map { $0 > 5 } == true)
        try tmux.send("Enter")
        try tmux.waitFor { $0.contains { $0.hasPrefix(" > Fan") && $0.hasSuffix("on") } }
        try tmux.send("Enter")
        try tmux.waitFor(text: "fan turned off")
        // The question is not cut at half the line: it has a line of its own above the answer.
        try tmux.send("j", "Enter")
        try tmux.waitFor(text: "Please enter a hostname for this computer (letters, digits and hyphens only)")
        try tmux.waitFor { $0.last == " > pi" }
        try tmux.send("C-u", "pi4b", "Enter")
        try tmux.waitFor(text: "hostname pi4b")
        try tmux.send("q")
        #expect(try tmux.exitStatus() == 0)
        let settings = try String(contentsOfFile: files.path("settings.json"), encoding: .utf8)
        #expect(settings.contains(#""fan": false"#) && settings.contains(#""hostname": "pi4b""#))
    }

    @Test func aStrayLineIsAnErrorOnScreenAndEscWhileItHoldsQuits() throws {
        let files = try Fixtures(["main.json": Self.spec(printing: #"'{\"model\": \"pi4\"}' 'warning: old firmware'"#)])
        let tmux = try Tmux([Paths.segue, files.path("main.json")], directory: files.folder.path)
        try tmux.waitFor { $0.joined().contains("Esc stops it") }
        #expect(FileManager.default.createFile(atPath: files.path("go"), contents: Data()))
        try tmux.waitFor(text: #"exit status 1: it printed a line that is not JSON: "warning: old firmware"; nothing was kept"#)
        #expect(try tmux.screen().joined().contains("x86 options"))
        try tmux.send("q")
        #expect(try tmux.exitStatus() == 0)

        let waiting = try Fixtures(["main.json": Self.spec(printing: "never")])
        let held = try Tmux([Paths.segue, waiting.path("main.json")], directory: waiting.folder.path)
        try held.waitFor { $0.joined().contains("Esc stops it") }
        try held.send("Escape")
        #expect(try held.exitStatus() == 1)
        #expect(try held.ttyModesRestored())
    }
}
