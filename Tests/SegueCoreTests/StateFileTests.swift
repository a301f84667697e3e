#if canImport(Glibc)
import Glibc
#endif
@testable import SegueCore
import SegueFiles
import Testing

/// The files Segue keeps between runs (`--history`, `--frecency`, a spec tree's memory): taken
/// only when their shape is exactly what Segue writes, anything else left alone with the place
/// and what was expected; big ones cut to what is kept.
@Suite struct StateFileTests {
    let folder = "/tmp/segue-state-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"

    func write(_ text: String, to name: String) -> String {
        _ = system("mkdir -p \(folder)")
        let path = folder + "/" + name
        let file = fopen(path, "w")
        fputs(text, file)
        fclose(file)
        return path
    }

    func contents(_ path: String) -> String {
        guard let file = fopen(path, "r") else { return "" }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while case let count = fread(&buffer, 1, buffer.count, file), count > 0 { bytes += buffer[0..<count] }
        return String(decoding: bytes, as: UTF8.self)
    }

    @Test func aPackageJSONGivenAsAFrecencyFileIsLeftAsItIsWithWhereAndWhatWasExpected() {
        defer { _ = system("rm -rf \(folder)") }
        let package = "{\n  \"name\": \"app\",\n  \"version\": \"1.0.0\",\n  \"scripts\": {\"test\": \"jest\"}\n}\n"
        let path = write(package, to: "package.json")
        let (memory, problem) = RowMemoryFile.load(path: path)
        #expect(memory == RowMemory())
        #expect(problem?.hasPrefix(path + ":2:3: /name: expected \"left\" or \"chosen\"") == true)
        #expect(problem?.contains("not a memory of rows as Segue writes them") == true)
        let refusal = RowMemoryFile.apply(.chose(screen: "-", row: "a", at: 1, halfLife: 7), path: path)
        #expect(refusal?.contains(path) == true)
        #expect(contents(path) == package)
        // Ours, but a value of another shape inside.
        let odd = write(#"{"left": {}, "chosen": {"-": {"a": [1, "x"]}}}"#, to: "odd.json")
        #expect(RowMemoryFile.load(path: odd).problem?.hasPrefix(odd + ":1:40: /chosen/-/a/1: expected a number, found a string") == true)
    }

    /// Another program holding the state folder's lock past the wait: nothing is written or
    /// removed without it (another session's change would be lost), and it is said.
    @Test func aLockHeldByAnotherProgramIsNeverWrittenThrough() {
        defer { _ = system("rm -rf \(folder)") }
        let path = write(#"{"left": {}, "chosen": {}}"# + "\n", to: "memory.json")
        let other = open(folder, O_RDONLY | O_DIRECTORY)
        #expect(flock(other, LOCK_EX) == 0)
        #expect(RowMemoryFile.apply(.chose(screen: "-", row: "a", at: 1, halfLife: 7), path: path) == "\(path): locked by another program: not saved")
        #expect(contents(path) == #"{"left": {}, "chosen": {}}"# + "\n")
        #expect(StateFiles.remove(path) == "\(path): locked by another program: not removed")
        flock(other, LOCK_UN)
        close(other)
        #expect(RowMemoryFile.apply(.chose(screen: "-", row: "a", at: 1, halfLife: 7), path: path) == nil)
        #expect(contents(path).contains("\"a\""))
    }

    @Test func aHistoryFileOfOtherListsIsNotEmptiedButLeftAlone() {
        defer { _ = system("rm -rf \(folder)") }
        let ports = "{\"ports\": [80, 443]}\n"
        let path = write(ports, to: "ports.json")
        let (history, problem) = QueryHistoryFile.load(path: path)
        #expect(history == QueryHistory())
        #expect(problem?.hasPrefix(path + ":1:12: /ports/0: expected a query (a string), found a number") == true)
        #expect(QueryHistoryFile.record("q", for: "-", path: path)?.contains("not a history of queries") == true)
        #expect(contents(path) == ports)
        // A memory is not a history, nor a history a memory.
        let memory = write(#"{"left": {"main.json": "a"}, "chosen": {}}"#, to: "memory.json")
        #expect(QueryHistoryFile.load(path: memory).problem?.contains("/left: expected an array of queries, found an object") == true)
        let queries = write(#"{"main.json": ["a"]}"#, to: "queries.json")
        #expect(RowMemoryFile.load(path: queries).problem != nil)
        // What Segue writes, and an empty file, are taken.
        #expect(QueryHistoryFile.record("q", for: "-", path: folder + "/new.json") == nil)
        #expect(QueryHistoryFile.load(path: folder + "/new.json") == (QueryHistory(["-": ["q"]]), nil))
        #expect(QueryHistoryFile.load(path: write(" \n", to: "blank.json")).problem == nil)
        // JSON with comments is someone's own: writing it back would lose them.
        let commented = "{\n  // mine\n  \"a/b\": [\"x // y\", \"\\\"/\"]\n}\n"
        let jsonc = write(commented, to: "jsonc.json")
        #expect(QueryHistoryFile.load(path: jsonc).problem?.hasPrefix(jsonc + ":2:3: expected JSON as Segue writes it, found a comment") == true)
        #expect(QueryHistoryFile.record("q", for: "-", path: jsonc) != nil && contents(jsonc) == commented)
        #expect(QueryHistoryFile.load(path: write(commented.replacing("// mine\n", with: ""), to: "plain.json")).problem == nil)
    }

    @Test func aFrecencyFileOfManyRowsIsCutToTheBestScoredOnLoadAndWrittenBackCut() throws {
        defer { _ = system("rm -rf \(folder)") }
        let day = 86_400.0, now = 1_800_000_000.0
        // Rows chosen once, each a little later than the one before; every tenth chosen often.
        var text = #"{"left": {"-": "row 3"}, "chosen": {"-": {"#
        let count = 20_000
        for index in 0..<count {
            let score = index % 10 == 0 ? 50.0 : 1.0
            text += (index == 0 ? "" : ", ") + #""row \#(index)": [\#(score), \#(now - Double(count - index) * 600)]"#
        }
        text += "}}}\n"
        let path = write(text, to: "many.json")
        let (memory, problem) = RowMemoryFile.load(path: path)
        #expect(problem == nil)
        let kept = memory.uses["-"] ?? [:]
        #expect(kept.count == RowMemory.rowsKept)
        // The kept are the best at any time after: no row left out outscores one kept.
        let worstKept = kept.values.map { RowMemory.rank($0) }.min() ?? 0
        #expect(kept["row 19990"] != nil && kept["row 19999"] != nil && kept["row 1"] == nil)
        for index in stride(from: 0, to: count, by: 7) where kept["row \(index)"] == nil {
            let use = RowMemory.Use(score: index % 10 == 0 ? 50 : 1, at: now - Double(count - index) * 600)
            #expect(RowMemory.rank(use) <= worstKept)
            #expect(memory.score(of: "row \(index)", on: "-", now: now + day, halfLife: 7) == 0)
        }
        #expect(memory.left == ["-": "row 3"])
        // The next choice writes the file back cut.
        #expect(RowMemoryFile.apply(.chose(screen: "-", row: "new", at: now, halfLife: 7), path: path) == nil)
        #expect(RowMemoryFile.load(path: path).memory.uses["-"]?.count == RowMemory.rowsKept)
        #expect(contents(path).utf8.count < text.utf8.count / 10)
    }

    @Test func anIDOrQueryLongerThanTheLimitIsNotKept() throws {
        defer { _ = system("rm -rf \(folder)") }
        let long = String(repeating: "é", count: RowMemory.keyLimit / 2 + 1)
        var history = QueryHistory()
        history.record(long, for: "-")
        #expect(history == QueryHistory())
        // A file that holds them (an older Segue wrote them) reads without them.
        let path = write(#"{"left": {"-": "\#(long)"}, "chosen": {"-": {"\#(long)": [1, 2], "b": [1, 2]}}}"#, to: "long.json")
        #expect(RowMemoryFile.load(path: path).memory == RowMemory(left: [:], uses: ["-": ["b": .init(score: 1, at: 2)]]))
        let queries = write(#"{"-": ["\#(long)", "short"]}"#, to: "queries.json")
        #expect(QueryHistoryFile.load(path: queries).history == QueryHistory(["-": ["short"]]))
    }
}
