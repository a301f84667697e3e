import Testing
@testable import SegueCore
import SegueFiles

/// `?`: help generated from the keymap, the selected row and the screen's hotkeys; and the hint
/// line, which offers only what works on the selected row.
@Suite struct HelpTests {
    let spec = #"""
        {"title": "Menu", "sections": [{"rows": [
          {"title": "Fries", "key": "f", "action": "emit", "actions": [{"key": "e", "title": "Edit the order", "action": "emit"}]},
          {"title": "Dark mode", "cell": "toggle", "setting": "dark"},
          {"title": "Size", "cell": "choice", "setting": "size", "options": ["S", "M"]},
          {"title": "Sold out", "enabled": false, "action": "emit"},
          {"title": "Just text"}]}]}
        """#

    func started(width: Int = 80, height: Int = 30, options: AppOptions = AppOptions()) throws -> AppState {
        AppState(root: try SpecLoader(disk: nil).parse(bytes: Array(spec.utf8), file: "/h/main.json"),
                 size: Size(width: width, height: height), options: options)
    }

    @Test func questionMarkShowsTheRowTheScreenAndTheKeys() throws {
        var state = try started()
        press(.char("?"), on: &state)
        let text = screen(state).joined(separator: "\n")
        #expect(text.contains("This row: Fries"))
        #expect(text.contains("│ Enter                   Choose"))
        #expect(text.contains("│ e                       Edit the order"))
        #expect(text.contains("This screen's hotkeys") && text.contains("│ f                       Fries"))
        #expect(text.contains("│ ↓, j, Ctrl-N            move down"))
        press(.end, on: &state)
        #expect(screen(state).joined().contains("In the find line (/)"))
    }

    @Test func helpKeysScrollAndCloseAndNothingLeaks() throws {
        var state = try started(height: 12)
        press(.char("?"), on: &state)
        #expect(screen(state)[1].contains("(1–8/"))
        press(.pageDown, on: &state)
        #expect(screen(state)[1].contains("(9–16/"))
        // q closes the help; it does not quit. A hotkey does nothing while it shows.
        #expect(press(.char("f"), on: &state).isEmpty)
        #expect(press(.char("q"), on: &state).isEmpty && state.help == nil)
        press(.function(1), on: &state)
        #expect(state.help != nil)
        press(.escape, on: &state)
        #expect(state.help == nil)
        // F1 opens it from the find line too, where ? is typed.
        press(.char("/"), .char("?"), on: &state)
        #expect(state.current.find?.editor.text == "?" && state.help == nil)
        press(.function(1), on: &state)
        #expect(state.help != nil)
    }

    @Test func theHintLineOffersWhatWorksOnTheSelectedRow() throws {
        var state = try started()
        #expect(screen(state).last == " e edit the order  ⇥ actions  ↑↓ move  ⏎ choose  esc cancel  / find  ? help")
        press(.down, on: &state)
        #expect(screen(state).last == " ↑↓ move  ⏎ flip  space flip  esc cancel  / find  ? help  q quit")
        press(.down, on: &state)
        #expect(screen(state).last == " ↑↓ move  ⏎ next  ←→ change  esc cancel  / find  ? help  q quit")
        press(.down, on: &state)  // Sold out is skipped: Just text, which does nothing
        #expect(screen(state).last == " ↑↓ move  esc cancel  / find  ? help  q quit")
        var multi = try started(options: AppOptions(multiSelect: true))
        press(.down, .down, .down, .char(" "), .up, .up, .up, .char(" "), on: &multi)
        #expect(screen(multi).last?.hasPrefix(" e edit the order  ⇥ actions  ✓ 2 marked  ↑↓ move  ⏎ print marked  space mark") == true)
    }

    @Test func marksGoingBackToASwiftProgramAreChosenNotPrinted() throws {
        var options = AppOptions(multiSelect: true)
        options.answersProgram = true
        var state = AppState(root: ChooseQuestion.spec(items: ["a", "b"]), size: Size(width: 60, height: 6), options: options)
        press(.char(" "), on: &state)
        #expect(screen(state).last?.contains("✓ 1 marked  ↑↓ move  ⏎ choose marked") == true)
    }

    @Test func theHiddenCursorSitsOnTheSelectedRow() throws {
        var state = try started(height: 12)
        press(.down, .down, on: &state)
        #expect(render(state, size: state.size).cursor == Grid.Cursor(x: 1, y: 3, visible: false))
        press(.char("?"), on: &state)  // not under the help
        #expect(render(state, size: state.size).cursor == nil)
    }
}
