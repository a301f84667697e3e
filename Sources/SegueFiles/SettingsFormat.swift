@_spi(Scanning) import SegueJSON
import SegueCore
internal import SegueYAML

/// How a settings file is written: JSON (JSONC's comments read and kept), or YAML for a file
/// named `.yaml`/`.yml` (its comments, quoting and layout kept the same way). Reading one gives
/// the same settings object; saving one patches the file where it can and writes it whole,
/// in its own format, where it cannot.
enum SettingsFormat {
    case json
    case yaml

    /// By the file's name: YAML for `.yaml` and `.yml`, JSON for any other.
    init(path: String) {
        let name = path.lowercased()
        self = name.hasSuffix(".yaml") || name.hasSuffix(".yml") ? .yaml : .json
    }

    /// The object in `bytes` read from `path`; `nil` when there is none yet (nothing but
    /// whitespace, or in YAML only comments). Anything else that is not an object is `.corrupt`,
    /// at its line:column.
    func members(in bytes: [UInt8], path: String) throws(SettingsProblem) -> [String: JSONValue]? {
        let value: JSONValue
        switch self {
        case .json:
            do {
                value = try JSONParser.parse(bytes)
            } catch {
                throw .corrupt("\(path):\(error)")
            }
        case .yaml:
            do {
                value = try JSONParser.parse(YAMLDocument.json(bytes).bytes)
            } catch {
                throw .corrupt("\(path):\(error)")
            }
            if value == .null { return nil }
        }
        guard case .object(let members) = value else {
            let location = locationOfValue(in: bytes)
            throw .corrupt("\(path):\(location.line):\(location.column): expected an object, found \(value.summary)")
        }
        return members
    }

    /// `bytes` with the settings `names` changed to their values in `merged` (absent for one
    /// taken away), the rest of the file as it was, and what it then reads as: `merged`, and in
    /// YAML a change made inside a value with an anchor at each alias that shares it too
    /// (`followed`); `nil` when that cannot be done in place.
    func patched(_ bytes: [UInt8], names: [String], merged: JSONValue) -> YAMLPatch.Shared? {
        switch self {
        case .json: return SettingsPatch(bytes)?.applying(names, from: merged).map { .init(bytes: $0, reads: merged, followed: [:]) }
        case .yaml: return YAMLPatch(bytes)?.applyingShared(names, from: merged)
        }
    }

    /// What writing the file at `bytes` whole would lose that a patch keeps, said for a refusal
    /// (`its 2 comments and its anchors (&base), each alias written out as a copy`); `nil` for
    /// nothing, or for JSON, whose whole write is documented to drop its comments.
    func wholeRewriteLoss(_ bytes: [UInt8]) -> String? {
        guard self == .yaml else { return nil }
        return YAMLPatch(bytes)?.wholeRewriteLoss
    }

    /// The whole file for `settings`, for a file that is new (`bytes` nil) or cannot be patched.
    /// A YAML file keeps the comment lines it starts with (the `# yaml-language-server: $schema=…`
    /// line that names its schema, a licence) and its `---`.
    func written(_ settings: JSONValue, over bytes: [UInt8]?) -> [UInt8] {
        switch self {
        case .json: return Array((settings.prettyPrinted() + "\n").utf8)
        case .yaml:
            let header = bytes.map(Self.yamlHeader) ?? []
            let newline = bytes.map(TextEdit.usesCRLF) == true ? "\r\n" : "\n"
            return header + Array(YAMLWriter.document(settings, newline: newline).utf8)
        }
    }

    /// The lines a YAML file starts with that hold no value: blank, comments, directives (`%YAML`)
    /// and the document's `---`.
    private static func yamlHeader(_ bytes: [UInt8]) -> [UInt8] {
        // A byte order mark stays in front.
        var end = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        while end < bytes.count {
            var lineEnd = end
            while lineEnd < bytes.count, bytes[lineEnd] != 0x0A { lineEnd += 1 }
            let line = String(decoding: bytes[end..<lineEnd].drop { $0 == 0x20 || $0 == 0x09 }.reversed().drop { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }.reversed(), as: UTF8.self)
            let holdsNoValue = line.isEmpty || line.hasPrefix("#") || line.hasPrefix("%") || line == "---" || line.hasPrefix("--- #")
            guard holdsNoValue else { break }
            end = min(lineEnd + 1, bytes.count)
        }
        return Array(bytes[..<end])
    }

    /// Where the top-level value starts, for the error that says it is not an object.
    private func locationOfValue(in bytes: [UInt8]) -> TextLocation {
        bytes.withUnsafeBufferPointer { buffer in
            var scanner = JSONScanner(buffer)
            scanner.skipByteOrderMark()
            scanner.skipWhitespace()
            guard self == .yaml else { return TextLocation(offset: scanner.position, in: buffer) }
            // YAML: the first line that is not blank or a comment.
            var offset = scanner.position
            while offset < buffer.count, buffer[offset] == UInt8(ascii: "#") {
                while offset < buffer.count, buffer[offset] != 0x0A { offset += 1 }
                while offset < buffer.count, [0x20, 0x09, 0x0A, 0x0D].contains(buffer[offset]) { offset += 1 }
            }
            return TextLocation(offset: offset, in: buffer)
        }
    }
}
