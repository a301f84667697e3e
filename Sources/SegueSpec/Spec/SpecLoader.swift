@_spi(Scanning) import SegueJSON

/// Loads spec files (format v1) into `Spec`s, fast enough for a million rows.
///
/// The top level is an array of sections or `{"title": …, "sections": […]}`; a section has an
/// optional `header`, `footer` and `rows`; a row has `title`, `detail`, `enabled`, `segue` and
/// `action`, and keeps every other key in `extras`. Null means absent and unknown keys are kept
/// or skipped, but a known key with a wrongly typed value is an error, reported with its JSON path
/// and line:column. Rows are validated in one pass and decoded only when shown (`LazyRowTable`).
package struct SpecLoader: Sendable {
    /// Names a row's `action` may use besides `"back"` and `"quit"`: the registered handlers.
    package var actionNames: Set<String>
    /// Characters a row's hotkey may not take: the keymap's character keys, and Space.
    package var reservedKeys: Set<Character>
    /// Characters that open the find line: a hotkey may take one only on a screen whose spec
    /// turns finding off (`"filter": false`).
    package var findKeys: Set<Character>
    /// Cell type names drawn by renderers registered from Swift.
    package var cellRendererNames: Set<String>
    /// The sources registered from Swift, which `"source": {"handler": …}` may name.
    package var sourceNames: Set<String>
    /// Where specs, includes and data files are read from (`SegueFiles.DiskFiles`: the disk,
    /// confined under `--safe`); none by default.
    package var files: any SpecFileReader
    /// The kinds rows can be, which check their own keys.
    package let kinds: RowKindCatalog

    /// The largest spec, data file or cell library read: far above any real spec (a million rows
    /// take 61 MB), and a stream that never ends (`segue - < /dev/zero`) stops here.
    package static let sizeLimit = 512 << 20
    package static let tooLargeReason = "file too large (a spec, data file or cell library can be at most 512 MB)"

    package init(kinds: RowKindCatalog, files: any SpecFileReader = NoFiles(), actionNames: Set<String> = [],
                 cellRendererNames: Set<String> = [], sourceNames: Set<String> = [], keymap: Keymap = .standard) {
        self.kinds = kinds
        self.files = files
        self.sourceNames = sourceNames
        self.actionNames = actionNames
        self.cellRendererNames = cellRendererNames
        findKeys = keymap.characters { $0 == .find }
        // A confirmation's yes is only read while a question shows: it may be a hotkey too.
        // A table's sort keys give way to a row's hotkey or action key (`Screen.keyGivesWayToRows`),
        // as the find's key does where finding is off.
        reservedKeys = keymap.characters { $0 != .find && $0 != .confirm && !$0.isTableCommand }.union([" "])
    }

    /// Reads and parses the spec at `path` (a file, or a folder with `main.json` or `main.yaml`)
    /// from `files`.
    ///
    /// Errors name the resolved file, so that `file:line:column` points into it.
    package func load(path: String) throws(SpecError) -> Spec {
        let file = files.specFile(path)
        return try parse(text: files.contents(of: file), file: file)
    }

    /// Parses spec bytes (JSON or JSONC) read from `file`, as `parse(text:file:)` does.
    package func parse(bytes: [UInt8], file: String) throws(SpecError) -> Spec {
        try parse(text: JSONText(bytes: bytes), file: file)
    }

    /// Parses a spec's JSON read from `file`, which names the spec in errors, becomes `Spec.path`,
    /// and is where the files it names (`include`, `dataFile`, `settingsFile`) are found from.
    /// Errors are placed where `text` says its bytes were written (in the YAML a spec was
    /// converted from, for one).
    ///
    /// The bytes are kept (not copied) as the rows' storage, for as long as the spec lives.
    package func parse(text: JSONText, file: String) throws(SpecError) -> Spec {
        let bytes = text.bytes
        guard bytes.count <= Self.sizeLimit else {
            throw SpecError(file: file, kind: .unreadable(Self.tooLargeReason))
        }
        // A spec's "quit" runs the built-in action: a Swift handler of that name would never run.
        if let taken = RowAction.builtInNames.first(where: actionNames.contains) {
            throw SpecError(file: file, kind: .invalid(path: "$", message:
                "a Swift handler is registered as \"\(taken)\", the name of the built-in action \"\(taken)\", which a spec's \"\(taken)\" runs instead: register the handler under another name"))
        }
        let index = try bytes.withUnsafeBufferPointer { (buffer) throws(SpecError) -> SpecIndex in
            var indexer = SpecIndexer(bytes: buffer, kinds: kinds, actionNames: actionNames, sourceNames: sourceNames, reservedKeys: reservedKeys,
                                      findKeys: findKeys)
            do throws(JSONScanError) {
                let index = try indexer.run()
                if let problem = SpecTemplates.check(buffer) { throw problem }
                return index
            } catch {
                throw Self.specError(error, in: text, file: file)
            }
        }
        let locate = { (use: SpecIndex.Use) -> (line: Int, column: Int)? in
            let location = text.location(of: use.offset)
            return (location.line, location.column)
        }
        func problem(_ use: SpecIndex.Use, _ message: String) -> SpecError {
            let (line, column) = locate(use) ?? (1, 1)
            return SpecError(file: file, kind: .shape(path: use.path, line: line, column: column, message: message))
        }
        if index.find.enabled, let use = index.findKeyUse {
            throw problem(use, "hotkey \(JSONValue.string(use.name).summary) opens the find line; pick another, or turn finding off with \"filter\": false")
        }

        var definitions = try CellLibraryFile.load(index.includes, from: file, chain: [file], files: files, kinds: kinds,
                                                   locate: locate)
        for (name, definition) in index.cells { definitions[name] = definition }
        let cells = CellLibrary(kinds: kinds, definitions, customNames: cellRendererNames)
        var selectableCell = [true]
        for use in index.cellDefinitionUses + index.cellUses + index.generatorCellUses {
            do {
                let style = try cells.resolve(use.name).style
                selectableCell.append(kinds[style].isSelectable)
            } catch .unknown(_) where use.path.hasSuffix(".nib") || use.path.hasSuffix(".class") {
                // The seed's `nib` and `class` name iOS classes Segue cannot know: such rows draw as
                // `default`, with a warning, so seed specs load as they are. `cell` is strict.
                selectableCell.append(true)
            } catch {
                throw problem(use, Self.message(for: error, cells: cells))
            }
        }
        // Each row checked by the kind it resolves to, its cell type's keys under its own.
        var startsCommandsOnOpen = false
        let kindKeys = kinds.kindKeys
        for check in index.kindChecks {
            guard let resolved = try? cells.resolve(check.cell) else { continue }
            var attributes = resolved.attributes.filter { kindKeys.contains($0.key) }
            attributes.merge(check.attributes) { _, own in own }
            let kind = kinds[resolved.style]
            if kind.startsOnOpen(attributes) { startsCommandsOnOpen = true }
            if let problem = kind.check(attributes, path: check.path, complete: true) {
                let location = text.location(of: check.offset)
                throw SpecError(file: file, kind: .shape(path: problem.path, line: location.line, column: location.column,
                                                         message: problem.message))
            }
        }
        // Ids count from 1 in the order of `cellUses`, after the definitions checked first.
        selectableCell.removeSubrange(1..<(1 + index.cellDefinitionUses.count))
        var selectable = index.rowEnabled
        if !index.rowCells.isEmpty {
            for row in selectable.indices where selectable[row] {
                selectable[row] = selectableCell[Int(index.rowCells[row])]
            }
        }

        let table = LazyRowTable(text: text, offsets: index.rowOffsets, selectable: selectable, hotkeys: index.hotkeys,
                                 quiet: index.quietRows, texts: index.rowTexts)
        let sections = index.sections.map { entry in
            Section(header: entry.header, footer: entry.footer, rows: RowList(joining: entry.parts.map { part in
                switch part {
                case .rows(let first, let count): return RowList(table: table, base: first, count: count)
                case .generator(let generator): return RowList(generator: generator)
                case .live(var live):
                    // The section's preview and the row's cell type may read a line's fields too.
                    if live.source.format == .lines, !live.usesFields {
                        let cellType = (try? cells.resolve(live.template.cellName))?.attributes ?? [:]
                        let columns = entry.columns?.map(\.valueText).joined() ?? ""
                        live.usesFields = (JSONValue.object(cellType).allStrings + (entry.preview?.allStrings ?? "") + columns)
                            .utf8.contains(subsequence: "fields".utf8)
                    }
                    return RowList(live: live)
                }
            }), preview: entry.preview, columns: entry.columns)
        }
        var spec = Spec(
            title: index.title, sections: sections, path: file, data: index.data,
            fileData: try index.dataFile.map { use throws(SpecError) in try Self.loadData(use, from: file, files: files, problem: problem) },
            settingsFile: index.settingsFile.map { SpecPath.resolve($0, relativeTo: file) }, cells: cells)
        // A cell type that turns its rows off, or binds `enabled` to data, makes selectability a
        // question for each bound row, as a row's own `enabledKeyPath` does.
        let cellsSetEnabled = definitions.values.contains { definition in
            definition.attributes["enabled"] == .bool(false)
                || definition.attributes.keys.contains { SpecKey(name: $0) == .enabledKeyPath }
        }
        spec.bindsEnabled = index.bindsEnabled || cellsSetEnabled || sections.contains { $0.rows.generatesEnabledFromData }
        spec.hidesRows = index.hidesRows || definitions.values.contains { $0.attributes["hidden"].map { $0 != .bool(false) && $0 != .null } == true }
            || sections.contains { $0.rows.generatesHidden }
        spec.bindsEnabled = spec.bindsEnabled || spec.hidesRows
            || definitions.values.contains { $0.attributes["enabled"]?.stringValue != nil }
        spec.savesSettingsOnSave = index.savesOnSave
        spec.runsCommandsInCaller = index.runsInCaller
        spec.inlineHeight = index.inlineHeight
        spec.marksRows = index.marksRows
        spec.find = index.find
        spec.theme = index.theme
        // What `--watch` watches: the spec, its data file and the libraries it includes directly.
        let dataFiles = index.dataFile.map { [SpecPath.resolve($0.name, relativeTo: file)] } ?? []
        spec.files = [file] + dataFiles + index.includes.map { files.specFile(SpecPath.resolve($0.name, relativeTo: file)) }
        spec.keyWarnings = index.warnings
        spec.keys = index.keys
        spec.startsCommandsOnOpen = startsCommandsOnOpen
        spec.selects = index.selects
        spec.form = index.form
        spec.onOpen = index.onOpen
        spec.refreshesOnShow = index.refreshesOnShow
        spec.remembers = index.remembers
        spec.frecencyHalfLife = index.frecencyHalfLife
        if let defaults = try SpecDefaults.find(for: file, files: files, warnings: &spec.keyWarnings) { defaults.apply(to: &spec) }
        return spec
    }

    /// Why a cell type name does not come down to a built-in style, for the user.
    private static func message(for problem: CellLibrary.Problem, cells: CellLibrary) -> String {
        switch problem {
        case .unknown(let missing):
            return "unknown cell type \(JSONValue.string(missing).summary) (known: \(cells.names.joined(separator: ", ")))"
        case .cycle(let chain):
            return "cell types based on each other in a cycle: \(chain.joined(separator: " → "))"
        case .tooDeep(let chain):
            return "cell type based on more than \(CellLibrary.depthLimit) others: \(chain.joined(separator: " → "))"
        }
    }

    /// The spec's `dataFile`: a JSON object, found from the spec's folder.
    private static func loadData(_ use: SpecIndex.Use, from file: String, files: any SpecFileReader,
                                 problem: (SpecIndex.Use, String) -> SpecError) throws(SpecError) -> JSONValue {
        let path = SpecPath.resolve(use.name, relativeTo: file)
        let bytes: [UInt8]
        do {
            bytes = try files.contents(of: path).bytes
        } catch where error.kind == .notFound {
            throw problem(use, "no data file at \(path)")
        } catch {
            // A folder, a device, a refusal of --safe: told at the key that named it.
            throw problem(use, error.description)
        }
        let value = try SpecError.parsing(bytes, file: path)
        guard value.isObject else {
            throw SpecError(file: path, kind: .invalid(path: "$", message: "expected an object, found \(value.summary)"))
        }
        return value
    }

    private static func specError(_ error: JSONScanError, in text: JSONText, file: String) -> SpecError {
        let location = text.location(of: error.offset)
        switch error.kind {
        case .syntax:
            return SpecError(file: file, kind: .syntax(line: location.line, column: location.column, message: error.message))
        case .shape(let path):
            return SpecError(
                file: file,
                kind: .shape(path: path, line: location.line, column: location.column, message: error.message)
            )
        }
    }
}
