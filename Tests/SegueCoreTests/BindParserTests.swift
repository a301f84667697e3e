import Testing
@testable import SegueCore

/// fzf's `--bind` syntax, as `BindParser` reads it.
@Suite struct BindParserTests {
    private func parse(_ texts: String...) throws -> KeyBindings {
        var bindings = KeyBindings()
        for text in texts { try BindParser.parse(text, into: &bindings) }
        return bindings
    }

    private func problem(_ text: String) -> BindParser.Problem? {
        var bindings = KeyBindings()
        do throws(BindParser.Problem) {
            try BindParser.parse(text, into: &bindings)
            return nil
        } catch {
            return error
        }
    }

    @Test func commaSeparatedBindingsWithAChainOfActions() throws {
        let bindings = try parse("ctrl-r:reload(ps -ef),ctrl-y:execute-silent(echo {} | xclip)+abort")
        #expect(bindings[.ctrl("r")] == [.reload("ps -ef", sync: false)])
        #expect(bindings[.ctrl("y")] == [.executeSilent("echo {} | xclip"), .abort])
    }

    @Test func severalOptionsAddUpAndALaterBindingOfAKeyWins() throws {
        let bindings = try parse("ctrl-a:first", "ctrl-e:last", "ctrl-a:up")
        #expect(bindings[.ctrl("a")] == [.up])
        #expect(bindings[.ctrl("e")] == [.last])
    }

    @Test func severalKeysShareOneList() throws {
        let bindings = try parse("ctrl-j,alt-j,f2:down+toggle")
        for key in [Key.ctrl("j"), .alt("j"), .function(2)] { #expect(bindings[key] == [.down, .toggle]) }
    }

    @Test func everyBracketFormTakesTextUpToItsOwnCloser() throws {
        let bindings = try parse("a:change-query(x]y),b:change-query[x)y],c:change-query{x,y},d:change-query<x(y>")
        #expect(bindings[.char("a")] == [.changeQuery("x]y")])
        #expect(bindings[.char("b")] == [.changeQuery("x)y")])
        #expect(bindings[.char("c")] == [.changeQuery("x,y")])
        #expect(bindings[.char("d")] == [.changeQuery("x(y")])
    }

    @Test func aColonArgumentIsTheRestOfTheOptionCommasAndAll() throws {
        let bindings = try parse("ctrl-o:first+execute:less {} , more+abort")
        #expect(bindings[.ctrl("o")] == [.first, .execute("less {} , more+abort")])
    }

    @Test func fzfsKeyNamesMapOntoSegues() throws {
        let bindings = try parse("btab:up,bspace:down,page-up:first,pgdn:last,enter:accept,esc:abort,space:toggle,tab:toggle-all,alt-bs:clear-query,alt-space:last")
        #expect(bindings[.backTab] == [.up])
        #expect(bindings[.backspace] == [.down])
        #expect(bindings[.pageUp] == [.first])
        #expect(bindings[.pageDown] == [.last])
        #expect(bindings[.enter] == [.accept])
        #expect(bindings[.escape] == [.abort])
        #expect(bindings[.char(" ")] == [.toggle])
        #expect(bindings[.tab] == [.toggleAll])
        #expect(bindings[.alt("\u{7F}")] == [.clearQuery])
        #expect(bindings[.alt(" ")] == [.last])
    }

    @Test func eventsAreBoundByName() throws {
        let bindings = try parse("start:reload(ls),load:first,change:first")
        #expect(bindings[.start] == [.reload("ls", sync: false)])
        #expect(bindings[.load] == [.first])
        #expect(bindings[.change] == [.first])
    }

    @Test func anUnknownActionIsNamedWithItsColumn() {
        let found = problem("ctrl-r:reload(ls)+frobnicate")
        #expect(found?.message == "unknown action \"frobnicate\"")
        #expect(found?.column == 19)
        #expect(found?.description.contains("ctrl-r:reload(ls)+frobnicate") == true)
    }

    @Test func anUnknownKeyIsNamedWithItsColumn() {
        let found = problem("ctrl-a:first,hyper-x:last")
        #expect(found?.message.hasPrefix("unknown key or event \"hyper-x\"") == true)
        #expect(found?.column == 14)
    }

    @Test func malformedBindingsSayWhatWasExpected() {
        #expect(problem("ctrl-r")?.message.hasPrefix("expected KEYS:ACTION") == true)
        #expect(problem("ctrl-r:reload(ls")?.message == "\"(\" of reload is never closed with \")\"")
        #expect(problem("ctrl-r:reload")?.message == "reload needs an argument, as reload(…)")
        #expect(problem("ctrl-r:accept(x)")?.message == "accept takes no argument")
        #expect(problem("ctrl-r:accept;abort")?.message.hasPrefix("expected + (another action) or , (another binding) after accept") == true)
        #expect(problem("ctrl-r:")?.message == "expected an action after the colon")
    }

    @Test func actionsAreWrittenBackAsFzfWritesThem() throws {
        let bindings = try parse("ctrl-r:reload-sync(ps)+first")
        #expect(bindings.keyLines.map(\.actions) == ["reload-sync(ps)+first"])
    }
}
