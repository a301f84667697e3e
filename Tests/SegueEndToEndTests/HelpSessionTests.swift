import Foundation
import Testing

/// `?` in a real terminal: help over the screen for the selected row, scrolled and closed with
/// keys, and the screen as it was after.
@Suite(.serialized) struct HelpSessionTests {
    let spec = #"""
        {"title": "Menu", "sections": [{"rows": [
          {"title": "Fries", "key": "f", "action": "emit", "actions": [{"key": "e", "title": "Edit the order", "action": "emit"}]},
          {"title": "Salad"}]}]}
        """#

    @Test func questionMarkOpensHelpForTheRowAndEscClosesIt() throws {
        let specs = try Fixtures(["menu.json": spec])
        let tmux = try Tmux([Paths.segue, specs.path("menu.json")], width: 80, height: 16)
        try tmux.waitFor(text: "Fries")
        try tmux.send("?")
        // The whole box: a capture can come while the terminal is still drawing it.
        let help = try tmux.waitFor { $0.contains { $0.hasPrefix("┌─ Help") } && $0.contains { $0.contains("Edit the order") } }
        #expect(help.contains { $0.contains("This row: Fries") })
        #expect(help.contains { $0.contains("│ e                       Edit the order") })
        try tmux.send("End")
        try tmux.waitFor { $0.contains { $0.contains("In the find line (/)") } }
        try tmux.send("q")  // closes the help, does not quit
        let back = try tmux.waitFor { !$0.joined().contains("Help") }
        #expect(back[1].hasPrefix(" > Fries"))
        try tmux.send("q")
        #expect(try tmux.exitStatus() == 0)
    }
}
