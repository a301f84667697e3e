import Foundation
import Testing

/// One spec tree, two interfaces (issue 46): a tool built the raspi-config way (every option a
/// `replace`, its question on a `yesno` screen a cell type opens, the board's state from an
/// `onOpen` command holding the first frame) driven through its screens and through `segue do`,
/// writing the same settings.
@Suite(.serialized) struct OneTreeTwoInterfacesTests {
    static let tree: [String: String] = [
        "main.json": #"""
{"title": "Raspberry Pi Configuration", "settingsFile": "settings.json",
 "onOpen": {"type": "exec", "command": ["sh", "-c", "echo '{\"model\": \"pi4\"}'"], "capture": {"data": "pi"}, "wait": "first"},
 "cells": {"option": {"action": {"type": "replace", "spec": "yesno.json",
            "data": {"question": "{{question}}", "setting": "{{setting}}", "back": "{{back}}"}}}},
 "sections": [{"rows": [
  {"title": "Interface Options", "id": "interface", "action": {"type": "replace", "spec": "interface.json"}},
  {"title": "Fan", "id": "fan", "hidden": "{{pi.model != 'pi4'}}", "cell": "option", "question": "Enable the fan?", "setting": "fan", "back": "main.json"},
  {"title": "Finish", "id": "finish", "action": "quit"}
 ]}]}
"""#,
        "interface.json": #"""
{"title": "Interface Options", "settingsFile": "settings.json",
 "cells": {"option": {"action": {"type": "replace", "spec": "yesno.json",
            "data": {"question": "{{question}}", "setting": "{{setting}}", "back": "interface.json"}}}},
 "sections": [{"rows": [
  {"title": "SSH", "id": "ssh", "detail": "{{settings.ssh ? 'enabled' : 'disabled'}}", "cell": "option", "question": "Enable the SSH server?", "setting": "ssh"},
  {"title": "VNC", "id": "vnc", "detail": "{{settings.vnc ? 'enabled' : 'disabled'}}", "cell": "option", "question": "Enable VNC?", "setting": "vnc"},
  {"title": "Back", "id": "back", "action": {"type": "replace", "spec": "main.json"}}
 ]}]}
"""#,
        "yesno.json": #"""
{"title": "{{question}}", "settingsFile": "settings.json",
 "sections": [{"rows": [
  {"title": "Yes", "id": "yes", "action": {"type": "if", "when": "{{setting != ''}}", "then": [
     {"type": "set", "settings": {"{{setting}}": true}},
     {"type": "message", "style": "box", "text": "The {{setting}} option is enabled"},
     {"type": "replace", "spec": "{{back}}"}], "else": {"type": "message", "text": "no setting given", "error": true}}},
  {"title": "No", "id": "no", "action": {"type": "if", "when": "{{setting != ''}}", "then": [
     {"type": "set", "settings": {"{{setting}}": false}},
     {"type": "message", "style": "box", "text": "The {{setting}} option is disabled"},
     {"type": "replace", "spec": "{{back}}"}], "else": {"type": "message", "text": "no setting given", "error": true}}}
 ]}]}
"""#,
    ]

    func segueDo(_ arguments: String, in files: Fixtures) throws -> String {
        try HostCommand.run(["sh", "-c", "cd \"$1\" && \"$0\" do " + arguments + " 2>&1; echo \"status=$?\"", Paths.segue, files.folder.path]).output
    }

    func settings(_ files: Fixtures) throws -> [String: Bool]? {
        try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: files.path("settings.json")))) as? [String: Bool]
    }

    @Test func theScreensAndSegueDoWriteTheSameSettings() throws {
        let screens = try Fixtures(Self.tree)
        let tmux = try Tmux([Paths.segue, screens.path("main.json")], directory: screens.folder.path)
        // The board's state came first: the Pi 4's Fan row shows.
        try tmux.waitFor { $0.contains { $0.contains("> Interface Options") } && $0.contains { $0.contains("Fan") } }
        try tmux.send("Enter")
        try tmux.waitFor { $0.contains { $0.contains("> SSH") && $0.contains(" disabled") } }
        try tmux.send("Enter")
        try tmux.waitFor { $0.first?.contains("Enable the SSH server?") == true && $0.contains { $0.contains("> Yes") } }
        try tmux.send("Enter")
        try tmux.waitFor { $0.contains { $0.contains("The ssh option is enabled") } }
        try tmux.send("Enter")
        try tmux.waitFor { $0.contains { $0.contains("> SSH") && $0.contains(" enabled") } }
        try tmux.send("q")
        #expect(try tmux.exitStatus() == 0)
        #expect(try settings(screens) == ["ssh": true])

        let script = try Fixtures(Self.tree)
        #expect(try segueDo("main.json interface/ssh/yes", in: script) == "The ssh option is enabled\nstatus=0\n")
        #expect(try settings(script) == ["ssh": true])
        #expect(try segueDo("main.json fan/no --json", in: script)
            == #"{"error":null,"printed":["The fan option is disabled"],"settings":{"fan":false},"status":0}"# + "\nstatus=0\n")
        #expect(try settings(script) == ["ssh": true, "fan": false])
        #expect(try segueDo("main.json interface/nope --json", in: script)
            == #"{"error":"no row with the id or title \"nope\" on Interface Options","printed":[],"settings":{},"status":64}"# + "\nstatus=64\n")
    }

    @Test func listPrintsEveryRowPathWithWhatItDoes() throws {
        let files = try Fixtures(Self.tree)
        let lines = try segueDo("main.json --list", in: files).split(separator: "\n").map(String.init)
        #expect(lines.contains("interface\treplace interface.json"))
        #expect(lines.contains("fan\treplace yesno.json"))
        #expect(lines.contains("interface/ssh/yes\tif"))
        #expect(lines.contains("interface/vnc/no\tif"))
        #expect(lines.contains("finish\tquit"))
        // A row that replaces the screen by one above it is listed, not followed back.
        #expect(lines.contains("interface/back\treplace main.json"))
        #expect(!lines.contains { $0.hasPrefix("interface/back/") })
        #expect(lines.last == "status=0")
    }
}
