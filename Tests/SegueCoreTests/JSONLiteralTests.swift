import SegueCore
import Testing

/// JSON values written as Swift literals read as the same JSON parsed.
@Suite struct JSONLiteralTests {
    @Test func literalsAreTheValuesJSONWritesTheSameWay() throws {
        let written: JSONValue = ["percent": 70, "ratio": 0.5, "options": ["System", "Dark"], "wrap": true, "none": .null]
        let parsed = try JSONParser.parse(Array(#"{"percent": 70, "ratio": 0.5, "options": ["System", "Dark"], "wrap": true, "none": null}"#.utf8))
        #expect(written == parsed)
    }

    @Test func aKeyWrittenTwiceKeepsItsLastValueAsParsersDo() throws {
        let written: JSONValue = ["a": 1, "a": 2]
        #expect(written == (try JSONParser.parse(Array(#"{"a": 1, "a": 2}"#.utf8))))
    }
}
