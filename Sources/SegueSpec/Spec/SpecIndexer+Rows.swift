@_spi(Scanning) import SegueJSON
/// Table rows, the hot loop of a load: each is validated key by key and recorded as its offset,
/// enabled flag and cell id, never decoded (`LazyRowTable` decodes the rows on screen).
extension SpecIndexer {
    /// Returns the runs of table rows and the generators among them; `depth` is the level of the
    /// rows array itself.
    package mutating func indexRows(section: Int, depth: Int) throws(JSONScanError) -> [SpecIndex.SectionEntry.Part] {
        let prefix = sectionsPath
        guard scanner.current == UInt8(ascii: "[") else {
            try mismatch(expected: "an array", path: Self.sectionPath(prefix, section) + ".rows")
        }
        guard try scanner.enterArray(depth: depth) else { return [] }
        var parts: [SpecIndex.SectionEntry.Part] = []
        var runStart = found.rowOffsets.count
        var index = 0
        repeat {
            let start = scanner.position
            if try indexRow(section: section, row: index, depth: depth + 1) {
                // An element with `forEach` is a generator in the middle of the fixed rows.
                let end = scanner.position
                scanner.position = start
                let value = try JSONParser.readValue(&scanner, depth: depth + 1)
                scanner.position = end
                let count = found.rowOffsets.count
                if count > runStart { parts.append(.rows(first: runStart, count: count - runStart)) }
                parts.append(.generator(try makeGenerator(value, path: Self.rowPath(prefix, section, index), at: start)))
                runStart = found.rowOffsets.count
            }
            index += 1
        } while try scanner.nextElement()
        let count = found.rowOffsets.count
        if count > runStart { parts.append(.rows(first: runStart, count: count - runStart)) }
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
        var mayBeHidden = false
        var actionKeys: [(key: Key, path: String, offset: Int)] = []
        var isGenerator = false
        // A key other than those whose values the pass checks here: an attribute, a key path.
        var hasOtherKeys = false
        // An input row's rules, checked together once the row is read (`min` against `max`).
        var rules: [String: JSONValue] = [:]
        // What a find reads of the row (`PlainRowText`), and whether it is shown as written.
        var title: JSONStringToken?
        var detail: JSONStringToken?
        var plain = true
        if try scanner.enterObject(depth: depth) {
            repeat {
                let key = try scanner.readKey()
                switch SpecKey(key, in: scanner.bytes) {
                case .title:
                    guard try readPlainMember(&title, plain: &plain) else { try mismatch(expected: "a string", path: path(".title")) }
                case .detail:
                    guard try readPlainMember(&detail, plain: &plain) else { try mismatch(expected: "a string", path: path(".detail")) }
                case .segue:
                    try checkSegue(path: path(".segue"), depth: depth)
                case .enabled:
                    if let condition = try readCondition(path: path(".enabled")) {
                        enabled = condition
                    } else {
                        found.bindsEnabled = true  // a template: known once the row is bound
                    }
                case .hidden:
                    // Hidden rows take the cursor nowhere, so binding decides selectability too.
                    if try readCondition(path: path(".hidden")) != false {
                        found.bindsEnabled = true
                        found.hidesRows = true
                        mayBeHidden = true
                    }
                case .kind, .min, .max, .pattern, .invalid, .step:
                    rules[key.decode(in: scanner.bytes)] = try JSONParser.readValue(&scanner, depth: depth)
                case .other where otherKindKeys.contains(where: { key.equals(utf8: $0, in: scanner.bytes) }):
                    // A kind's own key the indexer has no case for (a choice row's `"other"`, a
                    // progress row's `"command"`), checked by its kind as the input rules are.
                    rules[key.decode(in: scanner.bytes)] = try JSONParser.readValue(&scanner, depth: depth)
                case .placeholder:
                    guard try skipStringOrNull() else { try mismatch(expected: "a string", path: path(".placeholder")) }
                case .action:
                    try checkAction(path: path(".action"), depth: depth)
                case .preview:
                    _ = try readPreview(path: path(".preview"), depth: depth)
                case .actions:
                    actionKeys = try readExtraActions(path: path(".actions"), depth: depth)
                case .cell, .nib, .class:
                    plain = false
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
                case .enabledKeyPath:
                    // Whether such a row can take the cursor is known only once it is bound.
                    found.bindsEnabled = true
                    hasOtherKeys = true
                    plain = false
                    try scanner.skipValue(depth: depth)
                default:
                    hasOtherKeys = true
                    if plain, !key.hasEscapes, key.end - key.start > 7,
                       scanner.bytes[(key.end - 7)..<key.end].elementsEqual("KeyPath".utf8) { plain = false }
                    // A misplaced `confirm` is told here; a row key's typos when the row is bound
                    // (a key its templates use is no typo).
                    if found.rowOffsets.count < Self.rowsCheckedForTypos, key.equals("confirm", in: scanner.bytes) {
                        found.warnings.append(path(".confirm") + ": \"confirm\" is ignored here; it belongs in the row's \"action\"")
                    }
                    try scanner.skipValue(depth: depth)
                }
            } while try scanner.nextMember()
        }
        if isGenerator { return true }
        // Checked by the row's kind once cell types resolve (a type based on `input` checks as
        // `input`); on rows of other kinds these keys are attributes like any.
        let cell = cells.first { $0 != 0 } ?? 0
        if cell != 0, !rules.isEmpty || !kindCheckedCells.contains(cell) {
            if rules.isEmpty { kindCheckedCells.insert(cell) }
            found.kindChecks.append(SpecIndex.KindCheck(cell: found.cellUses[Int(cell) - 1].name, attributes: rules,
                                                        path: path(""), offset: start))
        }
        if let hotkey { try record(hotkey, row: found.rowOffsets.count, path: path(".key"), at: start, mayBeHidden: mayBeHidden) }
        for use in actionKeys { try recordActionKey(use.key, path: use.path, at: use.offset) }
        if found.rowOffsets.count < SpecIndex.checkedRows {
            // No cell type, no attribute or key path, no `{{` anywhere in it: nothing binding
            // could warn about, which the warnings then know without decoding the row.
            let mayHoldTemplates = Self.mayHoldTemplates(scanner.bytes, in: start..<scanner.position)
            found.quietRows.append(cell == 0 && !hasOtherKeys && !mayHoldTemplates)
            // Attributes using each other in a cycle, in the rows a person reads first (a row is
            // decoded for it only when it holds a template).
            if mayHoldTemplates {
                let end = scanner.position
                scanner.position = start
                let row = try JSONParser.readValue(&scanner, depth: depth)
                scanner.position = end
                if case .object(let members) = row { try checkAttributeCycle(members, path: path(""), at: start) }
            }
        }
        found.appendRow(at: start, enabled: enabled, cell: cell)
        found.rowTexts.append(PlainRowText(rowStart: start, title: title, detail: detail, plain: plain, in: scanner.bytes))
        return false
    }

    /// Reads a title or detail (a string or `null`), keeping the string's place; false for
    /// anything else. A `null` or an escape makes the row one a find must bind to read.
    @inline(__always)
    private mutating func readPlainMember(_ token: inout JSONStringToken?, plain: inout Bool) throws(JSONScanError) -> Bool {
        switch scanner.current {
        case UInt8(ascii: "\""):
            let string = try scanner.scanString()
            token = string
            if string.hasEscapes { plain = false }
        case UInt8(ascii: "n"):
            _ = try scanner.scanLiteral()  // `null`, or a syntax error
            plain = false
        default:
            return false
        }
        return true
    }

    /// Whether `range` of `bytes` may hold a template: `{{`, or a `\u` escape (which could
    /// write a brace).
    package static func mayHoldTemplates(_ bytes: UnsafeBufferPointer<UInt8>, in range: Range<Int>) -> Bool {
        var index = range.lowerBound
        while index + 1 < range.upperBound {
            let byte = bytes[index], next = bytes[index + 1]
            if byte == UInt8(ascii: "{"), next == UInt8(ascii: "{") { return true }
            if byte == UInt8(ascii: "\\"), next == UInt8(ascii: "u") { return true }
            index += 1
        }
        return false
    }

    /// The id of the cell type a row names, interning the name and noting its first use.
    private mutating func readCellName(path: @autoclosure () -> String) throws(JSONScanError) -> UInt16 {
        let start = scanner.position
        guard let name = try readOptionalString(path: path()) else { return 0 }
        if let id = cellIDs[name] { return id }
        guard found.cellUses.count < Int(UInt16.max) else {
            throw .shape("too many different cell types (at most 65534)", path: path(), at: start)
        }
        found.cellUses.append(SpecIndex.Use(name: name, path: path(), offset: start))
        let id = UInt16(found.cellUses.count)
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
        if findKeys.contains(key), found.findKeyUse == nil {
            found.findKeyUse = SpecIndex.Use(name: text, path: path(), offset: start)
        }
        return key
    }

    /// A row's hotkey, unless another row has it: rows that may be hidden (Yes/No variants of
    /// one question) may share it with each other and with one row that always shows.
    private mutating func record(_ key: Character, row: Int, path: String, at offset: Int, mayBeHidden: Bool) throws(JSONScanError) {
        if !mayBeHidden, let first = alwaysShownHotkeyPaths[key] {
            throw .shape("hotkey \(JSONValue.string(String(key)).summary) is already used by \(first) (rows that share a key need \"hidden\" conditions)",
                         path: path, at: offset)
        }
        if !mayBeHidden { alwaysShownHotkeyPaths[key] = path }
        if let action = actionKeyPaths[key] {
            throw .shape("hotkey \(JSONValue.string(String(key)).summary) is already the key of the action at \(action)", path: path, at: offset)
        }
        if hotkeyPaths[key] == nil { hotkeyPaths[key] = path }
        found.hotkeys.append((row, key))
    }

    /// A row's extra actions, checked; their keys, to check against hotkeys and navigation keys.
    private mutating func readExtraActions(path: @autoclosure () -> String, depth: Int) throws(JSONScanError)
        -> [(key: Key, path: String, offset: Int)] {
        let start = scanner.position
        let value = try JSONParser.readValue(&scanner, depth: depth)
        switch ExtraAction.decodeList(value, path: path(), names: actionNames) {
        case .failure(let problem): throw .shape(problem.message, path: problem.path, at: start)
        case .success(let actions):
            return actions.enumerated().compactMap { index, action in
                action.key.map { ($0, path() + "[\(index)].key", start) }
            }
        }
    }

    /// An extra action's key: not a navigation key, not a hotkey of the spec (a row's actions may
    /// share keys with other rows' actions: they run on the selected row). A key that types
    /// nothing wins over the find line's and the screen's use of it (Ctrl-E, Ctrl-K, Ctrl-R…),
    /// as fzf's `--bind` does, and `?` says what that use became; only the keys no row may take
    /// (`ExtraAction.keptKeys`: Ctrl-C) are refused.
    mutating func recordActionKey(_ key: Key, path: String, at offset: Int) throws(JSONScanError) {
        guard case .char(let key) = key else {
            let shown = JSONValue.string(key.label).summary
            if ExtraAction.keptKeys.contains(key) {
                throw .shape("key \(shown) always quits with status 130 (the last way out); pick another", path: path, at: offset)
            }
            if specialActionKeyPaths[key] == nil { specialActionKeyPaths[key] = path }
            return
        }
        let shown = JSONValue.string(String(key)).summary
        if reservedKeys.contains(key) || findKeys.contains(key) {
            throw .shape("key \(shown) is a navigation key; pick another", path: path, at: offset)
        }
        if let hotkey = hotkeyPaths[key] {
            throw .shape("key \(shown) is already the hotkey at \(hotkey)", path: path, at: offset)
        }
        if actionKeyPaths[key] == nil { actionKeyPaths[key] = path }
    }

    /// `options` of a choice row: an array of strings, numbers or booleans (saved as they are written).
    private mutating func checkOptions(path: @autoclosure () -> String, depth: Int) throws(JSONScanError) {
        let start = scanner.position
        let value = try JSONParser.readValue(&scanner, depth: depth)
        if let problem = RowShape.checkOptions(value, path: path()) { throw .shape(problem.message, path: problem.path, at: start) }
    }

    /// `enabled` or `hidden`: `true`, `false`, or a template (`"{{settings.tls}}"`, `nil` here)
    /// whose value decides once the row is bound.
    private mutating func readCondition(path: @autoclosure () -> String) throws(JSONScanError) -> Bool? {
        if scanner.current == UInt8(ascii: "\"") {
            let start = scanner.position
            let text = try scanner.scanString().decode(in: scanner.bytes)
            guard Template.mightHavePlaceholders(text) else {
                scanner.position = start
                try mismatch(expected: RowShape.conditionExpected, path: path())
            }
            return nil
        }
        guard [UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n")].contains(scanner.current) else {
            try mismatch(expected: RowShape.conditionExpected, path: path())
        }
        guard let flag = try readOptionalBool(path: path()) else { return true }
        return flag
    }
}
