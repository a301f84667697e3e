/// One validating pass over a spec's bytes that checks the schema and notes where each row starts.
///
/// This is why a million-row spec loads in a blink: rows are validated but never decoded, and all
/// a row costs is its offset and enabled flag; `LazyRowTable` decodes the few rows on screen.
/// Problems surface in document order, syntax or shape alike, because there is only the one pass.
/// A wrongly typed container is reported at its opening bracket; a wrongly typed scalar must
/// first scan cleanly (to be quoted in the message), so a syntax error inside it comes first.
struct SpecIndexer {
    /// A section's texts and its rows: runs of table rows and generators, in order.
    struct SectionEntry {
        enum Part {
            case rows(first: Int, count: Int)
            case generator(RowGenerator)
            case live(LiveSource)
        }

        var header: String?
        var footer: String?
        var parts: [Part] = []
    }

    /// Where something named in the spec was written, for errors found after the pass.
    struct Use {
        var name: String
        var path: String
        var offset: Int
    }

    /// What the pass found, free of the scanner (whose buffer does not outlive the load).
    struct Result {
        var title: String?
        var sections: [SectionEntry]
        var rowOffsets: [UInt32]
        var rowEnabled: [Bool]
        /// Per row, 0 or 1 + the index in `cellUses` of the cell type it names; empty if none does.
        var rowCells: [UInt16]
        /// The first use of each cell type a table row names.
        var cellUses: [Use]
        /// Cell types named by generator templates.
        var generatorCellUses: [Use]
        var hotkeys: [(row: Int, key: Character)]
        var data: JSONValue?
        var dataFile: Use?
        var settingsFile: String?
        var cells: [String: CellDefinition]
        var cellDefinitionUses: [Use]
        var includes: [Use]
        var bindsEnabled: Bool
    }

    var scanner: JSONScanner
    let actionNames: Set<String>
    /// Characters a row's hotkey may not use: the navigation keys.
    let reservedKeys: Set<Character>
    /// How paths to sections begin: `sections` in the object form, nothing for a bare array.
    private var sectionsPath = ""
    private var title: String?
    private var sections: [SectionEntry] = []
    private var rowOffsets: [UInt32] = []
    private var rowEnabled: [Bool] = []
    private var rowCells: [UInt16] = []
    private var cellIDs: [String: UInt16] = [:]
    private var cellUses: [Use] = []
    private var generatorCellUses: [Use] = []
    private var hotkeys: [(row: Int, key: Character)] = []
    private var hotkeyPaths: [Character: String] = [:]
    private var data: JSONValue?
    private var dataFile: Use?
    private var settingsFile: String?
    private var cells: [String: CellDefinition] = [:]
    private var cellDefinitionUses: [Use] = []
    private var includes: [Use] = []
    private var bindsEnabled = false

    var result: Result {
        Result(
            title: title, sections: sections, rowOffsets: rowOffsets, rowEnabled: rowEnabled,
            rowCells: rowCells.isEmpty ? [] : rowCells + Array(repeating: 0, count: rowOffsets.count - rowCells.count),
            cellUses: cellUses, generatorCellUses: generatorCellUses, hotkeys: hotkeys, data: data,
            dataFile: dataFile, settingsFile: settingsFile, cells: cells, cellDefinitionUses: cellDefinitionUses,
            includes: includes, bindsEnabled: bindsEnabled)
    }

    /// The input must be shorter than 4 GiB, so that every offset fits a `UInt32`.
    init(bytes: UnsafeBufferPointer<UInt8>, actionNames: Set<String>, reservedKeys: Set<Character>) {
        scanner = JSONScanner(bytes)
        self.actionNames = actionNames
        self.reservedKeys = reservedKeys
    }

    /// Walks the whole document; afterwards `result` holds what it found.
    mutating func run() throws(JSONScanError) {
        scanner.skipByteOrderMark()
        scanner.skipWhitespace()
        guard scanner.position < scanner.bytes.count else {
            throw .syntax("the file is empty (expected an array of sections or an object with \"sections\")",
                          at: scanner.position)
        }
        switch scanner.current {
        case UInt8(ascii: "["):
            try indexSections(depth: 1)
        case UInt8(ascii: "{"):
            sectionsPath = "sections"
            try indexTopObject()
        default:
            try mismatch(expected: "an array of sections or an object with \"sections\"", path: "$")
        }
        try scanner.expectEnd()
    }

    private mutating func indexTopObject() throws(JSONScanError) {
        guard try scanner.enterObject(depth: 1) else { return }
        repeat {
            let key = try scanner.readKey()
            switch SpecKey(key, in: scanner.bytes) {
            case .title:
                title = try readOptionalString(path: "title")
            case .sections:
                sections = []
                if try !skipNull() { try indexSections(depth: 2) }
            case .data:
                let start = scanner.position
                let value = try JSONParser.readValue(&scanner, depth: 1)
                guard value == .null || value.isObject else {
                    scanner.position = start
                    try mismatch(expected: "an object", path: "data")
                }
                data = value == .null ? nil : value
            case .dataFile:
                let start = scanner.position
                dataFile = try readOptionalString(path: "dataFile").map { Use(name: $0, path: "dataFile", offset: start) }
            case .settingsFile:
                settingsFile = try readOptionalString(path: "settingsFile")
            case .cells:
                try indexCellDefinitions(depth: 1)
            case .include:
                try indexIncludes(depth: 1)
            default:
                try scanner.skipValue(depth: 1)
            }
        } while try scanner.nextMember()
    }

    /// `"cells": {"Name": {"base": "subtitle", …}}`: every definition an object with an optional
    /// string `base`; its other keys are the attributes rows of the type get.
    private mutating func indexCellDefinitions(depth: Int) throws(JSONScanError) {
        let start = scanner.position
        let value = try JSONParser.readValue(&scanner, depth: depth)
        switch CellDefinitions.decode(value, path: "cells") {
        case .success(let definitions):
            for name in definitions.keys.sorted() {
                cells[name] = definitions[name]
                cellDefinitionUses.append(Use(name: name, path: "cells.\(name).base", offset: start))
            }
        case .failure(let problem):
            throw .shape(problem.message, path: problem.path, at: start)
        }
    }

    /// `"include": ["cells.json", …]`: paths of cell libraries, relative to the spec.
    private mutating func indexIncludes(depth: Int) throws(JSONScanError) {
        if try skipNull() { return }
        guard scanner.current == UInt8(ascii: "[") else { try mismatch(expected: "an array of paths", path: "include") }
        guard try scanner.enterArray(depth: depth + 1) else { return }
        var index = 0
        repeat {
            let start = scanner.position
            guard let path = try readOptionalString(path: "include[\(index)]"), !path.isEmpty else {
                scanner.position = start
                try mismatch(expected: "a path to a cell library", path: "include[\(index)]")
            }
            includes.append(Use(name: path, path: "include[\(index)]", offset: start))
            index += 1
        } while try scanner.nextElement()
    }

    /// `depth` is the level of the sections array itself.
    private mutating func indexSections(depth: Int) throws(JSONScanError) {
        guard scanner.current == UInt8(ascii: "[") else {
            try mismatch(expected: "an array of sections", path: sectionsPath)
        }
        guard try scanner.enterArray(depth: depth) else { return }
        var index = 0
        repeat {
            try indexSection(index, depth: depth + 1)
            index += 1
        } while try scanner.nextElement()
    }

    private mutating func indexSection(_ index: Int, depth: Int) throws(JSONScanError) {
        let prefix = sectionsPath
        guard scanner.current == UInt8(ascii: "{") else {
            try mismatch(expected: "an object", path: Self.sectionPath(prefix, index))
        }
        let sectionStart = scanner.position
        var entry = SectionEntry()
        var generator: [String: JSONValue] = [:]
        var generatorOffsets: [String: Int] = [:]
        if try scanner.enterObject(depth: depth) {
            repeat {
                let key = try scanner.readKey()
                switch SpecKey(key, in: scanner.bytes) {
                case .header:
                    entry.header = try readOptionalString(path: Self.sectionPath(prefix, index) + ".header")
                case .footer:
                    entry.footer = try readOptionalString(path: Self.sectionPath(prefix, index) + ".footer")
                case .rows:
                    if try !skipNull() { entry.parts = try indexRows(section: index, depth: depth + 1) }
                case .forEach, .as, .row, .source, .empty:
                    let name = key.decode(in: scanner.bytes)
                    generatorOffsets[name] = scanner.position
                    generator[name] = try JSONParser.readValue(&scanner, depth: depth)
                default:
                    try scanner.skipValue(depth: depth)
                }
            } while try scanner.nextMember()
        }
        // A section-level `forEach` or `source` makes its rows after the section's fixed `rows`.
        if generator["source"] != nil {
            let path = Self.sectionPath(prefix, index)
            entry.parts.append(.live(try makeLiveSource(generator, path: path, at: sectionStart, offsets: generatorOffsets)))
        } else if !generator.isEmpty {
            let path = Self.sectionPath(prefix, index)
            entry.parts.append(.generator(try makeGenerator(.object(generator), path: path, at: sectionStart,
                                                            offsets: generatorOffsets)))
        }
        sections.append(entry)
    }

    /// A live section from `"source"`, `"as"`, `"row"` and `"empty"`.
    private mutating func makeLiveSource(_ members: [String: JSONValue], path: String, at offset: Int,
                                         offsets: [String: Int]) throws(JSONScanError) -> LiveSource {
        func fail(_ problem: ShapeProblem) -> JSONScanError {
            let key = problem.path.dropFirst(path.count + 1).prefix { $0 != "." && $0 != "[" }
            return .shape(problem.message, path: problem.path, at: offsets[String(key)] ?? offset)
        }
        if members["forEach"] != nil {
            throw fail(ShapeProblem(path: path + ".forEach", message: "a section takes its rows from \"forEach\" or \"source\", not both"))
        }
        let source: SourceSpec
        switch SourceSpec.decode(members["source"] ?? .null, path: path + ".source") {
        case .success(let decoded): source = decoded
        case .failure(let problem): throw fail(problem)
        }
        var placeholder = members
        placeholder["forEach"] = "items"
        if placeholder["row"] == nil || placeholder["row"] == .null {
            // Without a template, an item shows its `title` (objects) or its `line` (`lines`).
            let name = members["as"]?.stringValue ?? "item"
            placeholder["row"] = .object(["title": .string("{{\(name).title}}{{\(name).line}}")])
        }
        switch RowGenerators.decode(.object(placeholder), path: path) {
        case .success(let generator):
            var empty: String?
            if let text = members["empty"], text != .null {
                guard let value = text.stringValue else { throw fail(.expected("a string", found: text, at: path + ".empty")) }
                empty = value
            }
            if let name = generator.template.cellName {
                generatorCellUses.append(Use(name: name, path: path + ".row.cell", offset: offsets["row"] ?? offset))
            }
            return LiveSource(source: source, name: generator.name, template: generator.template, empty: empty)
        case .failure(let problem):
            throw fail(problem)
        }
    }

    /// A generator from `{"forEach": path, "as": name, "row": {…}}`, checked like a row. Problems
    /// are placed at the value of the key they are about (`offsets`), else at the generator itself.
    private mutating func makeGenerator(_ value: JSONValue, path: String, at offset: Int = 0,
                                        offsets: [String: Int] = [:]) throws(JSONScanError) -> RowGenerator {
        func place(_ problemPath: String) -> Int {
            let key = problemPath.dropFirst(path.count + 1).prefix { $0 != "." && $0 != "[" }
            return offsets[String(key)] ?? offset
        }
        switch RowGenerators.decode(value, path: path) {
        case .success(let generator):
            if let name = generator.template.cellName {
                generatorCellUses.append(Use(name: name, path: path + ".row.cell", offset: place(path + ".row")))
            }
            return generator
        case .failure(let problem):
            throw .shape(problem.message, path: problem.path, at: place(problem.path))
        }
    }

    /// Returns the runs of table rows and the generators among them; `depth` is the level of the
    /// rows array itself.
    private mutating func indexRows(section: Int, depth: Int) throws(JSONScanError) -> [SectionEntry.Part] {
        let prefix = sectionsPath
        guard scanner.current == UInt8(ascii: "[") else {
            try mismatch(expected: "an array", path: Self.sectionPath(prefix, section) + ".rows")
        }
        guard try scanner.enterArray(depth: depth) else { return [] }
        var parts: [SectionEntry.Part] = []
        var runStart = rowOffsets.count
        var index = 0
        repeat {
            let start = scanner.position
            if try indexRow(section: section, row: index, depth: depth + 1) {
                // An element with `forEach` is a generator in the middle of the fixed rows.
                let end = scanner.position
                scanner.position = start
                let value = try JSONParser.readValue(&scanner, depth: depth + 1)
                scanner.position = end
                if rowOffsets.count > runStart { parts.append(.rows(first: runStart, count: rowOffsets.count - runStart)) }
                parts.append(.generator(try makeGenerator(value, path: Self.rowPath(prefix, section, index), at: start)))
                runStart = rowOffsets.count
            }
            index += 1
        } while try scanner.nextElement()
        if rowOffsets.count > runStart { parts.append(.rows(first: runStart, count: rowOffsets.count - runStart)) }
        return parts
    }

    /// Validates one row and records its offset and enabled flag; the hot loop of a load. Returns
    /// true, recording nothing, when the element is a generator (it has `forEach`).
    @inline(__always)
    private mutating func indexRow(section: Int, row: Int, depth: Int) throws(JSONScanError) -> Bool {
        let prefix = sectionsPath
        func path(_ key: String) -> String { Self.rowPath(prefix, section, row) + key }
        let start = scanner.position
        guard scanner.current == UInt8(ascii: "{") else {
            try mismatch(expected: "an object", path: path(""))
        }
        var enabled = true
        // `cell` wins over the seed's `nib`, which wins over `class`, wherever they stand.
        var cells: [UInt16] = [0, 0, 0]
        var hotkey: Character?
        var isGenerator = false
        if try scanner.enterObject(depth: depth) {
            repeat {
                let key = try scanner.readKey()
                switch SpecKey(key, in: scanner.bytes) {
                case .title:
                    guard try skipStringOrNull() else { try mismatch(expected: "a string", path: path(".title")) }
                case .detail:
                    guard try skipStringOrNull() else { try mismatch(expected: "a string", path: path(".detail")) }
                case .segue:
                    try checkSegue(path: path(".segue"), depth: depth)
                case .enabled:
                    enabled = try readOptionalBool(path: path(".enabled")) ?? true
                case .action:
                    try checkAction(path: path(".action"), depth: depth)
                case .cell, .nib, .class:
                    let name = key.decode(in: scanner.bytes)
                    cells[name == "cell" ? 0 : name == "nib" ? 1 : 2] = try readCellName(path: path("." + name))
                case .key:
                    hotkey = try readHotkey(path: path(".key"))
                case .setting:
                    guard try skipStringOrNull() else { try mismatch(expected: "a setting name", path: path(".setting")) }
                case .options:
                    try checkOptions(path: path(".options"), depth: depth)
                case .wrap:
                    _ = try readOptionalBool(path: path(".wrap"))
                case .forEach:
                    isGenerator = true
                    try scanner.skipValue(depth: depth)
                default:
                    if key.end - key.start == 14, key.equals("enabledKeyPath", in: scanner.bytes) { bindsEnabled = true }
                    try scanner.skipValue(depth: depth)
                }
            } while try scanner.nextMember()
        }
        if isGenerator { return true }
        let cell = cells.first { $0 != 0 } ?? 0
        if let hotkey { try record(hotkey, row: rowOffsets.count, path: path(".key"), at: start) }
        if cell != 0 || !rowCells.isEmpty {
            if rowCells.count < rowOffsets.count { rowCells += Array(repeating: 0, count: rowOffsets.count - rowCells.count) }
            rowCells.append(cell)
        }
        rowOffsets.append(UInt32(truncatingIfNeeded: start))
        rowEnabled.append(enabled)
        return false
    }

    /// The id of the cell type a row names, interning the name and noting its first use.
    private mutating func readCellName(path: @autoclosure () -> String) throws(JSONScanError) -> UInt16 {
        let start = scanner.position
        guard let name = try readOptionalString(path: path()) else { return 0 }
        if let id = cellIDs[name] { return id }
        guard cellUses.count < Int(UInt16.max) else {
            throw .shape("too many different cell types (at most 65534)", path: path(), at: start)
        }
        cellUses.append(Use(name: name, path: path(), offset: start))
        let id = UInt16(cellUses.count)
        cellIDs[name] = id
        return id
    }

    /// A hotkey: one character that no other row of the spec and no navigation key uses.
    private mutating func readHotkey(path: @autoclosure () -> String) throws(JSONScanError) -> Character? {
        let start = scanner.position
        guard let text = try readOptionalString(path: path()) else { return nil }
        guard text.count == 1, let key = text.first else {
            scanner.position = start
            try mismatch(expected: "a single character", path: path())
        }
        if reservedKeys.contains(key) {
            throw .shape("hotkey \(JSONValue.string(text).summary) is a navigation key; pick another", path: path(), at: start)
        }
        return key
    }

    private mutating func record(_ key: Character, row: Int, path: String, at offset: Int) throws(JSONScanError) {
        if let first = hotkeyPaths[key] {
            throw .shape("hotkey \(JSONValue.string(String(key)).summary) is already used by \(first)", path: path, at: offset)
        }
        hotkeyPaths[key] = path
        hotkeys.append((row, key))
    }

    /// `options` of a choice row: an array of strings.
    private mutating func checkOptions(path: @autoclosure () -> String, depth: Int) throws(JSONScanError) {
        if try skipNull() { return }
        guard scanner.current == UInt8(ascii: "[") else { try mismatch(expected: "an array of strings", path: path()) }
        guard try scanner.enterArray(depth: depth + 1) else { return }
        var index = 0
        repeat {
            guard scanner.current == UInt8(ascii: "\"") else { try mismatch(expected: "a string", path: path() + "[\(index)]") }
            _ = try scanner.scanString()
            index += 1
        } while try scanner.nextElement()
    }

    // MARK: - Values

    /// Skips a `null`; false, with nothing consumed, for any other value.
    private mutating func skipNull() throws(JSONScanError) -> Bool {
        guard scanner.current == UInt8(ascii: "n") else { return false }
        _ = try scanner.scanLiteral()
        return true
    }

    /// A segue is a non-empty path, `{"spec": path, "data": …}`, or null: an empty path would
    /// silently reopen the spec's folder.
    @inline(__always)
    private mutating func checkSegue(path: @autoclosure () -> String, depth: Int) throws(JSONScanError) {
        let start = scanner.position
        if scanner.current == UInt8(ascii: "{") {
            let value = try JSONParser.readValue(&scanner, depth: depth)
            guard SegueTarget(value) != nil else {
                let spec = value.member("spec")
                let found = spec.map { $0.summary } ?? "no \"spec\""
                throw .shape("expected a \"spec\" path to a spec file, found \(found)", path: path(), at: start)
            }
            return
        }
        guard scanner.current == UInt8(ascii: "\"") else {
            guard try skipStringOrNull() else { try mismatch(expected: "a path or {\"spec\": …, \"data\": …}", path: path()) }
            return
        }
        let token = try scanner.scanString()
        if token.start == token.end {
            scanner.position = start
            try mismatch(expected: "a path to a spec file", path: path())
        }
    }

    /// Skips a string or null; false, with nothing consumed, for any other value.
    @inline(__always)
    private mutating func skipStringOrNull() throws(JSONScanError) -> Bool {
        switch scanner.current {
        case UInt8(ascii: "\""): _ = try scanner.scanString()
        case UInt8(ascii: "n"): _ = try scanner.scanLiteral()  // `null`, or a syntax error
        default: return false
        }
        return true
    }

    private mutating func readOptionalString(path: @autoclosure () -> String) throws(JSONScanError) -> String? {
        switch scanner.current {
        case UInt8(ascii: "\""): return try scanner.scanString().decode(in: scanner.bytes)
        case UInt8(ascii: "n"): _ = try scanner.scanLiteral(); return nil
        default: try mismatch(expected: "a string", path: path())
        }
    }

    @inline(__always)
    private mutating func readOptionalBool(path: @autoclosure () -> String) throws(JSONScanError) -> Bool? {
        switch scanner.current {
        case UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"):
            let start = scanner.position
            let literal = try scanner.scanLiteral()
            if case .bool(let value) = literal { return value }
            if literal == .null { return nil }
            scanner.position = start
            try mismatch(expected: "true or false", path: path())
        default:
            try mismatch(expected: "true or false", path: path())
        }
    }

    /// Accepts a built-in or registered action name, an action object, or null.
    private mutating func checkAction(path: @autoclosure () -> String, depth: Int) throws(JSONScanError) {
        switch scanner.current {
        case UInt8(ascii: "\""), UInt8(ascii: "{"):
            let start = scanner.position
            let value = try JSONParser.readValue(&scanner, depth: depth)
            if case .failure(let problem) = RowAction.decode(value, path: path(), names: actionNames) {
                throw .shape(problem.message, path: problem.path, at: start)
            }
        case UInt8(ascii: "n"):
            _ = try scanner.scanLiteral()
        default:
            try mismatch(expected: "an action name or {\"type\": …}", path: path())
        }
    }

    /// Throws the shape error for the value at the scanner's position, quoting it in the message.
    private mutating func mismatch(expected: String, path: String) throws(JSONScanError) -> Never {
        let start = scanner.position
        let found: String
        switch scanner.current {
        case UInt8(ascii: "{"): found = "an object"
        case UInt8(ascii: "["): found = "an array"
        default: found = try JSONParser.readValue(&scanner, depth: 0).summary
        }
        throw .shape("expected \(expected), found \(found)", path: path, at: start)
    }

    // MARK: - Paths

    // Static, so that the autoclosures building them capture a local `prefix` rather than `self`,
    // which the scanner is mutating meanwhile.

    private static func sectionPath(_ prefix: String, _ index: Int) -> String {
        "\(prefix)[\(index)]"
    }

    private static func rowPath(_ prefix: String, _ section: Int, _ row: Int) -> String {
        "\(prefix)[\(section)].rows[\(row)]"
    }
}
