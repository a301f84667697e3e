@_spi(Scanning) import SegueJSON
/// The object form's top level: `title`, `sections`, `data`, `dataFile`, `settingsFile`, and the
/// cell types a spec defines (`cells`) or pulls in (`include`).
extension SpecIndexer {
    package mutating func indexTopObject() throws(JSONScanError) {
        guard try scanner.enterObject(depth: 1) else { return }
        repeat {
            let key = try scanner.readKey()
            switch SpecKey(key, in: scanner.bytes) {
            case .title:
                found.title = try readOptionalString(path: "title")
            case .sections:
                found.sections = []
                if try !skipNull() { try indexSections(depth: 2) }
            case .data:
                let start = scanner.position
                let value = try JSONParser.readValue(&scanner, depth: 1)
                guard value == .null || value.isObject else {
                    scanner.position = start
                    try mismatch(expected: "an object", path: "data")
                }
                found.data = value == .null ? nil : value
            case .dataFile:
                let start = scanner.position
                found.dataFile = try readOptionalString(path: "dataFile").map {
                    SpecIndex.Use(name: $0, path: "dataFile", offset: start)
                }
            case .settingsFile:
                found.settingsFile = try readOptionalString(path: "settingsFile")
            case .cells:
                try indexCellDefinitions(depth: 1)
            case .include:
                try indexIncludes(depth: 1)
            case .filter:
                let start = scanner.position
                let value = try JSONParser.readValue(&scanner, depth: 1)
                switch FindSettings.decodeFilter(value, into: found.find) {
                case .success(let settings): found.find = settings
                case .failure(let problem): throw .shape(problem.message, path: problem.path, at: start)
                }
            case .keys:
                let start = scanner.position
                let (value, ignored) = Keymap.sparingLastWayOut(try JSONParser.readValue(&scanner, depth: 1), path: "keys")
                if case .failure(let problem) = Keymap.standard.applying(value, path: "keys") {
                    throw .shape(problem.message, path: problem.path, at: start)
                }
                found.warnings += ignored
                found.keys = value == .null ? nil : value
                keysOffset = start
            case .theme:
                let start = scanner.position
                found.theme = try readOptionalString(path: "theme")
                if let name = found.theme, Theme.named(name) == nil {
                    scanner.position = start
                    try mismatch(expected: Theme.named.map { "\"\($0.name)\"" }.joined(separator: ", "), path: "theme")
                }
            case .sort:
                let start = scanner.position
                let value = try JSONParser.readValue(&scanner, depth: 1)
                switch value {
                case .null, .string("spec"): found.find.sortsByScore = false
                case .string("score"): found.find.sortsByScore = true
                case .string("frecency"):
                    found.find.sortsByScore = true
                    found.frecencyHalfLife = Spec.defaultHalfLife
                case .object(let members) where members["by"] == .string("frecency"):
                    for key in members.keys.sorted() where key != "by" && key != "halfLife" {
                        throw .shape("expected \"by\" or \"halfLife\", found \"\(key)\"", path: "sort." + key, at: start)
                    }
                    let days = members["halfLife"].map { $0 == .null ? Spec.defaultHalfLife : $0.doubleValue ?? -1 } ?? Spec.defaultHalfLife
                    guard days > 0 else { throw .shape("expected a number of days above 0, found \(members["halfLife"]?.summary ?? "")", path: "sort.halfLife", at: start) }
                    found.find.sortsByScore = true
                    found.frecencyHalfLife = days
                default:
                    scanner.position = start
                    try mismatch(expected: "\"score\", \"spec\", \"frecency\" or {\"by\": \"frecency\", \"halfLife\": DAYS}", path: "sort")
                }
            case .other where key.equals("saveSettings", in: scanner.bytes):
                found.savesOnSave = try readEither("atOnce", or: "onSave", path: "saveSettings")
            case .other where key.equals("multi", in: scanner.bytes):
                let start = scanner.position
                switch try JSONParser.readValue(&scanner, depth: 1) {
                case .null, .bool(false): found.marksRows = nil
                case .bool(true): found.marksRows = 0
                case .number(let text) where Int(text).map({ $0 > 0 }) == true: found.marksRows = Int(text)
                default:
                    scanner.position = start
                    try mismatch(expected: "true, false or the most rows that can be marked (a whole number above 0)", path: "multi")
                }
            case .other where key.equals("height", in: scanner.bytes):
                let start = scanner.position
                let value = try JSONParser.readValue(&scanner, depth: 1)
                let text: String? = switch value {
                case .string(let written): written
                case .number(let number): number
                default: nil
                }
                let height = text.flatMap(InlineHeight.init(parsing:))
                guard value == .null || height != nil else {
                    scanner.position = start
                    try mismatch(expected: "lines under the prompt (10), a share of the terminal (\"40%\"), or at most that (\"~10\")", path: "height")
                }
                found.inlineHeight = height
            case .other where key.equals("select", in: scanner.bytes):
                found.selects = try readOptionalString(path: "select")
            case .other where key.equals("form", in: scanner.bytes):
                let start = scanner.position
                let value = try JSONParser.readValue(&scanner, depth: 1)
                if value != .null {
                    switch FormField.decodeList(value, path: "form") {
                    case .success(let fields): found.form = fields
                    case .failure(let problem): throw .shape(problem.message, path: problem.path, at: start)
                    }
                }
            case .other where key.equals("onOpen", in: scanner.bytes):
                let start = scanner.position
                let value = try JSONParser.readValue(&scanner, depth: 1)
                if value != .null {
                    switch RowAction.decode(value, path: "onOpen", names: actionNames) {
                    case .success(let action): found.onOpen = action
                    case .failure(let problem): throw .shape(problem.message, path: problem.path, at: start)
                    }
                }
            case .other where key.equals("remember", in: scanner.bytes):
                found.remembers = try readOptionalBool(path: "remember")
            case .other where key.equals("refresh", in: scanner.bytes):
                found.refreshesOnShow = try readEither("never", or: "onShow", path: "refresh")
            case .other where key.equals("cwd", in: scanner.bytes):
                found.runsInCaller = try readEither("spec", or: "caller", path: "cwd", nullIsNil: true)
            default:
                warnUnknown(key.decode(in: scanner.bytes), at: key.decode(in: scanner.bytes), known: Self.topLevelKeys,
                            elsewhere: ["header": "a section", "footer": "a section", "rows": "a section",
                                        "source": "a section"])
                try scanner.skipValue(depth: 1)
            }
        } while try scanner.nextMember()
    }

    /// `"cells": {"Name": {"base": "subtitle", …}}`: every definition an object with an optional
    /// string `base`; its other keys are the attributes rows of the type get.
    private mutating func indexCellDefinitions(depth: Int) throws(JSONScanError) {
        let start = scanner.position
        let value = try JSONParser.readValue(&scanner, depth: depth)
        switch CellDefinitions.decode(value, path: "cells", kinds: kinds) {
        case .success(let definitions):
            for name in definitions.keys.sorted() {
                found.cells[name] = definitions[name]
                found.cellDefinitionUses.append(SpecIndex.Use(name: name, path: "cells.\(name).base", offset: start))
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
            found.includes.append(SpecIndex.Use(name: path, path: "include[\(index)]", offset: start))
            index += 1
        } while try scanner.nextElement()
    }

    /// A key whose value is one of two words, null meaning the first: whether it is the second.
    private mutating func readEither(_ first: String, or second: String, path: String) throws(JSONScanError) -> Bool {
        try readEither(first, or: second, path: path, nullIsNil: false) ?? false
    }

    /// `readEither`, with `null` read as not said (`nil`) when `nullIsNil`.
    private mutating func readEither(_ first: String, or second: String, path: String, nullIsNil: Bool) throws(JSONScanError) -> Bool? {
        let start = scanner.position
        switch try JSONParser.readValue(&scanner, depth: 1) {
        case .null: return nullIsNil ? nil : false
        case .string(first): return false
        case .string(second): return true
        default:
            scanner.position = start
            try mismatch(expected: "\"\(first)\" or \"\(second)\"", path: path)
        }
    }
}
