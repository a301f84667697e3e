import Foundation
import Testing

/// What a live section shows of its command in the real terminal: its output as plain text, and
/// its failure when it takes too long.
@Suite(.serialized) struct SourceOutputSessionTests {
    @Test func colouredOutputIsDrawnAsPlainText() throws {
        let spec = #"""
            {"title": "Files", "sections": [
              {"header": "Here", "source": {"command": ["ls", "--color=always"], "format": "lines"},
               "as": "file", "row": {"title": "{{file.line}}", "detail": "entry"}}]}
            """#
        let specs = try Fixtures(["main.json": spec, "docs/notes.txt": "a folder, which ls colours\n"])
        // The test means something only if ls does colour it here.
        #expect(try HostCommand.run(["sh", "-c", "cd '\(specs.folder.path)' && ls --color=always"]).output.contains("\u{1B}[01;34mdocs"))
        let tmux = try Tmux([Paths.segue, specs.path("main.json")])
        let screen = try tmux.waitFor(text: "main.json")
        let docs = screen.first { $0.contains("docs") } ?? ""
        let other = screen.first { $0.contains("main.json") } ?? ""
        #expect(docs.hasPrefix(" > docs  "))
        // Measured without its escape sequences: the detail lines up with the other row's.
        #expect(docs.count == other.count && docs.hasSuffix(" entry"))
        #expect(!screen.joined().contains("[0"), "escape sequence residue on screen")
        #expect(!screen.joined().contains("\u{FFFD}"))
        try tmux.send("q")
        #expect(try tmux.exitStatus() == 0)
    }

    @Test func aSourcePastItsTimeoutShowsItsFailureAndIsKilled() throws {
        let spec = #"""
            {"title": "Slow", "sections": [
              {"header": "Never on time", "source": {"command": ["sleep", "5"], "format": "lines", "timeout": 0.2}},
              {"rows": [{"title": "Fixed row"}]}]}
            """#
        let specs = try Fixtures(["main.json": spec])
        let tmux = try Tmux([Paths.segue, specs.path("main.json")])
        try tmux.waitFor(text: "Loading…")
        let segue = try tmux.programPid()
        try tmux.waitFor(text: "⚠ timed out after 0.2 s", timeout: 4)
        // Killed and reaped: not even a zombie is left of it.
        try tmux.waitFor("the source to be gone") { _ in
            !ProcessTable().descendants(of: segue).contains { $0.name == "sleep" }
        }
        try tmux.send("q")
        #expect(try tmux.exitStatus() == 0)
    }
}
