import Testing
import Foundation
@testable import SegueCore
@testable import SegueFiles

/// Inputs that once took time out of proportion to their size now take time in proportion to it
/// (the bench, not a timed test, says how fast; these say they finish and come out right).
@Suite struct LinearInputTests {
    @Test func aTemplateOfManyUnclosedBracesIsText() {
        let source = String(repeating: "{{", count: 100_000) + " end"
        let template = Template(source)
        #expect(!template.hasPlaceholders)
        #expect(template.render(in: DataContext()) == source)
    }

    @Test func unclosedBracesAfterAPlaceholderStayTextAndItBinds() {
        let source = "{{name}}" + String(repeating: "{{ ", count: 50_000)
        let context = DataContext(layers: [.object(["name": "Ann"])])
        let rendered = Template(source).render(in: context)
        #expect(rendered.hasPrefix("Ann{{ {{"))
        #expect(rendered.count == 3 + 3 * 50_000)
    }

    @Test func anEndlessLineFailsItsPageAtTheLimitInsteadOfGrowing() {
        var parser = SourceParser(format: .jsonl)
        let chunk = [UInt8](repeating: UInt8(ascii: "x"), count: 1 << 20)[...]
        var failure: SourceParseError?
        for _ in 0..<20 where failure == nil {
            do { _ = try parser.feed(chunk) } catch { failure = error }
        }
        #expect(failure?.message == "line 1 is longer than 16 MB, the longest a line can be")
    }

    @Test func aLongJSONLineInOneReadFailsToo() {
        var parser = SourceParser(format: .jsonl)
        let bytes = Array("{}\n".utf8) + [UInt8](repeating: UInt8(ascii: "y"), count: (16 << 20) + 1) + [0x0A]
        do {
            _ = try parser.feed(bytes[...])
            Issue.record("a line over the limit was read")
        } catch {
            #expect(error.message == "line 2 is longer than 16 MB, the longest a line can be")
            #expect(error.itemsBefore?.count == 1)
        }
    }

    /// A line of text too long to keep is left out and said, and the lines after it are read,
    /// as fzf reads past one (issue 40): in one read, or arriving in chunks without end.
    @Test func aTextLineOverTheLimitIsLeftOutAndTheRestRead() throws {
        let long = [UInt8](repeating: UInt8(ascii: "y"), count: (16 << 20) + 1)
        var whole = SourceParser(format: .lines)
        var items = try whole.feed((Array("short\n".utf8) + long + Array("\nafter\n".utf8))[...])
        #expect((0..<items.count).map { String(decoding: items.bytes(at: $0), as: UTF8.self) } == ["short", "after"])
        #expect(whole.skippedNote == "line 2 left out: longer than 16 MB, the longest a line can be")
        var streamed = SourceParser(format: .lines)
        items = try streamed.feed(Array("one\n".utf8)[...])
        let chunk = [UInt8](repeating: UInt8(ascii: "x"), count: 1 << 20)[...]
        for _ in 0..<20 { #expect(try streamed.feed(chunk).count == 0) }
        let rest = try streamed.feed(Array("xx\ntwo\n".utf8)[...])
        #expect(String(decoding: rest.bytes(at: 0), as: UTF8.self) == "two" && rest.count == 1)
        _ = try streamed.feed((long + [0x0A] + Array("three".utf8))[...])
        let last = try streamed.finish().raw
        #expect(String(decoding: last.bytes(at: 0), as: UTF8.self) == "three")
        #expect(streamed.skippedNote == "2 lines (the first: 2) left out: longer than 16 MB, the longest a line can be")
        // --filter prints the other matches and tells why one is missing.
        var told: [String] = []
        let matches = try StandardInputPicker.filter(Array("alpha\n".utf8) + long + Array("\nalpine\n".utf8), query: "al") { told.append($0) }
        #expect(matches == ["alpha", "alpine"])
        #expect(told == ["line 2 left out: longer than 16 MB, the longest a line can be"])
    }

    @Test func theLastOfDuplicateItemsKeysWinsAsEverywhere() {
        var parser = SourceParser(format: .json)
        do {
            _ = try parser.feed(Array(#"{"items": [1], "items": 5}"#.utf8)[...])
            _ = try parser.finish()
            Issue.record("a page whose last items is not an array was read")
        } catch {
            #expect(error.message == #"expected an array, or an object with an array at "items""#)
        }
    }

    @Test func aJSONPageOfManyItemsIsKeptAsItsBytesLikeJSONL() throws {
        let items = (0..<200_000).map { "{\"title\": \"Item \($0)\"}" }
        var parser = SourceParser(format: .json)
        _ = try parser.feed(Array(("{\"items\": [" + items.joined(separator: ",") + "], \"next\": \"p2\"}").utf8)[...])
        let page = try parser.finish()
        #expect(page.raw.count == 200_000 && page.values.isEmpty && page.next == .cursor("p2"))
        #expect(page.raw[199_999] == .object(["title": "Item 199999"]))
    }
}

/// Include graphs shaped to explode: read once each, and a limit on their depth.
@Suite struct IncludeGraphTests {
    func folder(_ files: [String: String]) throws -> String {
        let root = "/tmp/segue-includes-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        for (name, text) in files { try text.write(toFile: root + "/" + name, atomically: false, encoding: .utf8) }
        return root
    }

    @Test func aDiamondOfLibrariesIsReadOnceEach() throws {
        // lib0 includes lib1 and lib2, lib1 includes lib2 and lib3, …: 2^40 paths, 42 files.
        var files: [String: String] = [:]
        for level in 0..<42 {
            let includes = [level + 1, level + 2].filter { $0 < 42 }.map { "\"lib\($0).json\"" }.joined(separator: ", ")
            files["lib\(level).json"] = "{\"include\": [\(includes)], \"cells\": {\"C\(level)\": {\"base\": \"subtitle\"}}}"
        }
        files["main.json"] = #"{"include": ["lib0.json"], "sections": [{"rows": [{"cell": "C41", "title": "x"}]}]}"#
        let root = try folder(files)
        defer { try? FileManager.default.removeItem(atPath: root) }
        let spec = try SpecLoader(disk: nil).load(path: root + "/main.json")
        #expect(spec.cells.definitions.count == 42)
    }

    @Test func aChainDeeperThanTheLimitIsAnErrorThatSaysSo() throws {
        var files: [String: String] = [:]
        for level in 0..<70 { files["lib\(level).json"] = "{\"include\": [\"lib\(level + 1).json\"]}" }
        files["lib70.json"] = "{}"
        files["main.json"] = #"{"include": ["lib0.json"], "sections": []}"#
        let root = try folder(files)
        defer { try? FileManager.default.removeItem(atPath: root) }
        let error = #expect(throws: SpecError.self) { try SpecLoader(disk: nil).load(path: root + "/main.json") }
        #expect(error?.description.contains("include depth 65 exceeds the limit of 64") == true)
    }
}

/// A chain of cell types based on each other: a limit, told as an error, instead of a hang.
@Suite struct CellChainTests {
    @Test func aChainOfAHundredThousandTypesIsAnError() {
        var cells = [#""C0": {"base": "subtitle"}"#]
        for index in 1..<100_000 { cells.append("\"C\(index)\": {\"base\": \"C\(index - 1)\"}") }
        let text = "{\"cells\": {" + cells.joined(separator: ", ") + #"}, "sections": [{"rows": [{"cell": "C99999"}]}]}"#
        let error = #expect(throws: SpecError.self) { try SpecLoader(disk: nil).parse(bytes: Array(text.utf8), file: "/x/chain.json") }
        #expect(error?.description.contains("cell type based on more than 64 others") == true)
    }

    @Test func sixtyFourBasesAreFine() throws {
        var cells = [#""C0": {"base": "subtitle", "detail": "deep"}"#]
        for index in 1..<64 { cells.append("\"C\(index)\": {\"base\": \"C\(index - 1)\"}") }
        let text = "{\"cells\": {" + cells.joined(separator: ", ") + #"}, "sections": [{"rows": [{"cell": "C63"}]}]}"#
        let spec = try SpecLoader(disk: nil).parse(bytes: Array(text.utf8), file: "/x/chain.json")
        #expect(try spec.cells.resolve("C63").style == .subtitle)
    }
}

/// `--safe`'s folder: paths inside it, links followed, files that do not exist yet.
@Suite struct ConfinementTests {
    @Test func insideOutsideAndThroughALink() throws {
        let root = "/tmp/segue-confinement-\(getpid())"
        defer { _ = try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.createDirectory(atPath: root + "/specs/deeper", withIntermediateDirectories: true)
        #expect(FileManager.default.createFile(atPath: root + "/secret.json", contents: Data("{}".utf8)))
        try FileManager.default.createSymbolicLink(atPath: root + "/specs/link.json", withDestinationPath: root + "/secret.json")
        let confinement = try #require(Confinement(folder: root + "/specs"))
        #expect(confinement.contains(root + "/specs/deeper/a.json"))
        #expect(confinement.contains(root + "/specs/new-settings.json"))  // not there yet
        #expect(!confinement.contains(root + "/specs/../secret.json"))
        #expect(!confinement.contains(root + "/specs/link.json"))  // a link out is out
        #expect(!confinement.contains("/etc/passwd"))
        #expect(!confinement.contains(root + "/specs/deeper/../../secret.json"))
        #expect(Confinement(folder: root + "/none") == nil)
    }

    /// An open file is judged by what was opened, so a link swapped in after a check by name
    /// cannot slip a file from outside through (issue 30, item 6).
    @Test func anOpenFileIsJudgedByWhatWasOpened() throws {
        let root = "/tmp/segue-confined-fd-\(getpid())"
        defer { _ = try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.createDirectory(atPath: root + "/specs", withIntermediateDirectories: true)
        #expect(FileManager.default.createFile(atPath: root + "/secret.json", contents: Data("{}".utf8)))
        #expect(FileManager.default.createFile(atPath: root + "/specs/ok.json", contents: Data("{}".utf8)))
        try FileManager.default.createSymbolicLink(atPath: root + "/specs/link.json", withDestinationPath: "ok.json")
        let confinement = try #require(Confinement(folder: root + "/specs"))
        let inside = open(root + "/specs/link.json", O_RDONLY)
        defer { close(inside) }
        #expect(confinement.contains(descriptor: inside, openedAs: root + "/specs/link.json"))
        // The name now leads outside; the file opened before is still the one inside…
        unlink(root + "/specs/link.json")
        try FileManager.default.createSymbolicLink(atPath: root + "/specs/link.json", withDestinationPath: "../secret.json")
        #expect(confinement.contains(descriptor: inside, openedAs: root + "/specs/link.json"))
        // …and one opened now is outside, whatever its name says.
        let outside = open(root + "/specs/link.json", O_RDONLY)
        defer { close(outside) }
        #expect(!confinement.contains(descriptor: outside, openedAs: root + "/specs/link.json"))
        let elsewhere = open(root + "/secret.json", O_RDONLY)
        defer { close(elsewhere) }
        #expect(!confinement.contains(descriptor: elsewhere, openedAs: root + "/specs/ok.json"))
    }
}

/// A key path of a million components: checked, warned about by its start, at once.
@Suite struct LongKeyPathTests {
    @Test func aMillionComponentsAreWarnedAboutByTheirStart() throws {
        let path = Array(repeating: "a", count: 1_000_000).joined(separator: ".")
        let spec = try SpecLoader(disk: nil).parse(bytes: Array(("{\"title\": \"{{" + path + "}}\", \"sections\": []}").utf8), file: "/x/kp.json")
        let warnings = BindingWarnings.check(AppState(root: spec, size: Size(width: 40, height: 10)).current)
        #expect(warnings == ["title: {{" + String(repeating: "a.", count: 29) + "a…}} resolves to nothing"])
    }
}

/// Specs whose size is all in one place: a million sections, a 50 MB title. They load and open
/// (the bench says how fast; before, 10 to 60 s and 1.1 GB for the sections, 10 s for the title).
@Suite struct LargeShapeTests {
    @Test func aMillionSectionsLoadAndOpen() throws {
        let text = "{\"sections\": [" + Array(repeating: "{\"rows\": []}", count: 1_000_000).joined(separator: ",") + "]}"
        let spec = try SpecLoader(disk: nil).parse(bytes: Array(text.utf8), file: "/x/sections.json")
        #expect(spec.sections.count == 1_000_000)
        let state = AppState(root: spec, size: Size(width: 40, height: 10))
        #expect(state.current.sections.count == 1_000_000 && state.current.rowCount == 0)
        #expect(MemoryLayout<Section>.size < 100)  // copies of a million of them stay small
    }

    @Test func aFiftyMegabyteTitleLoadsAndIsCut() throws {
        let title = String(repeating: "x", count: 50_000_000)
        let spec = try SpecLoader(disk: nil).parse(bytes: Array("{\"title\": \"\(title)\", \"sections\": []}".utf8), file: "/x/title.json")
        let state = AppState(root: spec, size: Size(width: 40, height: 10))
        #expect(render(state, size: Size(width: 40, height: 10)).lines[0].hasSuffix("xxx"))
    }
}

/// An unknown key of 100,000 characters: no suggestion is looked for among names of another
/// length (an edit-distance table of its length by each name's took a second).
@Suite struct LongKeyTests {
    @Test func aHugeUnknownKeyIsWarnedAboutAtOnce() throws {
        let key = String(repeating: "k", count: 100_000)
        #expect(SpecIndexer.closest(to: key, among: RowKinds.catalog.rowKeys) == nil)
        #expect(SpecIndexer.closest(to: "titel", among: RowKinds.catalog.rowKeys) == "title")
        let spec = try SpecLoader(disk: nil).parse(bytes: Array("{\"sections\": [{\"rows\": [{\"title\": \"r\", \"\(key)\": 1}]}]}".utf8),
                                          file: "/x/key.json")
        #expect(BindingWarnings.check(AppState(root: spec, size: Size(width: 40, height: 10)).current).isEmpty)
    }
}

/// Binding warnings skip the rows that cannot have any without decoding them (a thousand plain
/// rows took a millisecond of every start); every row that can still gets its warnings.
@Suite struct QuietRowTests {
    @Test func plainRowsAreQuietAndEveryOtherKindIsStillChecked() throws {
        let text = #"""
            {"sections": [{"rows": [
              {"title": "Plain", "detail": "as written", "enabled": false, "segue": "next.json"},
              {"title": "{{missing}}"},
              {"title": "\u007b\u007bescaped}}"},
              {"title": "Typo", "titel": "x"},
              {"title": "Nib", "nib": "FooCell"},
              {"title": "Key path", "titleKeyPath": "gone"}
            ]}]}
            """#
        let spec = try SpecLoader(disk: nil).parse(bytes: Array(text.utf8), file: "/x/quiet.json")
        let rows = spec.sections[0].rows
        #expect((0..<6).map { rows.isQuiet(at: $0) } == [true, false, false, false, false, false])
        let warnings = BindingWarnings.check(AppState(root: spec, size: Size(width: 40, height: 10)).current)
        #expect(warnings.contains("sections[0].rows[1].title: {{missing}} resolves to nothing"))
        #expect(warnings.contains("sections[0].rows[2].title: {{escaped}} resolves to nothing"))
        #expect(warnings.contains { $0.hasPrefix("sections[0].rows[3].titel: unknown key") })
        #expect(warnings.contains { $0.hasPrefix("sections[0].rows[4].nib: unknown cell type") })
        #expect(!warnings.contains { $0.hasPrefix("sections[0].rows[0]") })
    }
}
