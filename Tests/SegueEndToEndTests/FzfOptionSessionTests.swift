import Foundation
import Testing

/// fzf's options as scripts spell them, on a real terminal: `--phony` (the old `--disabled`) and
/// `--preview` run by the user's `$SHELL`, as fzf runs it.
@Suite(.serialized) struct FzfOptionSessionTests {
    private func session(_ script: String, environment: [String: String] = [:]) throws -> Tmux {
        try Tmux(["bash", "-c", script], environment: environment.merging(["SEGUE": Paths.segue]) { $1 })
    }

    @Test func phonyIsDisabledsOldName() throws {
        let tmux = try session(#"printf 'alpha\nbeta\n' | "$SEGUE" --phony --query zz; echo "status=$?""#)
        let screen = try tmux.waitFor { $0.contains { $0.contains("alpha") } && $0.last?.hasSuffix("2/2") == true }
        #expect(screen.contains { $0.contains("beta") })
        try tmux.send("C-c")
        try tmux.waitFor(text: "status=130")
    }

    @Test func thePreviewRunsWithTheUsersShell() throws {
        let tmux = try session(#"printf 'alpha\n' | SHELL=/bin/bash "$SEGUE" --preview 'echo in ${BASH_VERSION:+bash} {}'; echo "status=$?""#)
        try tmux.waitFor { $0.contains { $0.contains("in bash alpha") } }
        try tmux.send("C-c")
        try tmux.waitFor(text: "status=130")
    }

    /// The short forms and defaults fzf scripts write: `-q`, `-m`, `+s`, and `-x`, `+m`,
    /// `--smart-case` (Segue's defaults), an option's value (`-q -m`) left as written.
    @Test func fzfsShortFormsAndDefaultsAreRead() throws {
        let tmux = try session(#"""
            a=$(printf 'alpha\nbeta\n-m\n' | "$SEGUE" -x +m --smart-case -q -m --filter -m); b=$(printf 'a\nb\n' | "$SEGUE" -m +s --bind 'load:select-all+accept' | tr '\n' ,)
            echo "a=[$a] b=[$b]"
            """#)
        try tmux.waitFor(text: "a=[-m] b=[a,b,]")
    }
}
