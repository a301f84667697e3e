#if canImport(Glibc)
import Glibc
#endif
@testable import SegueCore
import SegueFiles
import Testing

/// Find lines that remember: Enter keeps the query, Ctrl-P and Ctrl-N step through the screen's
/// past ones (↑ and ↓ still move), and the file keeps them between runs.
@Suite struct QueryHistoryTests {
    static let spec = #"{"sections": [{"rows": [{"title": "alpha"}, {"title": "beta"}, {"title": "gamma"}]}]}"#

    func app(_ past: [String]) throws -> AppState {
        var options = AppOptions()
        options.queryHistory = QueryHistory(["main.json": past])
        options.queryHistoryFile = "/state/history.json"
        var state = AppState(root: try loadSpec(Self.spec, file: "/specs/main.json"), size: Size(width: 40, height: 10),
                             options: options)
        press(.char("/"), on: &state)
        return state
    }

    func typed(_ state: AppState) -> String? { state.current.find?.editor.text }

    @Test func ctrlPAndCtrlNStepThroughPastQueriesAndBackToWhatWasTyped() throws {
        var state = try app(["alp", "gam"])
        press(.char("b"), on: &state)
        press(.ctrl("p"), on: &state)
        #expect(typed(state) == "gam")
        #expect(selectedTitle(state) == "gamma")
        press(.ctrl("p"), on: &state)
        #expect(typed(state) == "alp")
        press(.ctrl("p"), on: &state)  // the oldest stays
        #expect(typed(state) == "alp")
        press(.ctrl("n"), .ctrl("n"), on: &state)
        #expect(typed(state) == "b")
        // ↑ and ↓ still move in the results.
        press(.backspace, .up, .up, on: &state)
        #expect(selectedTitle(state) == "alpha")
        press(.down, on: &state)
        #expect(selectedTitle(state) == "beta" && typed(state) == "")
    }

    @Test func anEditedPastQueryIsKeptWhenCtrlNIsPressed() throws {
        var state = try app(["alp", "gam"])
        press(.ctrl("p"), .char("m"), on: &state)
        #expect(typed(state) == "gamm")
        press(.ctrl("n"), on: &state)
        #expect(typed(state) == "gamm")
        press(.ctrl("p"), on: &state)
        #expect(typed(state) == "gam")
    }

    @Test func enterKeepsTheQueryAsTheNewestOnce() throws {
        var state = try app(["gam", "alp"])
        for character in "gam" { press(.char(character), on: &state) }
        let effects = press(.enter, on: &state)
        #expect(effects.first == .recordQuery("gam", screen: "main.json", file: "/state/history.json"))
        #expect(state.queryHistory?.queries["main.json"] == ["alp", "gam"])
    }

    @Test func withoutPastQueriesCtrlNMovesAsBefore() throws {
        var state = try app([])
        press(.ctrl("n"), on: &state)
        #expect(selectedTitle(state) == "beta")
    }

    @Test func theFileKeepsThemNewestLastAndLeavesAStrangeFileAlone() throws {
        let folder = "/tmp/segue-history-\(getpid())"
        defer { _ = system("rm -rf \(folder)") }
        let path = folder + "/deep/history.json"
        #expect(QueryHistoryFile.record("one", for: "/a.json", path: path) == nil)
        #expect(QueryHistoryFile.record("two", for: "/a.json", path: path) == nil)
        #expect(QueryHistoryFile.record("one", for: "/a.json", path: path) == nil)
        #expect(QueryHistoryFile.load(path: path).history.queries == ["/a.json": ["two", "one"]])
        _ = system("echo '[1, 2]' > \(path)")
        #expect(QueryHistoryFile.record("three", for: "/a.json", path: path)?.contains("not a history") == true)
        #expect(QueryHistoryFile.load(path: path).problem?.contains("not a history of queries") == true)
        #expect(QueryHistoryFile.load(path: path).history.queries.isEmpty)
        var history = QueryHistory()
        for index in 0..<(QueryHistory.limit + 5) { history.record("q\(index)", for: "-") }
        #expect(history.queries["-"]?.count == QueryHistory.limit && history.queries["-"]?.first == "q5")
    }

    @Test func screensAreKeptByTheirPathFromTheFirstSpecsFolder() throws {
        let root = try loadSpec(Self.spec, file: "/srv/tools/main.json")
        let sub = try loadSpec(Self.spec, file: "/srv/tools/sub/../hosts.json")
        #expect(QueryHistory.key(of: sub, root: root) == "hosts.json")
        let relative = try loadSpec(Self.spec, file: "main.json")
        #expect(QueryHistory.key(of: relative, root: relative) == "main.json")
        #expect(QueryHistory.key(of: root, root: root) == "main.json")
    }

    @Test func aSpecTreesFileIsNamedAfterItsFolderInTheStateFolder() {
        let path = QueryHistoryFile.path(forSpec: "/srv/tools/launcher/main.json", environment: ["XDG_STATE_HOME": "/state"])
        #expect(path?.hasPrefix("/state/segue/history/launcher-") == true && path?.hasSuffix(".json") == true)
        #expect(QueryHistoryFile.path(forSpec: "/x/main.json", environment: ["HOME": "/home/ann"])?
                    .hasPrefix("/home/ann/.local/state/segue/history/x-") == true)
    }
}
