import Testing
@testable import SegueCore

/// `--ansi` (issue 44): the lines' colours are drawn, but fields, fzf's placeholders, `--filter`
/// and `--accept-nth` read the text without the escape codes, as fzf 0.74's do.
@Suite struct AnsiLinesTextTests {
    /// `git log --color --oneline`'s first line.
    let coloured = "\u{1B}[33m94944a4\u{1B}[m Fix \u{1B}[1;31mborder\u{1B}[0m"

    @Test func filterPrintsTheLinesWithoutTheirColours() throws {
        var options = StandardInputPicker.Options()
        options.keepsColour = true
        let input = Array((coloured + "\nplain line\n").utf8)
        #expect(try StandardInputPicker.filter(input, query: "fix", options: options) == ["94944a4 Fix border"])
        #expect(try StandardInputPicker.filter(input, query: "", options: options) == ["94944a4 Fix border", "plain line"])
        // Without `--ansi` the line is printed as it came, as fzf's.
        #expect(try StandardInputPicker.filter(input, query: "fix") == [coloured])
    }

    @Test func acceptNthPrintsTheFieldWithoutItsColours() throws {
        var options = StandardInputPicker.Options(printedFields: "1")
        options.keepsColour = true
        #expect(try StandardInputPicker.filter(Array((coloured + "\n").utf8), query: "fix", options: options) == ["94944a4"])
        // A delimiter found inside an escape code (`;` of `ESC[1;31m`) splits nothing.
        options = StandardInputPicker.Options(delimiter: ";", printedFields: "2")
        options.keepsColour = true
        #expect(try StandardInputPicker.filter(Array("\u{1B}[1;31ma\u{1B}[m;b\n".utf8), query: "", options: options) == ["b"])
    }

    /// The picker `options` make, with `line` piped in; `nil` (said) when it loads nothing.
    func picker(_ options: StandardInputPicker.Options, reading line: String) -> AppState? {
        var state = AppState(root: StandardInputPicker.spec(options), size: Size(width: 40, height: 8))
        let effects = update(&state, .start)
        guard case .startSource(let request)? = effects.first else {
            Issue.record("no load of standard input: \(effects)")
            return nil
        }
        var items = RawItems(kind: .line)
        items.append(Array(line.utf8))
        _ = update(&state, .sourceRawItems(request.key, items))
        return state
    }

    @Test func fzfsPlaceholdersGetTheTextWithoutColours() {
        var options = StandardInputPicker.Options()
        options.keepsColour = true
        options.previewCommand = "git show {1}; echo {} {-1}"
        guard var state = picker(options, reading: coloured) else { return }
        guard case .success(let preview)? = state.current.preview(ofRow: 0) else {
            Issue.record("no preview")
            return
        }
        #expect(preview.origin == PreviewSpec.Origin.command(["sh", "-c", "git show '94944a4'; echo '94944a4 Fix border' 'border'"]))
        // Enter prints the line without its colours, as fzf's.
        #expect(press(.enter, on: &state) == [.emit(["94944a4 Fix border"])])
    }

    /// `--with-nth` shows the fields in their colours, as fzf's, while templates read them
    /// without.
    @Test func withNthShowsTheFieldsInTheirColours() {
        #expect(LineDelimiter.blanks.colouredFields(of: coloured) == ["\u{1B}[33m94944a4\u{1B}[m", "Fix", "\u{1B}[1;31mborder\u{1B}[0m"])
        // A colour set in an earlier field goes on in this one; a delimiter inside a code splits nothing.
        #expect(LineDelimiter(.text(";")).colouredFields(of: "\u{1B}[1;32ma;b\u{1B}[m;c") == ["\u{1B}[1;32ma", "\u{1B}[1;32mb\u{1B}[m", "c"])
        #expect(LineDelimiter.blanks.colouredFields(of: "a b") == ["a", "b"])
        var options = StandardInputPicker.Options(shownFields: "2..")
        options.keepsColour = true
        guard var state = picker(options, reading: coloured) else { return }
        #expect(state.current.boundRow(0).row.title == "Fix \u{1B}[1;31mborder\u{1B}[0m")
        #expect(press(.enter, on: &state) == [.emit(["94944a4 Fix border"])])
    }

    @Test func aSpecsPatternDelimiterSplitsTheTextWithoutColours() throws {
        let spec = try loadSpec(#"{"sections": [{"source": {"command": ["x"], "format": "lines", "ansi": true, "delimiter": {"pattern": "[0-9]+m"}}, "row": {"title": "{{item.line}}", "detail": "{{item.fields}}"}}]}"#,
                                file: "/p/l.json")
        guard let source = spec.sections[0].rows.liveSources.first else {
            Issue.record("no live source in \(spec.sections[0])")
            return
        }
        // The escape codes hold `33m` and `0m`: only the text's own `12m` splits it.
        #expect(source.item(.object(["line": "\u{1B}[33ma12mb\u{1B}[0m"])) == .object(["line": "\u{1B}[33ma12mb\u{1B}[0m", "fields": ["a", "b"]]))
    }
}
