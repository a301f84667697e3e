import Testing
@testable import SegueCore

private let schema = #"""
    {"required": ["name"], "properties": {
      "name": {"type": "string", "minLength": 1},
      "when": {"type": "string", "format": "date"},
      "font": {"type": "object", "required": ["size"], "properties": {"size": {"type": "integer", "maximum": 72}}}}}
    """#

private let spec = #"""
    {"title": "editor.json", "sections": [{"rows": [
      {"title": "name", "cell": "input", "setting": "/name"},
      {"title": "when", "cell": "input", "setting": "/when"},
      {"title": "size", "cell": "input", "kind": "number", "setting": "/font/size"},
      {"title": "Font", "detail": "1 setting", "segue": "font.json", "settingsUnder": "/font"}
    ]}]}
    """#

/// A `segue edit` session's state: `spec`'s rows over settings checked by `schema` before saves.
private func app(settings: String, force: Bool = false) throws -> AppState {
    var options = AppOptions()
    options.settingsCheck = SettingsCheck(schema: try JSONParser.parse(Array(schema.utf8)), force: force)
    return AppState(root: try loadSpec(spec, file: "/specs/edit.json"), size: Size(width: 50, height: 10),
                    settings: Settings(path: "/nonexistent/editor.json", values: try JSONParser.parse(Array(settings.utf8))),
                    options: options)
}

private func type(_ text: String, on state: inout AppState) {
    for character in text { _ = update(&state, .key(.char(character))) }
}

/// The save gate of `segue edit` (issue: validation errors at the row, saving refused until fixed).
@Suite struct SettingsCheckTests {
    /// A check that gives up (more than `SchemaCheck.stepLimit` schemas) finds nothing, and says
    /// so, naming the schema and where it gave up, as the file opens and at each save (issue 40,
    /// item 12: it said nothing).
    @Test func aCheckThatGivesUpSaysWhereAndSavesUnchecked() throws {
        let schema = #"{"properties": {"name": {"type": "string"}, "xs": {"items": {"oneOf": [{"type": "integer"}, {"type": "string"}]}}}}"#
        var options = AppOptions()
        options.settingsCheck = SettingsCheck(schema: try JSONParser.parse(Array(schema.utf8)), schemaName: "big.schema.json")
        let values = "{\"xs\": [" + (0..<80_000).map(String.init).joined(separator: ",") + "]}"
        var state = AppState(root: try loadSpec(spec, file: "/specs/edit.json"), size: Size(width: 50, height: 10),
                             settings: Settings(path: "/nonexistent/editor.json", values: try JSONParser.parse(Array(values.utf8))),
                             options: options)
        let unfinished = "not checked: big.schema.json takes more than 200 thousand steps to check, given up at /xs/"
        #expect(state.status == .warning("editor.json: " + unfinished + "66666"))
        press(.enter, on: &state)
        type("ann", on: &state)
        #expect(press(.enter, on: &state) == [.saveSettings(state.settings)])
        // One step more, for the name.
        #expect(state.status == .warning("saved, " + unfinished + "66665"))
    }

    @Test func theFilesProblemsShowAsItOpensAtTheirRowsWithoutRefusingIt() throws {
        let state = try app(settings: #"{"font": {}, "when": "may"}"#)
        #expect(state.status == .warning("editor.json has 3 problems — /font/size: required (? lists them)"))
        #expect(Array(screen(state).prefix(5)) == [
            " editor.json",
            " > name                              ✗ required",
            "   when          ✗ expected a date (YYYY-MM-DD)",
            "   size                              ✗ required",
            "   Font                             ✗ 1 problem ›",
        ])
        #expect(state.settingsCheck?.problems.map(\.pointer) == ["/font/size", "/name", "/when"])
    }

    @Test func aSaveWithProblemsIsRefusedAndTheFirstValidOneWritesEveryChange() throws {
        var state = try app(settings: #"{"name": "ann", "font": {"size": 12}}"#)
        press(.down, .down, .enter, .ctrl("u"), on: &state)
        type("100", on: &state)
        #expect(press(.enter, on: &state) == [])
        #expect(state.status == .error("not saved: 1 problem — /font/size: expected a whole number of at most 72"))
        #expect(state.settings.value(for: "/font/size") == .number("100"))
        #expect(screen(state)[4] == "   Font                             ✗ 1 problem ›")
        press(.up, .up, .enter, .ctrl("u"), on: &state)
        type("bob", on: &state)
        #expect(press(.enter, on: &state) == [])
        press(.down, .down, .enter, .ctrl("u"), on: &state)
        type("40", on: &state)
        let effects = press(.enter, on: &state)
        #expect(effects == [.saveSettings(state.settings)])
        #expect(state.settings.changedNames == ["/font/size", "/name"])
        #expect(state.status == StatusMessage("saved: the problems are fixed"))
        #expect(state.settingsCheck?.problems == [])
        #expect(state.settingsCheck?.holdsChanges == false)
    }

    /// A file that breaks its schema already (4 of 21 real files, issue 45) is saved when an edit
    /// adds no problem to it; one that adds one is refused, naming what it added.
    @Test func aFileWithProblemsOfItsOwnIsSavedWhenAnEditAddsNone() throws {
        var state = try app(settings: #"{"font": {}, "when": "may"}"#)
        press(.enter, on: &state)
        type("ann", on: &state)
        #expect(press(.enter, on: &state) == [.saveSettings(state.settings)])
        #expect(state.status == .warning("saved; editor.json still has 2 problems it had (? lists them)"))
        // The size's problem changes from required to too large: a new one.
        press(.down, .down, .enter, on: &state)
        type("100", on: &state)
        #expect(press(.enter, on: &state) == [])
        #expect(state.status == .error("not saved: 1 new problem — /font/size: expected a whole number of at most 72"))
        press(.char("?"), on: &state)
        #expect(Array(HelpContent.lines(for: state).prefix(3)) == [
            .heading("editor.json: 2 problems, changes wait until the new ones are fixed"),
            .entry("/font/size", "expected a whole number of at most 72 (new)"), .entry("/when", "expected a date (YYYY-MM-DD)"),
        ])
    }

    @Test func forcedSavesAreMadeAndSaySo() throws {
        var state = try app(settings: "{}", force: true)
        press(.down, .enter, on: &state)
        type("soon", on: &state)
        #expect(press(.enter, on: &state) == [.saveSettings(state.settings)])
        #expect(state.status == .warning("saved with 2 problems — /name: required (--force)"))
        #expect(screen(state)[2] == " > when          ✗ expected a date (YYYY-MM-DD)")
    }

    @Test func quittingWithChangesNoSaveTookAsksFirstAndCtrlCDoesNot() throws {
        var state = try app(settings: #"{"name": "ann"}"#)
        press(.down, .enter, on: &state)
        type("may", on: &state)
        #expect(press(.enter, on: &state) == [])
        #expect(press(.char("q"), on: &state) == [])
        #expect(state.status == .warning("1 problem: quit without saving? (y/N)"))
        press(.char("n"), on: &state)
        #expect(press(.escape, on: &state) == [])
        #expect(state.status == .warning("1 problem: quit without saving? (y/N)"))
        #expect(press(.char("y"), on: &state) == [.quit(.cancelled)])
        var interrupted = try app(settings: "{}")
        press(.down, .enter, on: &interrupted)
        type("x", on: &interrupted)
        press(.enter, on: &interrupted)
        #expect(press(.ctrl("c"), on: &interrupted) == [.quit(.interrupted)])
    }

    @Test func anEmptiedValueIsLeftOutRatherThanWrittenAsNull() throws {
        var state = try app(settings: #"{"name": "ann", "font": {"size": 12}}"#)
        press(.down, .down, .enter, .ctrl("u"), on: &state)
        #expect(press(.enter, on: &state) == [])
        #expect(state.settings.values == .object(["name": "ann", "font": .object([:])]))
        #expect(state.status == .error("not saved: 1 problem — /font/size: required"))
    }

    @Test func anEmptiedListIsLeftOutRatherThanWrittenAsAnEmptyList() throws {
        var state = try app(settings: #"{"name": "ann"}"#)
        state.settings.set("/tags", to: .array(["a"]))
        _ = SettingChanges.change("/tags", to: .array([]), &state)
        #expect(state.settings.values == .object(["name": "ann"]))
    }

    /// An optional text with a format can be unset again: emptied, it leaves the file.
    @Test func anEmptiedTextIsLeftOutRatherThanWrittenAsEmptyText() throws {
        var state = try app(settings: #"{"name": "ann", "when": "2024-01-01", "font": {"size": 12}}"#)
        press(.down, .enter, .ctrl("u"), on: &state)
        #expect(press(.enter, on: &state) == [.saveSettings(state.settings)])
        #expect(state.settings.values == .object(["name": "ann", "font": .object(["size": 12])]))
        #expect(state.settingsCheck?.problems == [])
    }

    /// Values a YAML 1.1 reader reads otherwise are said as the file opens and listed by `?`.
    @Test func aYAMLFilesReadingsAreSaidAsItOpensAndListed() throws {
        var options = AppOptions()
        options.settingsCheck = SettingsCheck(schema: try JSONParser.parse(Array(schema.utf8)),
                                              notes: ["2:7: 10:30 is text in YAML 1.2, but the number 630 to YAML 1.1 readers: write \"10:30\""])
        var state = AppState(root: try loadSpec(spec, file: "/specs/edit.json"), size: Size(width: 50, height: 10),
                             settings: Settings(path: "/nonexistent/editor.yml", values: .object(["name": "a", "font": .object(["size": 1])])),
                             options: options)
        #expect(state.status == .warning("editor.yml:2:7: 10:30 is text in YAML 1.2, but the number 630 to YAML 1.1 readers: write \"10:30\""))
        press(.char("?"), on: &state)
        #expect(Array(HelpContent.lines(for: state).prefix(2)) == [
            .heading("editor.yml: values YAML 1.1 readers read otherwise"),
            .entry("line 2:7", "10:30 is text in YAML 1.2, but the number 630 to YAML 1.1 readers: write \"10:30\""),
        ])
    }

    @Test func theHelpListsEveryProblemFirst() throws {
        var state = try app(settings: #"{"font": {}, "when": "may"}"#)
        press(.char("?"), on: &state)
        #expect(Array(HelpContent.lines(for: state).prefix(5)) == [
            .heading("editor.json: 3 problems, the file's own: saves go on while no edit adds one"),
            .entry("/font/size", "required"), .entry("/name", "required"), .entry("/when", "expected a date (YYYY-MM-DD)"), .entry("", ""),
        ])
    }

    /// A pointer longer than the help's key column is on a line of its own, not cut.
    @Test func aLongPointerInTheHelpHasALineOfItsOwn() throws {
        var state = try app(settings: #"{"font": {}, "when": "may", "name": "a"}"#)
        press(.char("?"), on: &state)
        #expect(Array(HelpContent.lines(for: state, width: 30).prefix(4)) == [
            .heading("editor.json: 2 problems, the file's own: saves go on while no edit adds one"),
            .entry("/font/size", ""), .entry("", "required"), .entry("/when", "expected a date"),
        ])
    }

    @Test func readingTheFileAgainKeepsTheChangesWaitingAndChecksAgain() throws {
        var state = try app(settings: #"{"name": "ann"}"#)
        press(.down, .enter, on: &state)
        type("may", on: &state)
        press(.enter, on: &state)
        // Changed in the file meanwhile: the change waiting stays over it, still refused.
        let file = Settings(path: "/nonexistent/editor.json", values: .object(["name": "bob"]))
        #expect(update(&state, .settingsRead(file)) == [])
        #expect(state.settings.values == .object(["name": "bob", "when": "may"]))
        #expect(state.settingsCheck?.holdsChanges == true)
        #expect(state.settings.changedNames == ["/when"])
        // The file given the same problem by hand: the change adds none to it now, and is written.
        let same = Settings(path: "/nonexistent/editor.json", values: .object(["name": "bob", "when": "june"]))
        #expect(update(&state, .settingsRead(same)) == [.saveSettings(state.settings)])
        #expect(state.settings.values == .object(["name": "bob", "when": "may"]))
        #expect(state.settingsCheck?.holdsChanges == false)
    }

    @Test func plainModeSaysTheProblemAfterTheValue() throws {
        let state = try app(settings: #"{"font": {}, "when": "may"}"#)
        let lines = PlainView.lines(of: state)
        #expect(Array(lines[2...5]) == ["  1. name: (empty) [required]", "  2. when: may [expected a date (YYYY-MM-DD)]",
                                        "  3. size: (empty) [required]", "  4. Font — 1 setting [1 problem] (opens)"], "\(lines)")
    }

    @Test func nothingAsksWhenNoSaveWasRefused() throws {
        var state = try app(settings: "{}")
        #expect(press(.char("q"), on: &state) == [.quit(.success)])
    }
}
