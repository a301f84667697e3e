import Foundation
import Testing

/// One vocabulary (issue 44, item 2) on a real terminal: a picker grown into a spec keeps fzf's
/// bindings in its `"keys"` and its rows' actions, on the keys the find line uses.
@Suite(.serialized) struct SpecVocabularySessionTests {
    let picker = #"""
        {"title": "Words", "filter": {"open": true},
         "keys": {"ctrl-r": "reload(printf 'gamma\\ndelta\\n')+change-prompt(reloaded> )"},
         "sections": [{"source": {"command": ["printf", "alpha\\nbeta\\n"], "format": "lines"},
           "row": {"title": "{{item.line}}", "action": {"type": "emit"},
             "actions": [{"key": "ctrl-k", "title": "Ask", "action": {"type": "fzf", "do": "change-query({{item.line}})"}}]}}]}
        """#

    /// Ctrl-K (the find line's "delete to the end") runs the row's fzf actions, Ctrl-R (the
    /// screen's refresh) the spec's `reload(…)+change-prompt(…)`; F1's help says what each key
    /// became, and Enter prints the reloaded line where the selection stayed.
    @Test func aSpecsFzfBindingsWinOverTheFindLinesKeys() throws {
        let specs = try Fixtures(["words.json": picker])
        let tmux = try Tmux(["sh", "-c", #"out=$("$SEGUE" words.json); echo "status=$? out=[$out]""#],
                            directory: specs.folder.path, environment: ["SEGUE": Paths.segue])
        try tmux.waitFor { $0.contains { $0.contains("alpha") } && $0.contains { $0.contains("beta") } }
        try tmux.send("Down", "C-k")
        try tmux.waitFor { $0.last?.hasPrefix(" /beta") == true }
        try tmux.send("C-u", "C-r")
        try tmux.waitFor { $0.contains { $0.contains("gamma") } && $0.last?.hasPrefix(" reloaded> ") == true }
        try tmux.send("F1")
        try tmux.waitFor { $0.contains { $0.contains("Help:") } }
        try tmux.send("End")  // the find line's keys are at the end of the help
        let help = try tmux.waitFor { $0.contains { $0.contains(#"now the row's "Ask""#) } }
        #expect(help.contains { $0.contains("Ctrl-K") && $0.contains(#"now the row's "Ask"; delete to the end: gone"#) })
        #expect(help.contains { $0.contains("Ctrl-R") && $0.contains("now reload(printf") })
        try tmux.send("Escape")
        try tmux.waitFor { !$0.contains { $0.contains("Help:") } && $0.last?.hasPrefix(" reloaded> ") == true }
        try tmux.send("Enter")
        try tmux.waitFor(text: "status=0 out=[delta]")
    }
}
