import Foundation
import Testing
@testable import SegueCore

/// The fast parser against Foundation's `JSONSerialization` on generated documents.
///
/// Documented differences, each tested below: we reject trailing commas (Foundation accepts them;
/// RFC 8259 does not), we reject UTF-16/32 input (Foundation sniffs encodings; RFC 8259 requires
/// UTF-8 between systems), and we accept numbers beyond `Double`'s range (Foundation rejects
/// `1e400`; RFC 8259 leaves ranges to implementations, and we keep the source text).
@Suite struct JSONCorpusTests {
    @Test func agreesWithFoundationOnValidDocuments() throws {
        var generator = JSONDocumentGenerator(seed: 0x5E6E_0001)
        for index in 0..<3000 {
            let document = generator.document()
            let theirs = try JSONSerialization.jsonObject(with: Data(document), options: .fragmentsAllowed)
            let ours = try JSONParser.parse(document)
            #expect(sameValue(ours, theirs), "document \(index): \(String(decoding: document, as: UTF8.self))")
            #expect(throws: Never.self) { try JSONParser.validate(document) }
        }
    }

    @Test func rejectsWhateverFoundationRejects() {
        for document in Self.invalidDocuments {
            #expect(!foundationAccepts(document), "Foundation accepts \(String(decoding: document, as: UTF8.self))")
            #expect(!weAccept(document), "we accept \(String(decoding: document, as: UTF8.self))")
        }
    }

    @Test func agreesWithFoundationOnMutatedDocuments() throws {
        var generator = JSONDocumentGenerator(seed: 0x5E6E_0002)
        var rejected = 0
        for _ in 0..<1500 {
            let valid = generator.document()
            for mutant in generator.mutations(of: valid) {
                let ours = Result { () throws(JSONSyntaxError) in try JSONParser.parse(mutant) }
                let text = String(decoding: mutant, as: UTF8.self)
                guard let theirs = try? JSONSerialization.jsonObject(with: Data(mutant), options: .fragmentsAllowed)
                else {
                    rejected += 1
                    if case .success(let value) = ours {
                        #expect(hasNumberBeyondDouble(value), "we accept what Foundation rejects: \(text)")
                    }
                    continue
                }
                switch ours {
                case .success(let value):
                    #expect(sameValue(value, theirs), "\(text)")
                case .failure(let error):
                    #expect(isDocumentedDifference(mutant, error), "Foundation accepts what we reject: \(text) (\(error))")
                }
            }
        }
        #expect(rejected > 3000)  // the mutations do break most documents
    }

    // MARK: - Documented differences

    /// JSONC, for what people write by hand (specs, configs): trailing commas, which Foundation
    /// takes too, and comments, which it does not.
    @Test func trailingCommasAndCommentsAreTakenAsJSONC() throws {
        for text in ["[1,]", #"{"a": 1,}"#, "[[],]"] {
            #expect(foundationAccepts(Array(text.utf8)))
            #expect(weAccept(Array(text.utf8)))
        }
        for text in ["[1]//c", "/*c*/1", "[1, // one\n 2]", #"{"a": /* x */ 1}"#, "// only a comment\n{}"] {
            #expect(!foundationAccepts(Array(text.utf8)))
            #expect(weAccept(Array(text.utf8)), "\(text)")
        }
        #expect(try JSONParser.parse(Array(#"{"a": "// not a comment", "b": [1, /* two */ 2,],}"#.utf8))
                == .object(["a": "// not a comment", "b": .array([.number("1"), .number("2")])]))
        // Still not JSON: a lone comma, two commas, a comment never closed.
        for text in ["[,]", "{,}", "[1,,]", "[1 /* open", "/"] {
            #expect(!weAccept(Array(text.utf8)), "\(text)")
        }
    }

    @Test func utf16IsRejectedThoughFoundationDecodesIt() {
        let utf16: [UInt8] = "[1]".utf8.flatMap { [$0, 0] }
        #expect(foundationAccepts(utf16))
        #expect(!weAccept(utf16))
    }

    @Test func numbersBeyondDoubleAreKeptThoughFoundationRejectsThem() throws {
        #expect(!foundationAccepts(Array("1e400".utf8)))
        #expect(try JSONParser.parse(Array("[1e400, -2E+999]".utf8)) == .array([.number("1e400"), .number("-2E+999")]))
    }

    @Test func bothSkipOneByteOrderMarkAndNoMore() {
        let mark: [UInt8] = [0xEF, 0xBB, 0xBF]
        #expect(foundationAccepts(mark + Array("[1]".utf8)) && weAccept(mark + Array("[1]".utf8)))
        #expect(!foundationAccepts(mark + mark + Array("1".utf8)) && !weAccept(mark + mark + Array("1".utf8)))
        #expect(!foundationAccepts(Array(" ".utf8) + mark + Array("1".utf8)))
        #expect(!weAccept(Array(" ".utf8) + mark + Array("1".utf8)))
    }

    @Test func bothStopAt512Levels() {
        for depth in [511, 512, 513, 600] {
            let document = Array((String(repeating: "[", count: depth) + String(repeating: "]", count: depth)).utf8)
            #expect(foundationAccepts(document) == weAccept(document), "depth \(depth)")
            #expect(weAccept(document) == (depth <= 512))
        }
    }

    // MARK: - Invalid documents

    static let invalidDocuments: [[UInt8]] = {
        let texts = [
            "", " ", "[", "]", "{", "}", "[1", "[1,", "{\"a\"", "{\"a\":", "{\"a\":1", "{\"a\" 1}", "{a:1}",
            "{'a':1}", "'a'", "{1:2}", "[1 2]", "[,1]", "[1,,2]", "{,}", "[,]", "{\"a\":1,,\"b\":2}", "\"abc",
            "\"\\q\"", "\"\\U0041\"", "\"\\u00G9\"", "\"\\u12\"", "\"\\ud800\"", "\"\\udc00\"",
            "\"\\ud800\\ud800\"", "\"\\ud800x\"", "\"a\tb\"", "\"a\nb\"", "\"\u{1F}\"", "01", "-01", "00", "1.",
            ".5", "1e", "1e+", "+1", "-", "- 1", "0x10", "1.5.3", "0.e1", "NaN", "Infinity", "-Infinity",
            "tru", "nul", "fals", "True", "NULL", "[1] x", "[1]/c", "/*c1", "[1]]", "{\"a\":1}}", "1 2",
            "[\"a\" \"b\"]", "{\"a\":1 \"b\":2}", "[\u{A0}1]", "[\u{C}1]", "[1]\u{A0}",
        ]
        var documents = texts.map { Array($0.utf8) }
        let quote: UInt8 = 0x22
        for bad: [UInt8] in [[0xFF], [0xC0, 0x80], [0xC1, 0xBF], [0xC2], [0xC2, 0x41], [0x80], [0xE2, 0x82],
                             [0xE0, 0x80, 0x80], [0xED, 0xA0, 0x80], [0xF0, 0x80, 0x80, 0x80], [0xF4, 0x90, 0x80, 0x80],
                             [0xF5, 0x80, 0x80, 0x80], [0xF8, 0x80, 0x80, 0x80, 0x80]] {
            documents.append([quote] + bad + [quote])
        }
        documents.append(Array((String(repeating: "[", count: 513) + String(repeating: "]", count: 513)).utf8))
        documents.append(Array((String(repeating: "{\"a\":", count: 513) + "1" + String(repeating: "}", count: 513)).utf8))
        return documents
    }()

    // MARK: - Helpers

    private func weAccept(_ document: [UInt8]) -> Bool {
        (try? JSONParser.parse(document)) != nil
    }

    private func foundationAccepts(_ document: [UInt8]) -> Bool {
        (try? JSONSerialization.jsonObject(with: Data(document), options: .fragmentsAllowed)) != nil
    }

    /// Foundation accepts trailing commas and sniffs UTF-16/32 from NUL bytes; we do neither.
    private func isDocumentedDifference(_ document: [UInt8], _ error: JSONSyntaxError) -> Bool {
        error.message.hasPrefix("expected a value after ','") || error.message.hasPrefix("expected a string key after ','")
            || document.contains(0)
    }

    private func hasNumberBeyondDouble(_ value: JSONValue) -> Bool {
        switch value {
        case .number: return value.doubleValue.map { !$0.isFinite } ?? true
        case .array(let elements): return elements.contains(where: hasNumberBeyondDouble)
        case .object(let members): return members.values.contains(where: hasNumberBeyondDouble)
        default: return false
        }
    }

    /// Structural equality with what `JSONSerialization` returns; numbers compared as `Double`s,
    /// strings scalar by scalar (Swift's `==` would equate canonically equivalent strings).
    private func sameValue(_ ours: JSONValue, _ theirs: Any) -> Bool {
        let booleanType = type(of: NSNumber(value: true))
        switch ours {
        case .null:
            return theirs is NSNull
        case .bool(let value):
            guard let number = theirs as? NSNumber, type(of: number) == booleanType else { return false }
            return number.boolValue == value
        case .number:
            guard let number = theirs as? NSNumber, type(of: number) != booleanType,
                  let value = ours.doubleValue else { return false }
            let other = number.doubleValue
            return value == other || abs(value - other) <= abs(value) * 1e-12
        case .string(let text):
            guard let other = theirs as? String else { return false }
            return Array(text.unicodeScalars) == Array(other.unicodeScalars)
        case .array(let elements):
            guard let others = theirs as? [Any], others.count == elements.count else { return false }
            return zip(elements, others).allSatisfy { sameValue($0, $1) }
        case .object(let members):
            guard let others = theirs as? [String: Any], others.count == members.count else { return false }
            return members.allSatisfy { key, value in others[key].map { sameValue(value, $0) } ?? false }
        }
    }
}

/// Writes random but reproducible JSON documents for the corpus tests.
///
/// Seeded SplitMix64, so every run sees the same documents and a failure can be replayed. The
/// documents exercise what parsers get wrong: every escape, `\u` escapes in both cases,
/// surrogate pairs, raw multi-byte UTF-8, all number forms, nesting and odd whitespace.
struct JSONDocumentGenerator {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    /// A whole document: usually a container, sometimes a bare scalar.
    mutating func document() -> [UInt8] {
        var text = space()
        text += chance(5) ? scalar() : container(depth: 0)
        text += space()
        return Array(text.utf8)
    }

    /// A few broken variants of `document`: cut short, a byte replaced, inserted or removed.
    mutating func mutations(of document: [UInt8]) -> [[UInt8]] {
        let nasty: [UInt8] = Array(",:[]{}\"\\0-.eE+tfnx \t\n".utf8) + [0x00, 0x01, 0x1F, 0x7F, 0x80, 0xC3, 0xED, 0xFF]
        guard document.count > 1 else { return [[]] }
        var cut = document
        cut.removeSubrange(below(document.count - 1) + 1..<document.count)
        var replaced = document
        replaced[below(document.count)] = nasty[below(nasty.count)]
        var inserted = document
        inserted.insert(nasty[below(nasty.count)], at: below(document.count + 1))
        var removed = document
        removed.remove(at: below(document.count))
        return [cut, replaced, inserted, removed]
    }

    // MARK: - Values

    private mutating func value(depth: Int) -> String {
        depth < 5 && chance(30) ? container(depth: depth) : scalar()
    }

    private mutating func container(depth: Int) -> String {
        let count = below(depth == 0 ? 8 : 5)
        if chance(50) {
            let elements = (0..<count).map { _ in space() + value(depth: depth + 1) + space() }
            return "[" + (elements.isEmpty ? space() : elements.joined(separator: ",")) + "]"
        }
        let members = (0..<count).map { _ in
            space() + string(key: true) + space() + ":" + space() + value(depth: depth + 1) + space()
        }
        return "{" + (members.isEmpty ? space() : members.joined(separator: ",")) + "}"
    }

    private mutating func scalar() -> String {
        switch below(10) {
        case 0: return "true"
        case 1: return "false"
        case 2: return "null"
        case 3, 4, 5: return number()
        default: return string(key: false)
        }
    }

    private mutating func number() -> String {
        var text = chance(30) ? "-" : ""
        text += chance(15) ? "0" : String(1 + below(9)) + digits(below(12))
        if chance(35) { text += "." + digits(1 + below(8)) }
        if chance(25) {
            text += chance(50) ? "e" : "E"
            text += ["", "+", "-"][below(3)]
            text += String(below(25))
        }
        return text
    }

    /// A string literal. Keys stay clear of text that canonically equals other text (`é` vs `e`
    /// + combining accent), which Swift dictionaries would merge.
    private mutating func string(key: Bool) -> String {
        let plain = ["a", "b", "z", "Q", "0", "7", " ", "_", "-", "#", "'", "~", "\u{7F}"]
        let escapes = [#"\""#, #"\\"#, #"\/"#, #"\b"#, #"\f"#, #"\n"#, #"\r"#, #"\t"#]
        let raw = ["é", "·", "ß", "中", "文", "😀", "🍕", "Ω", "\u{FFFF}", "\u{10FFFF}"]
        var text = "\""
        for _ in 0..<below(key ? 6 : 14) {
            switch below(10) {
            case 0, 1, 2, 3: text += plain[below(plain.count)]
            case 4: text += escapes[below(escapes.count)]
            case 5: text += unicodeEscape([below(0x80), below(0xD800), 0xE000 + below(0x2000)][below(3)])
            case 6:
                let scalar = 0x10000 + below(0x10_0000)
                text += unicodeEscape(0xD800 + (scalar - 0x10000) >> 10) + unicodeEscape(0xDC00 + (scalar - 0x10000) & 0x3FF)
            case 7: text += key ? "é" : "e\u{301}"
            default: text += raw[below(raw.count)]
            }
        }
        return text + "\""
    }

    private mutating func unicodeEscape(_ value: Int) -> String {
        let digits = String(value, radix: 16, uppercase: chance(50))
        return "\\u" + String(repeating: "0", count: 4 - digits.count) + digits
    }

    private mutating func digits(_ count: Int) -> String {
        String((0..<count).map { _ in Character(String(below(10))) })
    }

    private mutating func space() -> String {
        ["", "", "", " ", "  ", "\n", "\t", "\r\n", " \n\t "][below(9)]
    }

    // MARK: - Randomness

    private mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    private mutating func below(_ bound: Int) -> Int {
        Int(next() % UInt64(bound))
    }

    private mutating func chance(_ percent: Int) -> Bool {
        below(100) < percent
    }
}
