import Foundation
import Testing
@testable import SegueCore
@testable import SegueFiles

/// Parses `text` as a spec named `spec.json`.
private func spec(_ text: String, actions: Set<String> = []) throws(SpecError) -> Spec {
    try SpecLoader(disk: nil, actionNames: actions).parse(bytes: Array(text.utf8), file: "spec.json")
}

/// A spec's rows kept as its bytes (`LazyRowTable`): decoded on demand as an eager decode would,
/// and read for a find from where the indexer noted their title and detail.
@Suite struct LazyRowTableTests {
    @Test func lazyRowsDecodeLikeAnEagerDecode() throws {
        var generator = SpecRowGenerator(seed: 42)
        let rows = (0..<400).map { _ in generator.row() }
        let text = #"{"sections": [{"rows": ["# + rows[..<150].joined(separator: ",") + #"]}, {"rows": ["#
            + rows[150...].joined(separator: ",") + "]}]}"
        let loaded = try spec(text, actions: ["open", "copy"])
        let lazy = loaded.sections.flatMap { section in section.rows.indices.map { (section.rows[$0], section.rows.isSelectable($0, cells: CellLibrary())) } }
        #expect(lazy.count == rows.count)
        for (index, (row, enabled)) in lazy.enumerated() {
            let eager = try eagerRow(JSONParser.parse(Array(rows[index].utf8)))
            #expect(row == eager, "row \(index): \(rows[index])")
            #expect(enabled == eager.enabled)
        }
    }

    /// A find reads a row's title and detail from where the indexer noted them; what it reads
    /// (or that the row must be bound) is what reading the row's JSON gives.
    @Test func aRowsTextNotedAtLoadIsWhatItsJSONSays() throws {
        var generator = SpecRowGenerator(seed: 7)
        let written = [
            #"{"title": "a {{x}}", "detail": "d"}"#, #"{"title": "t", "detail": "{{y}} d"}"#, #"{"title": "", "detail": ""}"#,
            #"{"detail": "only"}"#, #"{"title": "t", "cell": "Mine"}"#, #"{"title": "t", "titleKeyPath": "name"}"#,
            #"{"title": "t", "enabledKeyPath": "on"}"#, #"{"title": "first", "title": "second"}"#, "{}",
            #"{"title": "t", "\#(String(repeating: "x", count: 70_000))": 1}"#,
            #"{"title": "\#(String(repeating: "long ", count: 14_000))"}"#,
        ] + (0..<300).map { _ in generator.row() }
        let text = #"{"cells": {"Mine": {"style": "default"}}, "sections": [{"rows": ["# + written.joined(separator: ",") + "]}]}"
        let loaded = try spec(text, actions: ["open", "copy"])
        guard case .table(let table, let base, let count) = loaded.sections[0].rows.storage else {
            Issue.record("the rows are not a table")
            return
        }
        let fromJSON = table.readingTextsFromJSON()
        var noted = 0
        for index in base..<(base + count) {
            var viaNote: [UInt8] = [], viaJSON: [UInt8] = []
            let read = table.appendPlainText(at: index, to: &viaNote)
            #expect(read == fromJSON.appendPlainText(at: index, to: &viaJSON), "row \(index): \(written[index - base].prefix(80))")
            #expect(viaNote == viaJSON, "row \(index): \(written[index - base].prefix(80))")
            if table.notedText(at: index) != .unknown { noted += 1 }
        }
        #expect(noted > 200, "most rows' texts are noted at load")
    }
}

/// The row a `JSONValue` describes, decoded the slow, obvious way, to check `LazyRowTable` against.
private func eagerRow(_ value: JSONValue) -> Row {
    guard case .object(let members) = value else { return Row() }
    var row = Row()
    for (key, value) in members {
        switch key {
        case "title": row.title = value.stringValue ?? ""
        case "detail": row.detail = value.stringValue
        case "segue": row.segue = value.stringValue.map { SegueTarget(spec: $0) }
        case "action": row.action = value.stringValue.map(RowAction.init(name:))
        case "enabled": row.enabled = value != .bool(false)
        default: row.extras[key] = value
        }
    }
    return row
}

/// Reproducible row objects with every row key, nulls, escapes and extras, for the lazy-decoding test.
private struct SpecRowGenerator {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func row() -> String {
        var members: [String] = []
        if chance(90) { members.append(#""title": "# + pick([#""Item \#(below(1000))""#, #""caf\u00e9 · \"q\"""#, "null"])) }
        if chance(50) { members.append(#""detail": "# + pick([#""12.50""#, #""😀\n""#, "null"])) }
        if chance(20) { members.append(#""enabled": "# + pick(["false", "true", "null"])) }
        if chance(20) { members.append(#""segue": "# + pick([#""next.json""#, #""a\/b.json""#, "null"])) }
        if chance(15) { members.append(#""action": "# + pick([#""back""#, #""quit""#, #""open""#, #""c\u006fpy""#, "null"])) }
        if chance(30) { members.append(#""price": "# + pick(["1.5", "-2e3", "[1, {\"a\": null}]", "{}", "\"x\""])) }
        if chance(10) { members.append(#""tit\u006ce": "escaped key""#) }
        if chance(10) { members.append(#""sections": 1"#) }
        return "{" + members.shuffled(using: &self).joined(separator: pick([",", ", ", ",\n "])) + "}"
    }

    private mutating func pick(_ choices: [String]) -> String {
        choices[below(choices.count)]
    }

    private mutating func below(_ bound: Int) -> Int {
        Int(next() % UInt64(bound))
    }

    private mutating func chance(_ percent: Int) -> Bool {
        below(100) < percent
    }
}

extension SpecRowGenerator: RandomNumberGenerator {
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
