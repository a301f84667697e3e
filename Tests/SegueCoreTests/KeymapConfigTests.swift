import Testing
@testable import SegueCore
@testable import SegueFiles

/// Remapping keys in the user's config file: names of keys and commands, what moves where, and
/// the errors a broken file gets.
@Suite struct KeymapConfigTests {
    func config(_ text: String) -> Result<UserConfig, SpecError> {
        UserConfig.decode(Array(text.utf8), file: "/home/u/.config/segue/config.json")
    }

    @Test func keyNames() {
        #expect(Key(name: "x") == .char("x") && Key(name: "X") == .char("X") && Key(name: "?") == .char("?"))
        #expect(Key(name: "ctrl-d") == .ctrl("d") && Key(name: "Ctrl-D") == .ctrl("d"))
        #expect(Key(name: "alt-b") == .alt("b") && Key(name: "alt-backspace") == .alt("\u{7F}"))
        #expect(Key(name: "pgdn") == .pageDown && Key(name: "f5") == .function(5) && Key(name: "space") == .char(" "))
        #expect(Key(name: "shift-up") == .shiftUp && Key(name: "esc") == .escape)
        #expect(Key(name: "ctrl-dd") == nil && Key(name: "f13") == nil && Key(name: "hyper-x") == nil)
        #expect(KeyCommand(name: "pageDown") == .pageDown && KeyCommand(name: "togglePreview") == .togglePreview)
    }

    @Test func aKeyMovesToItsNewCommandAndItsHintFollows() throws {
        let keymap = try config(#"{"keys": {"ctrl-d": "pageDown", "x": "quit", "q": null}}"#).get().keymap
        #expect(keymap.command(for: .ctrl("d")) == .pageDown)
        #expect(keymap.command(for: .char("x")) == .quit)
        #expect(keymap.command(for: .char("q")) == nil)
        #expect(keymap.command(for: .pageDown) == .pageDown)  // still bound too
        #expect(keymap.hints(Keymap.HintContext()).contains { $0.keys == "x" && $0.text == "quit" })
        // Hotkeys may now use q, not x.
        #expect(keymap.characters { _ in true }.contains("x") && !keymap.characters { _ in true }.contains("q"))
        var state = AppState(root: Spec(sections: [Section(rows: [Row(title: "A")])]), size: Size(width: 40, height: 6),
                             keymap: keymap)
        #expect(press(.char("x"), on: &state) == [.quit(.success)])
        #expect(press(.char("q"), on: &state).isEmpty)
    }

    @Test func brokenConfigsNameTheFileThePathAndWhatWasExpected() {
        func problem(_ text: String) -> String {
            switch config(text) { case .success: return "loaded"; case .failure(let error): return error.description }
        }
        #expect(problem(#"{"keys": {"x": "qiut"}}"#).contains("config.json:1:11: keys.x: expected a command (moveUp, moveDown"))
        #expect(problem("{\n  \"keys\": {\"hyper-x\": \"quit\"}}").contains("config.json:2:12: keys.hyper-x: expected a key name"))
        #expect(problem(#"{"keys": {"x": 3}}"#).contains("keys.x: expected a command name, fzf's actions or null, found 3"))
        #expect(problem(#"{"theme": "neon"}"#).contains(#"theme: expected "default", "high-contrast", "mono", found "neon""#))
        #expect(problem(#"{"colour": true}"#).contains(#"colour: expected "keys" or "theme""#))
        #expect(problem("{").contains("config.json"))
        #expect(problem(#"{"keys": {}, "theme": "mono"}"#) == "loaded")
    }

    @Test func theFileIsFoundByXDGOrHome() {
        #expect(UserConfig.path(environment: ["XDG_CONFIG_HOME": "/x", "HOME": "/h"]) == "/x/segue/config.json")
        #expect(UserConfig.path(environment: ["XDG_CONFIG_HOME": "relative", "HOME": "/h"]) == "/h/.config/segue/config.json")
        #expect(UserConfig.path(environment: [:]) == nil)
        if case .success(let none) = UserConfig.load(path: "/nonexistent/segue/config.json") { #expect(none.theme == nil) }
    }

    @Test func aSpecsKeysHoldOnItsScreenOnly() throws {
        let text = #"{"keys": {"x": "quit", "q": null}, "sections": [{"rows": [{"title": "Next", "segue": "next.json"}]}]}"#
        var state = AppState(root: try SpecLoader(disk: nil).parse(bytes: Array(text.utf8), file: "/k/main.json"),
                             size: Size(width: 60, height: 6))
        #expect(press(.char("q"), on: &state).isEmpty)
        #expect(screen(state).last?.hasSuffix("x quit") == true)
        press(.enter, on: &state)
        _ = update(&state, .specLoaded(path: "/k/next.json", .success(Spec(title: "Next", sections: []))))
        #expect(press(.char("x"), on: &state).isEmpty)  // the next screen has the usual keys
        #expect(press(.char("q"), on: &state) == [.quit(.success)])
        #expect(press(.ctrl("n"), on: &state).isEmpty)  // Ctrl-N moves down by default (nothing to move to here)
    }

    @Test func aSpecsKeysAreCheckedWithTheirPath() {
        func problem(_ text: String) -> String {
            do { _ = try SpecLoader(disk: nil).parse(bytes: Array(text.utf8), file: "/k/x.json"); return "loaded" } catch { return "\(error)" }
        }
        #expect(problem(#"{"keys": {"x": "qiut"}, "sections": []}"#).contains("x.json:1:10: keys.x: expected a command"))
        #expect(problem(#"{"keys": {"f": "quit"}, "sections": [{"rows": [{"title": "Fries", "key": "f"}]}]}"#)
            .contains(#"keys.f: key "f" is already used at sections[0].rows[0].key"#))
        #expect(problem(#"{"keys": {"f": null}, "sections": [{"rows": [{"title": "Fries", "key": "f"}]}]}"#) == "loaded")
    }

    @Test func yesToAConfirmationIsAKeyOfTheKeymapAndYStaysAHotkey() throws {
        let text = #"{"sections": [{"rows": [{"title": "Yes please", "key": "y", "action": {"type": "quit", "status": 4, "confirm": "Leave?"}}]}]}"#
        let spec = try SpecLoader(disk: nil).parse(bytes: Array(text.utf8), file: "/k/y.json")
        var state = AppState(root: spec, size: Size(width: 40, height: 6))
        #expect(press(.char("y"), on: &state).isEmpty)  // the hotkey asks first
        #expect(screen(state).last == " Leave? (y/N)")
        #expect(press(.char("y"), on: &state) == [.quit(ExitStatus(4))])
        let keymap = Keymap.standard.rebinding(.char("o"), to: .confirm).rebinding(.char("y"), to: nil).rebinding(.char("Y"), to: nil)
        var remapped = AppState(root: spec, size: Size(width: 40, height: 6), keymap: keymap)
        press(.enter, on: &remapped)
        #expect(screen(remapped).last == " Leave? (o/N)")
        #expect(press(.char("o"), on: &remapped) == [.quit(ExitStatus(4))])
    }

    /// A spec that unbinds q, Esc, Ctrl-Z and Ctrl-C and turns finding off still cannot keep
    /// the user in: Ctrl-C quits with 130 from the list, the help, the action menu, a
    /// confirmation question and a text entry, and the spec is told its binding is ignored.
    @Test func ctrlCAlwaysQuitsWhateverASpecsKeysSay() throws {
        let text = #"""
            {"keys": {"ctrl-c": null, "q": null, "esc": null, "ctrl-z": null, "Ctrl-C": "quit"}, "filter": false,
             "sections": [{"rows": [{"title": "Leave", "action": {"type": "quit", "status": 4, "confirm": "Leave?"}},
                                    {"title": "Name", "cell": "input", "setting": "name"}]}]}
            """#
        let spec = try SpecLoader(disk: nil).parse(bytes: Array(text.utf8), file: "/k/trap.json")
        #expect(spec.keyWarnings.contains { $0.hasPrefix("keys.ctrl-c: ignored: ctrl-c always quits with status 130") })
        #expect(spec.keyWarnings.contains { $0.hasPrefix("keys.Ctrl-C: ignored:") })
        let fresh = AppState(root: spec, size: Size(width: 40, height: 8))
        #expect(fresh.current.keymap.command(for: .ctrl("c")) == .interrupt)
        #expect(fresh.current.keymap.command(for: .char("q")) == nil)  // the rest of its keys hold
        var state = fresh
        #expect(press(.ctrl("c"), on: &state) == [.quit(.interrupted)])
        state = fresh
        press(.char("?"), on: &state)
        #expect(state.help != nil)
        #expect(press(.ctrl("c"), on: &state) == [.quit(.interrupted)])
        state = fresh
        press(.tab, on: &state)
        #expect(press(.ctrl("c"), on: &state) == [.quit(.interrupted)])
        state = fresh
        press(.enter, on: &state)
        #expect(screen(state).last == " Leave? (y/N)")
        #expect(press(.ctrl("c"), on: &state) == [.quit(.interrupted)])
        state = fresh
        press(.down, .enter, on: &state)
        #expect(state.entry != nil)
        #expect(press(.ctrl("c"), on: &state) == [.quit(.interrupted)])
        // A keymap made in Swift without Ctrl-C (SegueKit's `keymap:`) loses it neither.
        var bare = AppState(root: spec, size: Size(width: 40, height: 8), keymap: Keymap([]))
        #expect(press(.ctrl("c"), on: &bare) == [.quit(.interrupted)])
        #expect(Keymap.standard.rebinding(.ctrl("c"), to: .quit).command(for: .ctrl("c")) == .interrupt)
    }

    @Test func theUsersConfigCannotMoveCtrlCEither() {
        for keys in [#"{"ctrl-c": "quit"}"#, #"{"ctrl-c": null}"#] {
            guard case .failure(let error) = config(#"{"keys": \#(keys)}"#) else {
                Issue.record("\(keys) loaded")
                continue
            }
            #expect(error.description.contains("keys.ctrl-c: ctrl-c always quits with status 130 (the last way out)"), "\(error)")
        }
        #expect((try? config(#"{"keys": {"ctrl-c": "interrupt", "x": "interrupt"}}"#).get()) != nil)
    }
}
