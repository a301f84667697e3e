import Foundation
import Testing
@testable import SegueCore
import SegueFiles

/// Parses `text` as a spec in `folder` (default: a path that need not exist).
private func load(_ text: String, file: String = "/nonexistent/spec.json") throws(SpecError) -> Spec {
    try SpecLoader(disk: nil).parse(bytes: Array(text.utf8), file: file)
}

private func problem(_ text: String, file: String = "/nonexistent/spec.json") -> String? {
    do {
        _ = try load(text, file: file)
        return nil
    } catch {
        return error.description
    }
}

/// Files written to a fresh folder, removed after `body`.
private func withFiles(_ files: [String: String], _ body: (String) throws -> Void) throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("segue-\(UUID().uuidString)").path
    for (name, text) in files {
        let path = folder + "/" + name
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try text.write(toFile: path, atomically: true, encoding: .utf8)
    }
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try body(folder)
}

@Suite struct RowBindingTests {
    @Test func theSeedsKeyPathRowShowsTheBoundName() throws {
        let spec = try load(#"""
            {"data": {"user": {"name": "Graham Perks"}},
             "cells": {"NameCell": {"base": "subtitle", "title": "{{name}}", "detail": "{{email | no email}}"}},
             "sections": [{"rows": [{"nib": "NameCell", "nameKeyPath": "user.name"}]}]}
            """#)
        let app = state(spec, width: 40, height: 8)
        #expect(screen(app)[1...2] == [" > Graham Perks", "   no email"])
        #expect(app.current.boundRow(0).style == .subtitle)
    }

    @Test func templatesReachEnvSettingsDataAndFallbacks() throws {
        let spec = try load(#"""
            {"title": "Hi {{env.USER}}", "data": {"n": 3}, "sections": [{"header": "{{n}} items", "rows": [
              {"title": "Theme: {{settings.theme | System}}", "detail": "{{missing.path}}"},
              {"title": "\\{{literal}}"}
            ]}]}
            """#)
        var app = AppState(root: spec, size: Size(width: 40, height: 8), settings: Settings(path: nil),
                           environment: ["USER": "ann"])
        #expect(screen(app)[0] == " Hi ann")
        #expect(screen(app)[1] == " 3 items")
        #expect(screen(app)[2] == " > Theme: System")
        #expect(screen(app)[3] == "   {{literal}}")
        app = AppState(root: spec, size: Size(width: 40, height: 8),
                       settings: Settings(path: nil, values: .object(["theme": .string("Dark")])))
        #expect(screen(app)[2] == " > Theme: Dark")
    }

    @Test func aRowsOwnAttributesWinOverItsCellType() throws {
        let spec = try load(#"""
            {"cells": {"Price": {"base": "default", "title": "Item", "detail": "{{price}} EUR"}},
             "sections": [{"rows": [{"cell": "Price", "price": "9.50"}, {"cell": "Price", "title": "Own", "price": 2}]}]}
            """#)
        let app = state(spec, width: 30, height: 6)
        #expect(app.current.row(0).title == "Item")
        #expect(app.current.row(0).detail == "9.50 EUR")
        #expect(app.current.row(1).title == "Own")
        #expect(app.current.row(1).detail == "2 EUR")
    }
}

@Suite struct CellTypeTests {
    @Test func unknownCellTypesAreLoadErrorsNamingTheRow() {
        #expect(problem(#"[{"rows": [{}, {"cell": "Nope"}]}]"#)
            == #"/nonexistent/spec.json:1:25: [0].rows[1].cell: unknown cell type "Nope" (known: default, subtitle, value, toggle, choice, input, slider, progress, text, separator)"#)
        #expect(problem(#"{"cells": {"A": {"base": "B"}, "B": {"base": "A"}}, "sections": []}"#)?
            .contains("cell types based on each other in a cycle: A → B → A") == true)
    }

    @Test func textAndSeparatorRowsAreSkippedByTheCursor() throws {
        let spec = try load(#"""
            {"cells": {"Note": {"base": "text"}}, "sections": [{"rows": [
              {"cell": "text", "title": "Read me"}, {"title": "One"}, {"cell": "separator"},
              {"cell": "Note", "title": "More"}, {"title": "Two"}]}]}
            """#)
        var app = state(spec, width: 30, height: 10)
        #expect(selectedTitle(app) == "One")
        press(.down, on: &app)
        #expect(selectedTitle(app) == "Two")
        #expect(screen(app)[3] == "   ──────────────────────────")
    }

    /// A data file or a library that is a folder or a device is told at the key that named it.
    @Test func aFolderOrDeviceNamedAsADataFileOrLibraryIsToldAtItsKey() throws {
        try withFiles(["data/keep.json": "{}"]) { folder in
            #expect(problem(#"{"dataFile": "data", "sections": []}"#, file: folder + "/main.json")
                == "\(folder)/main.json:1:14: dataFile: \(folder)/data: cannot read: Is a directory")
            #expect(problem(#"{"include": ["/dev/zero"], "sections": []}"#, file: folder + "/main.json")
                == "\(folder)/main.json:1:14: include[0]: /dev/zero: cannot read: not a regular file")
            #expect(problem(#"{"dataFile": "/dev/null", "sections": []}"#, file: folder + "/main.json")
                == "\(folder)/main.json:1:14: dataFile: /dev/null: cannot read: not a regular file")
        }
    }

    /// A data file or a library that is a named pipe, with a writer that never writes: refused at
    /// once, not waited on (the screen froze while a segue's spec read it; issue 30, item 6).
    @Test(.timeLimit(.minutes(1))) func aNamedPipeAsADataFileOrLibraryIsRefusedWithoutWaiting() throws {
        try withFiles([:]) { folder in
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            let fifo = folder + "/pipe.json"
            try #require(mkfifo(fifo, 0o600) == 0)
            // Held open for writing (and reading, so the open does not wait): a reader would wait.
            let writer = open(fifo, O_RDWR)
            try #require(writer >= 0)
            defer { close(writer) }
            #expect(problem(#"{"dataFile": "pipe.json", "sections": []}"#, file: folder + "/main.json")
                == "\(folder)/main.json:1:14: dataFile: \(fifo): cannot read: not a regular file")
            #expect(problem(#"{"include": ["pipe.json"], "sections": []}"#, file: folder + "/main.json")
                == "\(folder)/main.json:1:14: include[0]: \(fifo): cannot read: not a regular file")
        }
    }

    @Test func includedLibrariesShareCellTypesAndCyclesAreErrors() throws {
        try withFiles([
            "cells.json": #"{"include": ["more.json"], "cells": {"NameCell": {"base": "Base", "title": "{{name}}"}}}"#,
            "more.json": #"{"cells": {"Base": {"base": "subtitle", "detail": "from more"}}}"#,
            "loop-a.json": #"{"include": ["loop-b.json"], "cells": {}}"#,
            "loop-b.json": #"{"include": ["loop-a.json"], "cells": {}}"#,
        ]) { folder in
            let spec = try load(#"{"include": ["cells.json"], "sections": [{"rows": [{"cell": "NameCell", "name": "Ann"}]}]}"#,
                                file: folder + "/main.json")
            let app = state(spec)
            #expect(app.current.row(0).title == "Ann")
            #expect(app.current.row(0).detail == "from more")
            #expect(app.current.boundRow(0).style == .subtitle)
            let cycle = problem(#"{"include": ["loop-a.json"], "sections": []}"#, file: folder + "/main.json")
            #expect(cycle?.contains("include cycle: \(folder)/main.json → \(folder)/loop-a.json → \(folder)/loop-b.json → \(folder)/loop-a.json") == true)
            #expect(problem(#"{"include": ["none.json"], "sections": []}"#, file: folder + "/main.json")
                == "\(folder)/main.json:1:14: include[0]: no cell library at \(folder)/none.json")
        }
    }

    @Test func valueCellsLineUpTheirValues() throws {
        let spec = try load(#"""
            [{"rows": [{"cell": "value", "title": "Name", "detail": "Ann"},
                       {"cell": "value", "title": "A much longer key", "detail": "x"}]}]
            """#)
        let lines = screen(state(spec, width: 40, height: 6))
        #expect(lines[1].hasPrefix(" > Name"))
        #expect(lines[2].hasPrefix("   A much longe…"))
        // Both values start in the same column.
        #expect(column(of: "Ann", in: lines[1]) == column(of: " x", in: lines[2]).map { $0 + 1 })
    }

    /// The column (in characters) where `text` starts in `line`.
    private func column(of text: String, in line: String) -> Int? {
        let characters = Array(line)
        let needle = Array(text)
        return characters.indices.first { start in
            start + needle.count <= characters.count && Array(characters[start..<(start + needle.count)]) == needle
        }
    }
}

@Suite struct GeneratedRowTests {
    @Test func rowsAreGeneratedFromDataBetweenFixedRows() throws {
        let spec = try load(#"""
            {"data": {"users": [{"name": "Ann", "id": 1}, {"name": "Bob", "id": 2}]},
             "sections": [{"header": "Contacts", "rows": [
                {"title": "Add contact"},
                {"forEach": "users", "as": "user", "row": {"title": "{{user.name}}", "segue": {"spec": "user.json", "data": {"user": "{{user}}"}}}},
                {"title": "Import"}]}]}
            """#)
        var app = state(spec, width: 30, height: 8)
        #expect(screen(app)[2...5] == [" > Add contact", "   Ann                      ›", "   Bob                      ›", "   Import"])
        press(.down, on: &app)
        #expect(press(.enter, on: &app) == [.loadSpec(path: "/nonexistent/user.json")])
        let detail = try load(#"{"title": "{{user.name}} ({{sender.title}})", "sections": [{"rows": [{"title": "id {{user.id}}"}]}]}"#)
        _ = update(&app, .specLoaded(path: "/nonexistent/user.json", .success(detail)))
        #expect(screen(app)[0] == " Contacts › Ann (Ann)".replacingOccurrences(of: "Contacts", with: "spec"))
        #expect(app.current.row(0).title == "id 1")
        press(.left, on: &app)
        #expect(selectedTitle(app) == "Ann")
    }

    @Test func aSectionLevelGeneratorFollowsTheFixedRows() throws {
        let spec = try load(#"""
            {"data": {"n": [1, 2, 3]}, "sections": [{"rows": [{"title": "first"}], "forEach": "n", "row": {"title": "#{{item}}"}}]}
            """#)
        #expect(screen(state(spec))[1...4] == [" > first", "   #1", "   #2", "   #3"])
    }

    @Test func aHundredThousandGeneratedRowsBindOnlyWhatIsShown() throws {
        let items = JSONValue.array((0..<100_000).map { .object(["n": .number(String($0))]) })
        let spec = Spec(sections: [Section(rows: RowList(generator: RowGenerator(
            forEach: "items", template: Row(title: "Row {{item.n}}"))))], data: .object(["items": items]))
        var app = state(spec, width: 30, height: 10)
        press(.end, on: &app)
        #expect(selectedTitle(app) == "Row 99999")
        press(.pageUp, .up, on: &app)
        #expect(selectedTitle(app) == "Row 99991")
        #expect(screen(app)[0].hasSuffix("99992/100000"))  // rows count from 0 here
    }

    @Test func generatorShapesAreChecked() {
        #expect(problem(#"[{"forEach": 3, "row": {}}]"#) == "/nonexistent/spec.json:1:14: [0].forEach: expected a key path, found 3")
        #expect(problem(#"[{"forEach": "a", "row": {"key": "x"}}]"#)
            == "/nonexistent/spec.json:1:26: [0].row.key: generated rows cannot have hotkeys")
    }
}

@Suite struct HotkeyTests {
    let spec = #"""
        {"sections": [{"rows": [{"title": "Food", "key": "f", "segue": "food.json"}, {"title": "Settings", "key": "s"}]}]}
        """#

    @Test func aHotkeyIsUnderlinedInItsTitleAndActivatesItsRow() throws {
        var app = state(try load(spec, file: "/x/main.json"), width: 30, height: 6)
        #expect(screen(app)[1] == " > Food                     ›")
        let grid = render(app, size: app.size)
        // F of Food (column 3) and S of Settings are underlined; the letters after them are not.
        #expect(grid[3, 1].style.attributes.contains(.underline) && !grid[4, 1].style.attributes.contains(.underline))
        #expect(grid[3, 2].style.attributes.contains(.underline))
        // A title without the key's letter shows the key before it.
        let other = state(try load(#"[{"rows": [{"title": "Leave", "key": "x", "action": "quit"}]}]"#, file: "/x/q.json"),
                          width: 30, height: 6)
        #expect(screen(other)[1].hasPrefix(" > x Leave"))
        #expect(render(other, size: other.size)[3, 1].style.attributes.contains(.underline))
        press(.char("s"), on: &app)
        #expect(selectedTitle(app) == "Settings")
        #expect(press(.char("f"), on: &app) == [.loadSpec(path: "/x/food.json")])
    }

    @Test func duplicatesAndNavigationKeysAreLoadErrors() {
        #expect(problem(#"[{"rows": [{"key": "f"}, {"key": "f"}]}]"#)
            == #"/nonexistent/spec.json:1:26: [0].rows[1].key: hotkey "f" is already used by [0].rows[0].key (rows that share a key need "hidden" conditions)"#)
        #expect(problem(#"[{"rows": [{"key": "j"}]}]"#)
            == #"/nonexistent/spec.json:1:20: [0].rows[0].key: hotkey "j" is a navigation key; pick another"#)
        #expect(problem(#"[{"rows": [{"key": "ab"}]}]"#)
            == #"/nonexistent/spec.json:1:20: [0].rows[0].key: expected a single character, found "ab""#)
    }
}

@Suite struct SettingRowTests {
    let spec = #"""
        [{"rows": [{"cell": "toggle", "title": "Dark mode", "setting": "dark"},
                   {"cell": "choice", "title": "Theme", "setting": "theme", "options": ["Light", "Dark", "Blue"]},
                   {"title": "Back", "segue": "x.json"}]}]
        """#

    @Test func enterAndSpaceFlipAToggleAndAskToSaveIt() throws {
        var app = AppState(root: try load(spec), size: Size(width: 40, height: 8),
                           settings: Settings(path: "/tmp/s.json", values: .object(["keep": .number("1")])))
        #expect(screen(app)[1] == " > [ ] Dark mode")
        let effects = press(.enter, on: &app)
        #expect(app.settings.bool("dark"))
        #expect(effects == [.saveSettings(app.settings)])
        #expect(app.settings.value(for: "keep") == .number("1"))
        #expect(screen(app)[1] == " > [x] Dark mode")
        press(.char(" "), on: &app)
        #expect(!app.settings.bool("dark"))
    }

    @Test func choicesStepWithEnterRightAndLeftWhileBackspaceStillGoesBack() throws {
        var app = AppState(root: try load(spec), size: Size(width: 40, height: 8))
        press(.down, on: &app)
        #expect(screen(app)[2] == " > Theme                    ‹ Light ›")
        press(.right, on: &app)
        #expect(app.settings.string("theme") == "Dark")
        press(.enter, .char("l"), on: &app)
        #expect(app.settings.string("theme") == "Light")
        press(.left, on: &app)
        #expect(app.settings.string("theme") == "Blue")
        #expect(press(.escape, on: &app) == [.quit(.cancelled)])
    }

    @Test func aCorruptSettingsFileIsReportedAndChangesStayInMemory() throws {
        var app = AppState(root: try load(spec), size: Size(width: 60, height: 8),
                           settings: Settings(path: "/tmp/s.json", problem: .corrupt("/tmp/s.json:1:2: oops")))
        #expect(screen(app).last?.contains("settings are not saved") == true)
        #expect(press(.enter, on: &app).isEmpty)
        #expect(app.settings.bool("dark"))
        #expect(screen(app).last?.contains("settings are not saved") == true)
    }

    @Test func aFailedSaveShowsTheReason() throws {
        var app = AppState(root: try load(spec), size: Size(width: 60, height: 8), settings: Settings(path: "/tmp/s.json"))
        press(.enter, on: &app)
        _ = update(&app, .settingsSaved(.unwritable("/tmp/s.json: Permission denied")))
        #expect(screen(app).last == " cannot save settings to /tmp/s.json: Permission denied")
        #expect(app.settings.bool("dark"))
    }

    /// A change no save wrote (the folder locked by another program, say) is not lost: the file
    /// read again after a command keeps it over the file's value and writes it, and leaving
    /// asks first (issue 40).
    @Test func aChangeAFailedSaveDidNotWriteWaitsForTheNextAndQuittingAsks() throws {
        var app = AppState(root: try load(spec), size: Size(width: 80, height: 8), settings: Settings(path: "/tmp/s.json"))
        press(.enter, on: &app)
        _ = update(&app, .settingsSaved(.unwritable("/tmp/s.json: settings are locked by another program: not saved")))
        #expect(app.failedSave != nil)
        // Read again (after a command): the file still has the old value; the change stays, and is saved.
        let effects = update(&app, .settingsRead(Settings(path: "/tmp/s.json", values: .object(["other": 1]))))
        #expect(app.settings.bool("dark"))
        #expect(app.settings.value(for: "other") == 1)
        #expect(effects == [.saveSettings(app.settings)])
        _ = update(&app, .settingsSaved(.unwritable("/tmp/s.json: settings are locked by another program: not saved")))
        #expect(press(.escape, on: &app) == [])
        #expect(app.status == .warning("changes to s.json are not saved: quit without saving? (y/N)"))
        press(.char("n"), on: &app)
        #expect(app.settings.bool("dark"))
        // Once a save succeeds, nothing is asked.
        press(.down, .right, on: &app)
        _ = update(&app, .settingsSaved(nil))
        #expect(app.failedSave == nil)
        #expect(press(.escape, on: &app) == [.quit(.cancelled)])
        // Asked and answered yes: it quits.
        var failed = AppState(root: try load(spec), size: Size(width: 80, height: 8), settings: Settings(path: "/tmp/s.json"))
        press(.enter, on: &failed)
        _ = update(&failed, .settingsSaved(.unwritable("/tmp/s.json: read-only (no write permission): not replaced")))
        press(.escape, on: &failed)
        #expect(press(.char("y"), on: &failed) == [.quit(.cancelled)])
        // Settings no save could write from the start (`--settings /dev/null`) are the session's.
        let device = Settings(path: "/dev/null", problem: .unwritable("/dev/null: not a regular file (a device, a pipe or a socket): settings are not saved there"))
        var session = AppState(root: try load(spec), size: Size(width: 80, height: 8), settings: device)
        press(.enter, on: &session)
        _ = update(&session, .settingsSaved(device.problem))
        #expect(session.failedSave == nil)
        #expect(press(.escape, on: &session) == [.quit(.cancelled)])
    }

    /// A save only a rewrite of the whole file could make, losing its comments or anchors, asks
    /// first; yes saves with the rewrite allowed, for that save alone; no leaves it waiting.
    @Test func aSaveThatWouldLoseCommentsAsksBeforeWritingTheFileAnew() throws {
        var app = AppState(root: try load(spec), size: Size(width: 120, height: 8), settings: Settings(path: "/tmp/s.yaml"))
        press(.enter, on: &app)
        let loss = "its comment and its anchors (&base), each alias written out as a copy"
        _ = update(&app, .settingsSaved(.unwritable("/tmp/s.yaml: this change can only be saved by writing the file anew, which would drop \(loss): not saved"),
                                       wouldLose: loss))
        #expect(app.status == .warning("s.yaml can only be saved written anew, dropping \(loss): write it anew? (y/N)"))
        #expect(app.asksToRewriteSettings)
        var allowed = app.settings
        allowed.rewritesWhole = true
        #expect(press(.char("y"), on: &app) == [.saveSettings(allowed)])
        #expect(!app.settings.rewritesWhole)
        _ = update(&app, .settingsSaved(.unwritable("/tmp/s.yaml: …"), wouldLose: loss))
        press(.char("n"), on: &app)
        #expect(app.status == StatusMessage("cancelled"))
        #expect(app.failedSave != nil && app.settings.bool("dark"))
    }
}

@Suite struct MixedHeightTests {
    @Test func scrollingStaysExactWithTallRows() {
        var rows: [Row] = []
        for index in 1...30 {
            rows.append(Row(title: "Item \(index)", detail: "sub \(index)", extras: index % 3 == 0 ? ["cell": .string("subtitle")] : [:]))
        }
        var app = state(Spec(sections: [Section(rows: rows)]), width: 30, height: 8)  // 6 list lines
        for _ in 0..<5 { press(.down, on: &app) }
        #expect(selectedTitle(app) == "Item 6")
        let lines = screen(app)
        // Item 6 is a subtitle row: both its lines are on screen, at the bottom.
        #expect(lines[5] == " > Item 6")
        #expect(lines[6] == "   sub 6")
        press(.end, on: &app)
        #expect(screen(app)[5...6] == [" > Item 30", "   sub 30"])
        press(.home, .pageDown, .pageDown, .pageUp, .pageUp, on: &app)
        #expect(selectedTitle(app) == "Item 1")
        #expect(app.current.offset == 0)
    }
}

@Suite struct BindingWarningTests {
    @Test func pathsThatResolveToNothingAreReportedWithTheirJSONPath() throws {
        let spec = try load(#"""
            {"title": "{{user.name}}", "data": {"user": {"name": "Ann"}}, "sections": [{"footer": "{{nope}}", "rows": [
              {"title": "{{user.nmae}}"}, {"title": "{{user.name}} {{x | fallback}}", "segue": {"spec": "a.json", "data": {"id": "{{user.id}}"}}},
              {"nameKeyPath": "user.name", "title": "{{name}}"}]}]}
            """#)
        let app = state(spec, width: 80, height: 10)
        #expect(BindingWarnings.check(app.current) == [
            "sections[0].footer: {{nope}} resolves to nothing",
            "sections[0].rows[0].title: {{user.nmae}} resolves to nothing",
            "sections[0].rows[1].segue.data.id: {{user.id}} resolves to nothing",
        ])
        // On screen only for the spec's author (`--watch`): the user of a finished tool is not told.
        #expect(screen(app).last == " ↑↓ move  esc cancel  / find  ? help  q quit")
        var authoring = AppOptions()
        authoring.showsWarnings = true
        let watched = AppState(root: spec, size: Size(width: 80, height: 10), options: authoring)
        #expect(screen(watched).last == " warning: sections[0].footer: {{nope}} resolves to nothing (and 2 more)")
    }

    /// `either` is for values that may be missing: only its last argument missing (all of them)
    /// draws nothing and is told.
    @Test func eitherIsToldOnlyWhenItsLastArgumentIsMissingToo() throws {
        let spec = try load(#"""
            {"data": {"user": {"name": "Ann"}}, "sections": [{"rows": [
              {"title": "{{either(user.nick, user.name)}}"}, {"title": "{{either(user.nick, user.alias, '')}}"},
              {"title": "{{either(user.nick, user.alias)}}"}, {"title": "{{either(usr.nick, user.name)}}"}]}]}
            """#)
        #expect(BindingWarnings.check(state(spec, width: 80, height: 10).current) == [
            "sections[0].rows[2].title: {{user.alias}} resolves to nothing",
            "sections[0].rows[3].title: {{usr.nick}} names nothing in the data, settings, item or row; the condition always reads it as null",
        ])
    }
}

@Suite struct BindingEdgeTests {
    @Test func enabledKeyPathDecidesWhetherTheCursorStops() throws {
        let spec = try load(#"""
            {"data": {"user": {"active": false}}, "sections": [{"rows": [
              {"title": "One"}, {"title": "Gated", "enabledKeyPath": "user.active", "segue": "x.json"}, {"title": "Two"}]}]}
            """#)
        var app = state(spec)
        press(.down, on: &app)
        #expect(selectedTitle(app) == "Two")
    }

    @Test(arguments: [#"{"enabledKeyPath": "user.active"}"#, #"{"enabled": false}"#])
    func aCellTypeThatDisablesOrGatesItsRowsKeepsTheCursorOff(definition: String) throws {
        let spec = try load(#"""
            {"data": {"user": {"active": false}}, "cells": {"Gated": \#(definition)}, "sections": [{"rows": [
              {"title": "One"}, {"cell": "Gated", "title": "Gated", "segue": "x.json"}, {"title": "Two"}]}]}
            """#)
        var app = state(spec)
        press(.down, on: &app)
        #expect(selectedTitle(app) == "Two")
        #expect(press(.up, on: &app).isEmpty)
        #expect(selectedTitle(app) == "One")
    }

    @Test func headersAndFootersFollowSettingsAsTheyChange() throws {
        let spec = try load(#"""
            [{"header": "Theme: {{settings.theme | none}}", "rows": [
              {"cell": "choice", "title": "Theme", "setting": "theme", "options": ["Light", "Dark"]}]}]
            """#)
        var app = state(spec, width: 40, height: 8)
        #expect(screen(app)[1] == " Theme: none")
        press(.enter, on: &app)
        #expect(screen(app)[1] == " Theme: Dark")  // unset shows Light; Enter steps to Dark
    }

    @Test func aRowTitleIsNotATemplateTwice() throws {
        let spec = try load(#"{"sections": [{"rows": [{"title": "Open \\{{lit}}", "segue": "x.json"}]}]}"#, file: "/x/main.json")
        var app = state(spec)
        press(.enter, on: &app)
        _ = update(&app, .specLoaded(path: "/x/x.json", .success(Spec(sections: []))))
        #expect(app.breadcrumb.last == "Open {{lit}}")
    }

    @Test func wrapFromACellTypeCountsItsLines() throws {
        let spec = try load(#"""
            {"cells": {"Long": {"wrap": true}}, "sections": [{"rows": [
              {"cell": "Long", "title": "a b c d e f g h i j k l m n o p q r s t u v w x y z a b c d e f"},
              {"title": "After"}]}]}
            """#)
        var app = state(spec, width: 24, height: 6)
        press(.down, on: &app)
        #expect(screen(app).contains(" > After"))
    }

    @Test func cellWinsOverNibWhereverTheyStand() throws {
        let spec = try load(#"[{"rows": [{"nib": "default", "cell": "text", "title": "Note"}, {"title": "Row"}]}]"#)
        #expect(selectedTitle(state(spec)) == "Row")
    }

    @Test func seedNibsThatSegueCannotKnowLoadWithAWarning() throws {
        let spec = try load(#"[{"rows": [{"nib": "NameCell", "name": "Graham Perks", "title": "{{name}}"}]}]"#)
        let app = state(spec, width: 60, height: 6)
        #expect(selectedTitle(app) == "Graham Perks")
        #expect(BindingWarnings.check(app.current) == [#"sections[0].rows[0].nib: unknown cell type "NameCell", drawn as default"#])
        #expect(problem(#"[{"rows": [{"cell": "NameCell"}]}]"#) != nil)
    }

    @Test func redefiningABuiltInGivesItDefaultsAndKeepsItsStyle() throws {
        let spec = try load(#"{"cells": {"value": {"detail": "—"}}, "sections": [{"rows": [{"cell": "value", "title": "Key"}]}]}"#)
        let app = state(spec)
        #expect(app.current.boundRow(0).style == .value)
        #expect(app.current.row(0).detail == "—")
        #expect(problem(#"{"cells": {"A": {"key": "a"}}, "sections": []}"#)?.hasSuffix("cells.A.key: hotkeys belong on rows, not on cell types") == true)
    }
}

@Suite struct ReviewedBindingTests {
    @Test func aCellTypeSeesTheRowsAttributesAsBound() throws {
        let spec = try load(#"""
            {"data": {"user": {"name": "Ann"}},
             "cells": {"NameCell": {"base": "default", "title": "{{name}}", "detail": "{{caption}}"}},
             "sections": [{"rows": [{"nib": "NameCell", "name": "{{user.name}}", "caption": "Food for {{user.name}}"}]}]}
            """#)
        let app = state(spec)
        #expect(app.current.row(0).title == "Ann")
        #expect(app.current.row(0).detail == "Food for Ann")
    }
}
