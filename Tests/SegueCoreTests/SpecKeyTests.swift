import Testing
@testable import SegueCore
import SegueFiles
@_spi(Scanning) import SegueJSON

/// The key a JSON string token is read as, from `json` (a quoted key, maybe followed by more bytes).
private func key(_ json: String) throws -> SpecKey {
    let bytes = Array(json.utf8)
    return try bytes.withUnsafeBufferPointer { buffer in
        var scanner = JSONScanner(buffer)
        return SpecKey(try scanner.scanString(), in: buffer)
    }
}

private func bindsEnabled(_ row: String) throws -> Bool {
    let text = #"{"sections": [{"rows": [{"title": "A"}, "# + row + #"]}]}"#
    return try SpecLoader(disk: nil).parse(bytes: Array(text.utf8), file: "spec.json").bindsEnabled
}

/// `SpecKey` reads short keys as one machine word; these check every word against the key's name.
@Suite struct SpecKeyTests {
    static let names = [
        "title", "sections", "header", "footer", "rows", "detail", "enabled", "segue", "action", "cell", "nib",
        "class", "key", "setting", "options", "wrap", "forEach", "as", "row", "data", "dataFile", "settingsFile",
        "cells", "include", "source", "empty", "enabledKeyPath",
    ]

    @Test(arguments: names)
    func everyKeyIsRecognisedFromItsBytesAsFromItsName(name: String) throws {
        let expected = SpecKey(name: name)
        #expect(expected != .other)
        // Room after the key for a word read, none (the slow path), and the key written with an escape.
        #expect(try key("\"\(name)\": null, \"padding\"") == expected)
        #expect(try key("\"\(name)\"") == expected)
        let escaped = "\\u00" + String(name.utf8.first!, radix: 16) + name.dropFirst()
        #expect(try key("\"\(escaped)\": null, \"padding\"") == expected)
    }

    @Test(arguments: ["titles", "titl", "Title", "sectionsX", "enabledKeyPaths", "enabledKeyPatH", "xnabledKeyPath", ""])
    func nearMissesAreOtherKeys(name: String) throws {
        #expect(try key("\"\(name)\": null, \"padding\"") == .other)
        #expect(SpecKey(name: name) == .other)
    }

    @Test func aRowWithEnabledKeyPathMakesTheSpecBindEnabled() throws {
        #expect(try bindsEnabled(#"{"title": "B", "enabledKeyPath": "user.active"}"#))
        #expect(try bindsEnabled(#"{"title": "B", "enabled\u004BeyPath": "user.active"}"#))
        #expect(try !bindsEnabled(#"{"title": "B", "enabled": false, "titleKeyPath": "user.name"}"#))
        #expect(try !bindsEnabled(#"{"title": "B", "disabledKeyPat": "same length"}"#))
    }
}
