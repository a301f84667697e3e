@testable import SegueCore
import Testing

/// Conditions on actions (`if`, `when`) and in text (`{{ a ? 'x' : 'y' }}`), and the actions of a
/// list bound as each runs (issue 46).
extension FlowStateTests {
    @Test func aChoiceInATemplateShowsOneOfTwoValues() {
        let context = DataContext(layers: [.object(["ssh": .bool(true), "port": .number("22"), "off": .string("false")])])
        #expect(Template(#"SSH {{ ssh ? "enabled" : "disabled" }}"#).render(in: context) == "SSH enabled")
        #expect(Template("{{ off ? 'on' : 'off' }}").render(in: context) == "off")
        #expect(Template("{{ missing ? 'yes' : 'no' }}").render(in: context) == "no")
        // The loosest of all, nesting to the right; its values are any expression.
        #expect(Template("{{ port == 22 && ssh ? 'default' : port > 1024 ? 'high' : 'low' }}").render(in: context) == "default")
        #expect(Template("{{ !ssh ? 'x' : upper('y') }}").render(in: context) == "Y")
        #expect(Template("{{ missing ? 'x' : nothing | none }}").render(in: context) == "none")
        // A placeholder that is a choice alone keeps the value's type.
        #expect(Template("{{ ssh ? port : 0 }}").value(in: context) == .number("22"))
        #expect(Template("{{ ssh ? 'a' }}").problems.first?.problem.message.hasPrefix("expected \":\"") == true)
    }

    @Test func anIfRunsThenOrElseByItsCondition() throws {
        let spec = #"""
            {"sections": [{"rows": [
              {"title": "SSH", "action": {"type": "if", "when": "{{settings.ssh}}",
                "then": {"type": "message", "text": "on"}, "else": [{"type": "set", "settings": {"ssh": true}}, {"type": "message", "text": "turned on"}]}}
            ]}]}
            """#
        var state = try app(spec)
        press(.enter, on: &state)
        #expect(state.status?.text == "turned on")
        #expect(state.settings.values.member("ssh") == .bool(true))
        press(.enter, on: &state)
        #expect(state.status?.text == "on")
    }

    @Test func anActionWhoseWhenIsFalseIsSkipped() throws {
        var state = try app(#"""
            {"sections": [{"rows": [
              {"title": "Go", "action": {"type": "exec", "command": ["true"], "then": [
                {"type": "message", "text": "never", "when": "{{settings.ssh}}"},
                {"type": "message", "text": "box", "style": "box", "when": false},
                {"type": "message", "text": "{{settings.ssh ? 'was on' : 'was off'}}"}]}},
              {"title": "Off", "action": {"type": "message", "text": "shown", "when": "{{settings.ssh}}"}}
            ]}]}
            """#)
        let effects = press(.enter, on: &state)
        let command = try #require(effects.compactMap { if case .exec(let command, _) = $0 { command } else { nil } }.first)
        _ = update(&state, .execFinished(ExecResult(command: command, status: 0)))
        #expect(state.status?.text == "was off")
        #expect(state.mode == nil)
        // A row's action whose `when` does not hold does nothing.
        #expect(press(.down, .enter, on: &state) == [])
        #expect(state.status?.text != "shown")
    }

    /// An exec's `then` list: a message after a capture in the same list sees the value just
    /// captured, not the value when the list started.
    @Test func eachActionOfAListIsBoundWhenItRuns() throws {
        var state = try app(#"""
            {"sections": [{"rows": [
              {"title": "Refresh", "action": {"type": "exec", "command": ["true"], "then": [
                {"type": "exec", "command": ["hostname"], "capture": {"data": "host"}},
                {"type": "message", "text": "host [{{host}}] after status {{status}}"}]}}
            ]}]}
            """#)
        let effects = press(.enter, on: &state)
        let command = try #require(effects.compactMap { if case .exec(let command, _) = $0 { command } else { nil } }.first)
        let request = try #require(captureRequest(update(&state, .execFinished(ExecResult(command: command, status: 0)))))
        _ = update(&state, .commandFinished(request.key, CommandRun(status: 0, chunks: [.init(.output, Array("pi\n".utf8))])))
        #expect(state.status?.text == "host [pi] after status 0")
    }

    @Test func aPromptsThenMayBeAList() throws {
        var state = try app(#"""
            {"sections": [{"rows": [
              {"title": "Name", "action": {"type": "prompt", "question": "Host name?", "then": [
                {"type": "set", "settings": {"host": "{{input}}"}},
                {"type": "message", "text": "{{settings.host == input ? 'saved' : 'not saved'}} {{input}}"}]}}
            ]}]}
            """#)
        press(.enter, on: &state)
        press(.char("p"), .char("i"), .enter, on: &state)
        #expect(state.settings.values.member("host") == "pi")
        #expect(state.status?.text == "saved pi")
    }

    @Test func anIfIsCheckedWhenTheSpecLoads() {
        func problem(_ action: String) -> String? {
            if case .failure(let error) = Result(catching: { () throws(SpecError) in
                try loadSpec(#"{"sections": [{"rows": [{"title": "x", "action": \#(action)}]}]}"#, file: "/s.json") }) {
                return error.description
            }
            return nil
        }
        #expect(problem(#"{"type": "if", "then": "back"}"#)?.contains("action.when: an if needs \"when\"") == true)
        #expect(problem(#"{"type": "if", "when": "{{a}}"}"#)?.contains("action.then: an if needs \"then\"") == true)
        #expect(problem(#"{"type": "message", "text": "x", "when": 3}"#)?.contains("action.when: expected a condition") == true)
        #expect(problem(#"{"type": "message", "text": "x", "else": "back"}"#)?.contains("action.else: \"else\" belongs to an action of type \"if\"") == true)
        #expect(problem(#"{"type": "if", "when": "{{a}}", "then": {"type": "nope"}}"#)?.contains("action.then.type") == true)
        #expect(problem(#"{"type": "if", "when": "{{a}}", "then": "back", "else": [{"type": "quit"}]}"#) == nil)
        #expect(problem(#"{"type": "message", "text": "y", "when": "{{ssh ? }}"}"#)?.contains("action.when: {{ssh ? }}: expected a value") == true)
    }

    @Test func checkNamesUnknownKeysInAWhenAndInAChoice() throws {
        let state = try app(#"""
            {"sections": [{"rows": [
              {"title": "{{ssh ? 'on' : 'off'}}", "action": {"type": "if", "when": "{{settings.ssh && sssh}}", "then": "back"}}
            ]}]}
            """#, settings: ["ssh": true])
        let warnings = BindingWarnings.check(state.current)
        #expect(warnings.contains("sections[0].rows[0].title: {{ssh}} names nothing in the data, settings, item or row; the condition always reads it as null"))
        #expect(warnings.contains("sections[0].rows[0].action.when: {{sssh}} names nothing in the data, settings, item or row; the condition always reads it as null"))
        #expect(!warnings.contains { $0.contains("settings.ssh") })
    }
}

extension FlowStateTests {
    /// What a screen's `onOpen` captures (data or a setting, in it or in its `then`) is known to
    /// the warnings: no "names nothing", no "resolves to nothing".
    @Test func namesAnOnOpenCaptureProvidesAreKnown() throws {
        let state = try app(#"""
            {"onOpen": {"type": "exec", "command": ["probe"], "capture": {"data": "board"},
                        "then": {"type": "exec", "command": ["fan"], "capture": {"setting": "fan"}}},
             "sections": [{"rows": [
              {"title": "Board {{board}}", "hidden": "{{board != 'pi4'}}"},
              {"title": "Fan {{settings.fan}}", "enabled": "{{settings.fan}}"},
              {"title": "{{nothere}}"}
            ]}]}
            """#)
        #expect(BindingWarnings.check(state.current) == ["sections[0].rows[2].title: {{nothere}} resolves to nothing"])
    }
}

extension FlowStateTests {
    /// A box shorter than the list sits in its middle, as dialog and whiptail draw theirs.
    @Test func aShortMessageBoxIsCentredDownTheList() throws {
        var state = try app(#"{"sections": [{"rows": [{"title": "Hi", "action": {"type": "message", "style": "box", "text": "Hello"}}]}]}"#)
        press(.enter, on: &state)
        let lines = screen(state)
        // 10 lines: a list of 8 (lines 1…8), a box of 4 (its line, ⏎ OK, the borders) from line 3.
        let top = try #require(lines.firstIndex { $0.contains("┌") })
        let bottom = try #require(lines.firstIndex { $0.contains("└") })
        #expect(bottom - top == 3)
        #expect(top == 1 + (8 - 4) / 2)
    }
}

extension FlowStateTests {
    /// A question longer than half the line is not cut: it takes a line of its own above the
    /// answer (two at most), as whiptail's --inputbox shows its text, and the list gives way.
    @Test func aLongQuestionWrapsAboveTheAnswer() throws {
        var state = try app(#"""
            {"sections": [{"rows": [{"title": "Host", "action": {"type": "prompt", "default": "pi",
              "question": "Please enter a hostname for this computer (letters, digits and hyphens only)",
              "then": {"type": "message", "text": "{{input}}"}}}]}]}
            """#)
        press(.enter, on: &state)
        let lines = screen(state)
        #expect(lines[9] == " > pi")
        #expect(lines[7] == " Please enter a hostname for this computer (letters, digits")
        #expect(lines[8] == " and hyphens only)")
        #expect(state.listViewport.height == 6)
        press(.enter, on: &state)
        #expect(state.status?.text == "pi")
    }
}

extension FlowStateTests {
    /// A cell type's templates see its own attributes (the row's where the row sets them).
    @Test func aCellTypesTemplatesSeeItsOwnAttributes() throws {
        var state = try app(#"""
            {"cells": {"yesno": {"question": "Enable {{name}}?", "detail": "{{question}}",
                                 "action": {"type": "message", "text": "asked: {{question}}"}}},
             "sections": [{"rows": [
              {"cell": "yesno", "title": "SSH", "name": "SSH"},
              {"cell": "yesno", "title": "VNC", "name": "VNC", "question": "Turn VNC on?"}
            ]}]}
            """#)
        #expect(state.current.boundRow(0).row.detail == "Enable SSH?")
        press(.enter, on: &state)
        #expect(state.status?.text == "asked: Enable SSH?")
        press(.down, .enter, on: &state)
        #expect(state.status?.text == "asked: Turn VNC on?")
    }
}

extension FlowStateTests {
    /// `"select"` names a row of a live section: the cursor goes to it when it arrives, unless
    /// the user has moved meanwhile.
    @Test func selectReachesTheRowsOfALiveSection() throws {
        let text = #"""
            {"select": "{{settings.country}}", "sections": [{"source": {"command": ["countries"], "format": "lines"},
              "row": {"title": "{{item.line}}", "id": "{{item.line}}"}}]}
            """#
        func arrive(_ lines: [String], _ state: inout AppState) throws {
            let request = try #require(update(&state, .start).compactMap { if case .startSource(let request) = $0 { request } else { nil } }.first)
            var items = RawItems(kind: .line)
            for line in lines { items.append(Array(line.utf8)) }
            _ = update(&state, .sourceRawItems(request.key, items))
        }
        var state = try app(text, settings: .object(["country": "GB"]))
        try arrive(["FR", "DE", "GB", "ES"], &state)
        #expect(state.current.selectedBoundRow?.row.title == "GB")
        var moved = try app(text, settings: .object(["country": "GB"]))
        let request = try #require(update(&moved, .start).compactMap { if case .startSource(let request) = $0 { request } else { nil } }.first)
        var first = RawItems(kind: .line)
        for line in ["FR", "DE"] { first.append(Array(line.utf8)) }
        _ = update(&moved, .sourceRawItems(request.key, first))
        press(.down, on: &moved)
        var second = RawItems(kind: .line)
        second.append(Array("GB".utf8))
        _ = update(&moved, .sourceRawItems(request.key, second))
        #expect(moved.current.selectedBoundRow?.row.title == "DE")
    }
}

extension FlowStateTests {
    /// A box that asks: a prompt's `text` shows in a box over the list while it asks, its
    /// question and answer under it (whiptail's --inputbox); Enter answers, the box goes with it.
    @Test func aPromptsTextShowsInABoxWhileItAsks() throws {
        var state = try app(#"""
            {"sections": [{"rows": [{"title": "Host", "action": {"type": "prompt", "question": "Hostname?", "default": "pi",
              "text": "Please note: only {{title}} names of letters and digits", "then": {"type": "message", "text": "set {{input}}"}}}]}]}
            """#)
        press(.enter, on: &state)
        let lines = screen(state)
        #expect(lines.contains { $0.contains("│ Please note: only Host names of letters and digits │") })
        #expect(!lines.contains { $0.contains("⏎ OK") })
        #expect(lines.last == " Hostname? pi")
        press(.enter, on: &state)
        #expect(state.status?.text == "set pi")
        #expect(!screen(state).contains { $0.contains("Please note") })
        #expect(loadProblem(#"[{"rows": [{"action": {"type": "prompt", "question": "q", "text": 3, "then": "back"}}]}]"#, file: "/specs/main.json")?
                    .contains("[0].rows[0].action.text: expected the text shown in a box while it asks") == true)
    }

    @Test func aBoxThatAsksScrollsWithTheArrowsWhileLettersAreTyped() throws {
        var state = try app(#"""
            {"sections": [{"rows": [{"title": "Host", "action": {"type": "prompt", "question": "Name?",
              "text": "one\ntwo\nthree\nfour\nfive\nsix\nseven\neight\nnine\nten", "then": {"type": "message", "text": "set {{input}}"}}}]}]}
            """#)
        press(.enter, on: &state)
        #expect(screen(state).contains { $0.contains("1–6/10 ↑↓") })
        press(.down, on: &state)
        #expect(screen(state).contains { $0.contains("2–7/10 ↑↓") })
        #expect(screen(state).contains { $0.contains("│ seven") })
        press(.pageDown, on: &state)
        #expect(screen(state).contains { $0.contains("5–10/10 ↑↓") })
        press(.char("j"), on: &state)  // a letter the keymap moves with is typed
        press(.enter, on: &state)
        #expect(state.status?.text == "set j")
    }
}
