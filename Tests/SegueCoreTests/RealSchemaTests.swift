import Foundation
import Testing
@testable import SegueCore
import SegueFiles

/// The real public schemas `make test-deps` unpacks from check-jsonschema's pinned wheel (its
/// vendored copies of SchemaStore's and others'): `SEGUE_REAL_SCHEMAS`, else where the Makefile
/// puts them. Missing, a test fails and says how to fetch them.
enum RealSchemas {
    struct Missing: Error, CustomStringConvertible {
        var description: String
    }

    static let folder: String = ProcessInfo.processInfo.environment["SEGUE_REAL_SCHEMAS"] ?? {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }
        return url.path + "/.build/pydeps/check_jsonschema/builtin_schemas/vendor"
    }()

    /// The path of the vendored schema `name` (`renovate`).
    static func path(_ name: String) throws -> String {
        let path = folder + "/" + name + ".json"
        guard FileManager.default.fileExists(atPath: path) else {
            throw Missing(description: "no real schema at \(path): run `make test-deps`, which fetches check-jsonschema 0.39.0's vendored schemas")
        }
        return path
    }

    /// The screens `segue edit` makes from the vendored schema `name`, as EditCommand makes
    /// them: each as it is asked for.
    static func form(_ name: String, matching value: JSONValue = .null) throws -> SchemaScreens {
        let path = try path(name)
        let text = try DiskFiles().contents(of: path)
        return SchemaScreens(schema: try JSONParser.parse(text.bytes), order: try JSONKeyOrder(text.bytes),
                             folder: "/c.json.screens", title: "c.json", matching: value)
    }

    /// Every screen of the vendored schema `name`, made whole.
    static func screens(_ name: String) throws -> [SchemaForm.Screen] {
        try form(name).all()
    }
}

extension SchemaScreens {
    /// The top screen.
    var top: SchemaForm.Screen { SchemaForm.Screen(name: first, spec: spec(named: first) ?? .null) }
}

extension SchemaForm.Screen {
    /// Its rows, in order.
    var rows: [JSONValue] {
        spec.member("sections")?.arrayValue?.first?.member("rows")?.arrayValue ?? []
    }
}

extension SchemaForm.Screen {
    /// The row titled `title`.
    func row(_ title: String) -> JSONValue? {
        rows.first { $0.member("title")?.stringValue == title }
    }

    /// The rows titled `title`: one for each shape of a value of several.
    func rows(titled title: String) -> [JSONValue] {
        rows.filter { $0.member("title")?.stringValue == title }
    }

    /// Its rows' titles, those of a value of several shapes (rows in a row with one title) once.
    var shownTitles: [String] {
        rows.map { $0.member("title")?.stringValue ?? "" }.reduce(into: []) { titles, title in
            if titles.last != title { titles.append(title) }
        }
    }

    /// The screen its row titled `title` opens.
    func screen(_ title: String, in screens: [SchemaForm.Screen]) -> SchemaForm.Screen? {
        guard let name = row(title)?.member("segue")?.stringValue else { return nil }
        return screens.first { $0.name == name }
    }

    /// The screen its row titled `title` opens, made now.
    func screen(_ title: String, in form: SchemaScreens) -> SchemaForm.Screen? {
        guard let name = row(title)?.member("segue")?.stringValue, let spec = form.spec(named: name) else { return nil }
        return SchemaForm.Screen(name: name, spec: spec)
    }
}

/// The titles the rows of the object at `pointer` in `schema` must have, in the order its bytes
/// write them: each property's own `title` (through its `$ref`s) or its key.
private func titles(at pointer: String, in name: String) throws -> [String] {
    let bytes = try DiskFiles().contents(of: RealSchemas.path(name)).bytes
    let schema = try JSONParser.parse(bytes)
    return try JSONKeyOrder(bytes).keys(at: pointer)?.map { key in
        var member = schema.setting(pointer + "/" + key)
        while let reference = member?.member("$ref")?.stringValue, member?.member("title") == nil {
            member = reference == "#" ? nil : schema.setting(String(reference.dropFirst()))
        }
        return member?.member("title")?.stringValue ?? key
    } ?? []
}

/// `segue edit`'s screens from three real public schemas, as check-jsonschema vendors them
/// (issue 29): made whole, every property a row, each kind of row where it belongs, and every row
/// that cannot edit saying why. Rows for lists of objects are left unasserted: they are to become
/// editable.
@Suite struct RealSchemaTests {
    /// What a read-only row may say, after the value: each reason `SchemaForm` gives.
    static let reasons = ["edit it in the file", "the schema gives it no type", "is not in this schema", "leads round in a cycle",
                          "its choices are objects or arrays", "the schema names no properties here"]

    /// Every row of every screen: a setting it edits, a screen it opens, or why it does neither.
    func expectEveryRowEditsOpensOrSaysWhyNot(_ screens: [SchemaForm.Screen]) {
        for screen in screens {
            for row in screen.rows {
                if row.member("enabled") == .bool(false) {
                    let detail = row.member("detail")?.stringValue ?? ""
                    #expect(Self.reasons.contains { detail.hasSuffix($0) || detail.contains($0) }, "\(screen.name): \(row)")
                } else {
                    #expect(row.member("setting")?.stringValue?.hasPrefix("/") == true || row.member("segue") != nil, "\(screen.name): \(row)")
                }
            }
        }
    }

    @Test func renovatesThreeHundredOptionsAreRowsOfTheirKindsInTheSchemasOrder() throws {
        let form = try RealSchemas.form("renovate")
        // Made as they open: the top screen alone at first.
        #expect(form.madeCount == 1)
        let main = form.top
        // Nothing dropped: a row for each property, in the order written (a value of several
        // shapes has a row for each, one shown at a time).
        #expect(main.shownTitles == (try titles(at: "/properties", in: "renovate")))
        #expect(main.shownTitles.count == 300)
        #expect(main.row("prHourlyLimit")?.member("kind") == "number")
        #expect(main.row("prHourlyLimit")?.member("pattern") == "-?[0-9]+")
        #expect(main.row("prHourlyLimit")?.member("placeholder") == "default: 2")
        #expect(main.row("automerge")?.member("cell") == "toggle")
        #expect(main.row("rangeStrategy")?.member("cell") == "choice")
        #expect(main.row("rangeStrategy")?.member("options")?.arrayValue?.first == "auto")
        #expect(main.row("labels")?.member("kind") == "list")
        // A string or a list of strings is a row for each shape; a map of names opens a screen of its members.
        #expect(main.rows(titled: "schedule").map { $0.member("kind") } == ["list", nil])
        #expect(main.rows(titled: "extends").map { $0.member("detail") } == ["list of {{count(settings.extends) | 0}}", nil])
        #expect(main.rows(titled: "extends").map { $0.member("cell") } == [nil, "choice"])
        #expect(main.row("env")?.member("detail") == "map of {{count(settings.env) | 0}}")
        // `major` is a whole config again: its screen opens, and `major` in it does not.
        let major = try #require(main.screen("major", in: form))
        #expect(major.row("automerge")?.member("setting") == "/major/automerge")
        #expect(major.row("major")?.member("detail")
                == "it repeats a screen above it: edit it in the file — {{settings.major.major | unset}}")
        // An object's default (a page of JSON for npm) is left to its screen.
        #expect(main.row("npm")?.member("preview") == .object(["text": "Configuration object for the npm manager\nSee also: https://docs.renovatebot.com/configuration-options/#npm", "wrap": .bool(true)]))
        let lockFiles = try #require(main.screen("lockFileMaintenance", in: form))
        #expect(lockFiles.row("schedule")?.member("setting") == "/lockFileMaintenance/schedule")
        let constraints = try #require(main.screen("constraints", in: form))
        #expect(constraints.row("python")?.member("setting") == "/constraints/python")
        // A list of objects opens a screen of its items, each of which opens its own.
        let rules = try #require(main.screen("packageRules", in: form))
        #expect(rules.spec.member("sections")?.arrayValue?.first?.member("forEach") == "settings.packageRules")
        #expect(form.madeCount == 5)
        expectEveryRowEditsOpensOrSaysWhyNot([main, major, lockFiles, constraints, rules])
    }

    @Test func dependabotsVersionIsAChoiceOfTwoAndItsMapsOpenScreensOfTheirMembers() throws {
        let screens = try RealSchemas.screens("dependabot")
        let main = screens[0]
        #expect(main.rows.map { $0.member("title")?.stringValue ?? "" } == (try titles(at: "/properties", in: "dependabot")))
        // The file's name is the title; the schema's description, the header.
        #expect(main.spec.member("title") == "c.json")
        #expect(main.spec.member("sections")?.arrayValue?.first?.member("header")?.stringValue?.isEmpty == false)
        #expect(main.row("Config file version")?.member("options") == .array([.number("2")]))
        #expect(main.row("enable-beta-ecosystems")?.member("cell") == "toggle")
        #expect(main.row("registries")?.member("detail") == "map of {{count(settings.registries) | 0}}")
        #expect(main.row("multi-ecosystem-groups")?.member("detail") == "map of {{count(settings.multi-ecosystem-groups) | 0}}")
        #expect(main.row("updates") != nil)
        expectEveryRowEditsOpensOrSaysWhyNot(screens)
    }

    @Test func readTheDocsNestedObjectsOpenScreensOfChoicesTogglesAndLists() throws {
        let screens = try RealSchemas.screens("readthedocs")
        let main = screens[0]
        #expect(main.shownTitles == ["Version", "Formats", "Conda", "Build", "Python", "Sphinx", "mkdocs", "Submodules", "search"])
        #expect(main.row("Version")?.member("options") == .array([.number("2")]))
        // A list of formats, or "all": a row for each shape.
        #expect(main.rows(titled: "Formats").map { $0.member("cell") } == [nil, "choice"])
        let build = try #require(main.screen("Build", in: screens))
        #expect(build.rows.map { $0.member("title")?.stringValue ?? "" }
                == (try titles(at: "/properties/build/properties", in: "readthedocs")))
        #expect(build.row("Operating System")?.member("options")?.arrayValue?.contains("ubuntu-24.04") == true)
        #expect(build.row("APT Packages")?.member("kind") == "list")
        let tools = try #require(build.screen("Tools", in: screens))
        #expect(tools.row("python")?.member("setting") == "/build/tools/python")
        #expect(tools.row("python")?.member("cell") == "choice")
        let jobs = try #require(build.screen("Build jobs", in: screens))
        #expect(jobs.row("post_checkout")?.member("kind") == "list")
        let sphinx = try #require(main.screen("Sphinx", in: screens))
        #expect(sphinx.row("Fail on Warning")?.member("cell") == "toggle")
        #expect(sphinx.row("Builder")?.member("options") == .array(["html", "dirhtml", "singlehtml"]))
        #expect(main.screen("search", in: screens)?.row("Ranking")?.member("detail")
                == "map of {{count(settings.search.ranking) | 0}}")
        expectEveryRowEditsOpensOrSaysWhyNot(screens)
    }
}

/// Shapes the real schemas showed, each in a few lines.
@Suite struct RealSchemaShapeTests {
    /// The rows of the top screen `schema` makes, by title.
    private func rows(_ schema: String) throws -> [String: JSONValue] {
        let screens = SchemaForm.screens(schema: try JSONParser.parse(Array(schema.utf8)), folder: "/c.json.screens", title: "c.json")
        return Dictionary(screens[0].rows.map { ($0.member("title")?.stringValue ?? "", $0) }) { first, _ in first }
    }

    @Test func aValueOfSeveralShapesIsARowForEachShownWhileTheValueHasIt() throws {
        let screens = SchemaForm.screens(schema: try JSONParser.parse(Array(#"""
            {"properties": {
              "schedule": {"oneOf": [{"type": "array", "items": {"type": "string"}}, {"type": "string"}]},
              "presets": {"type": ["string", "array"], "items": {"type": "string"}},
              "image": {"oneOf": [{"type": "string"}, {"type": "object", "properties": {"name": {"type": "string"}}}]},
              "port": {"type": ["string", "number"]},
              "rules": {"type": "array", "items": {"allOf": [{"type": "object", "properties": {"x": {"type": "boolean"}}}]}}
            }}
            """#.utf8)), folder: "/c.json.screens", title: "c.json")
        let rows = screens[0].rows
        func titled(_ title: String) -> [JSONValue] { rows.filter { $0.member("title")?.stringValue == title } }
        // In the schema's order: the first shows while the value is unset too.
        #expect(titled("schedule").map { $0.member("kind") } == ["list", "text"].map { $0 == "text" ? nil : .string($0) })
        #expect(titled("schedule").map { $0.member("hidden") } == [
            "{{(shape(member(settings, 'schedule')) != 'list') && shape(member(settings, 'schedule')) != ''}}",
            "{{shape(member(settings, 'schedule')) == 'list' || shape(member(settings, 'schedule')) == 'object' || shape(member(settings, 'schedule')) == ''}}",
        ])
        #expect(titled("presets").map { $0.member("kind") } == [nil, "list"])
        #expect(titled("image").map { $0.member("detail") } == [nil, "1 setting"])
        // S changes the shape, text kept as a list of it.
        let reshape = titled("image")[0].member("actions")?.arrayValue?.first
        #expect(reshape?.member("key") == "S")
        #expect(reshape?.member("action") == .object(["type": "reshape", "setting": "/image", "shapes": .array(["", .object([:])])]))
        // Plain values of two types are one shape, typed as JSON; one shape is one row.
        #expect(titled("port").map { $0.member("kind") } == ["json"])
        #expect(titled("rules").map { $0.member("detail") } == ["list of {{count(settings.rules) | 0}}"])
    }

    @Test func aMapOrAnObjectOfNoNamedKeysOpensAScreenOfItsMembers() throws {
        let schema = #"{"properties": {"env": {"type": "object", "additionalProperties": {"type": "string"}}, "any": {"type": "object"}, "ranks": {"additionalProperties": {"type": "number"}}}}"#
        let screens = SchemaForm.screens(schema: try JSONParser.parse(Array(schema.utf8)), folder: "/c.json.screens", title: "c.json")
        #expect(screens.count == 4)
        let found = try rows(schema)
        #expect(found["env"]?.member("detail") == "map of {{count(settings.env) | 0}}")
        #expect(found["ranks"]?.member("detail") == "map of {{count(settings.ranks) | 0}}")
        let ranks = try #require(screens.first { $0.name.hasSuffix("ranks.json") })
        let row = ranks.spec.member("sections")?.arrayValue?.first?.member("row")
        #expect(row?.member("kind") == "number")
        #expect(row?.member("setting") == "/ranks/{{pointerKey(item.key)}}")
        #expect(found["any"]?.member("detail") == "map of {{count(settings.any) | 0}}")
    }

    @Test func aWholeConfigAgainIsTitledByItsKeyNotByTheDocumentsTitle() throws {
        let found = try rows(#"""
            {"title": "Renovate config", "description": "All of it.", "definitions": {"npm": {"type": "object", "$ref": "#"}},
             "properties": {"npm": {"$ref": "#/definitions/npm"}, "automerge": {"type": "boolean"}}}
            """#)
        #expect(found["npm"] == .object(["title": "npm", "detail": "2 settings", "segue": "/c.json.screens/1-npm.json", "settingsUnder": "/npm"]))
    }

    @Test func aNullDefaultIsUnsetAnEmptyOneIsQuotedAndTheSchemasTitleIsTheHeaderUnderTheFilesName() throws {
        let schema = #"""
            {"title": "JSON schema for Renovate config files", "properties": {
              "limit": {"type": ["integer", "null"], "default": null, "description": "At most."},
              "prefix": {"type": "string", "default": ""}}}
            """#
        let found = try rows(schema)
        #expect(found["limit"]?.member("placeholder") == nil)
        #expect(found["limit"]?.member("preview") == .object(["text": "At most.", "wrap": .bool(true)]))
        #expect(found["prefix"]?.member("placeholder") == #"default: """#)
        let main = SchemaForm.screens(schema: try JSONParser.parse(Array(schema.utf8)), folder: "/c.json.screens", title: "c.json")[0]
        #expect(main.spec.member("title") == "c.json")
        #expect(main.spec.member("sections")?.arrayValue?.first?.member("header") == "JSON schema for Renovate config files")
    }
}
