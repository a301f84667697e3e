import Foundation
import Testing
@testable import SegueCore
@testable import SegueFiles

/// The demo is what people try first: every screen in it must open as it would for them.
@Suite struct DemoSpecTests {
    /// `specs/demo`, found from this file's path.
    static let demo: String = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }
        return url.path + "/specs/demo"
    }()

    /// Screens of the demo that fail to open on purpose, from rows that say so.
    static let errorsOnPurpose: Set<String> = ["no-such-screen.json", "broken.json", "wrong-shape.json"]

    /// Opens every screen reachable from the demo's first one, by activating each row (answering
    /// `y` to confirmations) and loading what it asks for, as the terminal does; returns the
    /// states showing each screen that opened, by file, and the files that failed.
    static func crawl() throws -> (opened: [String: AppState], failed: Set<String>) {
        let environment = ProcessInfo.processInfo.environment
        let first = AppState(root: try SpecLoader(disk: nil).load(path: demo), size: Size(width: 80, height: 24),
                             environment: environment)
        var opened = ["main.json": first]
        var failed: Set<String> = []
        var queue = [first]
        while let state = queue.popLast() {
            for row in 0..<state.current.rowCount where state.current.isEnabled(row) {
                var next = state
                next.current.select(row, in: next.listViewport)
                var effects = press(.enter, on: &next)
                if next.pendingConfirmation != nil { effects = press(.char("y"), on: &next) }
                guard case .loadSpec(let path)? = effects.first else { continue }
                let file = String(DiskFiles.specFile(path).dropFirst(demo.count + 1))
                guard opened[file] == nil, !failed.contains(file) else { continue }
                let loaded = Result { () throws(SpecError) in try SpecLoader(disk: nil).load(path: path) }
                _ = update(&next, .specLoaded(path: path, loaded))
                if case .failure = loaded {
                    failed.insert(file)
                } else {
                    opened[file] = next
                    queue.append(next)
                }
            }
        }
        return (opened, failed)
    }

    @Test func everyDemoScreenOpensWithoutAWarning() throws {
        let (opened, failed) = try Self.crawl()
        for (file, state) in opened.sorted(by: { $0.key < $1.key }) {
            #expect(state.status == nil, "\(file) opens with \(state.status?.text ?? "")")
        }
        #expect(failed == Self.errorsOnPurpose)
        // Every spec file of the demo is a screen the crawl reached (the cell library is not one).
        let files = try FileManager.default.subpathsOfDirectory(atPath: Self.demo)
            .filter { $0.hasSuffix(".json") && !$0.hasPrefix("data/") && $0 != "cells.json" }
        #expect(Set(files).subtracting(opened.keys).subtracting(failed) == [])
    }
}
