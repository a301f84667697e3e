/// A whole JSON document checked against a JSON Schema (draft 2020-12 or draft-07): what
/// `segue edit` asks before it saves, so the file only receives what the schema allows.
///
/// Pure and bounded: each schema is applied once per value it reaches, `$ref`s are followed
/// (locally, as `SchemaNode` follows them) at most `SchemaNode.referenceLimit` times in a row at
/// one value, so a cycle ends, what a `$ref` finds at a value is found once (`SchemaWalk.referenced`:
/// a schema naming another twice at each of 40 levels is 80 steps, not 2⁴⁰), and the whole walk
/// stops after `stepLimit` schemas, finding no
/// problem then (a walk cut short would judge `oneOf`, `not` and `if` by branches it never
/// finished, and refuse valid files). A keyword it
/// cannot apply (a `$ref` outside the schema, a pattern Swift's regular expressions cannot read,
/// an unknown format, `unevaluatedProperties`) is no problem: the check never refuses a value for
/// what it does not understand, and keys the schema does not name are only refused where its
/// `additionalProperties` says so.
package struct SchemaCheck: Equatable, Sendable {
    /// A value the schema refuses: the JSON Pointer of the value (of the missing property for
    /// `required`) and why, in the words the inputs use (`expected a whole number from 6 to 72`).
    package struct Problem: Hashable, Sendable {
        package var pointer: String
        package var message: String

        package init(pointer: String, message: String) {
            self.pointer = pointer
            self.message = message
        }

        /// `/font/size: expected …`; the document itself is `top level`.
        package var description: String {
            (pointer.isEmpty ? "top level" : pointer) + ": " + message
        }
    }

    /// The schema document.
    package let schema: JSONValue
    /// `$ref`s beside other keywords are followed alone (draft-07 and older) rather than besides.
    let refIgnoresSiblings: Bool
    /// Schemas named by `$anchor` (and draft-07's `"$id": "#name"`), for `"$ref": "#name"`.
    let anchors: [String: JSONValue]

    /// How many schemas one check applies at most, whatever the schema's `anyOf`s multiply.
    static let stepLimit = 200_000

    package init(schema: JSONValue) {
        self.schema = schema
        let dialect = schema.member("$schema")?.stringValue ?? ""
        refIgnoresSiblings = ["draft-03", "draft-04", "draft-06", "draft-07"].contains { dialect.contains($0) }
        var anchors: [String: JSONValue] = [:]
        Self.collectAnchors(schema, into: &anchors, depth: 0)
        self.anchors = anchors
    }

    /// The problems of `document`, ordered by pointer (then as found); none when it is valid,
    /// or when the check gave up (`outcome(of:)` says where).
    package func problems(of document: JSONValue) -> [Problem] {
        outcome(of: document).problems
    }

    /// The problems of `document`, and the JSON Pointer of the value the check gave up at
    /// after `stepLimit` schemas (`nil` when it finished), having then found none.
    package func outcome(of document: JSONValue) -> (problems: [Problem], gaveUpAt: String?) {
        var walk = SchemaWalk(check: self)
        walk.apply(schema, to: document, at: [], references: 0)
        if let place = walk.gaveUpAt { return ([], place) }
        // Each once already (`SchemaWalk.add`).
        return (walk.problems.enumerated().sorted { ($0.element.pointer, $0.offset) < ($1.element.pointer, $1.offset) }.map(\.element), nil)
    }

    /// How many problems `value` has by `schema`, one schema of the document (a branch of a
    /// union); `nil` when the check gave up.
    func problemCount(of value: JSONValue, by schema: JSONValue) -> Int? {
        var walk = SchemaWalk(check: self)
        walk.apply(schema, to: value, at: [], references: 0)
        return walk.gaveUpAt == nil ? walk.problems.count : nil
    }

    /// `1 problem`, `2 problems`.
    static func count(_ number: Int, _ one: String, _ many: String? = nil) -> String {
        "\(number) " + (number == 1 ? one : many ?? one + "s")
    }

    /// Whether `document` is valid.
    package func accepts(_ document: JSONValue) -> Bool {
        problems(of: document).isEmpty
    }

    private static func collectAnchors(_ value: JSONValue, into anchors: inout [String: JSONValue], depth: Int) {
        guard depth < 64 else { return }
        switch value {
        case .object(let members):
            if let anchor = members["$anchor"]?.stringValue, anchors[anchor] == nil { anchors[anchor] = value }
            if let id = members["$id"]?.stringValue, id.hasPrefix("#"), id.count > 1, anchors[String(id.dropFirst())] == nil {
                anchors[String(id.dropFirst())] = value
            }
            // `enum`, `const`, `default` and `examples` hold values, not schemas.
            for (key, member) in members where !["enum", "const", "default", "examples"].contains(key) {
                collectAnchors(member, into: &anchors, depth: depth + 1)
            }
        case .array(let elements):
            for element in elements { collectAnchors(element, into: &anchors, depth: depth + 1) }
        default:
            break
        }
    }

    /// The schema a local `$ref` names (`#`, `#/$defs/a%20b`, `#name`), or `nil`.
    func resolve(_ reference: String) -> JSONValue? {
        Self.target(of: reference, in: schema, anchors: anchors)
    }

    /// The schema a local `$ref` names in `document`: the whole of it (`#`), the one at a JSON
    /// Pointer (`#/$defs/a%20b`) or the one an `$anchor` (or draft-07's `"$id": "#name"`) names
    /// (`#name`; `anchors` found beforehand, else looked for in `document`); `nil` for a
    /// reference outside it.
    static func target(of reference: String, in document: JSONValue, anchors: [String: JSONValue]? = nil) -> JSONValue? {
        guard reference.hasPrefix("#") else { return nil }
        let fragment = percentDecoded(String(reference.dropFirst()))
        if fragment.isEmpty { return document }
        if fragment.hasPrefix("/") { return document.setting(fragment) }
        if let anchors { return anchors[fragment] }
        var found: [String: JSONValue] = [:]
        collectAnchors(document, into: &found, depth: 0)
        return found[fragment]
    }

    /// A URI fragment as the JSON Pointer it spells (`%20` a blank), for `$ref`s.
    static func percentDecoded(_ text: String) -> String {
        guard text.contains("%") else { return text }
        var bytes: [UInt8] = []
        var utf8 = Array(text.utf8)[...]
        while let byte = utf8.popFirst() {
            if byte == UInt8(ascii: "%"), utf8.count >= 2, let value = UInt8(String(decoding: utf8.prefix(2), as: UTF8.self), radix: 16) {
                bytes.append(value)
                utf8 = utf8.dropFirst(2)
            } else {
                bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
