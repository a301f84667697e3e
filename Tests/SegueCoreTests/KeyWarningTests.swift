import Testing
@testable import SegueCore
import SegueFiles

/// Keys the loader does not know, or finds in the wrong place, are warnings that say what was
/// probably meant: they would otherwise change what a spec does without a word.
@Suite struct KeyWarningTests {
    func warnings(_ text: String) throws -> [String] {
        let spec = try SpecLoader(disk: nil).parse(bytes: Array(text.utf8), file: "/w/main.json")
        return BindingWarnings.check(AppState(root: spec, size: Size(width: 80, height: 24)).current)
    }

    @Test func typosGetASuggestion() throws {
        #expect(try warnings(#"{"titel": "Menu", "sections": []}"#) == [#"titel: unknown key, ignored; did you mean "title"?"#])
        #expect(try warnings(#"{"section": [{"rows": []}]}"#) == [#"section: unknown key, ignored; did you mean "sections"?"#])
        #expect(try warnings(#"{"sections": [{"heder": "A", "rows": [{"titel": "x"}]}]}"#) == [
            #"sections[0].heder: unknown key, ignored; did you mean "header"?"#,
            #"sections[0].rows[0].titel: unknown key, kept as an attribute; did you mean "title"?"#,
        ])
        #expect(try warnings(#"{"sections": [{"source": {"command": ["ls"], "pagesize": 20}}]}"#)
            == [#"sections[0].source.pagesize: unknown key, ignored; did you mean "pageSize"?"#])
    }

    @Test func misplacedKeysSayWhereTheyBelong() throws {
        #expect(try warnings(#"{"sections": [{"pageSize": 20, "source": {"command": ["ls"]}}]}"#)
            == [#"sections[0].pageSize: "pageSize" is ignored here; it belongs in the section's "source""#])
        #expect(try warnings(#"{"sections": [{"rows": [{"title": "Delete", "confirm": "Sure?", "action": "quit"}]}]}"#)
            == [#"sections[0].rows[0].confirm: "confirm" is ignored here; it belongs in the row's "action""#])
        #expect(try warnings(#"{"rows": [], "sections": []}"#) == [#"rows: "rows" is ignored here; it belongs in a section"#])
        #expect(try warnings(#"{"sections": [{"rows": [{"title": "x", "action": {"type": "exec", "comand": ["ls"], "command": ["ls"], "title": "y"}}]}]}"#) == [
            #"sections[0].rows[0].action.comand: unknown key, ignored; did you mean "command"?"#,
            #"sections[0].rows[0].action.title: "title" is ignored here; it belongs in the row"#,
        ])
    }

    @Test func attributesTemplatesUseAreNoTypos() throws {
        #expect(try warnings(#"{"$schema": "x", "sections": [{"rows": [{"title": "{{caption}} {{tilte}}", "caption": "a", "tilte": "b", "price": 3}]}]}"#).isEmpty)
        #expect(try warnings(#"{"cells": {"Big": {"title": "{{titel}}"}}, "sections": [{"rows": [{"cell": "Big", "titel": "x"}]}]}"#).isEmpty)
    }

    @Test func theScreenSaysSoWhenItOpens() throws {
        let spec = try SpecLoader(disk: nil).parse(bytes: Array(#"{"titel": "Menu", "sections": []}"#.utf8), file: "/w/main.json")
        let state = AppState(root: spec, size: Size(width: 80, height: 6))
        #expect(state.status == .warning(#"warning: titel: unknown key, ignored; did you mean "title"?"#))
    }

    @Test func nullMeansAbsentOnGeneratorAndSourceKeysToo() throws {
        let spec = try SpecLoader(disk: nil).parse(bytes: Array(#"{"sections": [{"rows": [{"title": "A"}], "source": null, "forEach": null, "as": null, "row": null, "empty": null}]}"#.utf8),
                                          file: "/w/main.json")
        #expect(spec.sections[0].rows.count == 1)
    }
}
