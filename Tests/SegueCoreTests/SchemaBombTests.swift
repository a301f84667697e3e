import Testing
@testable import SegueCore

/// Schemas that name the same schema twice at each level (`$ref` bombs, issue 40 item 12):
/// `segue edit` showed no screen in 60 s. Each walk over a schema reads each schema once
/// (`SchemaMemo`, `SchemaWalk.referenced`), and stays right for a schema that holds itself.
@Suite struct SchemaBombTests {
    /// `levels` definitions, each `keyword` of `width` `$ref`s to the next; the last an object
    /// with a text property `x`. Twenty levels of two: a million paths, which took seconds; forty, 2⁴⁰.
    static func bomb(_ keyword: String, levels: Int = 20, width: Int = 2) -> JSONValue {
        var definitions: [String: JSONValue] = [:]
        for level in 0..<levels {
            let next = JSONValue.object(["$ref": .string("#/$defs/l\(level + 1)")])
            definitions["l\(level)"] = .object([keyword: .array(Array(repeating: next, count: width))])
        }
        definitions["l\(levels)"] = .object(["type": "object", "properties": .object(["x": .object(["type": "string"])])])
        return .object([
            "type": "object",
            "properties": .object(["p": .object(["$ref": "#/$defs/l0"])]),
            "allOf": .array([.object(["$ref": "#/$defs/l0"])]),
            "$defs": .object(definitions),
        ])
    }

    static func seconds(_ body: () -> Void) -> Double {
        let start = Monotonic.now()
        body()
        return Monotonic.now() - start
    }

    @Test(arguments: ["allOf", "anyOf", "oneOf"]) func theScreensOfABombAreMadeAtOnce(keyword: String) {
        let schema = Self.bomb(keyword)
        var screens: [SchemaForm.Screen] = []
        #expect(Self.seconds { screens = SchemaForm.screens(schema: schema, folder: "/c.json.screens", title: "c.json") } < 1)
        // The properties joined through the allOf of forty levels are the last level's.
        if keyword == "allOf" {
            let titles = screens.first?.spec.setting("/sections/0/rows")?.arrayValue?.compactMap { $0.member("title")?.stringValue }
            #expect(titles == ["p", "x"])
        }
    }

    @Test(arguments: ["allOf", "anyOf", "oneOf"]) func aBombChecksAFileAtOnceAndFindsWhatAFewLevelsFind(keyword: String) {
        let document = JSONValue.object(["x": .number("1"), "p": .object(["x": "text"])])
        var problems: [SchemaCheck.Problem] = []
        #expect(Self.seconds { problems = SchemaCheck(schema: Self.bomb(keyword)).problems(of: document) } < 1)
        #expect(problems == SchemaCheck(schema: Self.bomb(keyword, levels: 2)).problems(of: document))
        if keyword == "allOf" { #expect(problems.map(\.description) == ["/x: expected text"]) }
    }

    @Test func theTypesOfAWideBombAreReadAtOnce() {
        // Eight levels of eight: 16 million branches read for the types of `p`.
        let schema = Self.bomb("anyOf", levels: 8, width: 8)
        var types: [String] = []
        #expect(Self.seconds { types = (try? SchemaNode(.object(["$ref": "#/$defs/l0"]), in: schema))?.types ?? [] } < 1)
        #expect(types == ["object"])
    }

    @Test func aSchemaThatHoldsItselfIsReadOnceRoundAndStillChecksEachLevel() throws {
        // A tree: each node's children are nodes; and a root that is `allOf` itself.
        let schema = try JSONParser.parse(Array(#"""
            {"allOf": [{"$ref": "#"}], "$ref": "#/$defs/node",
             "$defs": {"node": {"type": "object", "required": ["name"],
                                "properties": {"name": {"type": "string"}, "children": {"type": "array", "items": {"$ref": "#/$defs/node"}}}}}}
            """#.utf8))
        let node = try SchemaNode(schema, in: schema, at: "")
        #expect(node.properties.keys.sorted() == ["children", "name"])
        #expect(node.orderedProperties(JSONKeyOrder()).map(\.key) == ["children", "name"])
        #expect(node.types == ["object"])
        let document = try JSONParser.parse(Array(#"{"name": "a", "children": [{"name": "b", "children": [{"children": []}, {"name": 3}]}]}"#.utf8))
        #expect(SchemaCheck(schema: schema).problems(of: document).map(\.description) == [
            "/children/0/children/0/name: required", "/children/0/children/1/name: expected text",
        ])
    }

    @Test func aReferenceMetAgainFindsAllItFoundBeforeNotOnlyWhatWasNewThen() throws {
        // The `$ref`'s problem was already said (by the `type` before it) when it was first
        // followed; met again in a `oneOf`, it must still fail that branch.
        let schema = try JSONParser.parse(Array(##"""
            {"$defs": {"s": {"type": "string"}}, "properties": {"a": {"allOf": [
              {"type": "string"}, {"$ref": "#/$defs/s"}, {"oneOf": [{"$ref": "#/$defs/s"}, {"type": "number"}]}]}}}
            """##.utf8))
        #expect(SchemaCheck(schema: schema).problems(of: .object(["a": .bool(true)])).map(\.description) == [
            "/a: expected text", "/a: matches none of the allowed shapes",
        ])
    }

    @Test func aChainOfThousandsOfReferencesStopsBeforeTheStackEnds() {
        var definitions: [String: JSONValue] = [:]
        for level in 0..<5_000 { definitions["l\(level)"] = .object(["allOf": .array([.object(["$ref": .string("#/$defs/l\(level + 1)")])])]) }
        let schema = JSONValue.object(["allOf": .array([.object(["$ref": "#/$defs/l0"])]), "$defs": .object(definitions)])
        let node = SchemaNode(members: schema.objectMembers ?? [:], document: schema)
        #expect(node.properties.isEmpty)
        #expect(node.types.isEmpty)
    }
}
