import Foundation
import Testing

/// What a live section shows of its command in the real terminal.
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
}
