import Foundation
import Testing

/// `--listen` on a real terminal: a program (curl) asks what the session shows and sends it
/// actions, and the screen and the exit status follow.
@Suite(.serialized) struct ListenSessionTests {
    private func folder(_ name: String) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("segue-listen-\(name)-\(getpid())").path
        try? FileManager.default.removeItem(atPath: path)
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    private func curl(_ arguments: [String]) throws -> String {
        try HostCommand.run(["curl", "-s", "-m", "5"] + arguments).output
    }

    /// Over a Unix socket: the state as JSON, a query and marks sent as actions (the screen
    /// shows them), a bad action refused naming it, then `accept` ends the session with the
    /// marked lines printed.
    @Test func aProgramReadsTheStateAndDrivesTheSession() throws {
        let dir = try folder("socket")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let socket = dir + "/segue.sock"
        let tmux = try Tmux(["bash", "-c", #"seq 100 | "$SEGUE" --multi --listen "$SOCK"; echo "status=$?""#],
                            environment: ["SEGUE": Paths.segue, "SOCK": socket])
        try tmux.waitFor { $0.last?.contains("100/100") == true }
        let state = try curl(["--unix-socket", socket, "http://localhost/?limit=2"])
        #expect(state.contains(#""matchCount":100"#) && state.contains(#""query":"""#), "\(state)")
        #expect(state.contains(#""text":"1""#) && state.contains(#""text":"2""#) && !state.contains(#""text":"3""#))
        _ = try curl(["--unix-socket", socket, "-X", "POST", "http://localhost/", "-d", "change-query(5)+toggle+down+toggle"])
        try tmux.waitFor { $0.last?.contains(" 5 ") == true && $0.last?.contains("19/100") == true && $0.contains(" ✓ 50") }
        let after = try curl(["--unix-socket", socket, "http://localhost/"])
        #expect(after.contains(#""query":"5""#) && after.contains(#""matchCount":19"#) && after.contains(#""position":2"#))
        let refused = try curl(["--unix-socket", socket, "-X", "POST", "http://localhost/", "-d", "bogus", "-w", "%{http_code}"])
        #expect(refused.contains(#"unknown action "bogus""#) && refused.hasSuffix("400"), "\(refused)")
        let unsafe = try curl(["--unix-socket", socket, "-X", "POST", "http://localhost/", "-d", "execute-silent(touch \(dir)/ran)", "-w", "%{http_code}"])
        #expect(unsafe == "execute-silent runs a command: refused without --listen-unsafe\n403", "\(unsafe)")
        #expect(!FileManager.default.fileExists(atPath: dir + "/ran"))
        _ = try curl(["--unix-socket", socket, "-X", "POST", "http://localhost/", "-d", "accept"])
        try tmux.waitFor { $0.contains("5") && $0.contains("50") && $0.contains("status=0") }
        #expect(!FileManager.default.fileExists(atPath: socket), "the socket is removed when the session ends")
    }

    /// `--listen` alone takes a free port, which children see as SEGUE_PORT and FZF_PORT; with
    /// an API key set, a request without it is refused.
    @Test func aFreePortIsExportedAndAnAPIKeyIsAskedFor() throws {
        let tmux = try Tmux(["bash", "-c", #"printf 'alpha\nbeta\n' | "$SEGUE" --listen --preview 'echo "port=$SEGUE_PORT/$FZF_PORT"'"#],
                            environment: ["SEGUE": Paths.segue, "SEGUE_API_KEY": "s3cret"])
        let screen = try tmux.waitFor { $0.contains { $0.contains("port=") && $0.contains("/") } }
        let line = try #require(screen.first { $0.contains("port=") })
        let ports = line.split(separator: "=").last.map { $0.split(separator: "/").map { String($0.prefix { $0.isNumber }) } } ?? []
        #expect(ports.count == 2 && ports[0] == ports[1] && Int(ports[0]) ?? 0 > 0, "\(line)")
        let url = "http://127.0.0.1:\(ports[0])/"
        #expect(try curl([url, "-w", "%{http_code}"]).hasSuffix("401"))
        let state = try curl(["-H", "X-Api-Key: s3cret", url])
        #expect(state.contains(#""matchCount":2"#), "\(state)")
        try tmux.send("Escape")
    }
}
