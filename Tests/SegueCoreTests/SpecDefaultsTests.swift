@testable import SegueCore
import Testing

/// A tool's `segue.json`: keys, a theme and a settings file said once for every spec under it
/// (issue 27).
@Suite struct SpecDefaultsTests {
    /// Files in memory, by path.
    struct Files: SpecFileReader {
        var contents: [String: String]

        func contents(of path: String) throws(SpecError) -> JSONText {
            guard let text = contents[path] else { throw SpecError(file: path, kind: .notFound) }
            return JSONText(bytes: Array(text.utf8))
        }

        func specFile(_ path: String) -> String { path }
    }

    let tool = Files(contents: [
        "/tool/segue.json": #"{"keys": {"q": null, "x": "quit"}, "theme": "mono", "settingsFile": "state.json"}"#,
        "/tool/main.json": #"{"title": "Top", "sections": [{"rows": [{"title": "Sub", "segue": "sub/a.json"}]}]}"#,
        "/tool/sub/a.json": #"{"title": "A", "theme": "high-contrast", "keys": {"x": null, "z": "quit"}, "sections": [{"rows": [{"title": "a"}]}]}"#,
    ])

    @Test func theNearestDefaultsFileGivesEverySpecUnderItsKeysThemeAndSettings() throws {
        let loader = SpecLoader(files: tool)
        let top = try loader.load(path: "/tool/main.json")
        #expect(top.theme == "mono")
        #expect(top.settingsFile == "/tool/state.json")
        #expect(top.keys == .object(["q": .null, "x": "quit"]))
        #expect(top.files.contains("/tool/segue.json"))
        let state = AppState(root: top, size: Size(width: 40, height: 5))
        #expect(state.current.keymap.command(for: .char("x")) == .quit)
        #expect(state.current.keymap.command(for: .char("q")) == nil)
        // A spec's own say wins, key by key.
        let sub = try loader.load(path: "/tool/sub/a.json")
        #expect(sub.theme == "high-contrast")
        #expect(sub.keys == .object(["q": .null, "x": .null, "z": "quit"]))
    }

    @Test func aBrokenDefaultsFileIsAnErrorNamingIt() {
        var files = tool
        files.contents["/tool/sub/segue.json"] = #"{"keys": {"q": "nonsense"}}"#
        #expect(throws: SpecError.self) { try SpecLoader(files: files).load(path: "/tool/sub/a.json") }
        files.contents["/tool/sub/segue.json"] = #"{"sections": []}"#
        do {
            _ = try SpecLoader(files: files).load(path: "/tool/sub/a.json")
            Issue.record("a spec's key in a defaults file loaded")
        } catch {
            #expect(error.description.contains("/tool/sub/segue.json: sections: a defaults file holds keys, theme, settingsFile"))
        }
        files.contents["/tool/sub/segue.json"] = "{\"theme\": \n"
        do {
            _ = try SpecLoader(files: files).load(path: "/tool/sub/a.json")
            Issue.record("a defaults file that is not JSON loaded")
        } catch {
            #expect(error.description.hasPrefix("/tool/sub/segue.json:2:1:"))
        }
    }

    @Test func aRowsHotkeyWinsOverTheDefaultsKeysOnItsScreenAndSaysSo() throws {
        var files = tool
        files.contents["/tool/x.json"] = #"{"sections": [{"rows": [{"title": "Export", "key": "x", "action": "emit"}]}]}"#
        let spec = try SpecLoader(files: files).load(path: "/tool/x.json")
        let state = AppState(root: spec, size: Size(width: 40, height: 5))
        #expect(state.current.keymap.command(for: .char("x")) == nil)
        #expect(spec.keyWarnings.contains("/tool/segue.json: keys.x: not bound on this screen: a row's hotkey there"))
    }

    /// `"cwd": "caller"` said once for a tool: its specs' commands run where Segue was started,
    /// unless a spec says `"spec"` itself; anything else names the file.
    @Test func theDefaultsSayWhereTheSpecsCommandsRun() throws {
        var files = tool
        files.contents["/tool/segue.json"] = #"{"cwd": "caller"}"#
        files.contents["/tool/own.json"] = #"{"cwd": "spec", "sections": []}"#
        let loader = SpecLoader(files: files)
        #expect(try loader.load(path: "/tool/main.json").commandDirectory == ".")
        #expect(try loader.load(path: "/tool/own.json").commandDirectory == "/tool")
        files.contents["/tool/segue.json"] = #"{"cwd": "here"}"#
        do {
            _ = try SpecLoader(files: files).load(path: "/tool/main.json")
            Issue.record("a wrong cwd loaded")
        } catch {
            #expect(error.description == #"/tool/segue.json: cwd: expected "spec" or "caller", found "here""#)
        }
    }

    @Test func withNoneAnywhereNothingChanges() throws {
        let spec = try SpecLoader(files: Files(contents: ["/a/b/main.json": #"{"sections": []}"#])).load(path: "/a/b/main.json")
        #expect(spec.theme == nil && spec.keys == nil && spec.files == ["/a/b/main.json"])
    }
}
