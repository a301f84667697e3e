/// `cmd | segue`: a picker over the lines a program reads on standard input, as fzf is one.
///
/// One live section whose rows are the lines as they stream in, the find line open (its prompt
/// `> `, matches best first unless told otherwise), Enter printing the selected line. It is a
/// spec like any, so everything a spec's screen does (marks with `--multi`, `--print-query`,
/// previews, the help) works on it.
package enum StandardInputPicker {
    package struct Options: Sendable {
        /// The find line's prompt (`--prompt`).
        package var prompt = "> "
        /// A line above the rows (`--header`).
        package var header: String?
        /// Matches best first (fzf's default); `false` keeps the input's order (`--no-sort`).
        package var sortsByScore = true
        /// How fuzzy terms match (`--algo`).
        package var algorithm: FindQuery.Algorithm = .optimal
        /// Items end with NUL, not a line feed (`--read0`, for `find -print0`).
        package var readsNulSeparated = false
        /// Where lines split into fields (`--delimiter`): a regular expression, as fzf reads it
        /// (text that is not one is taken as it is); runs of blanks by default.
        package var delimiter: String?
        /// The fields each row shows (`--with-nth`), as fzf's field index expressions.
        package var shownFields: String?
        /// The fields Enter prints (`--accept-nth`).
        package var printedFields: String?
        /// A command whose output previews the selected line, run by `sh` with fzf's
        /// placeholders (`--preview 'cat {}'`; see `FzfPlaceholders`).
        package var previewCommand: String?
        /// Each line is a JSON object (`--jsonl`): its `title`, `detail`, `value` (printed, else
        /// the title), `id` and `preview` make the row.
        package var readsJSONLines = false
        /// Lines keep their colours (`--ansi`): drawn, not matched; fields, placeholders, what
        /// Enter prints and `--filter`'s lines are the text without them, as fzf's.
        package var keepsColour = false
        /// The fields a find reads (`--nth`), as fzf's field indexes, of what each row shows.
        package var searchedFields: String?
        /// The lines show last first, once they have all come (`--tac`).
        package var reversesOrder = false
        /// The first lines are a header, not rows (`--header-lines`).
        package var headerLines = 0
        /// The preview pane's layout (`--preview-window`).
        package var previewWindow = PreviewWindow()
        /// The lines as a table (`--columns`): their fields in aligned columns, the last taking
        /// the rest of the line. `header`: the first line names them; a number: that many columns;
        /// else the column titles, comma-separated.
        package var columns: String?
        /// Lines chosen often and lately come first (`--frecency FILE`, which keeps the choices).
        package var ordersByFrecency = false
        /// How the rows look: `--gap`, `--wrap`, and multi-line items, which `--read0` brings
        /// (`--no-multi-line` joins their lines); `--raw`, `--track`.
        package var looks = RowLooks()
        /// The fields that say which line is which across a reload (`--id-nth`), as fzf's field
        /// indexes: with `--track`, the selection goes back to the line with the same ones.
        package var identityFields: String?

        /// The lines before the rows: `--header-lines`, and at least the one naming the columns
        /// with `--columns header`.
        var linesBeforeRows: Int {
            columns.map(ColumnsOption.init) == .header ? max(1, headerLines) : headerLines
        }

        package init(prompt: String = "> ", header: String? = nil, sortsByScore: Bool = true, readsNulSeparated: Bool = false,
                    delimiter: String? = nil, shownFields: String? = nil, printedFields: String? = nil) {
            self.prompt = prompt
            self.header = header
            self.sortsByScore = sortsByScore
            self.readsNulSeparated = readsNulSeparated
            self.delimiter = delimiter
            self.shownFields = shownFields
            self.printedFields = printedFields
        }
    }

    /// The picker's spec. Lines are data, never templates: a line holding `{{x}}` prints as it is.
    package static func spec(_ options: Options = Options()) -> Spec {
        // Chosen fields are joined by the delimiter when it is a text, else by a space; it is
        // data (`separator`), never part of a template.
        func fields(_ indexes: String?, plain: Bool = false) -> String {
            // With `--ansi`, the fields shown keep their colours, as fzf's `--with-nth` does.
            let list = options.keepsColour && !plain ? "item.colouredFields" : "item.fields"
            let value = indexes.map { FieldIndexes.isValid($0) ? "pick(\(list), '\($0)', separator)" : "item.line" } ?? "item.line"
            // With `--ansi`, what is printed is what showed, without its colours (as fzf's).
            return plain ? "{{plain(\(value))}}" : "{{\(value)}}"
        }
        var attributes: [String: JSONValue] = [
            "title": .string(fields(options.shownFields)),
            "action": .object(["type": "emit", "value": .string(fields(options.printedFields, plain: options.keepsColour))]),
        ]
        if options.readsJSONLines {
            // An object with no title shows as its JSON.
            attributes = [
                "title": .string("{{either(item.title, json(item))}}"),
                "detail": .string("{{item.detail}}"),
                "id": .string("{{item.id}}"),
                "preview": .object(options.previewWindow.json.merging(["text": .string("{{item.preview}}")]) { $1 }),
                "action": .object(["type": "emit", "value": .string("{{either(item.value, item.title, json(item))}}")]),
            ]
        }
        if options.keepsColour { attributes["ansi"] = .bool(true) }
        // A reload selects again the line whose id the selected one had (`LiveFeed.wantedID`).
        if options.looks.track, let fields = options.identityFields, FieldIndexes.isValid(fields), !options.readsJSONLines {
            attributes["id"] = .string("{{pick(item.fields, '\(fields)', separator)}}")
        }
        if let command = options.previewCommand {
            var preview = options.previewWindow.json
            preview["command"] = .array([.string(FzfPlaceholders.shell), .string("-c"), .string(FzfPlaceholders.template(command, withoutEscapes: options.keepsColour))])
            // fzf's previews keep their colours (`bat --color=always`, `git show --color`).
            preview["format"] = .string("ansi")
            attributes["preview"] = .object(preview)
        }
        let row = Row(attributes: attributes)
        var input = SourceSpec(origin: .standardInput, format: options.readsJSONLines ? .jsonl : .lines)
        if options.readsNulSeparated { input.itemEnd = 0 }
        input.reversesItems = options.reversesOrder
        var separator = " "
        if let delimiter = options.delimiter, !delimiter.isEmpty {
            if (try? Regex(delimiter)) != nil, delimiter.contains(where: { "\\[](){}.*+?^$|".contains($0) }) {
                input.delimiter = LineDelimiter(.pattern(delimiter))
            } else {
                input.delimiter = LineDelimiter(.text(delimiter))
                separator = delimiter
            }
        }
        var source = LiveSource(source: input, template: row, empty: "No lines")
        source.headerLines = options.headerLines
        if let searched = options.searchedFields, FieldIndexes.isValid(searched) {
            source.searchedFields = FieldMask(indexes: FieldIndexes(searched), delimiter: input.delimiter)
        }
        // A table's cells are the lines' fields.
        if options.columns != nil { source.usesFields = true }
        var section = Section(header: options.header.map { Template.verbatim($0) }, rows: RowList(live: source))
        switch options.columns.map(ColumnsOption.init) {
        case .header?:
            section.columnsFromHeader = true
            source.headerLines = options.linesBeforeRows
            section.rows = RowList(live: source)
        case .titles(let titles)?:
            section.columns = fieldColumns(titles: titles)
        case nil:
            break
        }
        var spec = Spec(title: "", sections: [section], data: .object(["separator": .string(separator)]))
        spec.find.opensAtStart = true
        spec.find.prompt = options.prompt.isEmpty ? "> " : Template.verbatim(options.prompt)
        // `--raw` shows every line in its place: its matches are found in the lines' order.
        spec.find.sortsByScore = options.sortsByScore && !options.looks.raw
        if options.ordersByFrecency { spec.frecencyHalfLife = RowMemory.defaultHalfLife }
        spec.rowLooks = options.looks
        // Only NUL-ended items can hold a line break.
        spec.rowLooks.multiLine = options.looks.multiLine && options.readsNulSeparated
        return spec
    }

    /// What `--columns` says: the titles, or that the first line has them.
    package enum ColumnsOption: Equatable {
        case header
        case titles([String])

        package init(_ text: String) {
            let written = text.trimmingSpaces()
            if written == "header" {
                self = .header
            } else if let count = Int(written), count > 0 {
                self = .titles((1...min(count, 100)).map(String.init))
            } else {
                self = .titles(written.split(separator: ",", omittingEmptySubsequences: false).map { String($0).trimmingSpaces() })
            }
        }
    }

    /// A column for each of the first fields of a line, titled in order; the last column holds
    /// the rest of the line's fields (a command's arguments, in `ps` output). On a narrow terminal
    /// the last column keeps room for some of its text (`lastColumnFloor`), the columns between
    /// the first and the last hiding from the right to give it.
    package static func fieldColumns(titles: [String]) -> [TableColumn] {
        titles.enumerated().map { index, title in
            let last = index == titles.count - 1
            var column = TableColumn(title: title, value: "{{pick(item.fields, '\(index + 1)\(last ? ".." : "")', separator)}}")
            if last, index > 0 {
                column.minWidth = max(lastColumnFloor, TextWidth.of(title))
            } else if index > 0 {
                column.hide = index
            }
            return column
        }
    }

    /// Columns the last column of piped lines keeps before the columns between hide.
    static let lastColumnFloor = 24

    /// `--select-1` and `--exit-0` decided from all of `input` before any terminal is taken, as
    /// fzf decides them: how the session ends (the only match chosen, or status 1 for none), or
    /// `nil` when the user must choose.
    /// - Throws: `SourceParseError` for a line over the longest a line can be.
    package static func automaticOutcome(_ input: [UInt8], options: Options, settings: AppOptions) throws(SourceParseError) -> SessionOutcome? {
        var parser = SourceParser(format: options.readsJSONLines ? .jsonl : .lines, itemEnd: options.readsNulSeparated ? 0 : 0x0A)
        var items = try parser.feed(input[...])
        let rest = try parser.finish().raw
        for index in 0..<rest.count { items.append(rest.bytes(at: index)) }
        var state = AppState(root: spec(options), size: Size(width: 80, height: 24), options: settings)
        var effects = update(&state, .start)
        guard case .startSource(let request)? = effects.first(where: { if case .startSource = $0 { true } else { false } }) else {
            return nil
        }
        effects = update(&state, .sourceRawItems(request.key, items))
        effects += update(&state, .sourceFinished(request.key, .done(next: .end)))
        // A long list is filtered in slices: to the end, as the screen would.
        while state.current.find?.job != nil { effects += update(&state, .work) }
        for effect in effects {
            switch effect {
            case .emit(let lines, let status): return SessionOutcome(status: status, emitted: lines)
            case .quit(let status): return SessionOutcome(status: status, emitted: [])
            default: continue
            }
        }
        return nil
    }

    /// `--filter QUERY`: the lines of `input` that match `query`, in the order the picker would
    /// show them (the same matching and ranking, best first unless `options` keep the order),
    /// without a terminal; every line for an empty query.
    /// - Throws: `SourceParseError` for a line over the longest a line can be.
    /// A line too long to keep is left out, as `note` is told, and the others are filtered.
    package static func filter(_ input: [UInt8], query: String, options: Options = Options(),
                               note: (String) -> Void = { _ in }) throws(SourceParseError) -> [String] {
        var parser = SourceParser(format: options.readsJSONLines ? .jsonl : .lines, itemEnd: options.readsNulSeparated ? 0 : 0x0A)
        var lines = try parser.feed(input[...])
        let rest = try parser.finish().raw
        for index in 0..<rest.count { lines.append(rest.bytes(at: index)) }
        if let skipped = parser.skippedNote { note(skipped) }
        let skipped = min(options.linesBeforeRows, lines.count)
        // Row `position`'s line: after the header's, counted from the end with `--tac`.
        // With `--ansi`, without its colours, as fzf prints it.
        func line(_ position: Int) -> String {
            let line = String(decoding: lines.bytes(at: options.reversesOrder ? lines.count - 1 - position : skipped + position), as: UTF8.self)
            return options.keepsColour ? EscapeSequences.removed(from: line) : line
        }
        let rows = lines.count - skipped
        guard !query.isEmpty || options.printedFields != nil else { return (0..<rows).map(line) }
        var settings = AppOptions(query: query)
        settings.findAlgorithm = options.algorithm
        var state = AppState(root: spec(options), size: Size(width: 80, height: 24), options: settings)
        let started = update(&state, .start)
        guard case .startSource(let request)? = started.first(where: { if case .startSource = $0 { true } else { false } }) else {
            return []
        }
        _ = update(&state, .sourceRawItems(request.key, lines))
        _ = update(&state, .sourceFinished(request.key, .done(next: .end)))
        state.current.finishFind(in: state.listViewport)
        let screen = state.current
        // Every row for an empty query (`--accept-nth` with `--filter ''`).
        let positions = query.isEmpty ? Array(0..<rows) : (screen.find?.matches?.first ?? []).map { Int($0) }
        return positions.compactMap { position in
            guard position < rows else { return nil }
            // `--accept-nth`: the fields Enter would print, as fzf's filter prints them.
            return options.printedFields == nil ? line(position) : screen.boundRow(section: 0, position: position).row.emittedValue
        }
    }
}
