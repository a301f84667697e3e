import Foundation
import SegueTesting
import Testing

/// fzf's looks of the rows in a real terminal, at 80x24 and 20x5: multi-line items (`--read0`),
/// `--gap`, `--wrap` and `toggle-wrap`; what is printed is the item as it came, as fzf prints it.
@Suite(.serialized) struct RowLooksSessionTests {
    func session(_ script: String, width: Int = 80, height: Int = 24) throws -> Tmux {
        try Tmux(["sh", "-c", script], width: width, height: height, environment: ["SEGUE": Paths.segue])
    }

    @Test func aMultiLineItemIsDrawnWholeWithGapsAndPrintedAsItCame() throws {
        let tmux = try session(#"out=$(printf 'one\ntwo\0alpha\0' | "$SEGUE" --read0 --gap); echo "status=$? out=[$out]" | tr '\n' '|'"#)
        let screen = try tmux.waitFor { $0.contains(" > one") && $0.last?.hasSuffix("2/2") == true }
        let top = try #require(screen.firstIndex(of: " > one"))
        #expect(Array(screen[top...].prefix(4)) == [" > one", "   two", "   " + String(repeating: "┈", count: 76), "   alpha"])
        try tmux.send("Enter")
        try tmux.waitFor(text: "status=0 out=[one|two]|")
    }

    @Test func inFiveLinesATallItemIsCutAndTheNextScrollsInWhole() throws {
        let tmux = try session(#"printf 'one\ntwo\nthree\nfour\0next\nlast\0' | "$SEGUE" --read0; echo "status=$?""#, width: 20, height: 5)
        try tmux.waitFor { $0.count > 3 && $0[1] == " > one" && $0[2] == "   two" && $0[3] == "   three" }
        try tmux.send("Down")
        try tmux.waitFor { $0.count > 3 && $0[1] == " > next" && $0[2] == "   last" }
        try tmux.send("Escape")
        try tmux.waitFor(text: "status=1")
    }

    @Test func noMultiLineKeepsOneLineAndTheLooksAreNoLongerIgnored() throws {
        let tmux = try session(#"printf 'one\ntwo\0alpha\0' | "$SEGUE" --read0 --no-multi-line --gap 0 --wrap 2>err; echo "status=$?"; cat err"#)
        try tmux.waitFor { $0.contains(" > one two") && $0.contains("   alpha") }
        try tmux.send("Escape")
        let screen = try tmux.waitFor(text: "status=1")
        #expect(!screen.contains { $0.contains("ignored") }, "\(screen)")
    }

    @Test func wrapGoesOnAfterADimSignAndToggleWrapCutsAgain() throws {
        let long = String(repeating: "abcdefghij", count: 3)
        let tmux = try session(#"printf '%s\nnext\n' "$LONG" | "$SEGUE" --wrap --bind ctrl-w:toggle-wrap; echo "status=$?""#
                                   .replacingOccurrences(of: "$LONG", with: long), width: 20, height: 5)
        try tmux.waitFor { $0.count > 3 && $0[1] == " > abcdefghijabcdef" && $0[2] == "   ↳ ghijabcdefghij" && $0[3] == "   next" }
        // The sign is dim: SGR 2 before it.
        let styled = try tmux.styledScreen()
        #expect(styled.count > 2 && styled[2].contains("2m↳"), "\(styled)")
        try tmux.send("C-w")
        try tmux.waitFor { $0.count > 2 && $0[1] == " > abcdefghijabcde…" && $0[2] == "   next" }
        try tmux.send("Escape")
        try tmux.waitFor(text: "status=1")
    }

    @Test func rawKeepsEveryLineInPlaceDimsTheUnmatchedAndDownMatchStepsOverThem() throws {
        let tmux = try session(#"out=$(printf 'alpha\nbeta\ngamma\ndelta\n' | "$SEGUE" --raw --bind alt-j:down-match); echo "status=$? out=[$out]""#)
        try tmux.waitFor { $0.contains(" > alpha") && $0.last?.hasSuffix("4/4") == true }
        try tmux.send("-l", "e")
        let screen = try tmux.waitFor { $0.last?.hasSuffix("2/4") == true }
        let top = try #require(screen.firstIndex(of: " > alpha"))
        #expect(Array(screen[top...].prefix(4)) == [" > alpha", "   beta", "   gamma", "   delta"])
        // gamma is dim (SGR 2), beta is not.
        let styled = try tmux.styledScreen()
        #expect(styled[top + 2].contains("2m   gamma") || styled[top + 2].contains("2mgamma"), "\(styled[top + 2])")
        #expect(!styled[top + 1].contains("2m"), "\(styled[top + 1])")
        try tmux.send("M-j")
        try tmux.waitFor { $0.contains(" > beta") }
        try tmux.send("M-j")
        try tmux.waitFor { $0.contains(" > delta") }
        try tmux.send("Enter")
        try tmux.waitFor(text: "status=0 out=[delta]")
    }

    @Test func rawInFiveLines() throws {
        let tmux = try session(#"seq 1 20 | "$SEGUE" --raw --bind alt-j:down-match; echo "status=$?""#, width: 20, height: 5)
        try tmux.waitFor { $0.count > 3 && $0[1] == " > 1" && $0[3] == "   3" }
        try tmux.send("-l", "7")
        try tmux.waitFor { $0.last?.hasSuffix("2/20") == true && $0[1] == " > 1" }
        try tmux.send("M-j")
        try tmux.waitFor { $0.contains(" > 7") }
        try tmux.send("M-j")
        try tmux.waitFor { $0.contains(" > 17") }
        try tmux.send("Escape")
        try tmux.waitFor(text: "status=1")
    }

    @Test func trackKeepsTheSelectedLineAsTheQueryChanges() throws {
        let tmux = try session(#"out=$(seq 1 30 | "$SEGUE" --track); echo "status=$? out=[$out]""#)
        try tmux.waitFor { $0.contains(" > 1") && $0.last?.hasSuffix("30/30") == true }
        try tmux.send(contentsOf: Array(repeating: "Down", count: 14))
        try tmux.waitFor { $0.contains(" > 15") }
        try tmux.send("-l", "1")
        try tmux.waitFor { $0.contains(" > 15") && $0.last?.hasSuffix("12/30") == true }
        try tmux.send("Enter")
        try tmux.waitFor(text: "status=0 out=[15]")
    }

    @Test func idNthFindsTheLineAgainAfterAReloadInFiveLines() throws {
        let tmux = try session(#"printf 'a 1\nb 2\nc 3\n' | "$SEGUE" --track --id-nth 2 --bind 'ctrl-r:reload(printf "y 2\nz 9\nx 1\n")'; echo "status=$?""#,
                               width: 20, height: 5)
        try tmux.waitFor { $0.count > 3 && $0[1] == " > a 1" && $0[3] == "   c 3" }
        try tmux.send("Down")
        try tmux.waitFor { $0.contains(" > b 2") }
        try tmux.send("C-r")
        try tmux.waitFor { $0.count > 3 && $0[1] == " > y 2" && $0[2] == "   z 9" }
        try tmux.send("Escape")
        try tmux.waitFor(text: "status=1")
    }

    @Test func cyclePointerAndMarkerInFiveLines() throws {
        let tmux = try session(#"out=$(seq 1 5 | "$SEGUE" --cycle --pointer '▌' --marker '+' --multi --highlight-line 2>err); echo "status=$? out=[$(echo $out)]"; cat err"#,
                               width: 20, height: 5)
        try tmux.waitFor { $0.count > 1 && $0[1] == " ▌ 1" }
        try tmux.send("Up")
        try tmux.waitFor { $0.contains(" ▌ 5") }
        try tmux.send("Tab")
        // Marked, and down past the end to the first again.
        try tmux.waitFor { $0.contains(" ▌ 1") && $0.last?.hasSuffix("5/5 (1)") == true }
        try tmux.send("Up")
        try tmux.waitFor { $0.contains(" + 5") }
        try tmux.send("Enter")
        let screen = try tmux.waitFor(text: "status=0 out=[5]")
        #expect(!screen.contains { $0.contains("ignored") }, "\(screen)")
    }

    /// The same items under fzf 0.74.5 and Segue, with `--read0 --gap --wrap`: the item chosen
    /// after moving down once is printed the same, its line break kept.
    @Test func fzfAndSeguePrintTheSameMultiLineItem() throws {
        let fzf = try #require(ReferenceFzf.path, Comment(rawValue: ReferenceFzf.missing))
        func run(_ picker: String) throws -> String {
            let tmux = try Tmux(["sh", "-c", #"out=$(printf 'alpha\0one\ntwo\0' | "$PICKER" --read0 --gap --wrap --no-sort --no-unicode 2>/dev/null); echo "status=$? out=[$out]" | tr '\n' '|'; echo"#],
                                environment: ["PICKER": picker])
            try tmux.waitFor { $0.contains { $0.contains("2/2") } }
            // fzf's list goes up from the bottom; Segue's down from the top: each moves to "one".
            try tmux.send(picker == Paths.segue ? "Down" : "Up")
            try tmux.waitFor("the pointer on one") { $0.contains { $0.trimmingCharacters(in: .whitespaces).hasPrefix("> one") } }
            try tmux.send("Enter")
            let screen = try tmux.waitFor(text: "status=")
            return screen.first { $0.hasPrefix("status=") } ?? ""
        }
        let fzfOutput = try run(fzf.hasPrefix("/") ? fzf : Paths.packageRoot + "/" + fzf)
        #expect(fzfOutput.contains("out=[one|two]"))
        let segueOutput = try run(Paths.segue)
        #expect(segueOutput == fzfOutput, "fzf: \(fzfOutput), Segue: \(segueOutput)")
    }
}
