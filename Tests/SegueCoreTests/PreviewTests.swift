import Testing
@testable import SegueCore
import SegueFiles

/// The preview pane: what it shows for the selected row, when its command runs, and where it goes.
@Suite struct PreviewTests {
    let spec = #"""
        {"title": "Files", "sections": [
          {"header": "Texts", "preview": {"command": ["cat", "{{title}}"]}, "rows": [
            {"title": "a.txt"}, {"title": "b.txt"},
            {"title": "c.txt", "preview": {"command": ["cat", "c.txt"], "format": "ansi"}},
            {"title": "quiet", "preview": null}]},
          {"header": "Notes", "rows": [
            {"title": "About", "preview": "Segue previews\nline two"},
            {"title": "Plain"}]}]}
        """#

    func started(width: Int = 120, height: Int = 20, options: AppOptions = AppOptions()) throws -> (AppState, [Effect]) {
        var state = AppState(root: try SpecLoader(disk: nil).parse(bytes: Array(spec.utf8), file: "/p/main.json"),
                             size: Size(width: width, height: height), options: options)
        let effects = update(&state, .start)
        return (state, effects)
    }

    func timers(_ effects: [Effect]) -> [TimerKey] {
        effects.compactMap { if case .startTimer(let key, _) = $0, key.purpose == .preview { return key } else { return nil } }
    }

    func loads(_ effects: [Effect]) -> [SourceRequest] {
        effects.compactMap { if case .startSource(let request) = $0 { return request } else { return nil } }
    }

    /// Lets the preview's pause in `effects` run out: the load it starts.
    func run(_ effects: [Effect], _ state: inout AppState) throws -> SourceRequest {
        let pause = try #require(timers(effects).first)
        return try #require(loads(update(&state, .timerFired(pause))).first)
    }

    /// A wrapped preview breaks its long lines between words, each keeping the line's indent.
    @Test func aWrappedPreviewBreaksBetweenWords() throws {
        let text = #"""
            {"sections": [{"rows": [{"title": "a", "preview": {"text": "one two three four five six\n  indented words go on here\nREADME.md    1234   2024-01-01 x",
                                                               "wrap": true, "position": "right", "size": 22}}]}]}
            """#
        var state = AppState(root: try SpecLoader(disk: nil).parse(bytes: Array(text.utf8), file: "/p/w.json"), size: Size(width: 60, height: 10))
        _ = update(&state, .start)
        let pane = screen(state).compactMap { $0.split(separator: "│", maxSplits: 1).dropFirst().first.map(String.init) }
        // The spaces between columns stay as they are.
        #expect(Array(pane.prefix(7)) == [" a", " one two three four", " five six", "   indented words go", "   on here",
                                          " README.md    1234", " 2024-01-01 x"])
    }

    @Test func theSelectedRowsCommandRunsOnceTheSelectionRests() throws {
        var (state, effects) = try started()
        let pause = try #require(timers(effects).first)
        let request = try #require(loads(update(&state, .timerFired(pause))).first)
        #expect(request.origin == .command(["cat", "a.txt"]))
        #expect(request.key.isPreview && request.directory == "/p")
        _ = update(&state, .sourceItems(request.key, [.object(["line": "hello"]), .object(["line": "\tworld"])]))
        _ = update(&state, .sourceFinished(request.key, .done(next: .end)))
        let lines = screen(state)
        #expect(lines[1].hasSuffix("│ a.txt"), "\(lines)")
        #expect(lines[2].hasSuffix("│ hello"))
        #expect(lines[3].hasSuffix("│         world"))  // a tab to the next stop
    }

    @Test func aStaleAnswerNeverReplacesTheSelectedRowsPreview() throws {
        var (state, effects) = try started()
        let first = try run(effects, &state)
        // ↓ before a.txt's command answered: it is stopped, and b.txt's waits for the pause.
        let moved = press(.down, on: &state)
        #expect(moved.contains(.cancelSource(first.key)))
        let pause = try #require(timers(moved).first)
        _ = update(&state, .sourceItems(first.key, [.object(["line": "stale a"])]))
        _ = update(&state, .sourceFinished(first.key, .done(next: .end)))
        #expect(!screen(state).joined().contains("stale"))
        #expect(screen(state)[2].contains("│ Loading… "))
        let second = try #require(loads(update(&state, .timerFired(pause))).first)
        #expect(second.origin == .command(["cat", "b.txt"]))
        _ = update(&state, .sourceItems(second.key, [.object(["line": "bee"])]))
        #expect(screen(state)[2].hasSuffix("│ bee"))
    }

    @Test func holdingDownStartsOnlyTheLastRowsCommand() throws {
        var (state, _) = try started()
        var pauses: [TimerKey] = []
        for _ in 0..<2 { pauses += timers(press(.down, on: &state)) }
        // Only the newest pause runs anything.
        #expect(loads(update(&state, .timerFired(pauses[0]))).isEmpty)
        #expect(loads(update(&state, .timerFired(pauses[1]))).first?.origin == .command(["cat", "c.txt"]))
    }

    @Test func aFinishedPreviewIsCachedWhileTheScreenLives() throws {
        var (state, effects) = try started()
        let request = try run(effects, &state)
        _ = update(&state, .sourceItems(request.key, [.object(["line": "hello"])]))
        _ = update(&state, .sourceFinished(request.key, .done(next: .end)))
        press(.down, on: &state)
        let back = press(.up, on: &state)
        #expect(timers(back).isEmpty && loads(back).isEmpty)
        #expect(screen(state)[2].hasSuffix("│ hello"))
    }

    /// Six previews of 4,999 lines of 100 KB each: each keeps what a pane can show of a line,
    /// and what the session keeps of them all stays under 64 MB, the oldest dropped first.
    @Test func previewOutputIsCappedInBytesAndKeepsWhatCanBeShown() throws {
        let rows = (1...6).map { #"{"title": "f\#($0).txt"}"# }.joined(separator: ", ")
        let text = #"{"sections": [{"preview": {"command": ["cat", "{{title}}"]}, "rows": ["# + rows + "]}]}"
        var state = AppState(root: try SpecLoader(disk: nil).parse(bytes: Array(text.utf8), file: "/p/heavy.json"),
                             size: Size(width: 120, height: 20))
        var effects = update(&state, .start)
        let line = "é" + String(repeating: "x", count: 100_000)
        let output = [JSONValue](repeating: .object(["line": .string(line)]), count: 4_999)
        for row in 1...6 {
            let request = try run(effects, &state)
            #expect(request.origin == .command(["cat", "f\(row).txt"]))
            _ = update(&state, .sourceItems(request.key, output))
            _ = update(&state, .sourceFinished(request.key, .done(next: .end)))
            let kept = state.current.preview.lines
            #expect(kept.count == 4_999)
            #expect(kept.allSatisfy { $0.utf8.count <= 4_096 && $0.hasPrefix("éxxx") }, "a line keeps more than can be shown")
            #expect(screen(state)[2].contains("│ éxxxxxxx"))
            if row < 6 { effects = press(.down, on: &state) }
        }
        #expect(state.previewCache.bytes <= 64 << 20)
        // The newest is kept; the oldest runs its command again.
        #expect(timers(press(.up, on: &state)).isEmpty)
        for _ in 0..<3 { press(.up, on: &state) }
        #expect(!timers(press(.up, on: &state)).isEmpty, "the oldest preview is still kept")
    }

    @Test func theCacheDropsTheLeastRecentlyShownAndLeftScreens() throws {
        var cache = PreviewCache()
        func key(_ screen: Int, _ name: String) -> PreviewCache.Key {
            PreviewCache.Key(screen: screen, spec: PreviewSpec(origin: .command(["cat", name]), keepsColour: false))
        }
        let heavy = [String](repeating: String(repeating: "x", count: 4_096), count: 5_000)  // 20 MB
        for name in ["a", "b", "c"] { cache.remember(heavy, for: key(1, name), screens: [1]) }
        #expect(cache.lines(for: key(1, "a")) != nil)  // a is the most recently shown now
        cache.remember(heavy, for: key(1, "d"), screens: [1])
        #expect(cache.bytes <= PreviewCache.byteLimit)
        #expect(cache.lines(for: key(1, "b")) == nil && cache.lines(for: key(1, "a")) != nil && cache.lines(for: key(1, "d")) != nil)
        cache.remember(["small"], for: key(2, "e"), screens: [2])  // screen 1 was left
        #expect(cache.lines(for: key(1, "a")) == nil && cache.bytes == 5 + PreviewCache.lineOverhead)
    }

    @Test func textPreviewsFailuresAndRowsWithout() throws {
        var (state, _) = try started()
        press(.char("G"), .up, on: &state)  // About: a text
        #expect(screen(state)[1].hasSuffix("│ About") && screen(state)[2].hasSuffix("│ Segue previews")
                && screen(state)[3].hasSuffix("│ line two"))
        press(.down, on: &state)  // Plain: none, but the pane stays
        #expect(screen(state)[2].hasSuffix("│ No preview for this row"))
        press(.char("g"), .down, .down, .down, on: &state)  // quiet: null turns its section's off
        #expect(selectedTitle(state) == "quiet" && screen(state)[2].hasSuffix("│ No preview for this row"))
        press(.char("g"), on: &state)
        let pause = try #require(state.current.preview.spec.map { _ in TimerKey(screen: 0, generation: state.current.preview.generation, purpose: .preview) })
        let request = try #require(loads(update(&state, .timerFired(pause))).first)
        _ = update(&state, .sourceFinished(request.key, .failed("exit status 1: cat: a.txt: No such file")))
        #expect(screen(state)[2].contains("│ ⚠ exit status 1: cat: a.txt"))
    }

    @Test func aCommandThatSaysNothingSaysSo() throws {
        var (state, effects) = try started()
        let request = try run(effects, &state)
        _ = update(&state, .sourceFinished(request.key, .done(next: .end)))
        #expect(screen(state)[2].hasSuffix("│ (no output)"))
    }

    @Test func commandsAreRefusedWithNoExec() throws {
        var (state, effects) = try started(options: AppOptions(allowExec: false))
        let pause = try #require(timers(effects).first)
        #expect(loads(update(&state, .timerFired(pause))).isEmpty)
        #expect(screen(state)[2].contains("⚠ running commands is turned off (--no-exec): cat a.txt"))
    }

    @Test func thePaneGoesRightOnWideTerminalsBelowOnNarrowAndAwayOnTiny() throws {
        let wide = try started(width: 120).0
        #expect(wide.previewLayout(finding: false).pane?.side == .right)
        #expect(wide.listViewport.width == 60)
        let narrow = try started(width: 80, height: 24).0
        let pane = try #require(narrow.previewLayout(finding: false).pane)
        #expect(pane.side == .bottom && narrow.listViewport.height + pane.height == 22)
        #expect(screen(narrow)[pane.y].hasPrefix("── a.txt ──"))
        #expect(try started(width: 20, height: 5).0.previewLayout(finding: false).pane == nil)
        #expect(try started(options: AppOptions(preview: .off)).0.previewLayout(finding: false).pane == nil)
        #expect(try started(options: AppOptions(preview: .bottom)).0.previewLayout(finding: false).pane?.side == .bottom)
    }

    @Test func ctrlOHidesThePaneAndStopsItsCommand() throws {
        var (state, effects) = try started()
        let request = try run(effects, &state)
        #expect(press(.ctrl("o"), on: &state).contains(.cancelSource(request.key)))
        #expect(state.previewLayout(finding: false).pane == nil && !screen(state)[2].contains("│"))
        #expect(!timers(press(.ctrl("o"), on: &state)).isEmpty)  // shown again: the row's preview anew
    }

    @Test func shiftArrowsScrollThePaneAndClicksThereAreNotTheLists() throws {
        var (state, effects) = try started(height: 8)
        let request = try run(effects, &state)
        _ = update(&state, .sourceItems(request.key, (1...50).map { .object(["line": .string("line \($0)")]) }))
        press(.shiftDown, .shiftDown, on: &state)
        #expect(screen(state)[1].hasSuffix("│ a.txt  3–7/50") && screen(state)[2].hasSuffix("│ line 3"))
        press(.shiftPageDown, on: &state)
        #expect(screen(state)[2].hasSuffix("│ line 7"))
        _ = update(&state, .mouse(.click(x: 100, y: 3)))
        #expect(selectedTitle(state) == "a.txt")
    }

    @Test func badPreviewsAreLoadErrorsWithTheirPath() {
        func problem(_ preview: String) -> String {
            let text = #"{"sections": [{"rows": [{"title": "x", "preview": "# + preview + #"}]}]}"#
            do { _ = try SpecLoader(disk: nil).parse(bytes: Array(text.utf8), file: "/p/x.json"); return "loaded" } catch { return "\(error)" }
        }
        #expect(problem("3").contains("sections[0].rows[0].preview: expected a text, {\"text\": …} or {\"command\": […]}, found 3"))
        #expect(problem(#"{"command": []}"#).contains("preview.command: expected a command as a non-empty array of strings"))
        #expect(problem(#"{"command": ["ls"], "format": "html"}"#).contains("preview.format: expected \"ansi\" or \"plain\""))
        #expect(problem(#"{"cmd": ["ls"]}"#).contains("preview.cmd: expected \"text\", \"command\", \"format\", \"position\""))
        #expect(problem(#"{"text": "a", "command": ["ls"]}"#).contains("not both"))
        #expect(problem(#"{"command": ["cat", "{{title}}"], "format": "ansi"}"#) == "loaded")
        #expect(problem(#"{"command": ["ls"], "size": "0%"}"#).contains("preview.size: expected columns or lines"))
        #expect(problem(#"{"text": "x", "position": "middle"}"#).contains("preview.position: expected \"right\", \"left\", \"bottom\", \"top\" or \"auto\""))
        #expect(problem(#"{"text": "x", "position": "left"}"#) == "loaded")
    }

    @Test func colourSequencesBecomeStylesAndOthersGo() {
        let runs = ColouredText.runs("\u{1B}[1;31mred\u{1B}[0m plain \u{1B}[38;5;46mgreen\u{1B}]0;title\u{7}\u{1B}[2J!", base: .plain)
        #expect(runs.map(\.text) == ["red", " plain ", "green!"])
        #expect(runs[0].style == Style(foreground: .red, attributes: [.bold]))
        #expect(runs[1].style == .plain)
        #expect(runs[2].style.foreground == .indexed(46))
        #expect(ColouredText.expandingTabs("ab\tc") == "ab      c")
        #expect(ColouredText.runs("\u{1B}[38;2;255;128;0mx\u{1B}[91my", base: .plain).map(\.style.foreground) == [.rgb(255, 128, 0), .indexed(9)])
    }

    @Test func coloursFallBackToWhatTheTerminalHas() {
        #expect(Style.Color.indexed(46).number(within: 256) == 46)
        #expect(Style.Color.indexed(46).number(within: 16) == 10)  // bright green
        #expect(Style.Color.indexed(46).number(within: 8) == 2)  // green
        #expect(Style.Color.rgb(255, 0, 0).number(within: 256) == 196)
        #expect(Style.Color.rgb(128, 128, 128).index256 == 244)
        #expect(Style.Color.cyan.number(within: 8) == 6 && Style.Color.default.number(within: 256) == nil)
        #expect(Style.Color(name: "bright-red") == .indexed(9) && Style.Color(name: "#ff8000") == .rgb(255, 128, 0)
                && Style.Color(name: "208") == .indexed(208) && Style.Color(name: "blue") == .blue && Style.Color(name: "teal") == nil)
    }

    @Test func cellTypesAndLiveRowTemplatesCarryPreviewsAndActions() throws {
        let text = #"""
            {"cells": {"file": {"preview": "File {{title}}", "actions": [{"key": "o", "title": "Open", "action": {"type": "emit", "value": "open {{title}}"}}]}},
             "sections": [
              {"rows": [{"title": "notes.txt", "cell": "file"}]},
              {"source": {"command": ["ls"], "format": "lines"}, "as": "f",
               "row": {"title": "{{f.line}}", "preview": {"command": ["head", "{{f.line}}"]},
                       "actions": [{"key": "x", "title": "Remove", "action": {"type": "emit", "value": "rm {{f.line}}"}}]}}]}
            """#
        var state = AppState(root: try SpecLoader(disk: nil).parse(bytes: Array(text.utf8), file: "/p/main.json"),
                             size: Size(width: 120, height: 12))
        guard case .startSource(let request)? = update(&state, .start).first else { throw Failure() }
        #expect(screen(state)[2].hasSuffix("│ File notes.txt"))
        #expect(press(.char("o"), on: &state) == [.emit(["open notes.txt"])])
        _ = update(&state, .sourceItems(request.key, [.object(["line": "a.swift"])]))
        _ = update(&state, .sourceFinished(request.key, .done(next: .end)))
        let effects = press(.down, on: &state)
        let pause = try #require(timers(effects).first)
        #expect(loads(update(&state, .timerFired(pause))).first?.origin == .command(["head", "a.swift"]))
        #expect(press(.char("x"), on: &state) == [.emit(["rm a.swift"])])
    }

    struct Failure: Error {}
}
