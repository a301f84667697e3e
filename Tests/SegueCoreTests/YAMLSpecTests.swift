import Foundation
import Testing
@testable import SegueCore
@testable import SegueFiles
@testable import SegueYAML

/// The JSON value of a YAML document.
private func value(_ yaml: String) throws -> JSONValue {
    try JSONParser.parse(YAMLDocument.json(Array(yaml.utf8)).bytes)
}

/// The error a YAML spec gives, as the user reads it.
private func problem(_ yaml: String) -> String? {
    do {
        _ = try SpecLoader(disk: nil).parse(text: SpecFormat.text(Array(yaml.utf8), path: "menu.yaml"), file: "menu.yaml")
        return nil
    } catch {
        return error.description
    }
}

/// A fresh folder holding `files`, removed when `body` is done.
private func withFiles(_ files: [String: String], _ body: (String) throws -> Void) throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("segue-yaml-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    for (name, text) in files {
        try FileManager.default.createDirectory(atPath: SpecPath.folder(folder + "/" + name), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: URL(fileURLWithPath: folder + "/" + name))
    }
    try body(folder)
}

@Suite struct YAMLSpecTests {
    // MARK: - Values

    @Test func plainScalarsAreTypedByYAML12sCoreSchemaAndEverythingElseIsAString() throws {
        let document = try value("""
            nulls: [~, null, Null, NULL, !!null ""]
            bools: [true, False, TRUE]
            numbers: [12, -3, +4, 007, 0x1F, 0o17, 1.5, .5, 2., 1e3, -2.5E-2]
            strings: [yes, no, on, off, "true", '12', 1.2.3, 0x, y]
            block: |
              two
              lines
            folded: >
              one
              line
            tagged: [!!str 12, !!int "12", !!float 1, !!bool true, !!null ""]
            """)
        #expect(document == .object([
            "nulls": .array([.null, .null, .null, .null, .null]),
            "bools": .array([.bool(true), .bool(false), .bool(true)]),
            "numbers": .array(["12", "-3", "4", "7", "31", "15", "1.5", "0.5", "2", "1e3", "-2.5e-2"].map { .number($0) }),
            "strings": .array(["yes", "no", "on", "off", "true", "12", "1.2.3", "0x", "y"].map { .string($0) }),
            "block": .string("two\nlines\n"),
            "folded": .string("one line\n"),
            "tagged": .array([.string("12"), .number("12"), .number("1"), .bool(true), .null]),
        ]))
    }

    @Test func anchorsAliasesAndMergeKeysAreExpandedTheMappingsOwnKeysWinning() throws {
        let document = try value("""
            base: &base {cell: subtitle, detail: shared}
            row: {<<: *base, detail: own, title: T}
            both: {<<: [{a: 1}, {a: 2, b: 2}]}
            copy: *base
            """)
        guard case .object(let members) = document else { Issue.record("not an object"); return }
        #expect(members["row"] == .object(["cell": .string("subtitle"), "detail": .string("own"), "title": .string("T")]))
        #expect(members["both"] == .object(["a": .number("1"), "b": .number("2")]))
        #expect(members["copy"] == .object(["cell": .string("subtitle"), "detail": .string("shared")]))
    }

    /// `<<` repeated (GitLab's `.defaults` and `.rules` merged into one job) is read as PyYAML
    /// reads it: the later one wins, and in one list the first (issue 45: it was a duplicate key).
    @Test func repeatedMergeKeysAreReadTheLaterWinning() throws {
        let document = "a: &a {x: 1, z: 1}\nb: &b {y: 2, z: 2}\nc:\n  <<: *a\n  <<: *b\n  w: 0\nd:\n  <<: [*a, *b]\n"
        let members = try value(document).objectMembers ?? [:]
        #expect(members["c"] == .object(["x": 1, "y": 2, "z": 2, "w": 0]))
        #expect(members["d"] == .object(["x": 1, "y": 2, "z": 1]))
    }

    @Test func stringsKeepWhatJSONMustEscape() throws {
        #expect(try value(#"a: "quote \" back \\ tab \t bell \a é""#) == .object(["a": .string("quote \" back \\ tab \t bell \u{07} é")]))
        #expect(try value("") == .null)
    }

    @Test func whatJSONCannotHoldIsAnErrorAtItsPlace() {
        func error(_ yaml: String) -> String? {
            do { _ = try YAMLDocument.json(Array(yaml.utf8)); return nil } catch { return error.description }
        }
        #expect(error("a: 1\nb: .inf\n") == "2:4: .inf has no JSON number; quote it for a string")
        #expect(error("a:\n  ? [1, 2]\n  : x\n") == "2:5: a key must be a scalar: JSON keys are strings")
        #expect(error("a: !!int twelve") == "1:4: \"twelve\" is not a int, as its tag says")
        #expect(error("a: !color red") == "1:4: unknown tag !color: a spec holds JSON's types (tags !!str, !!int, !!float, !!bool, !!null)")
        #expect(error("a: 1\na: 2\n") == "2:1: duplicate key \"a\" in a mapping")
        #expect(error(String(repeating: "[", count: 600)) != nil)
    }

    @Test func aDocumentThatStandsForMoreJSONThanASpecMayBeStopsAtTheSizeLimit() throws {
        // Aliases within their budget (`YAMLAliasBombTests`), JSON past the limit.
        let yaml = "a: &a [" + Array(repeating: "xxxxxxxxxx", count: 100).joined(separator: ", ") + "]\nb: [*a, *a, *a, *a, *a]\n"
        var writer = YAMLToJSON(recordsOrigins: false, sizeLimit: 4_000)
        #expect(throws: JSONSyntaxError.self) { try YAMLTree.write(Array(yaml.utf8), into: &writer) }
        #expect(writer.json.count < 8_000)
    }

    // MARK: - Errors point into the YAML

    @Test func aSyntaxErrorNamesTheYAMLsLineAndColumn() {
        #expect(problem("title: Home\nsections:\n  - rows: [a\n  - b\n") ==
            "menu.yaml:5:1: did not find expected ',' or ']' (while parsing a flow sequence at 3:11)")
    }

    @Test func aWrongTypeAtAPathPointsAtTheYAMLValue() {
        let yaml = """
            # yaml-language-server: $schema=segue.schema.json
            title: Home
            sections:
              - rows:
                  - title: Food
                  - title: Drinks
                    enabled: no
            """
        #expect(problem(yaml) ==
            #"menu.yaml:7:18: sections[0].rows[1].enabled: expected true, false or a template ("{{settings.name}}"), found "no""#)
        #expect(problem("title: Home\nsections:\n  - rows:\n      - title: 12\n") ==
            "menu.yaml:4:16: sections[0].rows[0].title: expected a string, found 12")
    }

    @Test func aRowsPlaceIsItsPlaceInTheYAML() throws {
        let spec = try SpecLoader(disk: nil).parse(text: SpecFormat.text(Array("""
            sections:
              - rows:
                  - title: One
                  - {title: Two}
            """.utf8), path: "menu.yml"), file: "menu.yml")
        #expect(spec.sections[0].rows.location(at: 0)! == (3, 9))
        #expect(spec.sections[0].rows.location(at: 1)! == (4, 9))
    }

    // MARK: - Files

    @Test func jsonAndYAMLSpecsSegueToEachOtherAndAFolderMayHoldMainYAML() throws {
        try withFiles([
            "main.json": #"{"title": "JSON", "sections": [{"rows": [{"title": "To YAML", "segue": "tree"}]}]}"#,
            "tree/main.yaml": "title: YAML\nsections:\n  - rows:\n      - {title: Back, segue: ../main.json}\n",
        ]) { folder in
            let loader = SpecLoader(disk: nil)
            let top = try loader.load(path: folder)
            let target = try #require(top.sections[0].rows[0].segue?.spec)
            let yaml = try loader.load(path: SpecPath.resolve(target, relativeTo: top.path))
            #expect(yaml.path == folder + "/tree/main.yaml")
            #expect(yaml.title == "YAML")
            let back = try #require(yaml.sections[0].rows[0].segue?.spec)
            #expect(try loader.load(path: SpecPath.resolve(back, relativeTo: yaml.path)).title == "JSON")
        }
    }

    @Test func cellLibrariesAndDataFilesMayBeYAML() throws {
        try withFiles([
            "main.json": #"{"include": ["cells.yaml"], "dataFile": "data.yml", "sections": [{"rows": [{"cell": "Big", "title": "{{name}}"}]}]}"#,
            "cells.yaml": "cells:\n  Big: {base: subtitle}\n",
            "data.yml": "name: Ada\n",
        ]) { folder in
            let spec = try SpecLoader(disk: nil).load(path: folder + "/main.json")
            #expect(spec.fileData == .object(["name": .string("Ada")]))
            #expect(spec.cells.names.contains("Big"))
        }
    }

    @Test func aYAMLFileNamedByAJSONSpecReportsItsErrorAtItsOwnLine() throws {
        try withFiles([
            "main.json": #"{"sections": [{"rows": [{"title": "x", "segue": "next.yaml"}]}]}"#,
            "next.yaml": "sections:\n  - rows:\n      - title: x\n        segue: [1]\n",
        ]) { folder in
            #expect(throws: SpecError(file: folder + "/next.yaml", kind: .shape(
                path: "sections[0].rows[0].segue", line: 4, column: 16,
                message: #"expected a path or {"spec": …, "data": …}, found an array"#))) {
                try SpecLoader(disk: nil).load(path: folder + "/next.yaml")
            }
        }
    }

    @Test func aNameThatSaysNeitherIsJSONWhenItOpensLikeJSON() {
        #expect(SpecFormat(path: "<stdin>", bytes: Array("  {\"a\": 1}".utf8)) == .json)
        #expect(SpecFormat(path: "/dev/fd/63", bytes: Array("// c\n[]".utf8)) == .json)
        #expect(SpecFormat(path: "<stdin>", bytes: Array("title: x".utf8)) == .yaml)
        #expect(SpecFormat(path: "menu.YML", bytes: Array("{}".utf8)) == .yaml)
    }
}

/// The JSON written event by event is the JSON of the document's tree (`YAMLToJSON.write`), byte
/// for byte, with the same origins: anchors, aliases, merges and nesting of every kind.
@Suite struct YAMLStreamTests {
    static let documents = [
        "a: 1\nb: [x, 'y', \"z\"]\nc: {d: null, e: ~, f: true}\n",
        "- 1\n- - 2\n  - 3\n- {a: [4]}\n",
        "base: &base {size: 1, font: mono}\nuse:\n  <<: *base\n  size: 2\nlist: &l [1, 2]\nagain: *l\n",
        "defaults: &d\n  a: 1\n  b: 2\nextra: &e {c: 3}\nx:\n  <<: [*d, *e]\n  b: 9\n  <<<: literal\n",
        "a: &a {x: 1, z: 1}\nb: &b {y: 2, z: 2}\nc:\n  <<: *a\n  w: 0\n  <<: [*b]\n",
        "&root\nk: &v value\nw: *v\n",
        "text: |\n  line one\n  line two\nfolded: >\n  a\n  b\nnum: 0x1F\nfloat: 1e3\ntagged: !!str 12\n",
        "",
        "# only a comment\n",
        "---\nplain\n",
        "[]",
        "{}",
        "sections:\n  - rows:\n      - {title: \"{{name}}\", detail: é☕}\n      - title: two\n",
    ]

    @Test func theStreamWritesWhatTheTreeWrites() throws {
        for document in Self.documents {
            let bytes = Array(document.utf8)
            var fromTree = YAMLToJSON(recordsOrigins: true)
            try fromTree.write(YAMLDocument.root(of: bytes))
            var fromStream = YAMLToJSON(recordsOrigins: true)
            try YAMLTree.write(bytes, into: &fromStream)
            #expect(String(decoding: fromStream.json, as: UTF8.self) == String(decoding: fromTree.json, as: UTF8.self), "\(document)")
            #expect(fromStream.origins.map { [$0.offset, Int($0.line), Int($0.column)] } == fromTree.origins.map { [$0.offset, Int($0.line), Int($0.column)] },
                    "\(document)")
        }
    }

    @Test func theStreamFailsWhereTheTreeFails() {
        for document in ["a: 1\na: 2\n", "a: *nothing\n", "? [a]\n: 1\n", "x: !custom 1\n", "a: .inf\n", "<<: 1\n", "a: 1\n---\nb: 2\n", "a: [1\n"] {
            let bytes = Array(document.utf8)
            var fromTree = YAMLToJSON(recordsOrigins: false)
            var fromStream = YAMLToJSON(recordsOrigins: false)
            let treeError = (try? fromTree.write(YAMLDocument.root(of: bytes))) == nil
            let streamError: JSONSyntaxError? = {
                do throws(JSONSyntaxError) { try YAMLTree.write(bytes, into: &fromStream); return nil } catch { return error }
            }()
            #expect(treeError && streamError != nil, "\(document)")
            #expect(streamError?.line ?? 0 >= 1)
        }
    }
}
