import Foundation
import Testing

/// Forms in the real terminal: values typed into rows land in the settings file with their JSON
/// types, passwords never show, prompts hand their answer on, and held changes ask before leaving.
@Suite(.serialized) struct FormSessionTests {
    let profile = #"""
        {"title": "Profile", "settingsFile": "settings.json", "sections": [{"rows": [
          {"title": "Name", "cell": "input", "setting": "name", "placeholder": "your name"},
          {"title": "Port", "cell": "input", "setting": "port", "kind": "number", "min": 1, "max": 65535},
          {"title": "Token", "cell": "input", "setting": "token", "kind": "password"},
          {"title": "TLS", "cell": "toggle", "setting": "tls"},
          {"title": "Certificate", "cell": "input", "setting": "cert", "enabled": "{{settings.tls}}"},
          {"title": "Greet", "action": {"type": "prompt", "question": "Your name?",
            "then": {"type": "emit", "value": "Hello, {{input}}!"}}},
          {"title": "Pin", "action": {"type": "prompt", "question": "GPIO for {{title}}?", "default": "{{env.PIN | 4}}", "name": "gpio",
            "then": {"type": "prompt", "question": "Mode of {{input}}?", "then": {"type": "emit", "value": "{{answers.gpio}}={{input}}"}}}}
        ]}]}
        """#

    let held = #"""
        {"title": "Held", "settingsFile": "settings.json", "saveSettings": "onSave", "sections": [{"rows": [
          {"title": "TLS", "cell": "toggle", "setting": "tls"},
          {"title": "Save", "action": "save"}
        ]}]}
        """#

    let sound = #"""
        {"title": "Sound", "settingsFile": "settings.json", "sections": [{"rows": [
          {"cell": "slider", "title": "Volume", "setting": "volume", "min": 0, "max": 100, "step": 10}
        ]}]}
        """#

    func session(_ script: String) throws -> (Tmux, Fixtures) {
        let files = try Fixtures(["profile.json": profile, "held.json": held, "sound.json": sound])
        return (try Tmux(["sh", "-c", script], directory: files.folder.path, environment: ["SEGUE": Paths.segue]), files)
    }

    /// Polls the settings file until `condition` holds for its text.
    func waitForSettings(_ files: Fixtures, _ condition: (String) -> Bool) throws -> String {
        let deadline = Date().addingTimeInterval(10)
        var text = ""
        while Date() < deadline {
            text = (try? String(contentsOfFile: files.path("settings.json"), encoding: .utf8)) ?? ""
            if condition(text) { return text }
            usleep(20_000)
        }
        throw Tmux.Failure(description: "settings.json never matched; it was:\n\(text)")
    }

    @Test func aTextAndANumberTypedIntoRowsAreSavedWithTheirTypes() throws {
        let (tmux, files) = try session(#""$SEGUE" profile.json; echo "status=$?""#)
        try tmux.waitFor { $0.contains { $0.hasPrefix(" > Name") && $0.hasSuffix("your name") } }
        try tmux.send("Enter")
        try tmux.waitFor(text: "⏎ save  Esc cancel")
        try tmux.send("-l", "Ann Lee")
        try tmux.waitFor { $0.contains { $0.hasPrefix(" > Name") && $0.contains("Ann Lee") } }
        // The text cursor is in the field, after what was typed.
        let cursor = try tmux.cursor()
        #expect(cursor.visible && cursor.y == 1 && cursor.x > 10)
        try tmux.send("Enter", "Down", "Enter")
        try tmux.send("-l", "80800")
        try tmux.send("Enter")
        try tmux.waitFor(text: "expected a number from 1 to 65535")
        try tmux.send("BSpace", "Enter")
        try tmux.waitFor { $0.contains { $0.hasPrefix(" > Port") && $0.hasSuffix("8080") } }
        let saved = try waitForSettings(files) { $0.contains("\"port\"") }
        #expect(saved.contains(#""name": "Ann Lee""#) && saved.contains(#""port": 8080"#))
        try tmux.send("q")
        try tmux.waitFor(text: "status=0")
    }

    @Test func aPasswordNeverReachesTheScreen() throws {
        let (tmux, files) = try session(#""$SEGUE" profile.json; echo "status=$?""#)
        try tmux.waitFor(text: "Token")
        try tmux.send("Down", "Down", "Enter")
        try tmux.waitFor(text: "⏎ save  Esc cancel")
        for character in "hunter2" {
            try tmux.send("-l", String(character))
            try tmux.waitFor { !$0.joined().contains("hunter") && !$0.joined().contains("2") }
        }
        try tmux.waitFor { $0.contains { $0.hasPrefix(" > Token") && $0.contains("•••••••") } }
        try tmux.send("Enter")
        _ = try waitForSettings(files) { $0.contains(#""token": "hunter2""#) }
        try tmux.waitFor { $0.contains { $0.hasPrefix(" > Token") && $0.hasSuffix("••••••••") } }
        #expect(!(try tmux.screen()).joined().contains("hunter2"))
        try tmux.send("q")
        try tmux.waitFor(text: "status=0")
    }

    @Test func aPromptsAnswerReachesTheActionThatFollows() throws {
        let (tmux, _) = try session(#"out=$("$SEGUE" profile.json); echo "status=$? out=[$out]""#)
        try tmux.waitFor(text: "Greet")
        try tmux.send("End", "Up", "Enter")
        try tmux.waitFor { $0.last == " Your name?" }
        try tmux.send("-l", "Bob")
        try tmux.waitFor { $0.last == " Your name? Bob" }
        try tmux.send("Enter")
        try tmux.waitFor(text: "status=0 out=[Hello, Bob!]")
    }

    @Test func promptsWithTemplatedQuestionsAndNestedPromptsKeepEveryAnswer() throws {
        let (tmux, _) = try session(#"out=$(PIN=17 "$SEGUE" profile.json); echo "status=$? out=[$out]""#)
        try tmux.waitFor(text: "Greet")
        try tmux.send("End", "Enter")
        try tmux.waitFor { $0.last == " GPIO for Pin? 17" }
        try tmux.send("C-u")
        try tmux.send("-l", "14")
        try tmux.send("Enter")
        try tmux.waitFor { $0.last == " Mode of 14?" }
        try tmux.send("-l", "out")
        try tmux.send("Enter")
        try tmux.waitFor(text: "status=0 out=[14=out]")
    }

    @Test func aSliderMovesWithTheArrowsAndSavesANumber() throws {
        let (tmux, files) = try session(#""$SEGUE" sound.json; echo "status=$?""#)
        try tmux.waitFor { $0.contains { $0.hasPrefix(" > Volume") && $0.hasSuffix("░] 0") } }
        try tmux.send("Right", "Right", "Right", "Left")
        try tmux.waitFor { $0.contains { $0.hasPrefix(" > Volume") && $0.hasSuffix("] 20") } }
        #expect(try waitForSettings(files) { $0.contains(#""volume": 20"#) }.contains(#""volume": 20"#))
        try tmux.send("Enter", "C-u")
        try tmux.send("-l", "75")
        try tmux.send("Enter")
        try tmux.waitFor { $0.contains { $0.hasPrefix(" > Volume") && $0.hasSuffix("] 75") } }
        _ = try waitForSettings(files) { $0.contains(#""volume": 75"#) }
        try tmux.send("q")
        try tmux.waitFor(text: "status=0")
    }

    @Test func flippingAToggleEnablesItsDependentRow() throws {
        let (tmux, _) = try session(#""$SEGUE" profile.json; echo "status=$?""#)
        try tmux.waitFor(text: "Certificate")
        // Disabled: the cursor skips it.
        try tmux.send("Down", "Down", "Down", "Down")
        try tmux.waitFor { $0.contains { $0.hasPrefix(" > Greet") } }
        try tmux.send("Up", "Space", "Down")
        try tmux.waitFor { $0.contains { $0.hasPrefix(" > Certificate") } }
        try tmux.send("q")
        try tmux.waitFor(text: "status=0")
    }

    @Test func unsavedChangesAskBeforeLeavingAndAreNeverWritten() throws {
        let (tmux, files) = try session(#""$SEGUE" held.json; echo "status=$?""#)
        try tmux.waitFor(text: "TLS")
        try tmux.send("Space")
        try tmux.waitFor(text: "[x] TLS")
        try tmux.send("q")
        try tmux.waitFor(text: "Discard unsaved changes? (y/N)")
        try tmux.send("n")
        try tmux.waitFor(text: "cancelled")
        try tmux.send("q", "y")
        try tmux.waitFor(text: "status=0")
        #expect(!FileManager.default.fileExists(atPath: files.path("settings.json")))
    }

    @Test func saveWritesWhatWasHeld() throws {
        let (tmux, files) = try session(#""$SEGUE" held.json; echo "status=$?""#)
        try tmux.waitFor(text: "TLS")
        try tmux.send("Space", "Down", "Enter")
        try tmux.waitFor(text: "saved")
        _ = try waitForSettings(files) { $0.contains(#""tls": true"#) }
        try tmux.send("q")
        try tmux.waitFor(text: "status=0")
    }
}
