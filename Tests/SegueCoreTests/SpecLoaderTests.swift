import Foundation
import Testing
@testable import SegueCore
@testable import SegueFiles

/// Parses `text` as a spec named `spec.json`.
private func spec(_ text: String, actions: Set<String> = []) throws(SpecError) -> Spec {
    try SpecLoader(disk: nil, actionNames: actions).parse(bytes: Array(text.utf8), file: "spec.json")
}

/// The error `text` gives, as the user reads it.
private func problem(_ text: String, actions: Set<String> = []) -> String? {
    do {
        _ = try spec(text, actions: actions)
        return nil
    } catch {
        return error.description
    }
}

/// The error `text` gives, as a value.
private func specError(_ text: String) -> SpecError? {
    do {
        _ = try spec(text)
        return nil
    } catch {
        return error
    }
}

/// A fresh empty folder, removed when the test's `body` is done.
private func withFolder(_ body: (String) throws -> Void) throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("segue-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try body(folder)
}

@Suite struct SpecLoaderTests {
    // MARK: - The two top-level forms

    @Test func bareArrayOfSections() throws {
        let loaded = try spec(#"[{"header": "Food", "rows": [{"title": "Pizza", "detail": "12.50"}, {"title": "Salad"}]}]"#)
        #expect(loaded.title == nil)
        #expect(loaded.sections.count == 1)
        #expect(loaded.sections[0].header == "Food")
        #expect(Array(loaded.sections[0].rows) == [Row(title: "Pizza", detail: "12.50"), Row(title: "Salad")])
        #expect(loaded.path == "spec.json")
    }

    @Test func objectWithTitleAndSections() throws {
        let loaded = try spec("""
            {"title": "Main", "version": [1, {"x": null}], "sections": [
              {"header": "A", "footer": "end", "rows": [{"title": "One"}]},
              {"rows": []},
              {}
            ]}
            """)
        #expect(loaded.title == "Main")
        #expect(loaded.sections.map(\.header) == ["A", nil, nil])
        #expect(loaded.sections.map(\.footer) == ["end", nil, nil])
        #expect(loaded.sections.map(\.rows.count) == [1, 0, 0])
        #expect(loaded.rowCount == 1)
    }

    @Test func emptyForms() throws {
        #expect(try spec("[]").sections.isEmpty)
        #expect(try spec("{}").sections.isEmpty)
        #expect(try spec(#"{"title": null}"#).title == nil)
    }

    @Test func rowsAreNumberedAcrossSectionsButIndexedPerSection() throws {
        let loaded = try spec(#"[{"rows": [{"title": "a"}, {"title": "b"}]}, {"rows": [{"title": "c"}]}]"#)
        #expect(loaded.sections[1].rows.map(\.title) == ["c"])
        #expect(loaded.sections[0].rows[1].title == "b")
    }

    // MARK: - Rows

    @Test func readsEveryRowKey() throws {
        let loaded = try spec(#"""
            [{"rows": [
              {"title": "Go", "detail": "→", "enabled": false, "segue": "next.json", "action": "back"},
              {"title": "Bye", "action": "quit"},
              {"title": "Open", "action": "open"}
            ]}]
            """#, actions: ["open"])
        let rows = Array(loaded.sections[0].rows)
        #expect(rows[0] == Row(title: "Go", detail: "→", enabled: false, segue: "next.json", action: .back))
        #expect(rows[1].action == .quit)
        #expect(rows[2].action == .named("open"))
    }

    @Test func keepsUnknownRowKeysInExtras() throws {
        let loaded = try spec(#"""
            [{"rows": [{"title": "Pizza", "price": 12.50, "tags": ["hot", null], "spicy": true,
                        "meta": {"id": "p1"}, "header": "not a section key here"}]}]
            """#)
        #expect(loaded.sections[0].rows[0].extras == [
            "price": .number("12.50"),
            "tags": .array([.string("hot"), .null]),
            "spicy": .bool(true),
            "meta": .object(["id": .string("p1")]),
            "header": .string("not a section key here"),
        ])
    }

    @Test func nullMeansAbsent() throws {
        let loaded = try spec(#"""
            [{"header": null, "footer": null, "rows": [
              {"title": null, "detail": null, "enabled": null, "segue": null, "action": null}
            ]}]
            """#)
        #expect(loaded.sections[0].header == nil)
        #expect(loaded.sections[0].rows[0] == Row())
        #expect(loaded.sections[0].rows.isSelectable(0, cells: CellLibrary()))
        #expect(try spec(#"{"title": "T", "sections": null}"#).sections.isEmpty)
        #expect(try spec(#"[{"header": "H", "rows": null}]"#).sections[0].rows.isEmpty)
    }

    @Test func enabledFlagsAnswerWithoutDecoding() throws {
        let loaded = try spec(#"""
            [{"rows": [{"title": "a"}, {"title": "b", "enabled": false}, {"enabled": true}]},
             {"rows": [{"enabled": false}]}]
            """#)
        #expect((0..<3).map { loaded.sections[0].rows.isSelectable($0, cells: CellLibrary()) } == [true, false, true])
        #expect(!loaded.sections[1].rows.isSelectable(0, cells: CellLibrary()))
    }

    @Test func escapedKeysMeanWhatTheySay() throws {
        let loaded = try spec(#"[{"rows": [{"tit\u006ce": "x\ty", "enabl\u0065d": false, "\u0070rice": 1}]}]"#)
        let row = loaded.sections[0].rows[0]
        #expect(row.title == "x\ty")
        #expect(!row.enabled && !loaded.sections[0].rows.isSelectable(0, cells: CellLibrary()))
        #expect(row.extras == ["price": .number("1")])
    }

    @Test func theLastOfDuplicateKeysWins() throws {
        let loaded = try spec(#"[{"rows": [{"title": "a", "enabled": false, "title": "b", "enabled": null}]}]"#)
        #expect(loaded.sections[0].rows[0] == Row(title: "b", enabled: true))
        #expect(loaded.sections[0].rows.isSelectable(0, cells: CellLibrary()))
    }

    // MARK: - Shape errors

    @Test func topLevelMustBeSectionsOrAnObject() {
        #expect(problem("12") == #"spec.json:1:1: $: expected an array of sections or an object with "sections", found 12"#)
        #expect(problem(#" "menu""#) == #"spec.json:1:2: $: expected an array of sections or an object with "sections", found "menu""#)
        #expect(problem(#"{"sections": {}}"#) == "spec.json:1:14: sections: expected an array of sections, found an object")
        #expect(problem(#"{"title": 5, "sections": []}"#) == "spec.json:1:11: title: expected a string, found 5")
    }

    @Test func sectionShapes() {
        #expect(problem("[1]") == "spec.json:1:2: [0]: expected an object, found 1")
        #expect(problem(#"[{}, {"header": []}]"#) == "spec.json:1:17: [1].header: expected a string, found an array")
        #expect(problem(#"{"sections": [{"footer": false}]}"#) == "spec.json:1:26: sections[0].footer: expected a string, found false")
        #expect(problem(#"[{"rows": {"title": "a"}}]"#) == "spec.json:1:11: [0].rows: expected an array, found an object")
    }

    @Test func rowShapes() {
        let spec = """
            {"sections": [
              {"rows": []},
              {"rows": [{}, {}, {}, {"title": "x",
                                     "segue": 12}]}
            ]}
            """
        #expect(problem(spec) == "spec.json:4:35: sections[1].rows[3].segue: expected a path or {\"spec\": …, \"data\": …}, found 12")
        #expect(problem(#"[{"rows": ["Pizza"]}]"#) == #"spec.json:1:12: [0].rows[0]: expected an object, found "Pizza""#)
        #expect(problem(#"[{"rows": [{"title": 1.5e3}]}]"#) == "spec.json:1:22: [0].rows[0].title: expected a string, found 1.5e3")
        #expect(problem(#"[{"rows": [{"detail": {"a": 1}}]}]"#) == "spec.json:1:23: [0].rows[0].detail: expected a string, found an object")
        #expect(problem(#"[{"rows": [{"enabled": "no"}]}]"#) == #"spec.json:1:24: [0].rows[0].enabled: expected true, false or a template ("{{settings.name}}"), found "no""#)
        #expect(problem(#"[{"rows": [{"enabled": 0}]}]"#) == #"spec.json:1:24: [0].rows[0].enabled: expected true, false or a template ("{{settings.name}}"), found 0"#)
        #expect(problem(#"[{"rows": [{"action": 3}]}]"#) == #"spec.json:1:23: [0].rows[0].action: expected an action name or {"type": …}, found 3"#)
        #expect(problem(#"[{"rows": [{"segue": ""}]}]"#) == #"spec.json:1:22: [0].rows[0].segue: expected a path to a spec file, found """#)
    }

    @Test func actionsMustBeKnown() {
        #expect(problem(#"[{"rows": [{"action": "menuItemTapped:"}]}]"#)
            == #"spec.json:1:23: [0].rows[0].action: expected "back", "quit", "root", "reload", "emit", "save", "discard" (named actions need a registered handler), found "menuItemTapped:""#)
        #expect(problem(#"[{"rows": [{"action": "paste"}]}]"#, actions: ["open", "copy"])
            == #"spec.json:1:23: [0].rows[0].action: expected "back", "quit", "root", "reload", "emit", "save", "discard" or a registered action ("copy", "open"), found "paste""#)
        #expect(problem(#"[{"rows": [{"action": "b\u0061ck"}]}]"#) == nil)
    }

    @Test func longValuesAreShortenedInMessages() {
        let long = String(repeating: "x", count: 40)
        #expect(problem(#"[{"rows": [{"enabled": "\#(long)"}]}]"#)
            == #"spec.json:1:24: [0].rows[0].enabled: expected true, false or a template ("{{settings.name}}"), found "\#(String(repeating: "x", count: 29))…" (40 bytes)"#)
    }

    @Test func theFirstProblemInDocumentOrderWins() {
        // A shape problem before a syntax error…
        #expect(problem(#"[{"rows": [{"title": 1}, {"title": "a" "b"}]}]"#) == "spec.json:1:22: [0].rows[0].title: expected a string, found 1")
        // …and a syntax error before a shape problem.
        #expect(problem(#"[{"rows": [{"title": "a" "b"}, {"title": 1}]}]"#)
            == #"spec.json:1:26: expected ',' or '}' after object member, found '"'"#)
        // A scalar must be well-formed before its type can be judged.
        #expect(problem(#"[{"rows": [{"title": tru}]}]"#) == "spec.json:1:22: invalid literal 'tru' (expected true, false or null)")
        // A container's type is judged at its bracket, before its contents.
        #expect(problem(#"[{"rows": [{"title": [1,]}]}]"#) == "spec.json:1:22: [0].rows[0].title: expected a string, found an array")
    }

    @Test func unknownKeysAreStillValidated() {
        #expect(problem(#"{"extra": [1,,], "sections": []}"#) == "spec.json:1:14: expected a value, found ','")
        #expect(problem(#"[{"note": "\q"}]"#) == #"spec.json:1:12: invalid escape '\q'"#)
        #expect(problem(#"[{"rows": [{"x": 01}]}]"#) == "spec.json:1:18: number with a leading zero")
    }

    // MARK: - Syntax errors

    @Test func syntaxErrorsCarryLineAndColumn() {
        #expect(specError("[\n  {\"rows\": [}\n]") == SpecError(
            file: "spec.json", kind: .syntax(line: 2, column: 13, message: "expected a value, found '}'")))
        #expect(problem("") == "spec.json:1:1: the file is empty (expected an array of sections or an object with \"sections\")")
        #expect(problem("[] []") == "spec.json:1:4: expected end of file after the top-level value, found '['")
    }

    @Test func nestingIsLimited() {
        let deep = String(repeating: "[", count: 600) + String(repeating: "]", count: 600)
        #expect(problem(#"[{"rows": [{"x": \#(deep)}]}]"#) == "spec.json:1:526: nesting deeper than 512 levels")
    }

    @Test func badSpecsExitWithDataError() {
        #expect(specError("[")?.exitCode == 65)
        #expect(specError("1")?.exitCode == 65)
    }

    @Test func aByteOrderMarkIsSkipped() throws {
        let loaded = try SpecLoader(disk: nil).parse(bytes: [0xEF, 0xBB, 0xBF] + Array(#"[{"rows": [{"title": "a"}]}]"#.utf8), file: "b")
        #expect(loaded.sections[0].rows[0].title == "a")
    }

    // MARK: - Files

    @Test func loadsAFileAndRecordsItsPath() throws {
        try withFolder { folder in
            let file = folder + "/menu.json"
            try Data(#"[{"rows": [{"title": "a"}]}]"#.utf8).write(to: URL(fileURLWithPath: file))
            let loaded = try SpecLoader(disk: nil).load(path: file)
            #expect(loaded.path == file)
            #expect(loaded.sections[0].rows[0].title == "a")
        }
    }

    @Test func aFolderMeansItsMainJSON() throws {
        try withFolder { folder in
            try Data(#"{"title": "Home", "sections": []}"#.utf8).write(to: URL(fileURLWithPath: folder + "/main.json"))
            #expect(DiskFiles.specFile(folder) == folder + "/main.json")
            #expect(DiskFiles.specFile(folder + "/") == folder + "/main.json")
            #expect(DiskFiles.specFile(folder + "/main.json") == folder + "/main.json")
            #expect(DiskFiles.specFile(folder + "/nothing.json") == folder + "/nothing.json")
            let loaded = try SpecLoader(disk: nil).load(path: folder)
            #expect(loaded.title == "Home")
            #expect(loaded.path == folder + "/main.json")
        }
    }

    @Test func aMissingFileIsNotFound() throws {
        try withFolder { folder in
            let error = #expect(throws: SpecError.self) { try SpecLoader(disk: nil).load(path: folder + "/missing.json") }
            #expect(error == SpecError(file: folder + "/missing.json", kind: .notFound))
            #expect(error?.exitCode == 66)
            #expect(error?.description == folder + "/missing.json: no such spec file")
        }
    }

    @Test func aFolderWithoutMainJSONIsNotFound() throws {
        try withFolder { folder in
            let error = #expect(throws: SpecError.self) { try SpecLoader(disk: nil).load(path: folder) }
            #expect(error == SpecError(file: folder + "/main.json", kind: .notFound))
        }
    }

    @Test func anUnreadableFileSaysWhy() throws {
        // Tests run as root, so permissions deny nothing; a `main.json` that is a folder always fails.
        try withFolder { folder in
            try FileManager.default.createDirectory(atPath: folder + "/main.json", withIntermediateDirectories: false)
            let error = #expect(throws: SpecError.self) { try SpecLoader(disk: nil).load(path: folder) }
            #expect(error == SpecError(file: folder + "/main.json", kind: .unreadable("Is a directory")))
            #expect(error?.exitCode == 66)
            #expect(error?.description == folder + "/main.json: cannot read: Is a directory")
        }
    }

    @Test func aFileOverTheLimitIsRefused() throws {
        // A sparse file has the size without taking the disk space.
        try withFolder { folder in
            let file = folder + "/huge.json"
            _ = FileManager.default.createFile(atPath: file, contents: nil)
            let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: file))
            try handle.truncate(atOffset: (512 << 20) + 1)
            try handle.close()
            let error = #expect(throws: SpecError.self) { try SpecLoader(disk: nil).load(path: file) }
            #expect(error?.description == file + ": cannot read: file too large (a spec, data file or cell library can be at most 512 MB)")
        }
    }

    /// Only the spec named on the command line may be a pipe (`segue <(make-spec)`), read to its
    /// end; a segue's spec is read while the screen waits, so one that is a pipe is refused at
    /// once, even with a writer that never writes (issue 30, item 6).
    @Test(.timeLimit(.minutes(1))) func devicesAreRefusedAndOnlyTheNamedSpecMayBeAPipe() throws {
        let device = #expect(throws: SpecError.self) { try SpecLoader(disk: nil).loadNamed(path: "/dev/zero") }
        #expect(device?.description == "/dev/zero: cannot read: not a regular file or a pipe")
        try withFolder { folder in
            let fifo = folder + "/fifo.json"
            #expect(mkfifo(fifo, 0o600) == 0)
            let named = #expect(throws: SpecError.self) { try SpecLoader(disk: nil).loadNamed(path: fifo) }
            #expect(named?.description.hasSuffix("the file is empty (expected an array of sections or an object with \"sections\")") == true)
            let writer = open(fifo, O_RDWR)
            try #require(writer >= 0)
            defer { close(writer) }
            let target = #expect(throws: SpecError.self) { try SpecLoader(disk: nil).load(path: fifo) }
            #expect(target?.description == fifo + ": cannot read: not a regular file")
            let confined = #expect(throws: SpecError.self) { try SpecLoader(disk: Confinement(folder: folder)).load(path: fifo) }
            #expect(confined?.description == fifo + ": cannot read: not a regular file")
        }
    }

    @Test func anEmptyFileIsASyntaxError() throws {
        try withFolder { folder in
            try Data().write(to: URL(fileURLWithPath: folder + "/main.json"))
            let error = #expect(throws: SpecError.self) { try SpecLoader(disk: nil).load(path: folder) }
            #expect(error?.description == folder + "/main.json:1:1: the file is empty (expected an array of sections or an object with \"sections\")")
        }
    }

    @Test func errorDescriptionsUseTheCompilerForm() {
        #expect(SpecError(file: "a.json", kind: .shape(path: "sections[1].rows[3].segue", line: 3, column: 14,
                                                      message: "expected a string, found 12")).description
            == "a.json:3:14: sections[1].rows[3].segue: expected a string, found 12")
        #expect(SpecError(file: "a.json", kind: .invalid(path: "cells.A.base", message: "expected a cell type name, found 1"))
            .description == "a.json: cells.A.base: expected a cell type name, found 1")
        #expect(SpecError(file: "a.json", kind: .syntax(line: 1, column: 2, message: "unterminated string")).description
            == "a.json:1:2: unterminated string")
    }
}
