import Foundation
import Glibc
@testable import SegueCore
import SegueFiles
import Testing

/// A `segue.json` above a spec is another user's way into the user's settings, keys and commands
/// when anyone could have put it there (issue 40): git's rule after CVE-2022-24765.
@Suite struct UpwardTrustTests {
    /// A fresh folder under the temporary folder (itself one every user may write in, where any
    /// search stops), laid out by `files`, with `modes` and `owners` set; removed afterwards.
    private func withTree(_ files: [String: String], modes: [String: mode_t] = [:], owners: [String: uid_t] = [:],
                          _ body: (String) throws -> Void) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("segue-trust-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        chmod(folder, 0o755)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for (name, text) in files {
            try FileManager.default.createDirectory(atPath: SpecPath.folder(folder + "/" + name), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: URL(fileURLWithPath: folder + "/" + name))
        }
        for (name, mode) in modes { #expect(chmod(folder + "/" + name, mode) == 0) }
        for (name, owner) in owners { #expect(chown(folder + "/" + name, owner, gid_t(owner)) == 0) }
        try body(folder)
    }

    private let spec = #"{"title": "Tool", "sections": [{"rows": [{"title": "a"}]}]}"#
    private let planted = #"{"theme": "mono", "keys": {"q": null}, "settingsFile": "/tmp/steal.json"}"#
    /// Another user's id: nobody's.
    private let stranger: uid_t = 65534

    @Test func aDefaultsFileInAFolderEveryoneCanWriteIsNotReadAndEndsTheSearch() throws {
        try withTree(["shared/segue.json": planted, "shared/tool/main.json": spec], modes: ["shared": 0o777]) { folder in
            let loaded = try SpecLoader(disk: nil).load(path: folder + "/shared/tool/main.json")
            #expect(loaded.theme == nil && loaded.keys == nil && loaded.settingsFile == nil)
            #expect(loaded.keyWarnings == ["\(folder)/shared/segue.json: not read: \(folder)/shared is a folder every user can write in, so the search for segue.json stops there"])
        }
    }

    @Test func anotherUsersDefaultsFileIsSkippedWithAWarning() throws {
        guard geteuid() == 0 else { return }  // only root can give a file away
        try withTree(["up/segue.json": #"{"theme": "high-contrast"}"#, "up/mid/segue.json": planted, "up/mid/tool/main.json": spec],
                     owners: ["up/mid/segue.json": stranger]) { folder in
            let loaded = try SpecLoader(disk: nil).load(path: folder + "/up/mid/tool/main.json")
            #expect(loaded.settingsFile == nil && loaded.keys == nil)
            // The search goes on up to the user's own.
            #expect(loaded.theme == "high-contrast")
            #expect(loaded.keyWarnings.count == 1)
            #expect(loaded.keyWarnings.first?.hasPrefix("\(folder)/up/mid/segue.json: not read: it belongs to user ") == true)
            #expect(loaded.keyWarnings.first?.hasSuffix("(65534), not to you") == true)
        }
    }

    @Test func aDefaultsFileInAFolderOfAnotherUserIsNotRead() throws {
        guard geteuid() == 0 else { return }
        try withTree(["theirs/segue.json": planted, "theirs/tool/main.json": spec], owners: ["theirs": stranger]) { folder in
            let loaded = try SpecLoader(disk: nil).load(path: folder + "/theirs/tool/main.json")
            #expect(loaded.theme == nil && loaded.settingsFile == nil)
            #expect(loaded.keyWarnings.first?.contains("not read: its folder belongs to user ") == true)
        }
    }

    @Test func theUsersOwnDefaultsFileIsRead() throws {
        try withTree(["mine/segue.json": planted, "mine/tool/main.json": spec]) { folder in
            let loaded = try SpecLoader(disk: nil).load(path: folder + "/mine/tool/main.json")
            #expect(loaded.theme == "mono" && loaded.settingsFile == "/tmp/steal.json")
            #expect(loaded.keyWarnings.isEmpty)
        }
    }

    @Test func segueCheckSaysWhyADefaultsFileWasNotRead() throws {
        try withTree(["shared/segue.json": planted, "shared/tool/main.json": spec], modes: ["shared": 0o777]) { folder in
            let check = SpecCheck.run(path: folder + "/shared/tool/main.json", loader: SpecLoader(disk: nil), environment: [:], settings: Settings(path: nil))
            #expect(check.warnings.contains { $0.contains("shared/segue.json: not read: ") })
        }
    }
}
