import Foundation
import Testing

/// Finding rows by typing, in a real terminal: `/`, the query line and its cursor, highlighted
/// matches, Enter and back, Esc, `--query` and `--print-query`.
@Suite(.serialized) struct FindSessionTests {
    let menu = """
        {"title": "Menu", "sections": [
          {"header": "Food", "rows": [
            {"title": "Pizza margherita", "detail": "12.50", "segue": "pizza.json"},
            {"title": "Pasta", "detail": "9.00"}]},
          {"header": "Drinks", "rows": [
            {"title": "Espresso", "action": "emit"},
            {"title": "Peach tea", "action": "emit"}]}]}
        """
    let pizza = #"{"title": "Pizza", "sections": [{"rows": [{"title": "Margherita"}, {"title": "Marinara"}]}]}"#

    func session(_ arguments: [String] = [], script: String? = nil) throws -> Tmux {
        let specs = try Fixtures(["menu.json": menu, "pizza.json": pizza])
        if let script {
            return try Tmux(["sh", "-c", script], directory: specs.folder.path, environment: ["SEGUE": Paths.segue])
        }
        return try Tmux([Paths.segue] + arguments + [specs.path("menu.json")])
    }

    @Test func typingFiltersKeepsSectionsAndHighlightsMatches() throws {
        let tmux = try session()
        try tmux.waitFor(text: "Pizza margherita")
        try tmux.send("/")
        try tmux.waitFor { $0.last?.hasPrefix(" /") == true && $0.last?.hasSuffix("4/4") == true }
        try tmux.send("p", "e", "a", "c", "h")
        let screen = try tmux.waitFor { $0.last?.hasPrefix(" /peach ") == true && $0.last?.hasSuffix("1/4") == true }
        #expect(Array(screen[1...2]) == [" Drinks", " > Peach tea"])
        // The cursor shows in the query line, after what was typed.
        let cursor = try tmux.cursor()
        #expect(cursor.visible && cursor.y == 23 && cursor.x == 7)
        // "Peach" is underlined (SGR 4) in the selected row, " tea" is not.
        let styled = try tmux.styledScreen()[2]
        let runs = styled.components(separatedBy: "\u{1B}[").map { run -> (style: String, text: String) in
            let split = run.split(separator: "m", maxSplits: 1, omittingEmptySubsequences: false)
            return (String(split.first ?? ""), split.count > 1 ? String(split[1]) : "")
        }
        let underlinedText = runs.filter { $0.style.split(separator: ";").contains("4") }.map(\.text).joined()
        #expect(underlinedText == "Peach")
        try tmux.send("Escape")
        // Hidden, the cursor still sits on the selected row, for screen readers and magnifiers. The
        // cursor is moved after the rows are written: polled for with them, not read once after.
        let closed = try tmux.waitFor("the rows and the cursor on the selected one") { screen in
            guard screen.contains(" > Peach tea"), screen.contains("   Pizza margherita                                                     12.50 ›"),
                  let cursor = try? tmux.cursor() else { return false }
            return !cursor.visible && cursor.y == screen.firstIndex(of: " > Peach tea") && cursor.x == 1
        }
        let hidden = try tmux.cursor()
        #expect(hidden.visible == false && hidden.y == closed.firstIndex(of: " > Peach tea") && hidden.x == 1)
        try tmux.send("q")
        #expect(try tmux.exitStatus() == 0)
    }

    @Test func altBackspaceDeletesAWordAndTheFindLineStaysOpen() throws {
        let tmux = try session()
        try tmux.waitFor(text: "Pizza margherita")
        try tmux.send("/", "p", "e", "a", "Space", "t")
        try tmux.waitFor { $0.last?.hasPrefix(" /pea t ") == true }
        try tmux.send("M-BSpace")
        try tmux.waitFor { $0.last?.hasPrefix(" /pea  ") == true && $0.last?.hasSuffix("2/4") == true }
        try tmux.send("M-b", "M-d")
        try tmux.waitFor { $0.last?.hasPrefix(" /  ") == true && $0.last?.hasSuffix("4/4") == true }
        try tmux.send("Escape")
        try tmux.waitFor { $0.last?.contains("find") == true }
        try tmux.send("q")
        #expect(try tmux.exitStatus() == 0)
    }

    @Test func enterOpensAMatchAndBackFindsTheQueryAsItWasLeft() throws {
        let tmux = try session()
        try tmux.waitFor(text: "Pizza margherita")
        try tmux.send("/", "m", "r", "g")
        try tmux.waitFor { $0.last?.hasPrefix(" /mrg ") == true && $0.last?.hasSuffix("1/4") == true }
        try tmux.send("Enter")
        try tmux.waitFor(text: "Menu › Pizza")
        try tmux.send("Escape")
        // Waited for whole: the top line can be drawn a moment before the find line.
        let back = try tmux.waitFor { $0[0] == " Menu" && $0.last?.hasPrefix(" /mrg") == true }
        #expect(back.contains(" > Pizza margherita                                                     12.50 ›"))
        // Letters type while finding: q is not quit.
        try tmux.send("q")
        try tmux.waitFor { $0.last?.hasPrefix(" /mrgq") == true }
        try tmux.send("C-c")
        #expect(try tmux.exitStatus() == 130)
    }

    @Test func aPasteIsTextNotKeys() throws {
        let tmux = try session()
        try tmux.waitFor(text: "Pizza margherita")
        // Outside the find line, a paste does nothing: "q" in it does not quit.
        try tmux.paste("q")
        try tmux.send("/")
        try tmux.waitFor { $0.last?.hasPrefix(" /") == true }
        try tmux.paste("qj pe\nach")
        try tmux.waitFor { $0.last?.hasPrefix(" /qj pe ach") == true }
        try tmux.send("C-u")
        try tmux.paste("peach")
        try tmux.waitFor { $0.contains(" > Peach tea") && $0.last?.hasSuffix("1/4") == true }
        try tmux.send("Escape")
        try tmux.waitFor { $0.last?.contains("/ find") == true }
        try tmux.send("q")
        #expect(try tmux.exitStatus() == 0)
    }

    @Test func queryOpensWithTextAndPrintQueryComesFirst() throws {
        let tmux = try session(script: #"out=$("$SEGUE" --query esp --print-query menu.json); echo "status=$? out=[$out]" | tr '\n' '|'"#)
        try tmux.waitFor { $0.contains(" > Espresso") && $0.last?.hasSuffix("1/4") == true }
        try tmux.send("Enter")
        try tmux.waitFor(text: "status=0 out=[esp|Espresso]")
    }
}

/// A command-searched live section in a real terminal: the command runs again as you type, and a
/// slow answer to an older query never shows.
@Suite(.serialized) struct CommandSearchSessionTests {
    let spec = #"""
        {"title": "People", "filter": {"open": true, "prompt": "Who?"}, "sections": [
          {"header": "Directory", "source": {"command": ["sh", "search.sh"], "format": "lines", "search": "command"}}]}
        """#
    /// Answers "a" slowly (as an older, slower search would) and everything else at once.
    let script = """
        case "$SEGUE_QUERY" in
          a) sleep 3; echo "stale answer for a" ;;
          "") echo "Ada"; echo "Alan"; echo "Grace" ;;
          *) echo "fresh answer for $SEGUE_QUERY" ;;
        esac
        """

    @Test func aSlowAnswerToAnOlderQueryNeverShows() throws {
        let specs = try Fixtures(["people.json": spec, "search.sh": script])
        let tmux = try Tmux([Paths.segue, specs.path("people.json")], directory: specs.folder.path)
        try tmux.waitFor { $0.contains(" > Ada") && $0.last?.hasPrefix(" Who?") == true }
        let segue = try tmux.programPid()
        try tmux.send("a")
        // The slow search for "a" starts once typing pauses.
        try tmux.waitFor("the slow search to start") { _ in
            ProcessTable().descendants(of: segue).contains { $0.command.hasPrefix("sleep 3") }
        }
        try tmux.send("b")
        try tmux.waitFor(text: "fresh answer for ab")
        // The slow one was stopped, so its answer cannot come.
        try tmux.waitFor("the slow search to be gone") { _ in
            !ProcessTable().entries.contains { $0.command.hasPrefix("sleep 3") && !$0.isZombie && $0.parent == segue }
                && !ProcessTable().descendants(of: segue).contains { $0.command.hasPrefix("sleep 3") && !$0.isZombie }
        }
        #expect(try !tmux.screen().joined().contains("stale"))
        // Clearing the query runs the command with none; Esc cancels the picker.
        try tmux.send("C-u")
        try tmux.waitFor { $0.contains(" > Ada") && $0.contains("   Grace") }
        try tmux.send("Escape")
        #expect(try tmux.exitStatus() == 1)
    }
}

/// Past queries across runs: what Enter accepted comes back with Ctrl-P in the next run of the
/// same spec, and `--history FILE` does the same for piped lines.
@Suite(.serialized) struct QueryHistorySessionTests {
    let menu = #"{"title": "Menu", "sections": [{"rows": [{"title": "alpha", "action": "emit"}, {"title": "gamma", "action": "emit"}]}]}"#

    @Test func aQueryAcceptedInOneRunComesBackWithCtrlPInTheNext() throws {
        let files = try Fixtures(["menu.json": menu])
        let state = files.path("state")
        let first = try Tmux(["sh", "-c", #""$SEGUE" menu.json; echo "status=$?""#], directory: files.folder.path,
                             environment: ["SEGUE": Paths.segue, "XDG_STATE_HOME": state])
        try first.waitFor(text: "alpha")
        try first.send("/")
        try first.send("-l", "gam")
        try first.waitFor { $0.contains { $0.hasSuffix("1/2") } }
        try first.send("Enter")
        try first.waitFor(text: "status=0")
        let second = try Tmux([Paths.segue, files.path("menu.json")], environment: ["XDG_STATE_HOME": state])
        try second.waitFor(text: "alpha")
        try second.send("/")
        try second.send("C-p")
        try second.waitFor { $0.contains { $0.hasPrefix(" /gam") && $0.hasSuffix("1/2") } && $0.contains(" > gamma") }
        try second.send("C-n")
        try second.waitFor { $0.contains { $0.hasPrefix(" /") && $0.hasSuffix("2/2") } }
        try second.send("Escape")
        try second.waitFor(text: "q quit")
        try second.send("q")
        #expect(try second.exitStatus() == 0)
    }

    @Test func pipedLinesKeepTheirsOnlyInTheFileNamed() throws {
        let files = try Fixtures([:])
        let history = files.path("picks")
        let script = #"printf 'one\ntwo\nthree\n' | "$SEGUE" --history "$HIST"; echo "status=$?""#
        let first = try Tmux(["sh", "-c", script], environment: ["SEGUE": Paths.segue, "HIST": history])
        try first.waitFor { $0.contains { $0.hasSuffix("3/3") } }
        try first.send("-l", "thr")
        try first.waitFor { $0.contains { $0.hasSuffix("1/3") } }
        try first.send("Enter")
        try first.waitFor(text: "status=0")
        let saved = try String(contentsOfFile: history, encoding: .utf8)
        #expect(saved.contains("\"thr\""), "\(saved)")
        let second = try Tmux(["sh", "-c", script], environment: ["SEGUE": Paths.segue, "HIST": history])
        try second.waitFor { $0.contains { $0.hasSuffix("3/3") } }
        try second.send("C-p")
        try second.waitFor { $0.contains { $0.contains("thr") && $0.hasSuffix("1/3") } }
        try second.send("Escape")
        try second.waitFor(text: "status=1")
    }
}
