import Foundation
import Testing

/// The escape audit over every command that writes to a terminal: each is run on a
/// pseudo-terminal with hostile text wherever it takes text (a spec, a file name, arguments,
/// a command's output), and what it wrote must pass `EscapeAudit`. A command `segue --help`
/// lists that has no case here fails `everyCommandIsAudited`, so a new output path cannot skip it.
@Suite(.serialized) struct EscapeAuditTests {
    /// One way of running a command: its arguments after `segue`, the text that shows once it is
    /// ready for `keys`, and whether it draws a screen (escape sequences of its own allowed) or
    /// writes text (none at all).
    struct Case: CustomStringConvertible, Sendable {
        var command: String
        var arguments: [String]
        var ready: String? = nil
        var keys = ""
        var draws = false
        var description: String {
            "segue " + arguments.map {
                $0.replacingOccurrences(of: EscapeAudit.hostile, with: "<hostile>")
                    .replacingOccurrences(of: EscapeAudit.hostileName, with: "<hostile name>")
            }.joined(separator: " ")
        }
    }

    static let hostile = EscapeAudit.hostile
    static let quoted = EscapeAudit.json(EscapeAudit.hostile)
    static let target = "t" + EscapeAudit.hostileName + ".json"

    /// Hostile text in every place a spec holds text, a segue to a file of a hostile name, a
    /// template naming nothing (a warning quoting it), a source printing it, and a preview.
    static let spec = """
        {"title": "Hostile \(quoted)", "data": {"value": "\(quoted)"},
         "sections": [{"header": "H \(quoted)", "footer": "F \(quoted)", "rows": [
          {"title": "Row \(quoted)", "detail": "\(quoted)", "preview": "P \(quoted)"},
          {"title": "Data {{value}} {{nothing\(quoted)}}"},
          {"title": "Next", "segue": "\(EscapeAudit.json(target))"},
          {"title": "Missing", "segue": "m\(EscapeAudit.json(EscapeAudit.hostileName)).json"},
          {"title": "After", "detail": "last"},
          {"title": "Pick", "action": {"type": "emit", "value": "V \(quoted)"}}]},
          {"header": "Output", "source": {"command": ["cat", "out.txt"], "format": "lines"}}]}
        """
    static let next = #"{"title": "T \#(quoted)", "sections": [{"rows": [{"title": "Back \#(quoted)", "action": "back"}]}]}"#
    /// A schema for `segue edit` with hostile text in its titles, descriptions, choices and names,
    /// and a config file holding it.
    static let schema = """
        {"title": "S \(quoted)", "description": "D \(quoted)", "properties": {
          "size": {"title": "Size \(quoted)", "description": "\(quoted)", "enum": ["\(quoted)", "b"], "default": "b"},
          "n\(quoted)": {"type": "string", "pattern": "\(quoted)"},
          "list": {"type": "array"},
          "more": {"type": "object", "title": "More", "properties": {"x": {"type": "boolean", "description": "\(quoted)"}}}}}
        """
    static let config = #"{"size": "\#(quoted)", "list": ["\#(quoted)"], "n\#(quoted)": "\#(quoted)"}"#
    /// A form whose title, fields' titles, options and placeholder are hostile, as its answers are.
    static let form = #"""
        {"title": "Form \#(quoted)", "form": [
          {"name": "n\#(quoted)", "type": "choose", "title": "Pick \#(quoted)", "options": ["\#(quoted)", "b"]},
          {"name": "t", "type": "input", "title": "\#(quoted)", "placeholder": "\#(quoted)", "default": "\#(quoted)"}
        ]}
        """#

    static let cases: [Case] = [
        Case(command: "run", arguments: ["main.json"], ready: "After", keys: "jjj\rq", draws: true),
        Case(command: "run", arguments: ["--plain", "main.json"], ready: "q quit>", keys: "4\rq\r", draws: true),
        // A value chosen is printed to standard output, here the terminal.
        Case(command: "run", arguments: ["main.json"], ready: "Pick", keys: "jjjjj\r", draws: true),
        Case(command: "choose", arguments: ["choose", "a" + hostile, "b"], ready: "b", keys: "\r", draws: true),
        Case(command: "run", arguments: ["nope" + EscapeAudit.hostileName + ".json"]),
        Case(command: "run", arguments: ["--bogus" + hostile, "main.json"]),
        Case(command: "render", arguments: ["render", "main.json"]),
        Case(command: "render", arguments: ["render", "--format", "ansi", "main.json"], draws: true),
        Case(command: "render", arguments: ["render", "--keys", "j" + hostile, "main.json"]),
        Case(command: "graph", arguments: ["graph", "main.json"]),
        Case(command: "graph", arguments: ["graph", "--format", "mermaid", "main.json"]),
        Case(command: "check", arguments: ["check", "main.json"]),
        Case(command: "check", arguments: ["check", "nope" + EscapeAudit.hostileName + ".json"]),
        Case(command: "check", arguments: ["check", "--bogus" + hostile, "main.json"]),
        Case(command: "schema", arguments: ["schema"]),
        // A row's action run without a screen: its value, a row not there.
        Case(command: "do", arguments: ["do", "main.json", "Pick"]),
        Case(command: "do", arguments: ["do", "main.json", "no" + hostile]),
        Case(command: "forget", arguments: ["forget", "nope" + EscapeAudit.hostileName + ".json"]),
        Case(command: "edit", arguments: ["edit", "conf.json", "--schema", "schema.json"], ready: "More", keys: "\rjjjj\rq", draws: true),
        Case(command: "edit", arguments: ["edit", "nope" + EscapeAudit.hostileName + ".json"]),
        Case(command: "edit", arguments: ["edit", "conf.json", "--schema", "nope" + EscapeAudit.hostileName + ".json"]),
        Case(command: "completions", arguments: ["completions", "bash"]),
        Case(command: "completions", arguments: ["completions", "zsh"]),
        Case(command: "completions", arguments: ["completions", "fish"]),
        Case(command: "completions", arguments: ["completions", hostile]),
        Case(command: "help", arguments: ["--help"]),
        Case(command: "help", arguments: ["help", "check"]),
        Case(command: "help", arguments: ["help", "x" + hostile]),
        Case(command: "choose", arguments: ["choose", "--header", hostile, "a" + hostile, "b"], ready: "b", keys: "\u{1B}", draws: true),
        Case(command: "confirm", arguments: ["confirm", "Sure " + hostile, "--affirmative", hostile], ready: "Sure", keys: "n", draws: true),
        Case(command: "input", arguments: ["input", "--prompt", "Name " + hostile, "--placeholder", hostile], ready: "Name", keys: "\u{1B}", draws: true),
        Case(command: "input", arguments: ["input", "--prompt", "Name", "--value", hostile], ready: "Name", keys: "\u{1B}", draws: true),
        Case(command: "form", arguments: ["form", "form.json"], ready: "Pick", keys: "\r\r\r", draws: true),
        Case(command: "form", arguments: ["form", "--format", "lines", "form.json"], ready: "Pick", keys: "\t\r\r", draws: true),
        Case(command: "write", arguments: ["write", "--header", "Note " + hostile, "--value", hostile], ready: "Note", keys: "\u{1B}", draws: true),
        // A command's own output is passed on as it is, as it would reach the terminal without Segue.
        Case(command: "spin", arguments: ["spin", "--title", hostile, "--", "sh", "-c", "sleep 0.2; echo failed >&2; exit 3"], draws: true),
        Case(command: "progress", arguments: ["progress", "--title", hostile, "--", "sh", "-c", "printf '50%% %s\\n' \"$0\"; sleep 0.2", hostile], draws: true),
    ]

    @Test(arguments: cases) func whatACommandWritesPassesTheAudit(_ audited: Case) throws {
        let files = try Fixtures(["main.json": Self.spec, Self.target: Self.next, "out.txt": "src " + Self.hostile + "\n",
                                  "schema.json": Self.schema, "conf.json": Self.config,
                                  "form.json": Self.form])
        let written = try EscapeAudit.record([Paths.segue] + audited.arguments, in: files.folder.path, ready: audited.ready, keys: audited.keys)
        #expect(!written.isEmpty, "\(audited) wrote nothing")
        for violation in EscapeAudit.violations(in: written, allowsCSI: audited.draws) {
            Issue.record("\(audited): \(violation)")
        }
    }

    /// Every command `segue --help` lists, and `help`, has a case above.
    @Test func everyCommandIsAudited() throws {
        let names = try HostCommand.commandsSegueHelpLists()
        #expect(names.count >= 6)
        let audited = Set(Self.cases.map(\.command))
        for name in names + ["help"] where !audited.contains(name) {
            Issue.record("segue \(name) writes to a terminal and has no case in the escape audit")
        }
    }

    /// The audit itself finds what it is for.
    @Test func theAuditFindsEachKindOfSequence() {
        #expect(EscapeAudit.violations(in: Array("plain text ✓\n".utf8), allowsCSI: false).isEmpty)
        #expect(EscapeAudit.violations(in: Array("\u{1B}[1;31mred\u{1B}[0m\u{1B}]104\u{07}".utf8), allowsCSI: true).isEmpty)
        let found = EscapeAudit.violations(in: Array(EscapeAudit.hostile.utf8), allowsCSI: true)
        for kind in ["OSC", "DCS", "APC", "PM", "SOS", "C1 control U+9B", "BEL", "CSI of", "C1 control U+85"] {
            #expect(found.contains { $0.contains(kind) }, "\(kind) not found")
        }
        #expect(EscapeAudit.violations(in: Array("\u{1B}[2J".utf8), allowsCSI: false).count == 1)
        #expect(EscapeAudit.violations(in: [0x41, 0x9B, 0x32, 0x4A], allowsCSI: true).contains("bytes that are not UTF-8"))
    }
}
