import Foundation
import Testing
@testable import SegueCore
@testable import SegueFiles
@testable import SegueYAML

/// The JSON value of a YAML document.
private func value(_ yaml: String) throws -> JSONValue {
    try JSONParser.parse(YAMLDocument.json(Array(yaml.utf8)).bytes)
}

/// `yaml` with `changes` made as a save makes them (each name set to its value, or taken away
/// with `nil`), patched in place; `nil` when it would be written whole. A patch must read back as
/// the settings changed, or the test fails.
private func patched(_ yaml: String, _ changes: [(String, JSONValue?)], sourceLocation: SourceLocation = #_sourceLocation) throws -> String? {
    var merged = try value(yaml)
    if merged == .null { merged = .object([:]) }
    for (name, value) in changes { merged.setSetting(name, to: value) }
    guard let bytes = YAMLPatch(Array(yaml.utf8))?.applying(changes.map(\.0), from: merged) else { return nil }
    let text = String(decoding: bytes, as: UTF8.self)
    #expect(try value(text).isSame(as: merged), "the patch reads back as other settings:\n\(text)", sourceLocation: sourceLocation)
    return text
}

/// `yaml` with `changes` patched in as a save makes them, where a change inside a value with an
/// anchor shows at its aliases too: the text, and the other places it changed at. The patch must
/// read back as the settings with those places followed, or the test fails.
private func shared(_ yaml: String, _ changes: [(String, JSONValue?)], sourceLocation: SourceLocation = #_sourceLocation) throws -> (String, [String: JSONValue?])? {
    var merged = try value(yaml)
    for (name, value) in changes { merged.setSetting(name, to: value) }
    guard let patch = YAMLPatch(Array(yaml.utf8))?.applyingShared(changes.map(\.0), from: merged) else { return nil }
    let text = String(decoding: patch.bytes, as: UTF8.self)
    #expect(try value(text).isSame(as: patch.reads), "the patch reads back as other settings:\n\(text)", sourceLocation: sourceLocation)
    return (text, patch.followed)
}

private struct Unexpected: Error {}

/// A fresh empty folder, removed when the test's `body` is done.
private func withFolder(_ body: (String) throws -> Void) throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("segue-yaml-settings-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try body(folder)
}

private let dependabot = """
    # Dependabot, for the app
    version: 2
    updates:
      - package-ecosystem: npm   # the web app
        directory: /
        schedule:
          interval: weekly
      - package-ecosystem: pip
        directory: "/api"
        schedule: {interval: daily}

    """

/// A settings file written in YAML (`segue edit dependabot.yml`, `--settings prefs.yaml`) is
/// read as the same object and saved in place: comments, quoting, order and indentation outside
/// the values changed are kept (issue 29).
@Suite struct YAMLSettingsTests {
    // MARK: - In place

    @Test func aValueIsReplacedWhereItStandsItsCommentsKept() throws {
        #expect(try patched(dependabot, [("/updates/0/directory", "/web"), ("/updates/1/schedule/interval", "weekly")]) == """
            # Dependabot, for the app
            version: 2
            updates:
              - package-ecosystem: npm   # the web app
                directory: /web
                schedule:
                  interval: weekly
              - package-ecosystem: pip
                directory: "/api"
                schedule: {interval: weekly}

            """)
        #expect(try patched("a: 1 # one\nb: |\n  text\n  more\nc: 3\n", [("b", "short")]) == "a: 1 # one\nb: short\nc: 3\n")
    }

    @Test func newMembersAreLinesAtTheEndOfTheirMappingAtItsIndent() throws {
        #expect(try patched(dependabot, [("enable-beta-ecosystems", true), ("/updates/0/labels", ["deps", "js"]),
                                         ("/updates/1/schedule/time", "09:00")]) == """
            # Dependabot, for the app
            version: 2
            updates:
              - package-ecosystem: npm   # the web app
                directory: /
                schedule:
                  interval: weekly
                labels:
                  - deps
                  - js
              - package-ecosystem: pip
                directory: "/api"
                schedule: {interval: daily, time: "09:00"}
            enable-beta-ecosystems: true

            """)
        // Two new settings in a mapping the file lacks add it once; no line break at the end is kept so.
        #expect(try patched("a: 1", [("/e/x", 1), ("/e/z", "two")]) == "a: 1\ne:\n  x: 1\n  z: two")
    }

    /// A member added to an empty `{}` (a map's new member, `db: {}`) is written in block style,
    /// as a person would write it, not `db: {image: postgres}` (issue 45); a flow collection
    /// with members stays flow, and so does one inside a flow collection.
    @Test func anEmptyFlowCollectionGivenMembersInABlockBecomesABlock() throws {
        let yaml = "services:\n  db: {}   # new\n  web: {image: nginx}\nflow: {a: {}}\nlist: []\n"
        let db = try patched(yaml, [("/services/db/image", "postgres")])
        #expect(db == "services:\n  db:\n    image: postgres   # new\n  web: {image: nginx}\nflow: {a: {}}\nlist: []\n", "\(String(describing: db))")
        #expect(try patched(yaml, [("/services/web/ports", .array(["80"]))])
                == "services:\n  db: {}   # new\n  web: {image: nginx, ports: [\"80\"]}\nflow: {a: {}}\nlist: []\n")
        #expect(try patched(yaml, [("/flow/a/b", 1)]) == "services:\n  db: {}   # new\n  web: {image: nginx}\nflow: {a: {b: 1}}\nlist: []\n")
        let list = try patched(yaml, [("/list", .array(["a", "b"]))])
        #expect(list == "services:\n  db: {}   # new\n  web: {image: nginx}\nflow: {a: {}}\nlist:\n  - a\n  - b\n", "\(String(describing: list))")
    }

    @Test func aNewItemIsALineAtTheEndOfItsList() throws {
        #expect(try patched(dependabot, [("/updates/2", .object(["package-ecosystem": "docker", "directory": "/", "schedule": .object(["interval": "monthly"])]))])
                == dependabot + """
                  - directory: /
                    package-ecosystem: docker
                    schedule:
                      interval: monthly

                """)
        // A list written at its key's indent keeps to it; a flow list takes the item in its brackets.
        #expect(try patched("labels:\n- a\n- b\nx: 1\n", [("/labels/2", "c")]) == "labels:\n- a\n- b\n- c\nx: 1\n")
        #expect(try patched("labels: [a, b] # two\n", [("/labels/2", "c d")]) == "labels: [a, b, c d] # two\n")
    }

    @Test func membersAndItemsTakenAwayGoWithTheirLinesAndTheOnlyOneLeavesItsCollectionEmpty() throws {
        // The first member of a list's item: the next takes its place beside the `-`.
        #expect(try patched("x:\n  - a: 1 # one\n    b: 2\n", [("/x/0/a", nil)]) == "x:\n  - b: 2\n")
        #expect(try patched("a: 1\nb: 2 # two\nc: 3\n", [("b", nil)]) == "a: 1\nc: 3\n")
        #expect(try patched("a: 1 # one\nb: 2 # two\n", [("b", nil)]) == "a: 1 # one\n")
        // Comment lines below a member taken away stay: they may speak of the next. Those right
        // above it at its indent go with it, as a person removing it would take them (issue 45).
        #expect(try patched("a: 1\n# about b\nb: 2\n", [("a", nil)]) == "# about b\nb: 2\n")
        #expect(try patched("a: 1\nb:\n  - x\n  # more to come\nc: 3\n", [("b", nil)]) == "a: 1\n  # more to come\nc: 3\n")
        #expect(try patched("a: 1\n# about b\nb: 2\nc: 3\n", [("b", nil)]) == "a: 1\nc: 3\n")
        #expect(try patched("x:\n  # one\n  - a\n  # two\n  #  (the second)\n  - b\n  - c\n", [("x", .array(["a", "c"]))])
                == "x:\n  # one\n  - a\n  - c\n")
        // Not a comment of another indent: the mapping's own header stays.
        #expect(try patched("top:\n# all of them\n  a: 1\n  b: 2\n", [("/top/a", nil)]) == "top:\n# all of them\n  b: 2\n")
        // A list set whole (as `segue edit` sets it) that lost an item.
        guard case .array(let updates) = try value(dependabot).setting("updates") else { throw Unexpected() }
        #expect(try patched(dependabot, [("updates", .array(Array(updates.prefix(1))))]) == """
            # Dependabot, for the app
            version: 2
            updates:
              - package-ecosystem: npm   # the web app
                directory: /
                schedule:
                  interval: weekly

            """)
        #expect(try patched(dependabot, [("updates", .array(Array(updates.suffix(1))))])?.contains("updates:\n  - package-ecosystem: pip\n") == true)
        // A comment line less indented than the items speaks of the list: it stays.
        #expect(try patched("updates:\n# sorted\n  - a\n  - b\n", [("updates", .array(["b", "a"]))]) == "updates:\n# sorted\n  - b\n  - a\n")
        // Comment lines right above an item move with it.
        #expect(try patched("updates:\n  # Python\n  - ecosystem: pip\n    directory: /api\n  # the web app\n  - ecosystem: npm\n",
                            [("updates", .array([.object(["ecosystem": "npm"]), .object(["ecosystem": "pip", "directory": "/api"])]))])
                == "updates:\n  # the web app\n  - ecosystem: npm\n  # Python\n  - ecosystem: pip\n    directory: /api\n")
        // Swapped (moved up): each item's text as written, its comment with it.
        #expect(try patched(dependabot, [("updates", .array(updates.reversed()))]) == """
            # Dependabot, for the app
            version: 2
            updates:
              - package-ecosystem: pip
                directory: "/api"
                schedule: {interval: daily}
              - package-ecosystem: npm   # the web app
                directory: /
                schedule:
                  interval: weekly

            """)
        #expect(try patched("keep: 1\nlist:\n  - only\n", [("/list/0", nil)]) == "keep: 1\nlist: []\n")
        #expect(try patched("keep: 1\nmap:\n  only: 1\n", [("/map/only", nil)]) == "keep: 1\nmap: {}\n")
        #expect(try patched("m: {a: 1, b: 2}\n", [("/m/a", nil)]) == "m: {b: 2}\n")
        #expect(try patched("m: {a: 1, b: 2}\n", [("/m/b", nil)]) == "m: {a: 1}\n")
    }

    @Test func aValueChangingShapeIsWrittenInTheShapeItsPlaceTakes() throws {
        // A scalar becoming a mapping goes under its key; an empty value takes a space after the `:`.
        #expect(try patched("a: null # none yet\nb: 1\n", [("/a/x", 1)]) == "a:\n  x: 1 # none yet\nb: 1\n")
        #expect(try patched("a:\nb: 1\n", [("a", 5)]) == "a: 5\nb: 1\n")
        #expect(try patched("x:\n  - one\n  - two\n", [("/x/1", .object(["k": "v", "l": 2]))]) == "x:\n  - one\n  - k: v\n    l: 2\n")
        // A list emptied goes up beside its key.
        #expect(try patched("x:\n  - one\ny: 2\n", [("x", .array([]))]) == "x: []\ny: 2\n")
        #expect(try patched("x: [1, 2]\n", [("x", .array([.object(["a": 1])]))]) == "x: [{a: 1}]\n")
    }

    @Test func textIsQuotedWhenAnyYAMLWouldReadItAsSomethingElse() throws {
        let words: [String] = ["yes", "No", "on", "OFF", "y", "true", "null", "~", "1.0", "012", "0x1F", "1e3", ".inf", "",
                               "a: b", "# not a comment", "x #y", "- item", "[a]", "{a}", "*alias", "&anchor", "!tag", "%",
                               "@at", "`tick`", "'single'", "\"double\"", "line\nbreak", " padded", "padded ", "tab\there", "ü: ö",
                               "2fa", "0b101", "0o17", "1_000", "2024-01-01", "1.5", "10 min", "3e5"]
        for word in words {
            let text = try patched("k: 1\n", [("k", .string(word))])
            #expect(text?.hasPrefix("k: \"") == true, "\(word) → \(text ?? "whole")")
        }
        // Text as a person writes it (issue 45): `10min`, not `"10min"`.
        for word in ["npm", "/docs/conf.py", "weekly", "Dépendances", "a b", "v1.2.3", "fix(deps)", "user@example.com", "10min", "2xlarge", "1password"] {
            #expect(try patched("k: 1\n", [("k", .string(word))]) == "k: \(word)\n")
        }
        #expect(try patched("k: 1\n", [("yes", 1)]) == "k: 1\n\"yes\": 1\n")
    }

    /// A comment that ends in `:` or `-` is no key or item a value could be written beside.
    @Test func aValueIsNeverWrittenIntoACommentEndingLikeAKey() throws {
        let text = try patched("updates:\n  - schedule:\n      # Options:\n      interval: weekly\n    directory: /\n", [("/updates/0/schedule/interval", nil)])
        #expect(text == "updates:\n  - schedule:\n      # Options:\n      {}\n    directory: /\n")
        #expect(try patched("ignore:\n  # Ignore these ----\n  - x\n", [("ignore", .array([]))]) == "ignore:\n  # Ignore these ----\n  []\n")
    }

    /// New lines of a mapping and of the one around it, at one place, go in that order.
    @Test func insertionsAtOnePlaceGoDeepestFirst() throws {
        for _ in 0..<20 {
            #expect(try patched("c: 2\na:\n  b: 1\n", [("/a/x", 5), ("d", 6)]) == "c: 2\na:\n  b: 1\n  x: 5\nd: 6\n")
        }
        #expect(try patched("a:\n  b: 1\nc: 2\n", [("/a/x", 5), ("c", nil)]) == "a:\n  b: 1\n  x: 5\n")
    }

    @Test func neighboursTakenAwayTogetherWriteTheirMappingAnew() throws {
        #expect(try patched("# mine\ns: {interval: weekly, day: monday, time: \"09:00\"}\n", [("s", .object(["interval": "daily"]))])
                == "# mine\ns: {interval: daily}\n")
    }

    @Test func aByteOrderMarkStaysInFrontAndIsNoKey() throws {
        let text = try patched("\u{FEFF}version: 2\nother: 1\n", [("other", 3)])
        #expect(text == "\u{FEFF}version: 2\nother: 3\n")
    }

    @Test func textYAMLCannotHoldRawIsEscaped() throws {
        for text in ["del\u{7F}", "nel\u{85}line", "sep\u{2028}x", "bom\u{FEFF}", "c1\u{9B}"] {
            let written = try patched("k: 1\n", [("k", .string(text))])
            #expect(written?.unicodeScalars.contains { (0x7F...0x9F).contains($0.value) || $0.value == 0x2028 || $0.value == 0xFEFF } == false, "\(written ?? "")")
        }
    }

    /// A number with an exponent is written as a YAML 1.1 reader takes a float too.
    @Test func numbersWithAnExponentAreFloatsToEveryReader() {
        #expect(YAMLWriter.number("1e5") == "1.0e+5")
        #expect(YAMLWriter.number("-2.5E-3") == "-2.5e-3")
        #expect(YAMLWriter.number("12") == "12")
        #expect(YAMLWriter.document(.object(["size": .number("1e5")])) == "size: 1.0e+5\n")
    }

    @Test func textReplacingQuotedTextIsQuotedTheSameWay() throws {
        #expect(try patched("a: \"weekly\"\nb: 'x'\nc: plain\n", [("a", "daily"), ("b", "it's"), ("c", "yes")])
                == "a: \"daily\"\nb: 'it''s'\nc: \"yes\"\n")
        #expect(try patched("b: 'x'\n", [("b", "two\nlines")]) == "b: \"two\\nlines\"\n")
    }

    @Test func offsetsAreRightPastTextThatIsNotASCIIAndCRLFLinesStaySo() throws {
        #expect(try patched("name: Zoë — café ☕\nsize: 12\n", [("size", 14)]) == "name: Zoë — café ☕\nsize: 14\n")
        #expect(try patched("a: 1\r\nb:\r\n  c: 2\r\n", [("/b/d", 3), ("a", 4)]) == "a: 4\r\nb:\r\n  c: 2\r\n  d: 3\r\n")
    }

    @Test func oddFilesAreNotPatched() throws {
        #expect(YAMLPatch(Array("a: [1\n".utf8)) == nil)
        // Only comments: the settings go after them.
        #expect(try patched("# yaml-language-server: $schema=schema.json\n", [("a", 1)]) == "# yaml-language-server: $schema=schema.json\na: 1\n")
    }

    // MARK: - What YAML 1.1 reads otherwise

    /// Found by `make fuzz`'s yaml target: a base-60 value past an Int trapped as `segue edit` opened the file.
    @Test func aBase60ValueTooLargeForANumberIsNoNoteAndNoCrash() {
        #expect(YAMLReadings.note(for: "999999999999999999:30") == nil)
        #expect(YAMLReadings.notes(Array("a: 0000000000000000001:0:0:0:0:0:0:0:0:0:0:0\n".utf8)) == [])
        #expect(YAMLReadings.note(for: "1:00:00") == "1:00:00 is text in YAML 1.2, but the number 3600 to YAML 1.1 readers: write \"1:00:00\"")
    }

    @Test func valuesYAML11ReadsOtherwiseAreToldWithWhereAndHow() {
        let notes = YAMLReadings.notes(Array("on: 1\nvendor: yes\nlimit: 010\ntime: 10:30\nlist: [n, \"yes\", 'on', ok]\nfine: 1:2:3x\n".utf8))
        #expect(notes == [
            "2:9: yes is text in YAML 1.2, but true to YAML 1.1 readers: write true for a boolean, \"yes\" for text",
            "3:8: 010 is 10 in YAML 1.2, but 8 (octal) to YAML 1.1 readers: write 10, or \"010\" for text",
            "4:7: 10:30 is text in YAML 1.2, but the number 630 to YAML 1.1 readers: write \"10:30\"",
        ])
        #expect(YAMLReadings.note(for: "-010") == "-010 is -10 in YAML 1.2, but -8 (octal) to YAML 1.1 readers: write -10, or \"-010\" for text")
        #expect(YAMLReadings.note(for: "10:75") == nil && YAMLReadings.note(for: "yEs") == nil && YAMLReadings.note(for: "n") == nil)
        #expect(YAMLReadings.note(for: "1e5") == "1e5 is a number in YAML 1.2, but text to YAML 1.1 readers: write 1.0e+5")
        #expect(YAMLReadings.note(for: "1.0e+5") == nil)
        #expect(YAMLReadings.note(for: "1_000") == "1_000 is text in YAML 1.2, but the number 1000 to YAML 1.1 readers: write 1000, or \"1_000\" for text")
        #expect(YAMLReadings.note(for: "0o17") == "0o17 is 15 in YAML 1.2, but text to YAML 1.1 readers: write 15")
        #expect(YAMLReadings.notes(Array("a: [1\n".utf8)).isEmpty)
    }

    // MARK: - The writer

    @Test func anyValueWrittenWholeReadsBackTheSame() throws {
        var generator = SystemRandomNumberGenerator()
        let texts = ["", "yes", "a: b", "- x", "1.5", "héllo wörld", "line\nbreak", "#", "x", "/path", "null", "True", "\"q\"", "' '", "\\"]
        func random(_ depth: Int) -> JSONValue {
            switch Int.random(in: 0..<(depth > 3 ? 4 : 6), using: &generator) {
            case 0: return .null
            case 1: return .bool(Bool.random(using: &generator))
            case 2: return .number(["0", "-3", "2.5", "1e-7", "12345678901234567890"].randomElement(using: &generator) ?? "0")
            case 3: return .string(texts.randomElement(using: &generator) ?? "")
            case 4: return .array((0..<Int.random(in: 0...3, using: &generator)).map { _ in random(depth + 1) })
            default:
                return .object(Dictionary((0..<Int.random(in: 0...3, using: &generator)).map { _ in
                    (texts.randomElement(using: &generator) ?? "k", random(depth + 1))
                }, uniquingKeysWith: { first, _ in first }))
            }
        }
        for _ in 0..<500 {
            let original = JSONValue.object(["root": random(0), "list": .array([random(1), random(1)])])
            let text = YAMLWriter.document(original)
            #expect(try value(text).isSame(as: original), "\(text)")
        }
    }

    // MARK: - As settings

    @Test func aYAMLSettingsFileIsReadAndSavedInPlace() throws {
        try withFolder { folder in
            let path = folder + "/dependabot.yml"
            try dependabot.write(toFile: path, atomically: false, encoding: .utf8)
            var settings = SettingsFile.load(path: path)
            #expect(settings.problem == nil && settings.value(for: "/updates/1/directory") == "/api")
            settings.set("/updates/1/directory", to: "/server")
            settings.set("enable-beta-ecosystems", to: .bool(true))
            #expect(SettingsFile.save(settings) == nil)
            let saved = try String(contentsOfFile: path, encoding: .utf8)
            #expect(saved.hasPrefix("# Dependabot, for the app\n") && saved.contains("    directory: \"/server\"\n")
                    && saved.hasSuffix("enable-beta-ecosystems: true\n"), "\(saved)")
            #expect(SettingsFile.load(path: path).values == settings.values)
        }
    }

    @Test func aNewYAMLSettingsFileIsWrittenAsYAML() throws {
        try withFolder { folder in
            let path = folder + "/prefs.yaml"
            var settings = SettingsFile.load(path: path)
            settings.set("/editor/size", to: .number("14"))
            settings.set("theme", to: "dark")
            #expect(SettingsFile.save(settings) == nil)
            let saved = try String(contentsOfFile: path, encoding: .utf8)
            #expect(saved == "editor:\n  size: 14\ntheme: dark\n")
        }
    }

    /// A file written whole (what no patch can make, when that loses nothing: see the test after
    /// this) keeps the comment lines it starts with (the one naming its schema) and its `---`.
    @Test func aFileWrittenWholeKeepsTheCommentLinesItStartsWith() throws {
        try withFolder { folder in
            let path = folder + "/dependabot.yml"
            let old = Array("# yaml-language-server: $schema=s.json\r\n---\r\n{a: 1, b: 2, c: 3}\r\n".utf8)
            let whole = String(decoding: SettingsFormat.yaml.written(.object(["c": 3]), over: old), as: UTF8.self)
            #expect(whole == "# yaml-language-server: $schema=s.json\r\n---\r\nc: 3\r\n", "\(whole)")
            #expect(YAMLPatch(old)?.wholeRewriteLoss == nil)
            try whole.write(toFile: path, atomically: false, encoding: .utf8)
            #expect(SettingsFile.schemaComment(path: path) == "s.json")
            try "\u{FEFF}# yaml-language-server: $schema=bom.json\na: 1\n".write(toFile: path, atomically: false, encoding: .utf8)
            #expect(SettingsFile.schemaComment(path: path) == "bom.json")
        }
    }

    // MARK: - Anchors and aliases (issue 40)

    /// A value with an anchor is changed where it stands, the anchor kept: every alias of it,
    /// merged (`<<`) or not, follows, as YAML means, and the save says where. A key whose value
    /// is an alias, changed, becomes a copy of its own; the anchor and its other aliases stay.
    @Test func aValueWithAnAnchorIsChangedInPlaceAndItsAliasesFollow() throws {
        let file = """
            # shared defaults
            defaults: &defaults
              timeout: 30   # seconds
              retries: &tries 3
            prod:
              <<: *defaults
              host: prod.example   # the live one
            staging:
              <<: *defaults
              timeout: 5
            backup: *defaults
            attempts: *tries

            """
        let (text, followed) = try #require(try shared(file, [("/defaults/timeout", 60)]))
        #expect(text == file.replacing("timeout: 30   # seconds", with: "timeout: 60   # seconds"))
        // staging sets its own timeout, which a merge does not override.
        #expect(followed == ["/prod/timeout": .some(60), "/backup/timeout": .some(60)])
        // A scalar's anchor, and a member taken away inside an anchored mapping.
        let (tries, triesFollowed) = try #require(try shared(file, [("/defaults/retries", 5)]))
        #expect(tries.contains("  retries: &tries 5\n") && tries.contains("attempts: *tries\n"))
        #expect(triesFollowed == ["/prod/retries": .some(5), "/staging/retries": .some(5), "/backup/retries": .some(5), "/attempts": .some(5)])
        let (removed, removedFollowed) = try #require(try shared(file, [("/defaults/timeout", nil)]))
        #expect(!removed.contains("timeout: 30") && removed.contains("timeout: 5"))
        #expect(removedFollowed == ["/prod/timeout": JSONValue?.none, "/backup/timeout": JSONValue?.none])
        // Through an alias: that key gets a copy of its own with the change; nothing else changes.
        let (copied, copiedFollowed) = try #require(try shared(file, [("/backup/timeout", 1)]))
        #expect(copiedFollowed == [:])
        #expect(copied.contains("timeout: 30   # seconds") && !copied.contains("backup: *defaults"))
        #expect(try value(copied).setting("/prod/timeout") == 30 && value(copied).setting("/backup/timeout") == 1)
        #expect(try value(copied).setting("/backup/retries") == 3)
        // Two changes inside one alias make one copy; a member taken away inside one too.
        let (both, _) = try #require(try shared(file, [("/backup/timeout", 1), ("/backup/retries", 2)]))
        #expect(try value(both).setting("/backup") == .object(["timeout": 1, "retries": 2]))
        let (without, _) = try #require(try shared(file, [("/backup/retries", nil)]))
        #expect(try value(without).setting("/backup") == .object(["timeout": 30]))
        #expect(try value(without).setting("/defaults/retries") == 3)
        // A block collection with an anchor replaced whole keeps its anchor.
        let list = "hosts: &hosts\n  - a\n  - b\nmirror: *hosts\n"
        let (hosts, hostsFollowed) = try #require(try shared(list, [("/hosts", .array(["c"]))]))
        #expect(hosts.hasPrefix("hosts: &hosts\n") && hosts.hasSuffix("mirror: *hosts\n"))
        #expect(hostsFollowed == ["/mirror": .some(.array(["c"]))])
        // A value set whole that holds an anchor: what changes inside it is followed too.
        let holding = "a:\n  b: &x 1\n  c: 2\nd: *x\n"
        let (held, heldFollowed) = try #require(try shared(holding, [("/a", .object(["b": 5, "c": 2]))]))
        #expect(held == "a:\n  b: &x 5\n  c: 2\nd: *x\n")
        #expect(heldFollowed == ["/d": .some(5)])
    }

    /// Saved, the file keeps its comments and anchors, the app is told where the aliases changed,
    /// and a change that could only be written by rewriting the file whole (a merged key taken
    /// away) is refused with what that would lose, the file left as it was.
    @Test func aSaveInsideAnAnchorKeepsTheFileAndARewriteThatWouldLoseItIsRefused() throws {
        try withFolder { folder in
            let path = folder + "/deploy.yaml"
            let file = "# deploy\nbase: &base\n  size: 1   # small\nother: *base\nmerged:\n  <<: *base\n  name: m\n"
            try file.write(toFile: path, atomically: false, encoding: .utf8)
            var settings = SettingsFile.load(path: path)
            settings.set("/base/size", to: 2)
            #expect(SettingsFile.saved(settings) == SettingsSaved(followed: ["/other/size": .some(2), "/merged/size": .some(2)]))
            #expect(try String(contentsOfFile: path, encoding: .utf8) == file.replacing("size: 1 ", with: "size: 2 "))
            // A key a mapping merges cannot be taken away from it in YAML: no silent rewrite.
            var merged = SettingsFile.load(path: path)
            merged.remove("/merged/size")
            let problem = SettingsFile.save(merged)
            #expect(problem == .unwritable("\(path): this change can only be saved by writing the file anew, which would drop "
                                           + "its comment and its anchors (&base), each alias written out as a copy: not saved"))
            #expect(try String(contentsOfFile: path, encoding: .utf8) == file.replacing("size: 1 ", with: "size: 2 "))
            #expect(SettingsFile.saved(merged).wouldLose == "its comment and its anchors (&base), each alias written out as a copy")
            // Said yes to, it is written anew.
            merged.rewritesWhole = true
            #expect(SettingsFile.save(merged) == nil)
            #expect(try String(contentsOfFile: path, encoding: .utf8)
                == "# deploy\nbase:\n  size: 2\nmerged:\n  name: m\nother:\n  size: 2\n")
        }
    }

    /// What YAML cannot hold as written (a key past libyaml's 1,024 characters) is not saved
    /// rather than saved as something else or as a file no reader takes.
    @Test func settingsYAMLCannotHoldAreNotSavedAndTheFileStays() throws {
        try withFolder { folder in
            let path = folder + "/prefs.yaml"
            try "# mine\na: 1\n".write(toFile: path, atomically: false, encoding: .utf8)
            var settings = SettingsFile.load(path: path)
            settings.set(String(repeating: "k", count: 1_100), to: 1)
            #expect(SettingsFile.save(settings)?.description.contains("cannot be written in this file's format without changing a value") == true)
            let kept = try String(contentsOfFile: path, encoding: .utf8)
            #expect(kept == "# mine\na: 1\n")
        }
    }

    @Test func aBrokenYAMLSettingsFileIsNamedAtItsLineAndNeverWritten() throws {
        try withFolder { folder in
            let path = folder + "/prefs.yaml"
            try "# prefs\na: 1\nb: [2\n".write(toFile: path, atomically: false, encoding: .utf8)
            var settings = SettingsFile.load(path: path)
            #expect(settings.problem?.description.hasPrefix(path + ":4:1: ") == true, "\(settings.problem?.description ?? "none")")
            settings.set("a", to: 2)
            #expect(SettingsFile.save(settings) != nil)
            let kept = try String(contentsOfFile: path, encoding: .utf8)
            #expect(kept == "# prefs\na: 1\nb: [2\n")
            try "# prefs\n- a\n".write(toFile: path, atomically: false, encoding: .utf8)
            #expect(SettingsFile.load(path: path).problem?.description.hasPrefix(path + ":2:1: expected an object, found an array") == true)
        }
    }
}
