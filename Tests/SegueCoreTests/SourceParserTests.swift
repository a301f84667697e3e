import Testing
@testable import SegueCore

/// A source's output becoming items, fed in chunks as the runner reads them.
@Suite struct SourceParserTests {
    /// Every item of `raw`, decoded.
    func values(_ raw: RawItems) -> [JSONValue] {
        (0..<raw.count).map { raw[$0] }
    }

    /// Feeds `chunks` one after another, then finishes: every item, and what was said of the next page.
    func parse(_ format: SourceSpec.Format, _ chunks: [String]) throws(SourceParseError) -> ([JSONValue], NextPage) {
        var parser = SourceParser(format: format)
        var items: [JSONValue] = []
        for chunk in chunks { items += values(try parser.feed(Array(chunk.utf8)[...])) }
        let rest = try parser.finish()
        return (items + values(rest.raw) + rest.values, rest.next)
    }

    func line(_ text: String) -> JSONValue { .object(["line": .string(text)]) }

    @Test func plainTextReadAsJSONSaysToUseLines() {
        func message(_ format: SourceSpec.Format, _ text: String) -> String {
            do { _ = try parse(format, [text]); return "parsed" } catch { return error.message }
        }
        #expect(message(.json, "Makefile\nREADME.md\n").hasSuffix(#"; this is not JSON: for plain text, use "format": "lines""#))
        #expect(message(.jsonl, "Makefile\n").hasSuffix(#"use "format": "lines""#))
        // JSON that goes wrong later is a JSON mistake, told as one.
        #expect(!message(.json, "[1, 2,, 3]").contains("lines"))
    }

    @Test func jsonlLinesSplitOverChunksComeWhole() throws {
        var parser = SourceParser(format: .jsonl)
        #expect(values(try parser.feed(Array(#"{"id": 1}"#.utf8)[...])).isEmpty)
        #expect(values(try parser.feed(Array("\n{\"id\":".utf8)[...])) == [.object(["id": .number("1")])])
        #expect(values(try parser.feed(Array(" 2}\n".utf8)[...])) == [.object(["id": .number("2")])])
        #expect(values(try parser.finish().raw).isEmpty)
    }

    @Test func aLastLineWithoutANewlineCountsAndATrailingNewlineAddsNothing() throws {
        #expect(try parse(.lines, ["a\nb"]).0 == [line("a"), line("b")])
        #expect(try parse(.lines, ["a\nb\n"]).0 == [line("a"), line("b")])
        #expect(try parse(.jsonl, ["1\n2"]).0 == [.number("1"), .number("2")])
    }

    @Test func crlfEndsALineLikeLF() throws {
        #expect(try parse(.lines, ["one\r\ntwo\r", "\n"]).0 == [line("one"), line("two")])
        #expect(try parse(.jsonl, ["{\"a\": 1}\r\n{\"a\": 2}\r\n"]).0 == [.object(["a": .number("1")]), .object(["a": .number("2")])])
    }

    @Test func blankLinesAreSkippedInJSONLButAreItemsInLines() throws {
        #expect(try parse(.jsonl, ["1\n\n  \t\n2\n"]).0 == [.number("1"), .number("2")])
        #expect(try parse(.lines, ["a\n\nb\n"]).0 == [line("a"), line(""), line("b")])
    }

    @Test func aBadLineSaysWhereAndCarriesTheItemsBeforeIt() throws {
        var parser = SourceParser(format: .jsonl)
        _ = try parser.feed(Array("1\n".utf8)[...])  // line 1, in an earlier chunk
        let error = #expect(throws: SourceParseError.self) { try parser.feed(Array("2\n3\n{oops\n4\n".utf8)[...]) }
        #expect(error?.message.hasPrefix("line 4, column 2: ") == true)
        #expect(error?.itemsBefore.map(values) == [.number("2"), .number("3")])
    }

    @Test func jsonIsAnArrayOrAnObjectWithItemsAndMaybeNext() throws {
        let items: [JSONValue] = [.object(["id": .number("1")]), .object(["id": .number("2")])]
        #expect(try parse(.json, ["[{\"id\": 1},", " {\"id\": 2}]"]) == (items, .unspecified))
        #expect(try parse(.json, [#"{"items": [{"id": 1}, {"id": 2}], "next": "page-2"}"#]) == (items, .cursor("page-2")))
        #expect(try parse(.json, [#"{"items": [{"id": 1}, {"id": 2}], "next": null}"#]) == (items, .end))
        #expect(try parse(.json, [#"{"items": [{"id": 1}, {"id": 2}]}"#]) == (items, .unspecified))
    }

    @Test func emptyOutputIsAnEmptyPage() throws {
        for format in SourceSpec.Format.allCases {
            #expect(try parse(format, []) == ([], .unspecified))
            #expect(try parse(format, [""]) == ([], .unspecified))
        }
        #expect(try parse(.json, [" \n\t"]) == ([], .unspecified))
    }

    @Test func jsonOfAnotherShapeIsAnError() throws {
        #expect(throws: SourceParseError(message: "expected an array, or an object with an array at \"items\"")) {
            try parse(.json, [#"{"rows": []}"#])
        }
        #expect(throws: SourceParseError.self) { try parse(.json, ["[1, 2"]) }
        let error = #expect(throws: SourceParseError.self) { try parse(.json, ["12"]) }
        #expect(error?.message.hasPrefix("expected an array, or an object with an array at \"items\", found") == true)
    }
}

@Suite struct NulSeparatedLineTests {
    @Test func itemsEndAtNulAndKeepTheirLineFeedsAndCarriageReturns() throws {
        var parser = SourceParser(format: .lines, itemEnd: 0)
        let items = try parser.feed(Array("a\nb\0c\r\0d".utf8)[...])
        #expect((0..<items.count).map { items[$0] } == [.object(["line": "a\nb"]), .object(["line": "c\r"])])
        let rest = try parser.finish().raw
        #expect(rest.count == 1 && rest[0] == .object(["line": "d"]))
    }

    @Test func jsonlIgnoresIt() throws {
        var parser = SourceParser(format: .jsonl, itemEnd: 0)
        #expect(try parser.feed(Array("{\"a\":1}\n".utf8)[...]).count == 1)
    }
}
