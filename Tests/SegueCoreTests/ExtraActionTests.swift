import Testing
@testable import SegueCore
import SegueFiles

/// A row's extra actions: run by their keys on the selected row, listed in the action menu (Tab)
/// and the hint line, bound like the row's own action, checked when the spec loads.
@Suite struct ExtraActionTests {
    let spec = #"""
        {"title": "Files", "sections": [{"rows": [
          {"title": "README.md", "path": "docs/README.md", "segue": "readme.json", "actions": [
            {"key": "e", "title": "Edit", "action": {"type": "emit", "value": "edit {{path}}"}},
            {"key": "d", "title": "Delete", "action": {"type": "emit", "value": "rm {{path}}", "confirm": "Delete {{title}}?"}},
            {"title": "Say hello", "action": {"type": "message", "text": "hello"}}]},
          {"title": "Notes", "actions": [{"key": "e", "title": "Edit notes", "action": {"type": "emit", "value": "edit notes"}}]},
          {"title": "Plain"}]}]}
        """#

    func started(width: Int = 60) throws -> AppState {
        AppState(root: try SpecLoader(disk: nil).parse(bytes: Array(spec.utf8), file: "/a/main.json"), size: Size(width: width, height: 12))
    }

    @Test func aKeyRunsTheSelectedRowsActionBoundToIt() throws {
        var state = try started()
        #expect(press(.char("e"), on: &state) == [.emit(["edit docs/README.md"])])
        press(.down, on: &state)
        #expect(press(.char("e"), on: &state) == [.emit(["edit notes"])])  // the same key, this row's action
        press(.down, on: &state)
        #expect(press(.char("e"), on: &state).isEmpty)  // Plain has none
    }

    @Test func aConfirmIsAskedFirst() throws {
        var state = try started()
        #expect(press(.char("d"), on: &state).isEmpty)
        #expect(screen(state).last == " Delete README.md? (y/N)")
        #expect(press(.char("y"), on: &state) == [.emit(["rm docs/README.md"])])
    }

    @Test func tabOpensTheMenuMainActionFirst() throws {
        var state = try started()
        press(.tab, on: &state)
        let menu = try #require(state.actionMenu)
        #expect(menu.entries.map(\.title) == ["Open", "Edit", "Delete", "Say hello"])
        #expect(menu.entries.map(\.key) == ["⏎", "e", "d", ""])
        let lines = screen(state)
        #expect(lines.contains { $0.contains("┌─ Actions ") })
        #expect(lines.contains { $0.contains("│ e  Edit ") })
        // ↓ ↓ ↓ and Enter: the message.
        press(.down, .down, .down, .enter, on: &state)
        #expect(state.actionMenu == nil && screen(state).last == " hello")
        // An entry's key runs it from the menu; Esc closes it and runs nothing.
        press(.tab, on: &state)
        #expect(press(.char("e"), on: &state) == [.emit(["edit docs/README.md"])])
        press(.tab, on: &state)
        #expect(press(.escape, on: &state).isEmpty && state.actionMenu == nil)
        #expect(press(.tab, .enter, on: &state) == [.loadSpec(path: "/a/readme.json")])
    }

    @Test func aRowWithNothingToDoSaysSo() throws {
        var state = try started()
        press(.char("G"), .tab, on: &state)
        #expect(state.actionMenu == nil && screen(state).last == " this row has no actions")
    }

    @Test func theHintLineOffersTheRowsActions() throws {
        var state = try started(width: 80)
        #expect(screen(state).last?.hasPrefix(" e edit  d delete  ⇥ actions  ↑↓ move") == true)
        press(.char("G"), on: &state)
        #expect(screen(state).last?.hasPrefix(" ↑↓ move") == true)
    }

    @Test func badActionsAndClashingKeysAreLoadErrors() {
        func problem(_ rows: String) -> String {
            let text = #"{"sections": [{"rows": "# + rows + #"}]}"#
            do { _ = try SpecLoader(disk: nil).parse(bytes: Array(text.utf8), file: "/a/x.json"); return "loaded" } catch { return "\(error)" }
        }
        #expect(problem(#"[{"title": "a", "actions": {}}]"#).contains("sections[0].rows[0].actions: expected an array of actions, found an object"))
        #expect(problem(#"[{"title": "a", "actions": [{"key": "ee", "title": "E", "action": "emit"}]}]"#)
            .contains("actions[0].key: expected a single character, or ctrl-X, alt-X or F1…F12, found \"ee\""))
        #expect(problem(#"[{"title": "a", "actions": [{"key": "e", "action": "emit"}]}]"#).contains("actions[0].title: expected a title"))
        #expect(problem(#"[{"title": "a", "actions": [{"key": "e", "title": "E", "action": "fly"}]}]"#).contains("actions[0].action: expected"))
        #expect(problem(#"[{"title": "a", "actions": [{"key": "e", "title": "E", "action": "emit", "confirm": "?"}]}]"#)
            .contains("actions[0].confirm: expected \"key\", \"title\" or \"action\""))
        #expect(problem(#"[{"title": "a", "actions": [{"key": "q", "title": "Q", "action": "emit"}]}]"#)
            .contains("actions[0].key: key \"q\" is a navigation key; pick another"))
        #expect(problem(#"[{"title": "a", "key": "e"}, {"title": "b", "actions": [{"key": "e", "title": "E", "action": "emit"}]}]"#)
            .contains("sections[0].rows[1].actions[0].key: key \"e\" is already the hotkey at sections[0].rows[0].key"))
        #expect(problem(#"[{"title": "b", "actions": [{"key": "e", "title": "E", "action": "emit"}]}, {"title": "a", "key": "e"}]"#)
            .contains("sections[0].rows[1].key: hotkey \"e\" is already the key of the action at sections[0].rows[0].actions[0].key"))
        #expect(problem(#"[{"title": "a", "actions": [{"key": "e", "title": "E", "action": "emit"}]}, {"title": "b", "actions": [{"key": "e", "title": "F", "action": "emit"}]}]"#) == "loaded")
    }
}
