import Testing
@testable import SegueCore
@testable import SegueSpec

/// `segue edit`'s maps: objects of keys of one's own listed as rows, each member edited by its
/// schema, added, renamed and removed; keys beside named properties listed (issue 45).
@Suite struct SchemaMapTests {
    static let schema = #"""
        {"properties": {
           "name": {"type": "string"},
           "services": {"type": "object", "additionalProperties": false,
             "patternProperties": {"^[a-z][a-z0-9-]*$": {"type": "object", "properties": {
               "image": {"type": "string"}, "restart": {"enum": ["no", "always"]}}}}},
           "env": {"type": "object", "additionalProperties": {"type": "string"}}
         },
         "additionalProperties": {"type": "object", "properties": {"script": {"type": "string"}}}}
        """#

    /// The app on the top screen, over `values`, with the spec a segue asks for loaded as the loop does.
    struct Session {
        var state: AppState
        let loader: SpecLoader

        init(_ values: JSONValue) throws {
            let made = SchemaForm.screens(schema: try JSONParser.parse(Array(SchemaMapTests.schema.utf8)), folder: "/c", title: "c.json")
            loader = SpecLoader(files: MadeSpecs(Dictionary(made.map { ($0.name, $0.spec) }) { a, _ in a }, over: NoFiles()))
            state = AppState(root: try loader.load(path: "/c/main.json"), size: Size(width: 60, height: 14),
                             settings: Settings(path: nil, values: values))
        }

        mutating func go(_ keys: Key...) throws {
            for key in keys {
                for effect in press(key, on: &state) {
                    guard case .loadSpec(let path) = effect else { continue }
                    _ = update(&state, .specLoaded(path: path, .success(try loader.load(path: path))))
                }
            }
        }

        mutating func type(_ text: String) throws {
            for character in text { try go(.char(character)) }
        }

        func shows(_ text: String) -> Bool { screen(state).contains { $0.contains(text) } }
    }

    static let file: JSONValue = .object([
        "name": "app",
        "services": .object(["web": .object(["image": "nginx"]), "cache": .object(["image": "redis"])]),
        "env": .object(["HOME": "/root"]),
        "build-job": .object(["script": "make"]),
    ])

    @Test func aMapsMembersAreRowsEachOpeningItsOwnScreenByItsSchema() throws {
        var app = try Session(Self.file)
        // The top screen: named properties, then the keys of one's own (a root's jobs).
        #expect(app.shows("build-job"))
        #expect(!app.shows("(nothing to edit)"))
        try app.go(.down, .down, .enter)  // services (env, name, services: no order known)
        #expect(app.shows("cache") && app.shows("web"))
        try app.go(.down, .enter)  // web (members in the order of their keys)
        #expect(app.state.current.title == "web")
        try app.go(.enter)
        try app.type("-alpine")
        try app.go(.enter)
        #expect(app.state.settings.value(for: "/services/web/image") == "nginx-alpine")
        #expect(app.state.settings.value(for: "/services/cache/image") == "redis")
    }

    @Test func aMemberIsAddedByNameCheckedByThePatternRenamedAndRemoved() throws {
        var app = try Session(Self.file)
        try app.go(.down, .down, .enter)  // services
        try app.go(.char("a"))
        try app.type("Bad")
        try app.go(.enter)
        #expect(app.state.settings.value(for: "/services/Bad") == nil)
        #expect(app.shows("expected a key matching ^[a-z][a-z0-9-]*$"))
        try app.go(.ctrl("u"))
        try app.type("db")
        try app.go(.enter)
        #expect(app.state.settings.value(for: "/services/db") == .object([:]))
        #expect(app.shows("db"))
        // The cursor goes to the new member, wherever its key puts its row (`a` was on cache).
        #expect(screen(app.state).contains { $0.hasPrefix(" > db") }, "\(screen(app.state))")
        // A name given again is refused, not written over the member.
        try app.go(.char("a"))
        try app.type("web")
        try app.go(.enter)
        #expect(app.state.settings.value(for: "/services/web") == .object(["image": "nginx"]))
        #expect(app.shows("web is there already"))
        // Renamed: its value goes with it.
        try app.go(.up, .up)  // cache (rows: cache, db, web, + Add a key)
        try app.go(.char("R"), .ctrl("u"))
        try app.type("redis")
        try app.go(.enter)
        #expect(app.state.settings.value(for: "/services/cache") == nil)
        #expect(app.state.settings.value(for: "/services/redis") == .object(["image": "redis"]))
        // Removed, after asking.
        try app.go(.char("d"), .char("y"))
        #expect(app.state.settings.value(for: "/services")?.objectMembers?.keys.sorted() == ["redis", "web"]
                || app.state.settings.value(for: "/services")?.objectMembers?.keys.sorted() == ["db", "web"])
        #expect(app.state.settings.value(for: "/services")?.objectMembers?.count == 2)
    }

    @Test func aMapOfTextIsEditedOnItsRows() throws {
        var app = try Session(Self.file)
        try app.go(.enter)  // env
        #expect(app.shows("HOME") && app.shows("/root"))
        try app.go(.enter)
        try app.type("/x")
        try app.go(.enter)
        #expect(app.state.settings.value(for: "/env/HOME") == "/root/x")
        try app.go(.char("a"))
        try app.type("PATH/x")
        try app.go(.enter)
        // A key holding a slash is one key of the pointer.
        #expect(app.state.settings.values.member("env")?.member("PATH/x") == "")
    }

    @Test func keysBesideNamedPropertiesAreListedAndOpenByTheirSchema() throws {
        var app = try Session(Self.file)
        #expect(!app.shows("HOME"))
        // The named properties are not listed again among the keys of one's own.
        #expect(screen(app.state).filter { $0.contains("services") }.count == 1)
        try app.go(.down, .down, .down, .enter)  // build-job, after env, name and services
        #expect(app.state.current.title == "build-job")
        #expect(app.shows("make"))
    }
}
