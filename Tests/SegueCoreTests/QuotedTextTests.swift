import Testing
@testable import SegueCore

/// What a message quotes is cut to a readable length with its size said, where values are
/// quoted (`JSONValue.summary`) and where messages leave (`StatusMessage`, the CLI's
/// `Diagnostics`): a 50 MB key took 12 to 14 s in `segue check` and was printed whole (issue 40,
/// item 14).
@Suite struct QuotedTextTests {
    static let fiftyMegabytes = String(repeating: "a", count: 50_000_000)

    static func seconds(_ body: () -> Void) -> Double {
        let start = Monotonic.now()
        body()
        return Monotonic.now() - start
    }

    @Test func aLongValueIsQuotedCutWithItsSize() {
        #expect(JSONValue.string("short").summary == "\"short\"")
        #expect(JSONValue.string(String(repeating: "é", count: 30)).summary == "\"" + String(repeating: "é", count: 30) + "\"")
        #expect(JSONValue.string(String(repeating: "b", count: 31)).summary == "\"" + String(repeating: "b", count: 29) + "…\" (31 bytes)")
        var summary = ""
        let huge = JSONValue.string(Self.fiftyMegabytes)
        #expect(Self.seconds { summary = huge.summary } < 0.5)
        #expect(summary == "\"" + String(repeating: "a", count: 29) + "…\" (48 MB)")
    }

    @Test func aMessageCutsEachLongRunOfTextKeepingWhatFollowsIt() {
        let path = "sections[0].rows[2]." + String(repeating: "k", count: 1_000)
        #expect(QuotedText.bounded(path + ": unknown key, ignored") == "sections[0].rows[2]." + String(repeating: "k", count: 40) + "… (1021 bytes): unknown key, ignored")
        #expect(QuotedText.bounded("a short message: sections[0].rows[2].title") == "a short message: sections[0].rows[2].title")
        // Cut on a character's first byte.
        #expect(QuotedText.bounded(String(repeating: "☕", count: 201)) == String(repeating: "☕", count: 20) + "… (603 bytes)")
    }

    @Test func anUnknownFiftyMegabyteKeyIsWarnedAboutAtOnceAndShownCut() throws {
        var spec: Spec?
        let key = Self.fiftyMegabytes
        let took = try Self.seconds {
            spec = try? loadSpec(#"{"title": "x", "\#(key)": 1, "sections": [{"rows": [{"title": "a"}]}]}"#, file: "/specs/big.json")
        }
        // The suggestion is not looked for: no known key is within two edits of it.
        #expect(SpecIndexer.closest(to: Self.fiftyMegabytes, among: SpecIndexer.topLevelKeys) == nil)
        #expect(took < 5)
        let loaded = try #require(spec)
        let app = state(loaded, width: 200, height: 10)
        let status = try #require(app.status?.text)
        #expect(status == "warning: " + String(repeating: "a", count: 60) + "… (48 MB): unknown key, ignored")
    }

    @Test func aRowsFiftyMegabyteAttributeIsNoTypoAndIsNotSearchedFor() throws {
        let key = Self.fiftyMegabytes
        let spec = try loadSpec(#"{"sections": [{"rows": [{"title": "a", "\#(key)": 1}]}]}"#, file: "/specs/row.json")
        // Its warnings looked for as the screen opens: the key was searched for in the row's
        // templates before its (absent) suggestion (3 s).
        let app = state(spec, width: 80, height: 10)
        var warnings: [String] = []
        #expect(Self.seconds { warnings = BindingWarnings.check(app.stack[0], templates: true) } < 1)
        #expect(warnings.isEmpty)
    }
}
