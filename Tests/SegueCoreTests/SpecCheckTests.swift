import Foundation
import Testing
@testable import SegueCore
@testable import SegueFiles

/// `segue check` follows every place a spec can open a screen (issue 46), not only a row's own
/// segue and action: a cell type's action, an exec's `then`, a prompt's `then`, a row's extra
/// actions. A broken spec behind any of them is an error.
@Suite struct SpecCheckTests {
    @Test func everyPlaceThatOpensAScreenIsFollowed() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("segue-check-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let files = [
            "main.json": #"""
                {"cells": {"Ask": {"style": "default", "action": {"type": "segue", "spec": "yesno.json"}}},
                 "sections": [{"rows": [
                   {"title": "A", "cell": "Ask"},
                   {"title": "B", "action": {"type": "exec", "command": ["true"], "then": [{"type": "segue", "spec": "after.json"}],
                                             "onFailure": [{"type": "replace", "spec": "failed.json"}]}},
                   {"title": "C", "actions": [{"title": "More", "key": "m", "action": {"type": "replace", "spec": "more.json"}}]},
                   {"title": "D", "action": {"type": "prompt", "question": "Name?", "then": {"type": "segue", "spec": "named.json"}}}
                 ]}]}
                """#,
            "yesno.json": #"{"title": 5}"#,
            "after.json": #"{"sections": []}"#, "failed.json": #"{"sections": []}"#,
            "more.json": #"{"sections": []}"#, "named.json": #"{"sections": []}"#,
        ]
        for (name, text) in files { try Data(text.utf8).write(to: URL(fileURLWithPath: folder + "/" + name)) }
        let check = SpecCheck.run(path: folder + "/main.json", loader: SpecLoader(disk: nil), environment: [:], settings: Settings(path: nil))
        #expect(check.specs == 5, "main and the four it leads to that load; the fifth is an error")
        #expect(check.errors.contains { $0.contains("yesno.json:1:11: title: expected a string, found 5") }, "\(check.errors)")
    }
}
