import Foundation
import SegueTesting
import Testing

/// fzf's frame (`--layout`, `--info`, `--separator`) on a real terminal, beside fzf 0.74.5 given
/// the same command: where the prompt, the count and the first rows stand (the glyphs of the
/// rows' gutter and pointer are each program's own), and what Up picks.
@Suite(.serialized) struct FrameSessionTests {
    /// Where a screen shows the find line (a line starting with `>`), the count, and lines `1`
    /// and `2` (read past each program's gutter and pointer); the count's first column.
    struct Places: Equatable, CustomStringConvertible {
        var prompt: Int?
        var count: Int?
        var countColumn: Int?
        var one: Int?
        var two: Int?
        /// The line the separator is drawn on.
        var rule: Int?
        var description: String {
            "prompt \(prompt ?? -1), count \(count ?? -1) at \(countColumn ?? -1), 1 \(one ?? -1), 2 \(two ?? -1), rule \(rule ?? -1)"
        }

        init(_ screen: [String], count text: String) {
            // A row: past the gutter and pointer; never the find line, which starts with its prompt.
            func item(_ line: String) -> String? {
                line.hasPrefix(">") ? nil : line.trimmingCharacters(in: CharacterSet(charactersIn: " >▌┃│║▐▏▕"))
            }
            // Inside a border or a margin, after it.
            prompt = screen.firstIndex { $0.trimmingCharacters(in: CharacterSet(charactersIn: " │║┃▌▏")).hasPrefix(">") && !$0.contains(" > ") }
            count = screen.firstIndex { $0.contains(text) }
            countColumn = count.flatMap { screen[$0].range(of: text) }.map { screen[count ?? 0].distance(from: screen[count ?? 0].startIndex, to: $0.lowerBound) }
            one = screen.firstIndex { item($0) == "1" }
            two = screen.firstIndex { item($0) == "2" }
            rule = screen.firstIndex { $0.contains("───") }
        }
    }

    /// `seq 30 | PICKER options` in a `width`x`height` terminal, under fzf (without its
    /// scrollbar, a look of the rows) and under Segue: each screen's places once it shows `count`.
    private func sideBySide(_ options: String, width: Int = 80, height: Int = 24, count: String = "30/30") throws -> (fzf: Places, segue: Places) {
        let fzf = try #require(ReferenceFzf.path, Comment(rawValue: ReferenceFzf.missing))
        func places(_ picker: String, _ extra: String) throws -> Places {
            let tmux = try Tmux(["sh", "-c", #"seq 30 | "$PICKER" "# + extra + " " + options + #"; echo "status=$?""#], width: width, height: height,
                                environment: ["PICKER": picker])
            // The count, or with none shown (`hidden`) the prompt and the rows.
            let screen = try tmux.waitFor("\(count) with the rows") { screen in
                let places = Places(screen, count: count)
                return (places.one != nil || places.two != nil) && (places.prompt != nil || options.contains("--preview") || options.contains("--no-input")) && (places.count != nil || info(in: options) == .hidden)
            }
            try tmux.send("Escape")
            try tmux.waitFor(text: "status=")
            return Places(screen, count: count)
        }
        return (try places(fzf.hasPrefix("/") ? fzf : Paths.packageRoot + "/" + fzf, "--no-scrollbar"), try places(Paths.segue, ""))
    }

    /// The info style `options` ask for, as far as whether a count shows.
    private func info(in options: String) -> PickerInfo {
        options.contains("hidden") || options.contains("--no-info") || options.contains("--no-input") ? .hidden : .shown
    }
    enum PickerInfo { case shown, hidden }

    @Test(arguments: ["--layout=default", "--layout=reverse", "--layout=reverse-list", "--reverse"])
    func eachLayoutPlacesThePromptCountAndRowsAsFzf(_ layout: String) throws {
        let big = try sideBySide(layout)
        #expect(big.segue == big.fzf, "80x24 \(layout): fzf \(big.fzf), Segue \(big.segue)")
        let small = try sideBySide(layout, width: 20, height: 5)
        #expect(small.segue == small.fzf, "20x5 \(layout): fzf \(small.fzf), Segue \(small.segue)")
    }

    /// Inline (`--height`): the band holds the same lines in the same order as fzf's.
    @Test(arguments: ["--layout=default", "--layout=reverse", "--layout=reverse-list"])
    func inlineBandsPlaceThemAsFzf(_ layout: String) throws {
        let places = try sideBySide(layout + " --height=8")
        #expect(places.segue == places.fzf, "--height=8 \(layout): fzf \(places.fzf), Segue \(places.segue)")
    }

    @Test(arguments: ["--info=default", "--info=right", "--info=inline", "--info=inline-right", "--info=hidden", "--no-info",
                      "--inline-info", "--no-separator", "--info=right --no-separator"])
    func eachInfoPlacesTheCountAsFzf(_ info: String) throws {
        let places = try sideBySide("--reverse --query 1 " + info, count: "12/30")
        #expect(places.segue == places.fzf, "\(info): fzf \(places.fzf), Segue \(places.segue)")
    }

    /// `--preview-window up|down|left|right`: the pane takes that side of the whole screen, as
    /// fzf's does, the frame the rest (a share in percent is the pane's, its border included in
    /// both; fzf's glyphs of the border differ).
    @Test(arguments: ["up,40%", "down,40%", "left,40%", "right,40%"])
    func thePreviewTakesItsSideAsFzfs(_ window: String) throws {
        for layout in ["--layout=default", "--reverse"] {
            let places = try sideBySide(layout + " --preview 'echo prev {}' --preview-window " + window)
            // Beside a pane the prompt's line and the first row's begin with the pane's text, and
            // fzf's border is a rule too: the count's place and the second row's say where the frame is.
            func frame(_ places: Places) -> [Int?] { [places.count, places.countColumn, places.two] }
            #expect(frame(places.segue) == frame(places.fzf), "\(layout) \(window): fzf \(places.fzf), Segue \(places.segue)")
        }
    }

    /// `--border` in each of fzf's styles, its label and where it goes, `--margin` and
    /// `--padding`: the border's top and bottom lines drawn as fzf draws them, the prompt, count
    /// and rows inside in the same places.
    @Test(arguments: ["--border", "--border=sharp --border-label Hi --border-label-pos 3:bottom", "--border=bold --border-label X --border-label-pos -2",
                      "--border=double --border-label ' Pick '", "--border=horizontal --margin 1,2", "--border=left --padding 1",
                      "--border=double --padding=1,10% --info=inline-right", "--border=block", "--border=thinblock", "--border=vertical",
                      "--border=top", "--border=bottom", "--border=right --margin=0,1,2,3", "--margin 10%"])
    func bordersMarginsAndPaddingAsFzfs(_ options: String) throws {
        let fzf = try #require(ReferenceFzf.path, Comment(rawValue: ReferenceFzf.missing))
        for (width, height) in [(80, 24), (30, 8)] {
            func screen(_ picker: String, _ extra: String) throws -> [String] {
                let tmux = try Tmux(["sh", "-c", #"seq 30 | "$PICKER" "# + extra + " --reverse " + options + #"; echo "status=$?""#],
                                    width: width, height: height, environment: ["PICKER": picker])
                let screen = try tmux.waitFor("the count and rows") { screen in
                    let places = Places(screen, count: "30/30")
                    return places.count != nil && places.one != nil
                }
                try tmux.send("Escape")
                try tmux.waitFor(text: "status=")
                return screen
            }
            let theirs = try screen(fzf.hasPrefix("/") ? fzf : Paths.packageRoot + "/" + fzf, "--no-scrollbar")
            let ours = try screen(Paths.segue, "")
            // The first and last lines, blanks and fzf's gutter left out where a row stands there.
            let edges = { (screen: [String]) in [screen.first ?? "", screen.last ?? ""].map { $0.filter { $0 != " " && $0 != "▌" } } }
            #expect(edges(ours) == edges(theirs), "\(options) at \(width)x\(height)")
            #expect(Places(ours, count: "30/30") == Places(theirs, count: "30/30"), "\(options) at \(width)x\(height)")
        }
    }

    /// `--no-input`: no find line and no count, the rows where fzf's stand; typing finds nothing.
    @Test(arguments: ["--no-input", "--no-input --reverse", "--no-input --layout=reverse-list --height=6"])
    func noInputLeavesTheRowsAlone(_ options: String) throws {
        let places = try sideBySide(options)
        #expect(places.segue == places.fzf && places.segue.prompt == nil && places.segue.count == nil, "\(options): fzf \(places.fzf), Segue \(places.segue)")
    }

    /// `--min-height` raises a percent `--height` as fzf's does: the band's last line is fzf's.
    @Test func minHeightRaisesAPercentHeightAsFzfs() throws {
        let fzf = try #require(ReferenceFzf.path, Comment(rawValue: ReferenceFzf.missing))
        func lastLine(_ picker: String) throws -> Int? {
            let tmux = try Tmux(["sh", "-c", #"seq 30 | "$PICKER" --reverse --height=10% --min-height=8; echo "status=$?""#],
                                environment: ["PICKER": picker])
            let screen = try tmux.waitFor { screen in screen.contains { $0.contains("30/30") } && screen.contains { $0.hasSuffix(" 6") } }
            try tmux.send("Escape")
            try tmux.waitFor(text: "status=")
            return screen.lastIndex { !$0.isEmpty }
        }
        let theirs = try lastLine(fzf.hasPrefix("/") ? fzf : Paths.packageRoot + "/" + fzf)
        #expect(try lastLine(Paths.segue) == theirs && theirs == 7)
    }

    /// Up moves up the screen in every layout: from the first row, twice up is the third in
    /// fzf's default layout (the list runs up from the prompt) and stays on the first in reverse.
    @Test func upIsUpOnTheScreenAsInFzf() throws {
        let fzf = try #require(ReferenceFzf.path, Comment(rawValue: ReferenceFzf.missing))
        func chosen(_ picker: String, _ layout: String) throws -> String {
            let tmux = try Tmux(["sh", "-c", #"out=$(seq 5 | "$PICKER" "# + layout + #"); echo "status=$? out=[$out]""#],
                                environment: ["PICKER": picker])
            try tmux.waitFor { screen in screen.contains { $0.contains("5/5") } }
            try tmux.send("Up", "Up", "Down", "Up", "Up", "Enter")
            let screen = try tmux.waitFor(text: "status=")
            return screen.first { $0.hasPrefix("status=") } ?? ""
        }
        let fzfPath = fzf.hasPrefix("/") ? fzf : Paths.packageRoot + "/" + fzf
        for layout in ["--layout=default", "--layout=reverse", "--layout=reverse-list"] {
            let expected = try chosen(fzfPath, layout)
            #expect(try chosen(Paths.segue, layout) == expected, "\(layout)")
        }
        #expect(try chosen(Paths.segue, "--layout=default") == "status=0 out=[4]")
    }
}
