import CXattr
import Foundation
import Testing
@testable import SegueCore
@testable import SegueFiles

/// A fresh empty folder, removed when the test's `body` is done.
private func withFolder(_ body: (String) throws -> Void) throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("segue-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try body(folder)
}

private func write(_ text: String, to path: String) throws {
    try text.write(toFile: path, atomically: false, encoding: .utf8)
}

private func text(at path: String) -> String? {
    FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) }
}

private func parsed(at path: String) throws -> JSONValue {
    try JSONParser.parse(Array(FileManager.default.contents(atPath: path) ?? Data()))
}

/// The names in `folder`, hidden ones (temporary files) included.
private func names(in folder: String) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
}

@Suite struct SettingsTests {
    // MARK: - The value

    @Test func setAndGet() {
        var settings = Settings(path: nil, values: .object(["theme": .string("dark"), "size": .number("3")]))
        #expect(!settings.bool("darkMode"))
        settings.set("darkMode", to: .bool(true))
        #expect(settings.bool("darkMode"))
        #expect(settings.string("theme") == "dark")
        #expect(settings.value(for: "size") == .number("3"))
        #expect(settings.value(for: "missing") == nil)
        #expect(settings.values == .object(["theme": .string("dark"), "size": .number("3"), "darkMode": .bool(true)]))
        #expect(settings.changedNames == ["darkMode"])
    }

    @Test func onlyTheLiteralTrueIsOn() {
        let settings = Settings(path: nil, values: .object(["a": .string("true"), "b": .number("1"), "c": .bool(false)]))
        #expect(!settings.bool("a"))
        #expect(!settings.bool("b"))
        #expect(!settings.bool("c"))
        #expect(settings.string("b") == nil)
    }

    @Test func valuesAreAlwaysAnObject() {
        #expect(Settings(path: nil, values: .array([.null])).values == .object([:]))
    }

    @Test func writableOnlyWithAPathAndAReadableFile() {
        #expect(!Settings(path: nil).isWritable)
        #expect(Settings(path: "s.json").isWritable)
        #expect(!Settings(path: "s.json", problem: .corrupt("s.json:1:1: oops")).isWritable)
        #expect(Settings(path: "s.json", problem: .unwritable("s.json: Permission denied")).isWritable)
    }

    @Test func problemsReadOnTheStatusLine() {
        #expect(SettingsProblem.corrupt("settings.json:3:7: expected ',' or '}' after object member, found '\"'")
            .description == "settings.json:3:7: expected ',' or '}' after object member, found '\"' — settings are not saved")
        #expect(SettingsProblem.unwritable("x.json: Permission denied").description
            == "cannot save settings to x.json: Permission denied")
    }

    // MARK: - Loading and saving

    @Test func missingFileIsEmptyAndTheFirstSaveCreatesIt() throws {
        try withFolder { folder in
            let path = folder + "/settings.json"
            var settings = SettingsFile.load(path: path)
            #expect(settings == Settings(path: path))
            #expect(settings.isWritable)
            settings.set("darkMode", to: .bool(true))
            #expect(SettingsFile.save(settings) == nil)
            #expect(text(at: path) == "{\n  \"darkMode\": true\n}\n")
        }
    }

    @Test func emptyFileIsEmptySettings() throws {
        try withFolder { folder in
            let path = folder + "/settings.json"
            try write(" \n", to: path)
            #expect(SettingsFile.load(path: path) == Settings(path: path))
        }
    }

    @Test func unknownKeysAreKeptAcrossASave() throws {
        try withFolder { folder in
            let path = folder + "/settings.json"
            try write(#"{"zeta": [1.50, {"b": null}], "theme": "light"}"#, to: path)
            var settings = SettingsFile.load(path: path)
            #expect(settings.problem == nil)
            #expect(settings.string("theme") == "light")
            settings.set("theme", to: .string("dark"))
            #expect(SettingsFile.save(settings) == nil)
            #expect(try parsed(at: path) == .object([
                "zeta": .array([.number("1.50"), .object(["b": .null])]),
                "theme": .string("dark"),
            ]))
        }
    }

    @Test func saveIsAtomicAndLeavesNoTemporaryFile() throws {
        try withFolder { folder in
            let path = folder + "/settings.json"
            try write(#"{"b": 1, "a": {"y": [], "x": "é\n"}}"#, to: path)
            var settings = SettingsFile.load(path: path)
            settings.set("c", to: .bool(false))
            #expect(SettingsFile.save(settings) == nil)
            #expect(try names(in: folder) == ["settings.json"])
            // The file as it was written, the new setting after the others.
            #expect(text(at: path) == #"{"b": 1, "a": {"y": [], "x": "é\n"}, "c": false}"#)
            #expect(SettingsFile.load(path: path).values == settings.values)
        }
    }

    @Test func keysChangedElsewhereMeanwhileAreKeptUnlessTheAppSetThem() throws {
        try withFolder { folder in
            let path = folder + "/settings.json"
            try write(#"{"darkMode": false, "theme": "light"}"#, to: path)
            var settings = SettingsFile.load(path: path)
            try write(#"{"darkMode": false, "theme": "blue", "added": 1}"#, to: path)
            settings.set("darkMode", to: .bool(true))
            #expect(SettingsFile.save(settings) == nil)
            #expect(try parsed(at: path) == .object([
                "darkMode": .bool(true), "theme": .string("blue"), "added": .number("1"),
            ]))
        }
    }

    @Test func syntaxErrorIsReportedWithItsLocationAndTheFileIsNeverOverwritten() throws {
        try withFolder { folder in
            let path = folder + "/settings.json"
            let original = "{\n  \"a\": true\n  \"b\": false\n}\n"
            try write(original, to: path)
            var settings = SettingsFile.load(path: path)
            #expect(settings.problem == .corrupt("\(path):3:3: expected ',' or '}' after object member, found '\"'"))
            #expect(settings.values == .object([:]))
            #expect(!settings.isWritable)
            settings.set("a", to: .bool(false))
            #expect(SettingsFile.save(settings) == settings.problem)
            #expect(settings.bool("a") == false && settings.value(for: "a") == .bool(false))
            #expect(text(at: path) == original)
            #expect(try names(in: folder) == ["settings.json"])
        }
    }

    @Test func valueThatIsNotAnObjectIsReportedWhereItStarts() throws {
        try withFolder { folder in
            let path = folder + "/settings.json"
            let original = "\n  [true]\n"
            try write(original, to: path)
            var settings = SettingsFile.load(path: path)
            #expect(settings.problem == .corrupt("\(path):2:3: expected an object, found an array"))
            settings.set("darkMode", to: .bool(true))
            #expect(SettingsFile.save(settings) == settings.problem)
            #expect(text(at: path) == original)
        }
    }

    @Test func fileThatTurnsCorruptBeforeASaveIsNotOverwritten() throws {
        try withFolder { folder in
            let path = folder + "/settings.json"
            var settings = SettingsFile.load(path: path)
            try write("{oops", to: path)
            settings.set("darkMode", to: .bool(true))
            #expect(SettingsFile.save(settings) == .corrupt("\(path):1:2: expected a string key or '}', found 'o'"))
            #expect(text(at: path) == "{oops")
        }
    }

    @Test func missingFolderIsUnwritableAndTheValueStaysChanged() throws {
        try withFolder { folder in
            let path = folder + "/missing/settings.json"
            var settings = SettingsFile.load(path: path)
            #expect(settings.problem == nil)
            settings.set("darkMode", to: .bool(true))
            #expect(SettingsFile.save(settings) == .unwritable("\(path): No such file or directory"))
            #expect(settings.bool("darkMode"))
            let created = try names(in: folder)
            #expect(created == [])
        }
    }

    @Test func folderInTheWayIsUnwritableAndTheValueStaysChanged() throws {
        try withFolder { folder in
            let path = folder + "/settings.json"
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
            var settings = SettingsFile.load(path: path)
            #expect(settings.problem == .unwritable("\(path): Is a directory"))
            #expect(settings.isWritable)
            settings.set("darkMode", to: .bool(true))
            #expect(SettingsFile.save(settings) == .unwritable("\(path): Is a directory"))
            #expect(settings.bool("darkMode"))
            #expect(try names(in: folder) == ["settings.json"])
        }
    }

    @Test func failedReplaceRemovesTheTemporaryFile() throws {
        try withFolder { folder in
            let path = folder + "/settings.json"
            try FileManager.default.createDirectory(atPath: path + "/inside", withIntermediateDirectories: true)
            #expect(SettingsFile.replace(path, with: Array("{}\n".utf8)) == .unwritable("\(path): Is a directory"))
            #expect(try names(in: folder) == ["settings.json"])
        }
    }

    @Test func symlinkedFileIsWrittenWhereItLives() throws {
        try withFolder { folder in
            let real = folder + "/dotfiles/settings.json"
            let link = folder + "/settings.json"
            try FileManager.default.createDirectory(atPath: folder + "/dotfiles", withIntermediateDirectories: false)
            try write("{}", to: real)
            try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: real)
            var settings = SettingsFile.load(path: link)
            settings.set("darkMode", to: .bool(true))
            #expect(SettingsFile.save(settings) == nil)
            #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == real)
            #expect(try parsed(at: real) == .object(["darkMode": .bool(true)]))
            #expect(try names(in: folder + "/dotfiles") == ["settings.json"])
        }
    }

    @Test func savedFileKeepsItsPermissions() throws {
        try withFolder { folder in
            let path = folder + "/settings.json"
            try write("{}", to: path)
            try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: path)
            var settings = SettingsFile.load(path: path)
            settings.set("darkMode", to: .bool(true))
            #expect(SettingsFile.save(settings) == nil)
            let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
            #expect(mode == 0o600)
        }
    }

    @Test func aSaveKeepsTheFilesUserExtendedAttributesAndItsMode() throws {
        try withFolder { folder in
            let path = folder + "/settings.json"
            let memory = folder + "/memory.json"
            try write("{}", to: path)
            try write("{}", to: memory)
            for file in [path, memory] {
                // A file system without user attributes (some tmpfs) has nothing to keep.
                guard setxattr(file, "user.tag", "blue", 4, 0) == 0 else { return }
                #expect(chmod(file, 0o640) == 0)
            }
            var settings = SettingsFile.load(path: path)
            settings.set("darkMode", to: .bool(true))
            #expect(SettingsFile.save(settings) == nil)
            #expect(RowMemoryFile.apply(.left(screen: "main.json", row: "a"), path: memory) == nil)
            for file in [path, memory] {
                var value = [UInt8](repeating: 0, count: 16)
                let count = getxattr(file, "user.tag", &value, value.count)
                #expect(count == 4 && Array(value.prefix(4)) == Array("blue".utf8), "\(file)")
                let mode = try FileManager.default.attributesOfItem(atPath: file)[.posixPermissions] as? Int
                #expect(mode == 0o640)
            }
            #expect(try parsed(at: path) == .object(["darkMode": .bool(true)]))
        }
    }

    @Test(.enabled(if: geteuid() == 0, "only root can give a file to another user"))
    func savedFileKeepsItsOwner() throws {
        try withFolder { folder in
            let path = folder + "/settings.json"
            try write("{}", to: path)
            #expect(chown(path, 65534, 65534) == 0)
            var settings = SettingsFile.load(path: path)
            settings.set("darkMode", to: .bool(true))
            #expect(SettingsFile.save(settings) == nil)
            var info = stat()
            #expect(stat(path, &info) == 0 && info.st_uid == 65534 && info.st_gid == 65534)
            #expect(try parsed(at: path) == .object(["darkMode": .bool(true)]))
        }
    }

    @Test func aReadOnlyFileIsNeverReplacedAndTheValueStaysChanged() throws {
        try withFolder { folder in
            let path = folder + "/settings.json"
            try write("{\"kept\": 1}", to: path)
            chmod(path, 0o444)
            var settings = SettingsFile.load(path: path)
            settings.set("darkMode", to: .bool(true))
            let problem = SettingsFile.save(settings)
            #expect(problem == .unwritable("\(path): read-only (no write permission): not replaced"))
            #expect(settings.value(for: "darkMode") == .bool(true))
            #expect(text(at: path) == "{\"kept\": 1}")
            #expect(try names(in: folder) == ["settings.json"])
        }
    }

    @Test(.enabled(if: geteuid() == 0, "only root can plant a link owned by another user"))
    func aLinkAnotherUserPlantedInAWorldWritableFolderIsNeverFollowed() throws {
        try withFolder { folder in
            chmod(folder, 0o1777)
            let victim = folder + "/victim.json", link = folder + "/settings.json"
            try write("{\"victim\": true}", to: victim)
            symlink(victim, link)
            #expect(lchown(link, 65534, 65534) == 0)
            var settings = SettingsFile.load(path: link)
            let refusal = SettingsProblem.refused(
                "\(link): a symlink another user (uid 65534) owns, in a folder anyone can write: not followed")
            #expect(settings.problem == refusal)
            #expect(settings.values == .object([:]))  // nothing read through it either
            settings.set("darkMode", to: .bool(true))
            #expect(SettingsFile.save(settings) == refusal)
            #expect(text(at: victim) == "{\"victim\": true}")
            // A link of one's own that leads to the planted one is refused too.
            let own = folder + "/../segue-own-\(getpid()).json"
            symlink(link, own)
            defer { unlink(own) }
            #expect(SettingsFile.load(path: own).problem?.description.contains("(reached through \(own))") == true)
            #expect(text(at: victim) == "{\"victim\": true}")
        }
    }

    @Test func aUsersOwnLinkInAWorldWritableFolderIsFollowed() throws {
        try withFolder { folder in
            chmod(folder, 0o1777)
            let real = folder + "/real.json", link = folder + "/settings.json"
            try write("{}", to: real)
            symlink(real, link)
            var settings = SettingsFile.load(path: link)
            #expect(settings.problem == nil)
            settings.set("darkMode", to: .bool(true))
            #expect(SettingsFile.save(settings) == nil)
            #expect(try parsed(at: real) == .object(["darkMode": .bool(true)]))
        }
    }

    @Test func settingsWithoutAPathAreNotSaved() {
        var settings = Settings(path: nil)
        settings.set("darkMode", to: .bool(true))
        #expect(SettingsFile.save(settings) == nil)
    }

    // MARK: - Pretty printing

    @Test func prettyPrintingIndentsAndSortsKeys() {
        let value = JSONValue.object([
            "b": .array([.number("1"), .string("two\t\"x\""), .object([:])]),
            "a": .null,
            "c": .array([]),
        ])
        #expect(value.prettyPrinted() == """
            {
              "a": null,
              "b": [
                1,
                "two\\t\\"x\\"",
                {}
              ],
              "c": []
            }
            """)
        #expect(JSONValue.array([.bool(true)]).prettyPrinted(indent: 4) == "[\n    true\n]")
        #expect(JSONValue.string("é").prettyPrinted() == "\"é\"")
    }

    @Test func prettyPrintingRoundTripsThroughTheParser() throws {
        let value = JSONValue.object([
            "nested": .object(["deep": .array([.array([]), .object(["k\u{1}": .number("-1.5e300")])])]),
            "text": .string("line\nbreak \\ \u{1F600} \u{7}"),
            "flags": .array([.bool(true), .bool(false), .null]),
        ])
        #expect(try JSONParser.parse(Array(value.prettyPrinted().utf8)) == value)
        #expect(try JSONParser.parse(Array(value.prettyPrinted(indent: 0).utf8)) == value)
    }

    @Test func aDeviceIsNeverSettingsNorReplaced() throws {
        var settings = SettingsFile.load(path: "/dev/null")
        #expect(settings.problem?.description.contains("/dev/null: not a regular file") == true)
        settings.set("dark", to: .bool(true))
        #expect(SettingsFile.save(settings) != nil)
        var info = stat()
        #expect(stat("/dev/null", &info) == 0 && info.st_mode & S_IFMT == S_IFCHR)
    }

    @Test func aPlantedTemporaryLinkIsNeverFollowedAndAStaleTemporaryFileGoes() throws {
        let folder = "/tmp/segue-settings-\(getpid())-\(Int.random(in: 0..<1_000_000))"
        mkdir(folder, 0o700)
        defer { _ = try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/prefs.json", victim = folder + "/victim.txt", temporary = folder + "/.prefs.json.tmp-\(getpid())"
        try "keep me".write(toFile: victim, atomically: false, encoding: .utf8)
        symlink(victim, temporary)
        var settings = SettingsFile.load(path: path)
        settings.set("dark", to: .bool(true))
        #expect(SettingsFile.save(settings) != nil)  // refused, not written through the link
        #expect(try String(contentsOfFile: victim, encoding: .utf8) == "keep me")
        // A temporary file a killed save left behind is removed by the next save.
        unlink(temporary)
        try "half".write(toFile: temporary, atomically: false, encoding: .utf8)
        #expect(SettingsFile.save(settings) == nil)
        #expect(!FileManager.default.fileExists(atPath: temporary))
        #expect(try String(contentsOfFile: path, encoding: .utf8).contains("\"dark\": true"))
    }
}

/// Settings under faults: two writers at once, and what killed saves leave behind.
@Suite struct SettingsUnderFaultsTests {
    @Test func twoWritersAtOnceLoseNothing() throws {
        try withFolder { folder in
            let path = folder + "/settings.json"
            try write("{}", to: path)
            // Two "instances": each loaded the file once, and saves after each change of its own.
            DispatchQueue.concurrentPerform(iterations: 2) { writer in
                var settings = SettingsFile.load(path: path)
                for round in 0..<150 {
                    settings.set("writer\(writer)-\(round)", to: .bool(true))
                    _ = SettingsFile.save(settings)
                }
            }
            guard case .object(let members) = try parsed(at: path) else { throw Failure() }
            #expect(members.count == 300)
            #expect(try names(in: folder) == ["settings.json"])
        }
    }

    @Test func temporaryFilesOfKilledSavesGoAtTheNextSave() throws {
        try withFolder { folder in
            let path = folder + "/settings.json"
            try write("{}", to: path)
            try write("{\"half", to: folder + "/.settings.json.tmp-4194303")
            try write("{\"half", to: folder + "/.settings.json.tmp-4194302")
            var settings = SettingsFile.load(path: path)
            settings.set("dark", to: .bool(true))
            #expect(SettingsFile.save(settings) == nil)
            #expect(try names(in: folder) == ["settings.json"])
            // A live process's temporary file is left to it.
            try write("{", to: folder + "/.settings.json.tmp-1")
            #expect(SettingsFile.save(settings) == nil)
            #expect(try names(in: folder) == [".settings.json.tmp-1", "settings.json"])
        }
    }

    /// A tool that locks the settings folder as documented (`flock`) and holds it past Segue's
    /// second of waiting keeps its write: Segue writes nothing and says so (issue 40).
    @Test func aLockHeldByAnotherProgramIsNeverWrittenThrough() throws {
        try withFolder { folder in
            let path = folder + "/settings.json"
            try write("{\"kept\": 1}", to: path)
            var settings = SettingsFile.load(path: path)
            settings.set("dark", to: .bool(true))
            // Another open file description: flock conflicts with it as with another process.
            let other = open(folder, O_RDONLY | O_DIRECTORY)
            #expect(flock(other, LOCK_EX) == 0)
            #expect(SettingsFile.save(settings) == .unwritable("\(path): settings are locked by another program: not saved"))
            #expect(text(at: path) == "{\"kept\": 1}")
            #expect(try names(in: folder) == ["settings.json"])
            // Given up, the lock is had and the change that waited is written.
            flock(other, LOCK_UN)
            close(other)
            #expect(SettingsFile.save(settings) == nil)
            #expect(try parsed(at: path) == .object(["kept": 1, "dark": .bool(true)]))
        }
    }

    struct Failure: Error {}
}

/// A settings file written by hand, with comments (JSONC): a save changes only the values set,
/// and keeps its comments, key order and spacing (issue 29).
@Suite struct CommentedSettingsTests {
    let commented = """
        // Raspberry Pi settings
        {
          /* the SSH server */
          "ssh": false,   // off by default
          "hostname": "pi",
          "volume": 40, // percent
        }

        """

    @Test func aSaveKeepsCommentsOrderAndSpacingAndPutsNewNamesLast() throws {
        try withFolder { folder in
            let path = folder + "/settings.json"
            try write(commented, to: path)
            var settings = SettingsFile.load(path: path)
            #expect(settings.problem == nil && settings.value(for: "volume") == .number("40"))
            settings.set("ssh", to: .bool(true))
            settings.set("volume", to: .number("55"))
            settings.set("country", to: .string("GB"))
            #expect(SettingsFile.save(settings) == nil)
            #expect(text(at: path) == """
                // Raspberry Pi settings
                {
                  /* the SSH server */
                  "ssh": true,   // off by default
                  "hostname": "pi",
                  "volume": 55, // percent
                  "country": "GB",
                }

                """)
            #expect(SettingsFile.load(path: path).values == .object(["ssh": .bool(true), "hostname": "pi", "volume": .number("55"), "country": "GB"]))
        }
    }

    @Test func aRemovedSettingOrAFileThatCannotBePatchedIsWrittenWhole() throws {
        /// `text` with `names` put in from `merged`, as a save does; `nil`: written whole.
        func patched(_ text: String, _ names: [String], _ merged: JSONValue) -> String? {
            SettingsPatch(Array(text.utf8))?.applying(names, from: merged).map { String(decoding: $0, as: UTF8.self) }
        }
        // A member taken away goes with its comma and the comment on its line; the rest stays.
        #expect(patched(commented, ["ssh"], .object(["hostname": "pi", "volume": 40]))
                == "// Raspberry Pi settings\n{\n  /* the SSH server */\n  \"hostname\": \"pi\",\n  \"volume\": 40, // percent\n}\n")
        #expect(patched(commented, ["volume"], .object(["ssh": false, "hostname": "pi"]))
                == "// Raspberry Pi settings\n{\n  /* the SSH server */\n  \"ssh\": false,   // off by default\n  \"hostname\": \"pi\",\n}\n")
        // A comment line above the next member stays; the last member's comma before it goes.
        #expect(patched("{\n  \"a\": 1,\n  // about b\n  \"b\": 2\n}\n", ["a"], .object(["b": 2])) == "{\n  // about b\n  \"b\": 2\n}\n")
        #expect(patched("{\n  \"a\": 1, // one\n  // about b\n  \"b\": 2 // two\n}\n", ["b"], .object(["a": 1])) == "{\n  \"a\": 1 // one\n  // about b\n}\n")
        // New lines keep to the file's indent and line breaks.
        #expect(patched("{\r\n    \"a\": 1\r\n}\r\n", ["b"], .object(["a": 1, "b": true])) == "{\r\n    \"a\": 1,\r\n    \"b\": true\r\n}\r\n")
        #expect(patched("{\"a\": 1}", ["a"], .object([:])) == "{}")
        #expect(patched("{\"a\": 1}", ["gone"], .object(["a": 1])) == "{\"a\": 1}")
        // Two new settings in an object the file lacks add it once.
        #expect(patched("{}", ["/e/a", "/e/b"], .object(["e": .object(["a": 1, "b": 2])])).map { (try? JSONParser.parse(Array($0.utf8))) }
                == .object(["e": .object(["a": 1, "b": 2])]))
        #expect(patched("{}", ["/e/a", "/e/b"], .object(["e": .object(["a": 1, "b": 2])]))?.components(separatedBy: "\"e\"").count == 2)
        #expect(patched("[1, 2]", ["ssh"], .object(["ssh": .bool(true)])) == nil)
        #expect(patched("{}", ["a"], .object(["a": 1])) == "{\"a\": 1}")
        #expect(patched("{\"a\": 1}", ["b"], .object(["a": 1, "b": true])) == "{\"a\": 1, \"b\": true}")
        #expect(patched("{\n  \"a\": 1\n}\n", ["b"], .object(["a": 1, "b": true])) == "{\n  \"a\": 1,\n  \"b\": true\n}\n")
        #expect(patched("{\n  \"a\": 1 // one\n}\n", ["b"], .object(["a": 1, "b": true])) == "{\n  \"a\": 1, // one\n  \"b\": true\n}\n")
        #expect(patched("{\"a\": 1,}", ["b"], .object(["a": 1, "b": true])) == "{\"a\": 1, \"b\": true,}")
    }
}

/// A nested setting, named by JSON Pointer (`segue edit`'s rows), is saved at the deepest place
/// the file has for it: the file's other keys and every comment outside the value are kept.
@Suite struct NestedSettingsTests {
    @Test func aNestedSettingIsSavedWhereItStands() throws {
        try withFolder { folder in
            let path = folder + "/config.json"
            try write("// mine\n{\n  \"editor\": {\"size\": 12, \"theme\": \"dark\"}, // the editor\n  \"other\": 1\n}\n", to: path)
            var settings = SettingsFile.load(path: path)
            settings.set("/editor/size", to: .number("14"))
            settings.set("/editor/tabs", to: .bool(false))
            settings.set("/new/deep", to: .bool(true))
            #expect(SettingsFile.save(settings) == nil)
            #expect(text(at: path) == """
                // mine
                {
                  "editor": {"size": 14, "theme": "dark", "tabs": false}, // the editor
                  "other": 1,
                  "new": {"deep": true}
                }

                """)
        }
    }

    @Test func commentsInsideANestedObjectAndAListAreKeptWhenAValueInThemChanges() throws {
        try withFolder { folder in
            let path = folder + "/config.json"
            try write("""
                {
                  "editor": {
                    // how text looks
                    "font": {
                      "size": 12, // points
                      "family": "Mono"
                    }
                  },
                  "servers": [
                    {"host": "a"}, // the first
                    {"host": "b"}
                  ]
                }

                """, to: path)
            var settings = SettingsFile.load(path: path)
            settings.set("/editor/font/size", to: .number("14"))
            settings.set("/editor/font/ligatures", to: .bool(true))
            settings.set("/servers/1/host", to: "c")
            settings.set("/servers/2", to: .object(["host": "d"]))
            #expect(SettingsFile.save(settings) == nil)
            #expect(text(at: path) == """
                {
                  "editor": {
                    // how text looks
                    "font": {
                      "size": 14, // points
                      "family": "Mono",
                      "ligatures": true
                    }
                  },
                  "servers": [
                    {"host": "a"}, // the first
                    {"host": "c"},
                    {"host": "d"}
                  ]
                }

                """)
            // A member taken away goes alone, with its comma.
            settings.set("/editor/font/family", to: nil)
            #expect(SettingsFile.save(settings) == nil)
            #expect(text(at: path)?.contains("    \"font\": {\n      \"size\": 14, // points\n      \"ligatures\": true\n    }\n") == true)
        }
    }

    /// A change inside a list's item names the item by its place; another program taking an item
    /// out meanwhile must not make it land in the item that moved into that place.
    @Test func aChangeInsideAListItemIsNeverWrittenIntoAnotherItemWhenTheListChangedMeanwhile() throws {
        try withFolder { folder in
            let path = folder + "/config.json"
            try write(#"{"servers": [{"host": "a"}, {"host": "b"}, {"host": "c"}], "other": 1}"#, to: path)
            var settings = SettingsFile.load(path: path)
            settings.set("/servers/1/host", to: "b2")
            try write(#"{"servers": [{"host": "b"}, {"host": "c"}], "other": 2}"#, to: path)
            #expect(SettingsFile.save(settings) == nil)
            #expect(try parsed(at: path) == .object(["servers": .array([.object(["host": "a"]), .object(["host": "b2"]), .object(["host": "c"])]), "other": 2]))
            // The list unchanged elsewhere: the change goes where it stands.
            try write("{\"servers\": [\n  {\"host\": \"a\"}, // first\n  {\"host\": \"b\"}\n]}\n", to: path)
            var again = SettingsFile.load(path: path)
            again.set("/servers/1/host", to: "z")
            #expect(SettingsFile.save(again) == nil)
            #expect(text(at: path) == "{\"servers\": [\n  {\"host\": \"a\"}, // first\n  {\"host\": \"z\"}\n]}\n")
        }
    }
}

/// A list set whole (what `append`, `remove` and `move` do) changes only what differs in a JSON
/// file, as in a YAML one: the other items stay as written, comments inside them too.
@Suite struct ListPatchTests {
    private func patched(_ text: String, _ list: JSONValue) throws -> String? {
        var merged = try JSONParser.parse(Array(text.utf8))
        merged.setSetting("/servers", to: list)
        return SettingsPatch(Array(text.utf8))?.applying(["/servers"], from: merged).map { String(decoding: $0, as: UTF8.self) }
    }

    let file = """
        {
          "servers": [
            {"host": "a"}, // the first
            {"host": "b",
             "port": 22}
          ]
        }

        """

    /// Members next to each other taken away at once write their object anew, not the file.
    @Test func neighboursTakenAwayTogetherWriteTheirObjectAnew() throws {
        let text = "// mine\n{\"o\": {\"x\": 1, \"y\": 2, \"z\": 3}, \"p\": 1}\n"
        var merged = try JSONParser.parse(Array(text.utf8))
        merged.setSetting("/o", to: .object(["x": 1]))
        #expect(SettingsPatch(Array(text.utf8))?.applying(["/o"], from: merged).map { String(decoding: $0, as: UTF8.self) }
                == "// mine\n{\"o\": {\"x\": 1}, \"p\": 1}\n")
    }

    @Test func anItemAddedMovedOrTakenAwayLeavesTheOthersAsWritten() throws {
        let a: JSONValue = .object(["host": "a"]), b: JSONValue = .object(["host": "b", "port": 22])
        #expect(try patched(file, .array([a, b, .object(["host": "c"])]))
                == "{\n  \"servers\": [\n    {\"host\": \"a\"}, // the first\n    {\"host\": \"b\",\n     \"port\": 22},\n    {\"host\": \"c\"}\n  ]\n}\n")
        #expect(try patched(file, .array([b, a]))
                == "{\n  \"servers\": [\n    {\"host\": \"b\",\n     \"port\": 22}, // the first\n    {\"host\": \"a\"}\n  ]\n}\n")
        #expect(try patched(file, .array([b])) == "{\n  \"servers\": [\n    {\"host\": \"b\",\n     \"port\": 22}\n  ]\n}\n")
        #expect(try patched(file, .array([.object(["host": "a", "port": 2]), b]))
                == "{\n  \"servers\": [\n    {\"host\": \"a\", \"port\": 2}, // the first\n    {\"host\": \"b\",\n     \"port\": 22}\n  ]\n}\n")
    }
}
