import Foundation
import Testing

/// What Segue keeps between runs (`--history`, `--frecency`, a spec tree's queries and memory):
/// a file that is not Segue's is left as it is, a save that fails is told, and `--safe` keeps
/// nothing outside the spec's folder.
@Suite(.serialized) struct StateFileSessionTests {
    let hosts = "alpha\nbeta\ngamma\ndelta\n"

    func text(_ path: String) -> String? { try? String(contentsOfFile: path, encoding: .utf8) }

    /// Picks `gamma` from the piped lines with `options`, its standard error kept in `err.txt`.
    func pick(_ options: String, in files: Fixtures) throws {
        let script = #"segue() { "$SEGUE" "$@"; }; segue "# + options + #" < hosts.txt 2>err.txt; echo "status=$?""#
        let tmux = try Tmux(["sh", "-c", script], width: 60, height: 10, directory: files.folder.path, environment: ["SEGUE": Paths.segue])
        try tmux.waitFor { $0.contains(" > alpha") }
        try tmux.send("g", "a", "m")
        try tmux.waitFor { $0.contains(" > gamma") && !$0.contains("   alpha") }
        try tmux.send("Enter")
        try tmux.waitFor(text: "status=0")
    }

    @Test func aPackageJSONOrAListOfPortsIsLeftAsItIsWithWhereAndWhatWasExpected() throws {
        let package = "{\n  \"name\": \"app\",\n  \"version\": \"1.0.0\",\n  \"scripts\": {\"test\": \"jest\"}\n}\n"
        let ports = "{\"ports\": [80, 443]}\n"
        let files = try Fixtures(["hosts.txt": hosts, "package.json": package, "ports.json": ports])
        try pick("--frecency package.json --history ports.json", in: files)
        #expect(text(files.path("package.json")) == package)
        #expect(text(files.path("ports.json")) == ports)
        let errors = text(files.path("err.txt")) ?? ""
        #expect(errors.contains("package.json:2:3: /name: expected \"left\" or \"chosen\", found \"name\": not a memory of rows as Segue writes them"))
        #expect(errors.contains("ports.json:1:12: /ports/0: expected a query (a string), found a number: not a history of queries"))
    }

    @Test func savesThatFailAreToldAsTheSessionEnds() throws {
        let files = try Fixtures(["hosts.txt": hosts, "history.json": "{\"-\": [\"old\"]}\n", "picks.json": "{}\n"])
        for name in ["history.json", "picks.json"] { #expect(chmod(files.path(name), 0o444) == 0) }
        try pick("--frecency picks.json --history history.json", in: files)
        let errors = text(files.path("err.txt")) ?? ""
        #expect(errors.contains("history.json: read-only (no write permission): not replaced — queries accepted are not kept\n"))
        #expect(errors.contains("picks.json: read-only (no write permission): not replaced — rows chosen and where screens were left are not kept\n"))
        // Each once, however many saves failed.
        #expect(errors.components(separatedBy: "picks.json: read-only").count == 2)
    }

    @Test func safeModeWritesNoHistoryNorMemoryInTheStateFolder() throws {
        let launcher = #"""
            {"title": "Launch", "sort": "frecency", "remember": true, "sections": [{"rows": [
              {"title": "alpha", "action": "emit"}, {"title": "gamma", "action": "emit"}]}]}
            """#
        let files = try Fixtures(["tools/main.json": launcher])
        let state = files.path("state")
        let tmux = try Tmux([Paths.segue, "--safe", files.path("tools/main.json")], directory: files.folder.path,
                            environment: ["XDG_STATE_HOME": state])
        try tmux.waitFor { $0.contains(" > alpha") }
        try tmux.send("/", "g", "a", "m")
        try tmux.waitFor { $0.contains(" > gamma") }
        try tmux.send("Enter")
        #expect(try tmux.exitStatus() == 0)
        #expect(!FileManager.default.fileExists(atPath: state))
    }

    @Test func doInSafeModeSaysASettingIsNotKept() throws {
        let tool = #"{"settingsFile": "settings.json", "sections": [{"rows": [{"cell": "toggle", "title": "SSH", "id": "ssh", "setting": "ssh"}]}]}"#
        let files = try Fixtures(["main.json": tool])
        let result = try HostCommand.run(["sh", "-c", "cd \"$1\" && \"$0\" do --safe main.json ssh 2>&1; echo \"status=$?\"", Paths.segue, files.folder.path])
        #expect(result.output == "segue: the spec's settings file settings.json is not used in safe mode — settings are not saved\nstatus=1\n")
        #expect(!FileManager.default.fileExists(atPath: files.path("settings.json")))
    }

    @Test func aFrecencyFileOfManyRowsIsCutToItsBestThousandAndALongLineIsNotKept() throws {
        // 5,000 lines chosen once an hour apart: the newest 1,000 are the best scored.
        let now = Int(Date().timeIntervalSince1970)
        let rows = (0..<5_000).map { #""old \#($0)": [1, \#(now - (5_000 - $0) * 3_600)]"# }
        let long = String(repeating: "x", count: 2_000)
        let files = try Fixtures(["hosts.txt": hosts + long + "\n", "picks.json": #"{"left": {}, "chosen": {"-": {"# + rows.joined(separator: ", ") + "}}}\n"])
        try pick("--frecency picks.json", in: files)
        let kept = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: files.path("picks.json")))) as? [String: Any]
        let chosen = (kept?["chosen"] as? [String: Any])?["-"] as? [String: Any] ?? [:]
        #expect(chosen.count == 1_000)
        #expect(chosen["gamma"] != nil && chosen["old 4999"] != nil && chosen["old 0"] == nil && chosen["old 4000"] == nil)
        // A line over 1 KiB is chosen, but not remembered.
        let script = #""$SEGUE" --frecency picks.json < hosts.txt; echo "status=$?""#
        let tmux = try Tmux(["sh", "-c", script], width: 60, height: 10, directory: files.folder.path, environment: ["SEGUE": Paths.segue])
        try tmux.waitFor { $0.contains(" > gamma") }
        try tmux.send("x", "x", "x")
        try tmux.waitFor { $0.contains { $0.hasPrefix(" > xxx") } }
        try tmux.send("Enter")
        try tmux.waitFor(text: "status=0")
        #expect(try !String(contentsOfFile: files.path("picks.json"), encoding: .utf8).contains("xxxxxxxx"))
    }
}
