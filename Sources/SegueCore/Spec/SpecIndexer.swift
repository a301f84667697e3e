/// One validating pass over a spec's bytes that checks the schema and notes where each row starts.
///
/// This is why a million-row spec loads in a blink: rows are validated but never decoded, and all
/// a row costs is its offset and enabled flag; `LazyRowTable` decodes the few rows on screen.
/// Problems surface in document order, syntax or shape alike, because there is only the one pass.
/// A wrongly typed container is reported at its opening bracket; a wrongly typed scalar must
/// first scan cleanly (to be quoted in the message), so a syntax error inside it comes first.
struct SpecIndexer {
    /// A section's texts and its run of rows in the table.
    struct SectionEntry {
        var header: String?
        var footer: String?
        var firstRow: Int
        var rowCount: Int
    }

    /// What the pass found, free of the scanner (whose buffer does not outlive the load).
    struct Result {
        var title: String?
        var sections: [SectionEntry]
        var rowOffsets: [UInt32]
        var rowEnabled: [Bool]
    }

    var scanner: JSONScanner
    let actionNames: Set<String>
    /// How paths to sections begin: `sections` in the object form, nothing for a bare array.
    private var sectionsPath = ""
    private var title: String?
    private var sections: [SectionEntry] = []
    private var rowOffsets: [UInt32] = []
    private var rowEnabled: [Bool] = []

    var result: Result {
        Result(title: title, sections: sections, rowOffsets: rowOffsets, rowEnabled: rowEnabled)
    }

    /// The input must be shorter than 4 GiB, so that every offset fits a `UInt32`.
    init(bytes: UnsafeBufferPointer<UInt8>, actionNames: Set<String>) {
        scanner = JSONScanner(bytes)
        self.actionNames = actionNames
    }

    /// Walks the whole document; afterwards `result` holds what it found.
    mutating func run() throws(JSONScanError) {
        scanner.skipByteOrderMark()
        scanner.skipWhitespace()
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
            default:
                try scanner.skipValue(depth: 1)
            }
        } while try scanner.nextMember()
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
        var entry = SectionEntry(firstRow: rowOffsets.count, rowCount: 0)
        if try scanner.enterObject(depth: depth) {
            repeat {
                let key = try scanner.readKey()
                switch SpecKey(key, in: scanner.bytes) {
                case .header:
                    entry.header = try readOptionalString(path: Self.sectionPath(prefix, index) + ".header")
                case .footer:
                    entry.footer = try readOptionalString(path: Self.sectionPath(prefix, index) + ".footer")
                case .rows:
                    entry.firstRow = rowOffsets.count
                    entry.rowCount = try skipNull() ? 0 : try indexRows(section: index, depth: depth + 1)
                default:
                    try scanner.skipValue(depth: depth)
                }
            } while try scanner.nextMember()
        }
        sections.append(entry)
    }

    /// Returns the number of rows; `depth` is the level of the rows array itself.
    private mutating func indexRows(section: Int, depth: Int) throws(JSONScanError) -> Int {
        let prefix = sectionsPath
        guard scanner.current == UInt8(ascii: "[") else {
            try mismatch(expected: "an array", path: Self.sectionPath(prefix, section) + ".rows")
        }
        guard try scanner.enterArray(depth: depth) else { return 0 }
        var count = 0
        repeat {
            try indexRow(section: section, row: count, depth: depth + 1)
            count += 1
        } while try scanner.nextElement()
        return count
    }

    /// Validates one row and records its offset and enabled flag; the hot loop of a load.
    @inline(__always)
    private mutating func indexRow(section: Int, row: Int, depth: Int) throws(JSONScanError) {
        let prefix = sectionsPath
        func path(_ key: String) -> String { Self.rowPath(prefix, section, row) + key }
        let start = scanner.position
        guard scanner.current == UInt8(ascii: "{") else {
            try mismatch(expected: "an object", path: path(""))
        }
        var enabled = true
        if try scanner.enterObject(depth: depth) {
            repeat {
                let key = try scanner.readKey()
                switch SpecKey(key, in: scanner.bytes) {
                case .title:
                    guard try skipStringOrNull() else { try mismatch(expected: "a string", path: path(".title")) }
                case .detail:
                    guard try skipStringOrNull() else { try mismatch(expected: "a string", path: path(".detail")) }
                case .segue:
                    try checkSegue(path: path(".segue"))
                case .enabled:
                    enabled = try readOptionalBool(path: path(".enabled")) ?? true
                case .action:
                    try checkAction(path: path(".action"))
                default:
                    try scanner.skipValue(depth: depth)
                }
            } while try scanner.nextMember()
        }
        rowOffsets.append(UInt32(truncatingIfNeeded: start))
        rowEnabled.append(enabled)
    }

    // MARK: - Values

    /// Skips a `null`; false, with nothing consumed, for any other value.
    private mutating func skipNull() throws(JSONScanError) -> Bool {
        guard scanner.current == UInt8(ascii: "n") else { return false }
        _ = try scanner.scanLiteral()
        return true
    }

    /// A segue is a non-empty path, or null: an empty one would silently reopen the spec's folder.
    @inline(__always)
    private mutating func checkSegue(path: @autoclosure () -> String) throws(JSONScanError) {
        let start = scanner.position
        guard scanner.current == UInt8(ascii: "\"") else {
            guard try skipStringOrNull() else { try mismatch(expected: "a string", path: path()) }
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

    /// Accepts `"back"`, `"quit"`, a registered action name, or null.
    private mutating func checkAction(path: @autoclosure () -> String) throws(JSONScanError) {
        switch scanner.current {
        case UInt8(ascii: "\""):
            let start = scanner.position
            let token = try scanner.scanString()
            if token.equals("back", in: scanner.bytes) || token.equals("quit", in: scanner.bytes) { return }
            let name = token.decode(in: scanner.bytes)
            guard !actionNames.contains(name) else { return }
            let found = JSONValue.string(name).summary
            throw .shape("expected \(Self.actionChoices(actionNames)), found \(found)", path: path(), at: start)
        case UInt8(ascii: "n"):
            _ = try scanner.scanLiteral()
        default:
            try mismatch(expected: "a string", path: path())
        }
    }

    /// `"back" or "quit" (named actions need a registered handler)`, or the registered names.
    static func actionChoices(_ names: Set<String>) -> String {
        guard !names.isEmpty else { return "\"back\" or \"quit\" (named actions need a registered handler)" }
        let quoted = names.sorted().map { "\"\($0)\"" }.joined(separator: ", ")
        return "\"back\", \"quit\" or a registered action (\(quoted))"
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
