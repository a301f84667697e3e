import Testing
@testable import SegueCore
import SegueFiles

/// The titles of the rows of each screen `schema` makes, its properties in the order its bytes
/// (JSON, or YAML as converted) write them.
private func titles(_ schema: String, path: String = "schema.json") throws -> [[String]] {
    let text = try SpecFormat.text(Array(schema.utf8), path: path)
    let screens = SchemaForm.screens(schema: try JSONParser.parse(text.bytes), order: try JSONKeyOrder(text.bytes),
                                     folder: "/c.json.screens", title: "c.json")
    return screens.map { screen in
        (screen.spec.member("sections")?.arrayValue?.first?.member("rows")?.arrayValue ?? []).map { $0.member("title")?.stringValue ?? "?" }
    }
}

/// `segue edit` lists an object's properties in the order the schema's author wrote them (issue 29).
@Suite struct SchemaOrderTests {
    @Test func keyOrderIsKeptForEveryObjectByPointerTheFirstOfATwiceWrittenKeyCounting() throws {
        let order = try JSONKeyOrder(Array(#"""
            {"z": 1, "a": {"y": [{"q": 1, "p": 2}], "x": {}}, // a comment
             "m/~n": {"c": 0, "b": 0, "c": 1},}
            """#.utf8))
        #expect(order.keys(at: "") == ["z", "a", "m/~n"])
        #expect(order.keys(at: "/a") == ["y", "x"])
        #expect(order.keys(at: "/a/y/0") == ["q", "p"])
        #expect(order.keys(at: "/a/x") == [])
        #expect(order.keys(at: "/m~1~0n") == ["c", "b"])
        #expect(order.keys(at: "/z") == nil)
        #expect(JSONKeyOrder().keys(at: "") == nil)
        #expect(throws: JSONSyntaxError.self) { try JSONKeyOrder(Array(#"{"a": }"#.utf8)) }
    }

    @Test func propertiesAreListedAsWrittenAndAlphabeticallyWhenNoOrderIsKnown() throws {
        let schema = #"{"properties": {"zeta": {"type": "boolean"}, "alpha": {"type": "string"}, "mid": {"type": "integer"}}}"#
        #expect(try titles(schema) == [["zeta", "alpha", "mid"]])
        let unordered = SchemaForm.screens(schema: try JSONParser.parse(Array(schema.utf8)), folder: "/c.json.screens", title: "c.json")
        #expect(unordered[0].spec.member("sections")?.arrayValue?.first?.member("rows")?.arrayValue?.map { $0.member("title") }
                == ["alpha", "mid", "zeta"])
    }

    @Test func allOfListsItsOwnFirstThenEachBranchsAndARefsPropertiesAreInItsTargetsOrder() throws {
        let schema = #"""
            {"definitions": {
               "b": {"properties": {"b2": {"type": "boolean"}, "own": {"type": "string"}, "b1": {"type": "boolean"}}},
               "font": {"type": "object", "properties": {"size": {"type": "integer"}, "family": {"type": "string"}}}},
             "properties": {"own": {"type": "boolean"}, "font": {"$ref": "#/definitions/font"}, "aOwn": {"type": "boolean"}},
             "allOf": [{"$ref": "#/definitions/b"}, {"properties": {"last": {"type": "boolean"}, "first": {"type": "boolean"}}}]}
            """#
        let screens = try titles(schema)
        // `own` is the schema's own, in its own place; the font's screen follows its `$ref`.
        #expect(screens == [["own", "font", "aOwn", "b2", "b1", "last", "first"], ["size", "family"]])
        // The root as a config's one object branch, and its `allOf` in a `oneOf`.
        let branch = ##"{"definitions": {"o": {"properties": {"z": {"type": "boolean"}, "a": {"type": "boolean"}}}}, "oneOf": [{"type": "string"}, {"type": "object", "allOf": [{"$ref": "#/definitions/o"}]}]}"##
        #expect(try titles(branch) == [["z", "a"]])
    }

    @Test func aYAMLSchemaListsItsPropertiesInTheYAMLsOrder() throws {
        let schema = """
            title: Editor
            properties:
              width: {type: integer}
              font:
                type: object
                properties:
                  size: {type: integer}
                  bold: {type: boolean}
              autosave: {type: boolean}
            """
        #expect(try titles(schema, path: "schema.yaml") == [["width", "font", "autosave"], ["size", "bold"]])
    }

    @Test func aSchemaThatHoldsItselfOpensInsideItselfOnceNotForever() throws {
        // Renovate's way: `major` is a whole config again (`$ref: "#"`), with a few words of its own.
        let schema = #"""
            {"definitions": {"major": {"type": "object", "$ref": "#", "allOf": [{"properties": {"automerge": {"type": "boolean"}}}]}},
             "properties": {"automerge": {"type": "boolean"}, "major": {"$ref": "#/definitions/major"}}}
            """#
        let screens = SchemaForm.screens(schema: try JSONParser.parse(Array(schema.utf8)), folder: "/c.json.screens", title: "c.json")
        #expect(screens.map(\.name) == ["/c.json.screens/main.json", "/c.json.screens/1-major.json"])
        let rows = screens[1].spec.member("sections")?.arrayValue?.first?.member("rows")?.arrayValue ?? []
        #expect(rows.map { $0.member("title") } == ["automerge", "major"])
        #expect(rows.last?.member("setting") == nil)
        #expect(rows.last?.member("detail") == "it repeats a screen above it: edit it in the file — {{settings.major.major | unset}}")
    }
}
