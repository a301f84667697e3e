@_spi(Scanning) import SegueJSON
/// Reading and checking the values of known keys: strings, booleans, segues, actions, and the
/// shape error that quotes what was found instead.
extension SpecIndexer {
    /// Skips a `null`; false, with nothing consumed, for any other value.
    package mutating func skipNull() throws(JSONScanError) -> Bool {
        guard scanner.current == UInt8(ascii: "n") else { return false }
        _ = try scanner.scanLiteral()
        return true
    }

    /// A segue is a non-empty path, `{"spec": path, "data": …}`, or null: an empty path would
    /// silently reopen the spec's folder.
    @inline(__always)
    package mutating func checkSegue(path: @autoclosure () -> String, depth: Int) throws(JSONScanError) {
        let start = scanner.position
        if scanner.current == UInt8(ascii: "{") {
            let value = try JSONParser.readValue(&scanner, depth: depth)
            guard SegueTarget(value) != nil else {
                if let command = value.member("command") {
                    throw .shape("expected a command as a non-empty array of strings, found \(command.summary)", path: path() + ".command", at: start)
                }
                let spec = value.member("spec")
                let shown = spec.map { $0.summary } ?? "no \"spec\""
                throw .shape("expected a \"spec\" path to a spec file (or a \"command\" printing one), found \(shown)", path: path(), at: start)
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
    package mutating func skipStringOrNull() throws(JSONScanError) -> Bool {
        switch scanner.current {
        case UInt8(ascii: "\""): _ = try scanner.scanString()
        case UInt8(ascii: "n"): _ = try scanner.scanLiteral()  // `null`, or a syntax error
        default: return false
        }
        return true
    }

    package mutating func readOptionalString(path: @autoclosure () -> String) throws(JSONScanError) -> String? {
        switch scanner.current {
        case UInt8(ascii: "\""): return try scanner.scanString().decode(in: scanner.bytes)
        case UInt8(ascii: "n"): _ = try scanner.scanLiteral(); return nil
        default: try mismatch(expected: "a string", path: path())
        }
    }

    @inline(__always)
    package mutating func readOptionalBool(path: @autoclosure () -> String) throws(JSONScanError) -> Bool? {
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
    package mutating func checkAction(path: @autoclosure () -> String, depth: Int) throws(JSONScanError) {
        switch scanner.current {
        case UInt8(ascii: "\""), UInt8(ascii: "{"):
            let start = scanner.position
            let value = try JSONParser.readValue(&scanner, depth: depth)
            if case .failure(let problem) = RowAction.decode(value, path: path(), names: actionNames) {
                throw .shape(problem.message, path: problem.path, at: start)
            }
            if case .object(let members) = value, found.rowOffsets.count < Self.rowsCheckedForTypos {
                for key in members.keys.sorted() where !Self.actionKeys.contains(key) {
                    warnUnknown(key, at: path() + "." + key, known: Self.actionKeys,
                                elsewhere: ["title": "the row", "detail": "the row", "enabled": "the row", "segue": "the row"])
                }
            }
        case UInt8(ascii: "n"):
            _ = try scanner.scanLiteral()
        default:
            try mismatch(expected: "an action name or {\"type\": …}", path: path())
        }
    }

    /// A `"preview"`, checked; returned as written (its templates are rendered for each row).
    package mutating func readPreview(path: @autoclosure () -> String, depth: Int) throws(JSONScanError) -> JSONValue {
        let start = scanner.position
        let value = try JSONParser.readValue(&scanner, depth: depth)
        if case .failure(let problem) = PreviewSpec.decode(value, path: path()) {
            throw .shape(problem.message, path: problem.path, at: start)
        }
        return value
    }

    /// Throws the shape error for the value at the scanner's position, quoting it in the message.
    package mutating func mismatch(expected: String, path: String) throws(JSONScanError) -> Never {
        let start = scanner.position
        let shown: String
        switch scanner.current {
        case UInt8(ascii: "{"): shown = "an object"
        case UInt8(ascii: "["): shown = "an array"
        default: shown = try JSONParser.readValue(&scanner, depth: 0).summary
        }
        throw .shape("expected \(expected), found \(shown)", path: path, at: start)
    }

    // MARK: - Paths

    // Static, so that the autoclosures building them capture a local `prefix` rather than `self`,
    // which the scanner is mutating meanwhile.

    package static func sectionPath(_ prefix: String, _ index: Int) -> String {
        "\(prefix)[\(index)]"
    }

    package static func rowPath(_ prefix: String, _ section: Int, _ row: Int) -> String {
        "\(prefix)[\(section)].rows[\(row)]"
    }
}
