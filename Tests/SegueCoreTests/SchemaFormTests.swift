import Testing
@testable import SegueCore
@testable import SegueSpec

/// The rows of the top screen `schema` makes, by title.
private func rows(_ schema: String) throws -> [String: JSONValue] {
    let screens = SchemaForm.screens(schema: try JSONParser.parse(Array(schema.utf8)), folder: "/c.json.screens", title: "c.json")
    guard case .array(let sections)? = screens[0].spec.member("sections"), case .array(let rows)? = sections.first?.member("rows") else {
        Issue.record("no rows in \(screens[0].spec)")
        return [:]
    }
    return Dictionary(rows.map { ($0.member("title")?.stringValue ?? "", $0) }) { first, _ in first }
}

/// `segue edit`'s screens from a JSON Schema: one keyword at a time (issue 29).
@Suite struct SchemaFormTests {
    @Test func aBooleanIsAToggleBoundByPointerWithItsDescriptionAsThePreview() throws {
        let row = try rows(#"{"properties": {"semi": {"type": "boolean", "default": true, "description": "Print semicolons."}}}"#)["semi"]
        #expect(row == .object([
            "cell": "toggle", "title": "semi", "setting": "/semi", "detail": "default: on",
            "preview": .object(["text": "Print semicolons.\n\nDefault: true", "wrap": .bool(true)]),
        ]))
    }

    @Test func enumsConstsAndOneOfConstsAreChoicesTheDefaultFirst() throws {
        let found = try rows(#"""
            {"properties": {
              "size": {"enum": ["s", "m", "l", null], "default": "m"},
              "fixed": {"const": 3},
              "comma": {"oneOf": [{"enum": ["all"], "description": "All"}, {"const": "none"}]},
              "parser": {"anyOf": [{"enum": ["babel"]}, {"type": "string"}]}
            }}
            """#)
        #expect(found["size"]?.member("options") == .array(["m", "s", "l"]))
        #expect(found["fixed"]?.member("options") == .array([.number("3")]))
        #expect(found["comma"]?.member("options") == .array(["all", "none"]))
        #expect(found["parser"]?.member("other") == .bool(true))
        #expect(found["size"]?.member("cell") == "choice")
    }

    @Test func numbersAndIntegersAreNumberInputsWithTheirBounds() throws {
        let found = try rows(#"{"properties": {"width": {"type": "integer", "minimum": 1, "maximum": 200, "default": 80}, "ratio": {"type": "number"}}}"#)
        #expect(found["width"] == .object([
            "cell": "input", "title": "width", "setting": "/width", "kind": "number", "min": .number("1"), "max": .number("200"),
            "pattern": "-?[0-9]+", "invalid": "expected a whole number from 1 to 200", "placeholder": "default: 80",
            "preview": .object(["text": "Default: 80", "wrap": .bool(true)]),
        ]))
        #expect(found["ratio"]?.member("kind") == "number")
        #expect(found["ratio"]?.member("pattern") == nil)
    }

    @Test func stringsTakeTheirPatternOrLengthsAndTemplatesInTheSchemaStayText() throws {
        let found = try rows(#"""
            {"properties": {
              "name": {"type": "string", "pattern": "^[a-z]+$", "title": "Name {{x}}"},
              "code": {"type": "string", "minLength": 2, "maxLength": 4},
              "word": {"type": "string", "pattern": "ab"}
            }}
            """#)
        #expect(found[#"Name \{{x}}"#]?.member("pattern") == "^[a-z]+$")
        #expect(found["code"]?.member("pattern") == "(?s).{2,4}")
        #expect(found["code"]?.member("invalid") == "expected 2 to 4 characters")
        #expect(found["word"]?.member("pattern") == ".*ab.*")
    }

    @Test func aListOfStringsIsAListInputCheckingEachItem() throws {
        let found = try rows(#"{"properties": {"globs": {"type": "array", "items": {"type": "string", "pattern": "^[*a-z.]+$"}}, "ids": {"type": "array", "items": {"type": "integer"}}}}"#)
        #expect(found["globs"] == .object([
            "cell": "input", "title": "globs", "setting": "/globs", "kind": "list", "placeholder": "items, separated by commas",
            "pattern": "^[*a-z.]+$", "invalid": "expected items matching ^[*a-z.]+$",
        ]))
        #expect(found["ids"]?.member("detail") == "list of {{count(settings.ids) | 0}}")
        let rules = InputRules(kind: .list, pattern: "[a-z]+")
        #expect(rules.validate(" a, b ,,c ") == .success(.array(["a", "b", "c"])))
        #expect(rules.validate("a, B") == .failure(InvalidInput(message: #"expected items matching [a-z]+, found "B""#)))
        #expect(rules.text(of: .array(["a", "b"])) == "a, b")
        #expect(rules.text(of: .array(["a,b"])) == #"["a,b"]"#)
        #expect(!rules.accepts(.array(["a,b"])))
    }

    @Test func refsToDefsAndDefinitionsAreFollowedAndANestedObjectOpensItsOwnScreen() throws {
        let schema = #"""
            {"$defs": {"font": {"type": "object", "title": "Font", "properties": {"size": {"$ref": "#/definitions/size"}}}},
             "definitions": {"size": {"type": "integer"}},
             "properties": {"editor": {"type": "object", "properties": {"font": {"$ref": "#/$defs/font"}}}}}
            """#
        let screens = SchemaForm.screens(schema: try JSONParser.parse(Array(schema.utf8)), folder: "/c.json.screens", title: "c.json")
        #expect(screens.map(\.name) == ["/c.json.screens/main.json", "/c.json.screens/1-editor.json", "/c.json.screens/2-font.json"])
        #expect(try rows(schema)["editor"] == .object(["title": "editor", "detail": "1 setting", "segue": "/c.json.screens/1-editor.json",
                                                   "settingsUnder": "/editor"]))
        guard case .array(let sections)? = screens[2].spec.member("sections"), case .array(let fontRows)? = sections[0].member("rows") else {
            Issue.record("no rows")
            return
        }
        #expect(screens[2].spec.member("title") == "Font")
        #expect(fontRows[0].member("setting") == "/editor/font/size")
        #expect(fontRows[0].member("kind") == "number")
    }

    @Test func valuesOfAnyKindAreEditedAndWhatCannotBeIsShownReadOnlyWithTheReason() throws {
        let found = try rows(#"""
            {"properties": {
              "plugins": {"type": "array", "items": {"type": "object"}},
              "matrix": {"type": "array", "items": {"type": "array"}},
              "either": {"type": ["string", "number"]},
              "loose": {},
              "far": {"$ref": "https://example.com/s.json"},
              "self": {"$ref": "#/properties/self"}
            }}
            """#)
        // Lists of anything open screens of their items (objects of no named properties are
        // screens of their keys); a value of several types or none is typed as JSON (issue 45).
        #expect(found["plugins"]?.member("detail") == "list of {{count(settings.plugins) | 0}}")
        #expect(found["matrix"]?.member("detail") == "list of {{count(settings.matrix) | 0}}")
        #expect(found["either"]?.member("kind") == "json")
        #expect(found["loose"]?.member("kind") == "json")
        #expect(found["loose"]?.member("setting") == "/loose")
        #expect(found["far"]?.member("detail") == "$ref https://example.com/s.json is not in this schema (only local references are followed) — {{settings.far | unset}}")
        #expect(found["self"]?.member("detail") == "$ref #/properties/self leads round in a cycle — {{settings.self | unset}}")
    }

    @Test func aConfigThatMayAlsoBeAStringIsEditedAsItsObjectAndAllOfJoinsProperties() throws {
        let found = try rows(#"""
            {"definitions": {"a": {"properties": {"one": {"type": "boolean"}}}, "b": {"properties": {"two": {"type": "boolean"}}}},
             "oneOf": [{"type": "object", "allOf": [{"$ref": "#/definitions/a"}, {"$ref": "#/definitions/b"}]}, {"type": "string"}]}
            """#)
        #expect(found.keys.sorted() == ["one", "two"])
    }
}

/// Settings named by JSON Pointer reach nested values (`SettingName`).
@Suite struct SettingNameTests {
    @Test func aPointerReadsAndWritesNestedValuesAndAPlainNameIsOneKey() {
        var settings = Settings(path: nil, values: .object(["editor.font": "Mono", "editor": .object(["size": .number("12")])]))
        #expect(settings.value(for: "editor.font") == "Mono")
        #expect(settings.value(for: "/editor/size") == .number("12"))
        settings.set("/editor/tabs/width", to: .number("4"))
        settings.set("/list/0", to: "a")
        #expect(settings.values.setting("/editor/tabs/width") == .number("4"))
        #expect(settings.values.member("editor")?.member("size") == .number("12"))
        #expect(settings.value(for: "/list") == .object(["0": "a"]))
        settings.restore("/editor/size", to: nil)
        #expect(settings.values.member("editor") == .object(["tabs": .object(["width": .number("4")])]))
        #expect(SettingName.pointer(["a/b", "c~d"]) == "/a~1b/c~0d")
        #expect(Settings(path: nil, values: .object(["a/b": .object(["c~d": .bool(true)])])).value(for: "/a~1b/c~0d") == .bool(true))
    }
}

/// A value the file already holds that its row's rules refuse is named when the screen opens.
@Suite struct SettingProblemTests {
    @Test func aNumberOutOfRangeAndAValueNoOptionIsAreProblems() {
        var number = Row()
        number.extras = ["kind": "number", "max": .number("10"), "pattern": "-?[0-9]+", "invalid": "expected a whole number up to 10"]
        #expect(InputKind().settingProblem(.number("12"), row: number) == "holds 12: expected a whole number up to 10")
        #expect(InputKind().settingProblem(.number("8"), row: number) == nil)
        var choice = Row()
        choice.extras = ["options": .array(["a", "b"])]
        #expect(ChoiceKind().settingProblem("c", row: choice) == #"holds "c", which is none of its options ("a", "b")"#)
        #expect(ChoiceKind().settingProblem("b", row: choice) == nil)
        choice.extras["other"] = .bool(true)
        #expect(ChoiceKind().settingProblem("c", row: choice) == nil)
    }
}

/// Lists of objects and of values: a screen of their items, added to, moved and removed from.
@Suite struct SchemaFormListTests {
    static let schema = #"""
        {"properties": {"updates": {"type": "array", "description": "Update configurations.",
          "items": {"type": "object", "required": ["ecosystem"], "properties": {
            "ecosystem": {"enum": ["npm", "pip"], "default": "npm"}, "directory": {"type": "string", "default": "/"},
            "ignore": {"type": "array", "items": {"type": "object", "properties": {"name": {"type": "string"}}}},
            "schedule": {"type": "object", "properties": {"interval": {"enum": ["daily", "weekly"]}}}}}},
          "ports": {"type": "array", "items": {"type": "integer", "minimum": 1}}}}
        """#

    func screens() throws -> [String: JSONValue] {
        let made = SchemaForm.screens(schema: try JSONParser.parse(Array(Self.schema.utf8)), folder: "/c", title: "c.json")
        return Dictionary(made.map { ($0.name, $0.spec) }) { first, _ in first }
    }

    func sections(_ spec: JSONValue?) -> [JSONValue] { spec?.member("sections")?.arrayValue ?? [] }

    @Test func aListOfObjectsOpensAScreenOfItemsEachOpeningItsOwnScreen() throws {
        let made = try screens()
        let top = sections(made["/c/main.json"])[0].member("rows")?.arrayValue ?? []
        #expect(top[1] == .object(["title": "updates", "detail": "list of {{count(settings.updates) | 0}}", "segue": "/c/2-updates.json",
                                   "settingsUnder": "/updates",
                                   "preview": .object(["text": "Update configurations.", "wrap": .bool(true)])]))
        let list = sections(made["/c/2-updates.json"])
        #expect(list[0].member("forEach") == "settings.updates")
        #expect(list[0].member("header") == "Update configurations.")
        let row = try #require(list[0].member("row"))
        #expect(row.member("title") == "{{loop.number}}. {{either(item.ecosystem, '(no ecosystem)')}}")
        #expect(row.member("detail") == "{{either(item.directory, '')}}")
        #expect(row.member("settingsUnder") == "/updates/{{loop.index}}")
        #expect(row.member("segue") == .object(["spec": "/c/3-updates.json",
                                                "data": .object(["i0": "{{loop.index}}", "heading": "{{loop.number}}. {{either(item.ecosystem, '(no ecosystem)')}}"])]))
        let keys = row.member("actions")?.arrayValue?.compactMap { $0.member("key")?.stringValue }
        #expect(keys == ["K", "J", "d", "a"])
        #expect(row.member("actions")?.arrayValue?[2].member("action")
                == .object(["type": "remove", "setting": "/updates/{{loop.index}}", "confirm": "Remove item {{loop.number}}?"]))
        // A new item starts with the defaults the schema gives its required members alone.
        #expect(list[1].member("rows")?.arrayValue?[0] == .object(["title": "+ Add an item", "action": .object([
            "type": "append", "setting": "/updates", "value": .object(["ecosystem": "npm"])])]))
        // The item's screen binds its rows to the item the row passed.
        let item = sections(made["/c/3-updates.json"])[0].member("rows")?.arrayValue ?? []
        #expect(made["/c/3-updates.json"]?.member("title") == "{{heading}}")
        #expect(item.map { $0.member("setting") ?? .null }.contains("/updates/{{i0}}/directory"))
        // A list inside an item reads its items through the position; its items pass both on.
        let ignore = try #require(item.first { $0.member("title") == "ignore" })
        #expect(ignore.member("segue") == .object(["spec": "/c/4-ignore.json", "data": .object(["i0": "{{i0}}"])]))
        let inner = sections(made["/c/4-ignore.json"])
        #expect(inner[0].member("forEach") == "settings.updates.{{i0}}.ignore")
        #expect(inner[0].member("row")?.member("segue")?.member("data") == .object([
            "i0": "{{i0}}", "i1": "{{loop.index}}", "heading": "{{loop.number}}. {{either(item.name, '(no name)')}}"]))
        let schedule = try #require(item.first { $0.member("title") == "schedule" })
        #expect(schedule.member("segue")?.member("data") == .object(["i0": "{{i0}}"]))
    }

    @Test func aListOfValuesIsEditedOnItsOwnRows() throws {
        let made = try screens()
        let list = sections(made["/c/1-ports.json"])
        let row = try #require(list[0].member("row"))
        #expect(row.member("cell") == "input")
        #expect(row.member("kind") == "number")
        #expect(row.member("title") == "{{loop.number}}.")
        #expect(row.member("setting") == "/ports/{{loop.index}}")
        #expect(row.member("min") == .number("1"))
        #expect(list[1].member("rows")?.arrayValue?[0].member("action")?.member("value") == .number("1"))
    }

    @Test func anItemsScreenEditsTheItemTheRowOpenedIt() throws {
        let made = SchemaForm.screens(schema: try JSONParser.parse(Array(Self.schema.utf8)), folder: "/c", title: "c.json")
        let loader = SpecLoader(files: MadeSpecs(Dictionary(made.map { ($0.name, $0.spec) }) { a, _ in a }, over: NoFiles()))
        var state = AppState(root: try loader.load(path: "/c/main.json"), size: Size(width: 60, height: 12),
                             settings: Settings(path: nil, values: .object(["updates": .array([.object(["ecosystem": "npm"]), .object(["ecosystem": "pip"])])])))
        /// Presses the keys, loading the spec a segue asks for as the app's loop does.
        func go(_ keys: Key...) throws {
            for key in keys {
                for effect in press(key, on: &state) {
                    guard case .loadSpec(let path) = effect else { continue }
                    _ = update(&state, .specLoaded(path: path, .success(try loader.load(path: path))))
                }
            }
        }
        try go(.down, .enter)
        #expect(screen(state).contains { $0.contains("2. pip") })
        try go(.down, .enter)
        #expect(state.current.title == "2. pip")
        // The directory row, edited: the item the row opened changes.
        try go(.enter)
        for character in "/api" { try go(.char(character)) }
        try go(.enter)
        #expect(state.settings.values.member("updates")?.arrayValue?[1] == .object(["ecosystem": "pip", "directory": "/api"]))
        try go(.left)
        #expect(screen(state).contains { $0.contains("2. pip") && $0.contains("/api") })
    }
}

@Suite struct SchemaFormTreeTests {
    @Test func aListWhoseItemsHoldTheListAgainOpensTwiceThenIsShownReadOnly() throws {
        let schema = #"""
            {"$defs": {"node": {"type": "object", "properties": {"name": {"type": "string"},
               "children": {"type": "array", "items": {"$ref": "#/$defs/node"}}}}},
             "properties": {"nodes": {"type": "array", "items": {"$ref": "#/$defs/node"}}}}
            """#
        let made = SchemaForm.screens(schema: try JSONParser.parse(Array(schema.utf8)), folder: "/t", title: "t.json")
        let specs = made.map(\.spec).map(\.compactJSON)
        #expect(made.count == 5)
        #expect(specs.contains { $0.contains(#""forEach":"settings.nodes.{{i0}}.children""#) })
        #expect(specs.contains { $0.contains("it repeats a screen above it") })
    }
}

@Suite struct SchemaFormBoundsTests {
    @Test func lengthsTooLargeForAWholeNumberAreNoCrash() throws {
        let found = try rows(#"{"properties": {"code": {"type": "string", "minLength": 1e400, "maxLength": -3}}}"#)
        #expect(found["code"]?.member("pattern") == "(?s).{100000,}")
    }
}

@Suite struct SchemaFormOtherValueTests {
    @Test func stringKeywordsAloneBesideAnEnumUnderAStringTypeAreAValueOfOnesOwn() throws {
        let found = try rows(#"{"properties": {"eco": {"type": "string", "anyOf": [{"enum": ["npm", "pip"]}, {"minLength": 1}]}}}"#)
        #expect(found["eco"]?.member("cell") == "choice")
        #expect(found["eco"]?.member("options") == .array(["npm", "pip"]))
        #expect(found["eco"]?.member("other") == .bool(true))
    }
}

@Suite struct SchemaFormListKeysTests {
    static let schema = #"""
        {"properties": {"tags": {"type": "array", "items": {"type": "object", "required": ["name"],
          "properties": {"name": {"type": "string", "default": "{{.Version}}"}}}}}}
        """#

    func actions(taken: Set<Character>) throws -> [JSONValue] {
        let screens = SchemaScreens(schema: try JSONParser.parse(Array(Self.schema.utf8)), folder: "/c", title: "c.json", takenKeys: taken)
        let list = try #require(screens.all().first { $0.name == "/c/1-tags.json" })
        return list.spec.member("sections")?.arrayValue?.first?.member("row")?.member("actions")?.arrayValue ?? []
    }

    @Test func aListsActionKeysGiveWayToTheUsersKeymap() throws {
        #expect(try actions(taken: []).map { $0.member("key") ?? .null } == ["K", "J", "d", "a"])
        #expect(try actions(taken: ["J", "d", "x", "D", "a", "A", "+"]).map { $0.member("key") ?? .null } == ["K", "N", .null, .null])
    }

    @Test func aNewItemsDefaultTextStaysText() throws {
        let add = try actions(taken: []).last?.member("action")
        #expect(add?.member("value") == .object(["name": #"\{{.Version}}"#]))
        var state = AppState(root: try loadSpec(#"{"sections": [{"rows": [{"title": "Add", "action": \#(add?.compactJSON ?? "")}]}]}"#,
                                                file: "/specs/main.json"), size: Size(width: 40, height: 6))
        press(.enter, on: &state)
        #expect(state.settings.values.member("tags") == .array([.object(["name": "{{.Version}}"])]))
    }
}

@Suite struct SchemaFormReferenceTests {
    @Test func aReferenceWithAnEscapedBlankIsFollowedAsTheCheckFollowsIt() throws {
        let found = try rows(##"{"$defs": {"a b": {"type": "boolean"}}, "properties": {"on": {"$ref": "#/$defs/a%20b"}}}"##)
        #expect(found["on"]?.member("cell") == "toggle")
    }

    /// A choice without a default shows `unset` and can be stepped back to it, unless it is
    /// required (unset could not be saved).
    @Test func anOptionalChoiceWithoutADefaultCanBeUnsetAgain() throws {
        let found = try rows(#"{"required": ["mode"], "properties": {"day": {"enum": ["mon", "tue"]}, "mode": {"enum": ["a", "b"]}, "size": {"enum": ["s", "m"], "default": "m"}}}"#)
        #expect(found["day"]?.member("placeholder") == "unset")
        #expect(found["mode"]?.member("placeholder") == nil)
        #expect(found["size"]?.member("placeholder") == nil)
    }

    /// A property only some values need (`then`, `else`) is a row too: dependabot's `cronjob`,
    /// required when the interval is `cron`, can be given.
    @Test func thePropertiesAnIfsBranchesNameAreRowsToo() throws {
        let found = try rows(##"""
            {"properties": {"interval": {"enum": ["daily", "cron"]}},
             "allOf": [{"if": {"properties": {"interval": {"const": "cron"}}}, "then": {"properties": {"cronjob": {"type": "string"}}, "required": ["cronjob"]}}],
             "if": {"required": ["interval"]}, "else": {"properties": {"note": {"type": "boolean"}}}}
            """##)
        #expect(found["cronjob"]?.member("cell") == "input")
        #expect(found["note"]?.member("cell") == "toggle")
    }

    /// `"$ref": "#name"` names an `$anchor` (or draft-07's `"$id": "#name"`), as the check reads it.
    @Test func aReferenceToAnAnchorIsFollowedAsTheCheckFollowsIt() throws {
        let found = try rows(##"""
            {"$defs": {"flag": {"$anchor": "flag", "type": "boolean"}, "level": {"$id": "#level", "enum": ["low", "high"]}},
             "properties": {"on": {"$ref": "#flag"}, "level": {"$ref": "#level"}, "gone": {"$ref": "#nothing"}}}
            """##)
        #expect(found["on"]?.member("cell") == "toggle")
        #expect(found["level"]?.member("cell") == "choice")
        #expect(found["gone"]?.member("detail")?.stringValue?.contains("is not in this schema") == true)
    }
}
