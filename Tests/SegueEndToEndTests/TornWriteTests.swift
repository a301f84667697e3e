import Foundation
import SegueTerminal
import SegueTesting
import Testing

/// Saves killed at random moments (SIGKILL: no handler runs) leave every file whole, the old one
/// or the new one, never a mix or nothing (issue 40): settings files in JSON, JSONC and YAML, and
/// a state file (`--frecency`). `make test` kills each a few times; `make soak` sets
/// `SEGUE_SOAK_KILLS` for a long run and reads the figures this prints.
@Suite(.serialized) struct TornWriteTests {
    static let kills = Int(ProcessInfo.processInfo.environment["SEGUE_SOAK_KILLS"] ?? "") ?? 12

    /// A settings file of `count` members in `format`, comments between them where the format
    /// has them, and `counter` first.
    static func settings(_ format: String, count: Int) -> String {
        let members = (0..<count).map { "key\($0)" }
        switch format {
        case "yaml":
            return "# settings\ncounter: 0\nssh: false\n" + members.map { "# about \($0)\n\($0): value of \($0)\n" }.joined()
        case "jsonc":
            return "{\n  // settings\n  \"counter\": 0,\n  \"ssh\": false,\n"
                + members.map { "  // about \($0)\n  \"\($0)\": \"value of \($0)\"" }.joined(separator: ",\n") + "\n}\n"
        default:
            return "{\n  \"counter\": 0,\n  \"ssh\": false,\n" + members.map { "  \"\($0)\": \"value of \($0)\"" }.joined(separator: ",\n") + "\n}\n"
        }
    }

    /// The file's `counter` when it reads whole with every member and comment of `settings`
    /// kept; `nil` when it is torn.
    static func counter(inFile path: String, format: String, count: Int) throws -> Int? {
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let comments = text.split(separator: "\n").filter { $0.trimmingCharacters(in: .whitespaces).hasPrefix(format == "yaml" ? "#" : "//") }
        guard comments.count == (format == "json" ? 0 : count + 1) else { return nil }
        let object: [String: Any]?
        if format == "yaml" {
            let read = try HostCommand.run(["python3", "-c", "import json,sys,yaml; print(json.dumps(yaml.safe_load(open(sys.argv[1]))))", path])
            guard read.status == 0 else { return nil }
            object = try JSONSerialization.jsonObject(with: Data(read.output.utf8)) as? [String: Any]
        } else {
            let json = text.split(separator: "\n", omittingEmptySubsequences: false)
                .filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("//") }.joined(separator: "\n")
            object = try? JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
        }
        guard let object, object.count == count + 2, object["ssh"] is Bool,
              (0..<count).allSatisfy({ object["key\($0)"] as? String == "value of key\($0)" }) else { return nil }
        return object["counter"] as? Int
    }

    /// Runs `arguments`, killing it `delay` seconds after it starts (or letting it end when
    /// `delay` is nil); the seconds it ran.
    @discardableResult
    static func run(_ arguments: [String], in folder: String, killedAfter delay: Double?, environment: [String: String] = [:]) throws -> Double {
        var variables = ProcessEnvironment.variables()
        for (name, value) in environment { variables[name] = value }
        let child = ChildProcess(arguments, in: folder, input: .null, output: .null, errors: .null, environment: variables)
        let started = Date()
        guard case .success(let pid) = child.spawn() else { throw Tmux.Failure(description: "\(arguments) did not start") }
        if let delay {
            usleep(useconds_t(delay * 1_000_000))
            kill(pid, SIGKILL)
        }
        _ = ChildProcess.waitForExit(pid)
        return Date().timeIntervalSince(started)
    }

    @Test(arguments: ["json", "jsonc", "yaml"]) func aSettingsSaveKilledAnywhereLeavesTheOldFileOrTheNew(format: String) throws {
        let count = 3_000
        let name = "settings." + format
        let files = try Fixtures([
            "main.json": #"{"settingsFile": "\#(name)", "sections": [{"rows": [{"cell": "toggle", "title": "SSH", "id": "ssh", "setting": "ssh"}]}]}"#,
            name: Self.settings(format, count: count),
        ])
        let folder = files.folder.path
        // How long a whole run takes: the kills land anywhere in it, its saves included.
        let whole = try Self.run([Paths.segue, "do", "main.json", "ssh", "--set", "counter=1"], in: folder, killedAfter: nil)
        var previous = try #require(try Self.counter(inFile: files.path(name), format: format, count: count))
        #expect(previous == 1)
        var (old, new) = (0, 0)
        for round in 2..<(2 + Self.kills) {
            try Self.run([Paths.segue, "do", "main.json", "ssh", "--set", "counter=\(round)"], in: folder,
                         killedAfter: Double.random(in: 0...(whole * 1.2)))
            let counter = try Self.counter(inFile: files.path(name), format: format, count: count)
            #expect(counter == previous || counter == round, "round \(round): a \(format) file torn by a kill")
            if counter == round { new += 1 } else { old += 1 }
            previous = counter ?? previous
        }
        // Temporary files of killed saves are removed by the next save: at most the last one's.
        let left = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.contains(".tmp-") }
        #expect(left.count <= 1, "\(left)")
        print("torn-write \(format): \(Self.kills) kills of a \(count)-member save (a run takes \(Int(whole * 1000)) ms): \(old) left the old file, \(new) the new, 0 torn")
    }

    @Test func aStateFileSaveKilledAnywhereLeavesTheOldFileOrTheNew() throws {
        let files = try Fixtures(["lines.txt": (0..<2_000).map { "line \($0)" }.joined(separator: "\n") + "\n"])
        let folder = files.folder.path
        let state = files.path("frecency.json")
        /// Picks the first line on a terminal of its own, killed `delay` seconds after Enter.
        func choose(killedAfter delay: Double?) throws -> Double {
            let program = try ProgramOnTerminal(["sh", "-c", "exec \"$0\" --frecency \"$1\" < \"$2\"", Paths.segue, state, files.path("lines.txt")],
                                                in: folder, rows: 10, columns: 60)
            var screen = ScreenModel(width: 60, height: 10)
            let deadline = Date().addingTimeInterval(10)
            while !screen.shows("2000/2000"), Date() < deadline { screen.apply(program.terminal.read(waiting: 20)) }
            #expect(screen.shows("2000/2000"))
            let entered = Date()
            program.terminal.write([0x0D])
            if let delay {
                usleep(useconds_t(delay * 1_000_000))
                kill(program.pid, SIGKILL)
            }
            var status: Int32 = 0
            while !program.hasEnded(status: &status), Date() < deadline { _ = program.terminal.read(waiting: 5) }
            return Date().timeIntervalSince(entered)
        }
        let whole = try choose(killedAfter: nil)
        let first = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: state))) as? [String: Any]
        #expect(first?["chosen"] != nil)
        var (old, new) = (0, 0)
        for _ in 0..<Self.kills {
            let before = try Data(contentsOf: URL(fileURLWithPath: state))
            _ = try choose(killedAfter: Double.random(in: 0...(whole * 1.2)))
            let after = try Data(contentsOf: URL(fileURLWithPath: state))
            let read = try? JSONSerialization.jsonObject(with: after) as? [String: Any]
            #expect(read?["chosen"] != nil && read?["left"] != nil, "a state file torn by a kill: \(String(decoding: after.prefix(300), as: UTF8.self))")
            if before == after { old += 1 } else { new += 1 }
        }
        print("torn-write frecency: \(Self.kills) kills after Enter (a save takes up to \(Int(whole * 1000)) ms): \(old) left the old file, \(new) the new, 0 torn")
    }
}
