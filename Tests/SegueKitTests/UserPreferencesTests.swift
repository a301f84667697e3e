import Foundation
import Testing
import SegueKit

/// A tool's screens answer the keys and theme its user gave Segue, as the `segue` command does.
@Suite struct UserPreferencesTests {
    private func folder(config: String?) throws -> String {
        let path = NSTemporaryDirectory() + "segue-preferences-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path + "/segue", withIntermediateDirectories: true)
        if let config { try config.write(toFile: path + "/segue/config.json", atomically: true, encoding: .utf8) }
        return path
    }

    @Test func theConfigsKeysAndThemeComeThroughAndNoColorTakesTheColoursAway() throws {
        let home = try folder(config: #"{"keys": {"x": "quit", "q": null}, "theme": "high-contrast"}"#)
        let preferences = try UserPreferences.load(environment: ["XDG_CONFIG_HOME": home])
        #expect(preferences.keymap.command(for: .char("x")) == .quit)
        #expect(preferences.keymap.command(for: .char("q")) == nil)
        #expect(preferences.theme == Theme.named("high-contrast"))
        let plain = try UserPreferences.load(environment: ["XDG_CONFIG_HOME": home, "NO_COLOR": "1"])
        #expect(plain.theme == Theme.named("high-contrast")?.withoutColour)
    }

    @Test func noConfigIsTheStandardKeysAndABadOneNamesItsFileAndLine() throws {
        let none = try UserPreferences.load(environment: ["XDG_CONFIG_HOME": try folder(config: nil)])
        #expect(none.keymap.command(for: .char("q")) == .quit)
        let home = try folder(config: "{\n  \"keys\": {\"x\": \"leave\"}\n}")
        #expect {
            try UserPreferences.load(environment: ["XDG_CONFIG_HOME": home])
        } throws: { error in
            "\(error)".contains(home + "/segue/config.json:2:")
        }
    }
}
