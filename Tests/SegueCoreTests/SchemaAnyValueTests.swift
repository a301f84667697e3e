import Testing
@testable import SegueCore
@testable import SegueSpec

/// `segue edit`'s lists of anything (issue 45): items of no declared properties are edited as
/// their values are, objects as screens of their keys, values of no type or several typed as JSON.
@Suite struct SchemaAnyValueTests {
    static let schema = #"""
        {"properties": {
           "repos": {"type": "array", "items": {"type": "object"}},
           "rules": {"type": "array", "items": {"anyOf": [{"type": "string"}, {"type": "number"}]}},
           "retry": {"oneOf": [{"type": "integer"}, {"type": "object", "properties": {"max": {"type": "integer"}}}]}
         }}
        """#

    @Test func aJSONInputTakesAnyValueAndQuotesTextThatReadsAsOne() throws {
        let rules = InputRules(kind: .json)
        #expect(try rules.validate("8080").get() == .number("8080"))
        #expect(try rules.validate("{\"a\": [true]}").get() == .object(["a": .array([.bool(true)])]))
        #expect(try rules.validate("web app").get() == "web app")
        #expect(try rules.validate("\"8080\"").get() == "8080")
        #expect(try rules.validate("  ").get() == .null)
        #expect(rules.text(of: "8080") == "\"8080\"")
        #expect(rules.text(of: "web") == "web")
        #expect(rules.text(of: .object(["a": 1])) == "{\"a\":1}")
    }

    @Test func itemsOfNoPropertiesAreScreensOfTheirKeysAndValuesOfSeveralTypesAreTypedAsJSON() throws {
        let made = SchemaForm.screens(schema: try JSONParser.parse(Array(Self.schema.utf8)), folder: "/c", title: "c.json")
        let loader = SpecLoader(files: MadeSpecs(Dictionary(made.map { ($0.name, $0.spec) }) { a, _ in a }, over: NoFiles()))
        var state = AppState(root: try loader.load(path: "/c/main.json"), size: Size(width: 60, height: 14),
                             settings: Settings(path: nil, values: .object(["repos": .array([.object(["repo": "local"])]), "retry": 2])))
        func go(_ keys: Key...) throws {
            for key in keys {
                for effect in press(key, on: &state) {
                    guard case .loadSpec(let path) = effect else { continue }
                    _ = update(&state, .specLoaded(path: path, .success(try loader.load(path: path))))
                }
            }
        }
        func type(_ text: String) throws { for character in text { try go(.char(character)) } }
        // The preview says which shapes the value takes.
        let retry = try #require(SchemaForm.screens(schema: try JSONParser.parse(Array(Self.schema.utf8)), folder: "/d", title: "c.json")[0]
            .spec.member("sections")?.arrayValue?.first?.member("rows")?.arrayValue?.first { $0.member("title") == "retry" })
        #expect(retry.member("preview")?.member("text") == "Takes a number or an object: S changes which (asking before a value is dropped).")
        // retry (integer or object): S makes it an object, after asking whether to drop the number.
        try go(.down, .char("S"))  // repos, retry, rules: no order known
        #expect(state.status?.text == "retry holds 2: drop it to make it an object? (y/N)")
        try go(.char("y"))
        #expect(state.settings.value(for: "/retry") == .object([:]))
        #expect(screen(state).contains { $0.contains("> retry") && $0.contains("1 setting") })
        try go(.enter, .enter)
        try type("3")
        try go(.enter)
        #expect(state.settings.value(for: "/retry") == .object(["max": 3]))
        try go(.left)
        // S again: back to a number, the object dropped after asking.
        try go(.char("S"), .char("n"))
        #expect(state.settings.value(for: "/retry") == .object(["max": 3]))
        // repos: its item opens a screen of its keys, each typed as JSON; a key is added.
        try go(.up, .enter)
        #expect(screen(state).contains { $0.contains("1.") })
        try go(.enter)
        #expect(screen(state).contains { $0.contains("repo") && $0.contains("local") })
        try go(.char("a"))
        try type("rev")
        try go(.enter)
        #expect(state.settings.value(for: "/repos/0") == .object(["repo": "local", "rev": ""]))
        try go(.left, .left)
        // rules: an item added, then typed as a number.
        try go(.down, .down, .enter, .enter)  // + Add an item
        #expect(state.settings.value(for: "/rules") == .array([""]))
        try go(.enter, .ctrl("u"))
        try type("5")
        try go(.enter)
        #expect(state.settings.value(for: "/rules") == .array([5]))
    }
}

/// A root that is a union of object shapes (issue 45).
@Suite struct SchemaUnionRootTests {
    @Test func azurePipelinesRootOfSevenShapesListsTheirProperties() throws {
        let screens = try RealSchemas.screens("azure-pipelines")
        let titles = screens[0].rows.map { $0.member("title")?.stringValue ?? "" }
        #expect(!titles.contains("(nothing to edit)"))
        for key in ["stages", "jobs", "steps", "trigger", "pool", "extends"] { #expect(titles.contains(key), "\(titles)") }
    }

    /// A file's root picks the branch it is: a pipeline of stages lists stages, not steps; one
    /// of steps the other way; snapcraft's union of unions, the base the file names.
    @Test func aRootOfSeveralObjectShapesShowsTheOneTheFileIs() throws {
        func titles(_ schema: String, _ value: JSONValue) throws -> [String] {
            try RealSchemas.form(schema, matching: value).top.rows.map { $0.member("title")?.stringValue ?? "" }
        }
        let stages = try titles("azure-pipelines", .object(["stages": .array([.object(["stage": "build"])])]))
        #expect(stages.contains("stages") && !stages.contains("steps") && !stages.contains("jobs"), "\(stages)")
        let steps = try titles("azure-pipelines", .object(["pool": .object(["vmImage": "ubuntu-latest"]), "steps": .array([.object(["script": "make"])])]))
        #expect(steps.contains("steps") && !steps.contains("stages"), "\(steps)")
        // No keys to tell by: every shape's properties, as before.
        let none = try titles("azure-pipelines", .object([:]))
        #expect(none.contains("steps") && none.contains("stages"))
        let snap = try RealSchemas.form("snapcraft", matching: .object(["name": "x", "version": "1", "summary": "s", "description": "d",
                                                                         "base": "core22", "confinement": "strict", "parts": .object([:])])).top
        #expect(snap.spec.member("sections")?.arrayValue?.first?.member("header") == "Core22Project")
        #expect(snap.rows.contains { $0.member("title") == "Name" && $0.member("setting") == "/name" })
    }

    /// The top screens of the real schemas load as specs (a condition over renovate's 300 named
    /// keys once went past a template's 256 operators).
    @Test func everyRealSchemasTopScreenLoads() throws {
        for name in ["renovate", "github-workflows", "gitlab-ci", "compose-spec", "azure-pipelines", "github-issue-forms", "circle-ci",
                     "taskfile", "buildkite"] {
            let form = try RealSchemas.form(name)
            let loader = SpecLoader(files: MadeSpecs(form, over: NoFiles()))
            #expect(throws: Never.self, "\(name)") { _ = try loader.load(path: form.first) }
        }
    }
}
