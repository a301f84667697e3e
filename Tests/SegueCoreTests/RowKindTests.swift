import Testing
@testable import SegueCore

private func load(_ text: String) throws(SpecError) -> Spec { try loadSpec(text, file: "/specs/kinds.json") }

private func problem(_ text: String) -> String? { loadProblem(text, file: "/specs/kinds.json") }

private func app(_ text: String, settings: JSONValue = .object([:]), width: Int = 50, height: Int = 8,
                 theme: Theme = .standard) throws -> AppState {
    AppState(root: try load(text), size: Size(width: width, height: height),
             settings: Settings(path: "/nonexistent/settings.json", values: settings))
}

/// Rows are checked by the kind they resolve to, whatever cell type names it.
@Suite struct RowKindCheckTests {
    @Test func aCellTypeBasedOnInputChecksItsRulesAsInputDoes() {
        #expect(problem(#"""
            {"cells": {"Port": {"base": "input"}},
             "sections": [{"rows": [{"cell": "Port", "title": "p", "setting": "b", "kind": "nmber", "min": 5, "max": 1}]}]}
            """#) == #"/specs/kinds.json:2:25: sections[0].rows[0].kind: expected "text", "number", "password", "list" or "json", found "nmber""#)
        #expect(problem(#"""
            {"cells": {"Port": {"base": "input", "kind": "number"}, "Small": {"base": "Port"}},
             "sections": [{"rows": [{"cell": "Small", "title": "p", "setting": "b", "min": 5, "max": 1}]}]}
            """#) == "/specs/kinds.json:2:25: sections[0].rows[0].min: min (5) is more than max (1)")
        // Generated rows too.
        #expect(problem(#"""
            {"cells": {"Port": {"base": "input"}}, "sections": [{"forEach": "x", "row": {"cell": "Port", "kind": "date"}}]}
            """#)?.contains(#"[0].row.kind: expected "text", "number", "password", "list" or "json", found "date""#) == true)
    }

    @Test func aSliderNeedsItsEnds() {
        #expect(problem(#"[{"rows": [{"cell": "slider", "title": "Volume", "setting": "v", "max": 10}]}]"#)
            == #"/specs/kinds.json:1:12: [0].rows[0].min: a slider needs "min" and "max": the ends of its bar"#)
        #expect(problem(#"[{"rows": [{"cell": "slider", "title": "V", "setting": "v", "min": 10, "max": 0}]}]"#)
            == "/specs/kinds.json:1:12: [0].rows[0].max: max (0) must be above min (10)")
        #expect(problem(#"[{"rows": [{"cell": "slider", "title": "V", "setting": "v", "min": 0, "max": 1, "step": 0}]}]"#)
            == "/specs/kinds.json:1:12: [0].rows[0].step: expected a step above 0 and at most max - min, found 0")
        #expect(problem(#"[{"rows": [{"cell": "slider", "title": "V", "setting": "v", "min": "0", "max": 1}]}]"#)
            == #"/specs/kinds.json:1:12: [0].rows[0].min: expected a number, found "0""#)
        // A cell type may give the ends; its rows need not.
        #expect(problem(#"{"cells": {"Volume": {"base": "slider", "min": 0, "max": 11}}, "sections": [{"rows": [{"cell": "Volume", "title": "V", "setting": "v"}]}]}"#) == nil)
        #expect(problem(#"{"cells": {"Volume": {"base": "slider", "min": 0}}, "sections": [{"rows": [{"cell": "Volume", "title": "V", "setting": "v"}]}]}"#)?
            .contains("sections[0].rows[0].max: a slider needs") == true)
        // On other kinds `step` is an attribute like any.
        #expect(problem(#"[{"rows": [{"title": "Walk", "step": "left"}]}]"#) == nil)
    }
}

@Suite struct SliderTests {
    let spec = #"""
        {"title": "Sound", "sections": [{"rows": [
          {"cell": "slider", "title": "Volume", "setting": "volume", "min": 0, "max": 100, "step": 10},
          {"cell": "slider", "title": "Balance", "setting": "balance", "min": -1, "max": 1, "step": 0.1}
        ]}]}
        """#

    @Test func itDrawsABarWithItsValue() throws {
        let state = try app(spec, settings: .object(["volume": .number("40")]))
        #expect(screen(state)[1] == " > Volume                     [█████░░░░░░░] 40")
        #expect(screen(state)[2] == "   Balance                    [░░░░░░░░░░░░] -1")
        var ascii = Theme.standard
        ascii.ascii = true
        #expect(render(state, size: state.size, theme: ascii).lines[1] == " > Volume                     [#####-------] 40")
    }

    @Test func arrowsAndSpaceStepAndStopAtTheEnds() throws {
        var state = try app(spec, settings: .object(["volume": .number("95")]))
        #expect(press(.left, on: &state) == [.saveSettings(state.settings)])
        #expect(state.settings.value(for: "volume") == .number("90"))
        press(.right, .right, on: &state)
        #expect(state.settings.value(for: "volume") == .number("100"))
        press(.char(" "), on: &state)
        #expect(state.settings.value(for: "volume") == .number("100"))
        press(.down, .right, .right, .right, on: &state)
        #expect(state.settings.value(for: "balance") == .number("-0.7"))
        #expect(screen(state).last == " ↑↓ move  ⏎ type  ←→ change  esc cancel  / find")
    }

    @Test func enterTypesAnExactNumberCheckedAgainstTheEnds() throws {
        var state = try app(spec)
        press(.enter, .ctrl("u"), on: &state)
        for character in "150" { _ = update(&state, .key(.char(character))) }
        press(.enter, on: &state)
        #expect(state.status == .error("expected a number from 0 to 100"))
        press(.ctrl("u"), on: &state)
        for character in "55" { _ = update(&state, .key(.char(character))) }
        press(.enter, on: &state)
        #expect(state.settings.value(for: "volume") == .number("55"))
    }

    @Test func itIsFoundByItsValueListedInPlainModeAndHelped() throws {
        var state = try app(spec, settings: .object(["volume": .number("70")]))
        #expect(Screen.searchText(of: state.current.boundRow(0), settings: state.settings.values) == "Volume\n70")
        #expect(PlainView.lines(of: state).contains("  1. Volume: 70"))
        press(.char("?"), on: &state)
        #expect(HelpContent.lines(for: state).contains(.entry("← →", "change it by its step")))
    }

    @Test func aSettingThatIsNoNumberIsWarnedAbout() throws {
        let state = try app(spec, settings: .object(["volume": "loud"]))
        #expect(BindingWarnings.check(state.current).contains(#"sections[0].rows[0].setting: settings.volume holds "loud" where a number is expected; shown at min"#))
    }
}

/// A choice row with `"other"`: its last step asks for a value of the user's own.
@Suite struct ChoicePlaceholderTests {
    /// A choice with a placeholder shows it, dim, while unset, and unset is a step of its own.
    @Test func anUnsetChoiceShowsItsPlaceholderAndUnsetIsAStep() throws {
        let spec = try loadSpec(#"""
        {"sections": [{"rows": [{"title": "First"}, {"title": "Day", "cell": "choice", "setting": "day", "options": ["mon", "tue"], "placeholder": "unset"}]}]}
        """#, file: "/p/w.json")
        var state = AppState(root: spec, size: Size(width: 30, height: 6))
        #expect(screen(state)[2] == "   Day            ‹ unset ›")
        #expect(render(state, size: state.size)[22, 2].style == Theme.standard.detail)
        _ = press(.down, .right, on: &state)
        #expect(render(state, size: state.size)[22, 2].style == Theme.standard.selected)
        #expect(state.settings.value(for: "day") == .string("mon"))
        _ = press(.left, on: &state)
        #expect(state.settings.value(for: "day") == nil && screen(state)[2].hasSuffix("‹ unset ›"))
        _ = press(.left, on: &state)
        #expect(state.settings.value(for: "day") == .string("tue"))
        _ = press(.right, on: &state)
        #expect(state.settings.value(for: "day") == nil)
        // Plain mode reads the placeholder in brackets, as an input's, so it is no option's name.
        #expect(ChoiceKind().value(of: try #require(state.current.selectedRow), settings: .object([:])) == "(unset)")
        #expect(loadProblem(#"{"sections": [{"rows": [{"cell": "choice", "title": "c", "setting": "c", "options": ["a"], "placeholder": 3}]}]}"#,
                            file: "/p/w.json")?.contains("placeholder: expected a string, found 3") == true)
    }
}

@Suite struct ChoiceOfAListItemTests {
    /// An item of a list is never taken out of it by a choice's steps: `remove` does that.
    @Test func aListItemsChoiceHasNoUnsetStep() throws {
        let spec = try loadSpec(#"""
        {"sections": [{"rows": [{"title": "First", "cell": "choice", "setting": "/tags/0", "options": ["x", "y"], "placeholder": "unset"}]}]}
        """#, file: "/p/w.json")
        var state = AppState(root: spec, size: Size(width: 30, height: 6), settings: Settings(path: nil, values: .object(["tags": .array(["x", "y"])])))
        _ = press(.left, on: &state)
        #expect(state.settings.value(for: "tags") == .array(["y", "y"]))
        _ = press(.right, .right, on: &state)
        #expect(state.settings.value(for: "tags") == .array(["y", "y"]))
    }
}

@Suite struct ChoiceOtherTests {
    @Test func theStepPastTheLastOptionAsksAndSavesWhatIsTypedIfItPasses() throws {
        let spec = try loadSpec(#"""
        {"sections": [{"rows": [{"title": "Country", "cell": "choice", "setting": "country", "options": ["GB", "US"],
                                 "other": "Other code…", "pattern": "[A-Z]{2}"}]}]}
        """#, file: "/p/w.json")
        var state = AppState(root: spec, size: Size(width: 50, height: 8))
        _ = press(.left, on: &state)
        #expect(state.entry?.setting == "country")
        #expect(state.status?.text.hasPrefix("Other code…") == true)
        _ = press(.char("d"), .char("e"), .enter, on: &state)
        #expect(state.entry != nil)  // refused: the pattern wants capitals
        _ = press(.ctrl("u"), .char("D"), .char("E"), .enter, on: &state)
        #expect(state.entry == nil && state.settings.value(for: "country") == .string("DE"))
        #expect(screen(state)[1].hasSuffix("‹ DE ›"))
        _ = press(.right, on: &state)  // past the user's own value: the first option
        #expect(state.settings.value(for: "country") == .string("GB"))
        #expect(loadProblem(#"{"sections": [{"rows": [{"cell": "choice", "title": "c", "setting": "c", "options": ["a"], "other": 3}]}]}"#,
                            file: "/p/w.json")?.contains("other: expected true, false or the last step's label") == true)
    }
}
