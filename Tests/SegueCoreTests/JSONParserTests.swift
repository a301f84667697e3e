import Testing
@testable import SegueCore

/// `line:column: message` for `text`, or nil when it parses.
private func error(_ text: String) -> String? {
    error(Array(text.utf8))
}

private func error(_ bytes: [UInt8]) -> String? {
    do {
        _ = try JSONParser.parse(bytes)
        return nil
    } catch {
        return error.description
    }
}

private func parse(_ text: String) throws -> JSONValue {
    try JSONParser.parse(Array(text.utf8))
}

@Suite struct JSONParserTests {
    // MARK: - Values

    @Test func parsesEveryKindOfValue() throws {
        let value = try parse(#" {"a": [1, -2.5e+3, true, false, null], "b": {"c": "d"}, "e": ""} "#)
        #expect(value == .object([
            "a": .array([.number("1"), .number("-2.5e+3"), .bool(true), .bool(false), .null]),
            "b": .object(["c": .string("d")]),
            "e": .string(""),
        ]))
    }

    @Test func numbersKeepTheirSourceText() throws {
        #expect(try parse("1.50E-07") == .number("1.50E-07"))
        #expect(try parse("-0") == .number("-0"))
        #expect(try parse("1e400") == .number("1e400"))  // beyond Double; see JSONParser's notes
    }

    @Test func decodesEscapes() throws {
        #expect(try parse(#""\"\\\/\b\f\n\r\t""#) == .string("\"\\/\u{8}\u{C}\n\r\t"))
        #expect(try parse(#""caf\u00e9 \u00C9 \u0000""#) == .string("café É \u{0}"))
        #expect(try parse(#""\ud83d\ude00 \uD83C\uDF55""#) == .string("😀 🍕"))
    }

    @Test func keepsRawNonASCIIText() throws {
        #expect(try parse("\"Section 12 · #1 中文 😀\"") == .string("Section 12 · #1 中文 😀"))
    }

    @Test func lastDuplicateKeyWins() throws {
        #expect(try parse(#"{"a": 1, "a": 2}"#) == .object(["a": .number("2")]))
    }

    @Test func skipsALeadingByteOrderMark() throws {
        #expect(try JSONParser.parse([0xEF, 0xBB, 0xBF] + Array("[1]".utf8)) == .array([.number("1")]))
    }

    @Test func acceptsNestingUpTo512Levels() throws {
        let deep = String(repeating: "[", count: 512) + String(repeating: "]", count: 512)
        #expect(throws: Never.self) { try JSONParser.parse(Array(deep.utf8)) }
        #expect(throws: Never.self) { try JSONParser.validate(Array(deep.utf8)) }
    }

    @Test func validateAgreesWithParse() {
        for text in [#"{"a": [1, {"b": null}]}"#, "[1,]", #""\q""#, "01", "[1] 2"] {
            let parsed = error(text)
            var validated: String?
            do { try JSONParser.validate(Array(text.utf8)) } catch { validated = error.description }
            #expect(parsed == validated, "\(text)")
        }
    }

    // MARK: - Structure errors

    @Test func missingCommaInObject() {
        #expect(error(#"{"a": 1 "b": 2}"#) == #"1:9: expected ',' or '}' after object member, found '"'"#)
    }

    @Test func missingCommaInArray() {
        #expect(error("[1 2]") == "1:4: expected ',' or ']' after array element, found '2'")
    }

    @Test func missingColon() {
        #expect(error(#"{"a" 1}"#) == "1:6: expected ':' after object key, found '1'")
    }

    @Test func unquotedKey() {
        #expect(error("{a: 1}") == "1:2: expected a string key or '}', found 'a'")
    }

    /// JSONC: one trailing comma is taken; a comment never closed is named at its start.
    @Test func trailingCommasAndComments() {
        #expect(error(#"{"a": 1,}"#) == nil)
        #expect(error("[1,\n]") == nil)
        #expect(error(#"{"a": 1,,}"#) == "1:9: expected a string key after ',', found ','")
        #expect(error("[1, /* open") == "1:5: a /* comment that is never closed with */")
    }

    @Test func missingValue() {
        #expect(error("[1, ?]") == "1:5: expected a value, found '?'")
        #expect(error("[\u{1}]") == "1:2: expected a value, found U+0001")
        #expect(error("[é]") == "1:2: expected a value, found 'é'")
        #expect(error([0x5B, 0xFF, 0x5D]) == "1:2: expected a value, found byte 0xFF")
    }

    @Test func garbageAfterTheValue() {
        #expect(error("[1] 2") == "1:5: expected end of file after the top-level value, found '2'")
    }

    @Test func unexpectedEndOfFile() {
        #expect(error("") == "1:1: unexpected end of file")
        #expect(error("  \n ") == "2:2: unexpected end of file")
        #expect(error(#"{"a": [1, 2"#) == "1:12: unexpected end of file")
        #expect(error("1e+") == "1:4: unexpected end of file")
    }

    @Test func tooDeeplyNested() {
        let deep = String(repeating: "[", count: 513) + String(repeating: "]", count: 513)
        #expect(error(deep) == "1:513: nesting deeper than 512 levels")
    }

    // MARK: - String errors

    @Test func unterminatedStringPointsAtItsOpeningQuote() {
        #expect(error(#"["abc"#) == "1:2: unterminated string")
        #expect(error("[\n  \"abc\n]") == "2:3: unterminated string")
        #expect(error(#""abc\"#) == "1:1: unterminated string")
    }

    @Test func invalidEscapes() {
        #expect(error(#""a\qb""#) == #"1:3: invalid escape '\q'"#)
        #expect(error(#""\u12G4""#) == #"1:2: invalid escape '\u12G4'"#)
        #expect(error(#""\u12""#) == #"1:2: invalid escape '\u12'"#)
    }

    @Test func unpairedSurrogates() {
        #expect(error(#""\uD800""#) == #"1:2: unpaired surrogate '\uD800'"#)
        #expect(error(#""\udc00x""#) == #"1:2: unpaired surrogate '\udc00'"#)
        #expect(error(#""ab\uD800\u0041""#) == #"1:4: unpaired surrogate '\uD800'"#)
        #expect(error(#""\uD800\uD800""#) == #"1:2: unpaired surrogate '\uD800'"#)
    }

    @Test func rawControlCharacters() {
        #expect(error("\"a\tb\"") == "1:3: unescaped control character U+0009 in string")
        #expect(error("\"a\u{0}b\"") == "1:3: unescaped control character U+0000 in string")
    }

    @Test func invalidUTF8() {
        let quote: UInt8 = 0x22
        #expect(error([quote, 0xFF, quote]) == "1:2: invalid UTF-8 byte 0xFF in string")
        #expect(error([quote, 0x61, 0xC3, 0x41, quote]) == "1:3: invalid UTF-8 byte 0xC3 in string")  // truncated
        #expect(error([quote, 0xC0, 0x80, quote]) == "1:2: invalid UTF-8 byte 0xC0 in string")  // overlong
        #expect(error([quote, 0xED, 0xA0, 0x80, quote]) == "1:2: invalid UTF-8 byte 0xED in string")  // surrogate
        #expect(error([quote, 0xF4, 0x90, 0x80, 0x80, quote]) == "1:2: invalid UTF-8 byte 0xF4 in string")  // > U+10FFFF
        #expect(error([quote, 0x80, quote]) == "1:2: invalid UTF-8 byte 0x80 in string")  // lone continuation
    }

    // MARK: - Number and literal errors

    @Test func numberErrors() {
        #expect(error("[01]") == "1:2: number with a leading zero")
        #expect(error("-01") == "1:1: number with a leading zero")
        #expect(error("-a") == "1:2: expected a digit after '-', found 'a'")
        #expect(error("1.e5") == "1:3: expected a digit after '.', found 'e'")
        #expect(error("[1e]") == "1:4: expected a digit in the exponent, found ']'")
        #expect(error("[.5]") == "1:2: expected a value, found '.'")
        #expect(error("[+1]") == "1:2: expected a value, found '+'")
    }

    @Test func literalErrors() {
        #expect(error("tru") == "1:1: invalid literal 'tru' (expected true, false or null)")
        #expect(error("[nullx]") == "1:2: invalid literal 'nullx' (expected true, false or null)")
        #expect(error("[True]") == "1:2: invalid literal 'True' (expected true, false or null)")
        #expect(error("NaN") == "1:1: invalid literal 'NaN' (expected true, false or null)")
    }

    // MARK: - Locations

    @Test func columnsCountUnicodeScalarsNotBytes() {
        #expect(error(#"{"é😀": 1 x}"#) == "1:10: expected ',' or '}' after object member, found 'x'")
    }

    @Test func linesEndAtLFCRLFOrCR() {
        #expect(error("[\r\n1,\r\n x]") == "3:2: invalid literal 'x' (expected true, false or null)")
        #expect(error("[\r1,\r x]") == "3:2: invalid literal 'x' (expected true, false or null)")
    }

    @Test func aByteOrderMarkIsNotAColumn() {
        #expect(error([0xEF, 0xBB, 0xBF] + Array("[?]".utf8)) == "1:2: expected a value, found '?'")
    }

    @Test func errorsCarryTheirByteOffset() throws {
        let caught = #expect(throws: JSONSyntaxError.self) { try parse("[\"é\", ?]") }
        #expect(caught == JSONSyntaxError(offset: 7, line: 1, column: 7, message: "expected a value, found '?'"))
    }
}
