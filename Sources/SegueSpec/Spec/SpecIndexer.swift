@_spi(Scanning) import SegueJSON
/// One validating pass over a spec's bytes that checks the schema and notes where each row starts.
///
/// This is why a million-row spec loads in a blink: rows are validated but never decoded, and all
/// a row costs is its offset and enabled flag; `LazyRowTable` decodes the few rows on screen.
/// Problems surface in document order, syntax or shape alike, because there is only the one pass.
/// A wrongly typed container is reported at its opening bracket; a wrongly typed scalar must
/// first scan cleanly (to be quoted in the message), so a syntax error inside it comes first.
///
/// The pass is split by what it reads: the top-level object (`SpecIndexer+TopLevel`), sections
/// (`+Sections`), table rows (`+Rows`) and the values inside them (`+Values`).
package struct SpecIndexer {
    package var scanner: JSONScanner
    package let actionNames: Set<String>
    /// The kinds rows can be: their keys are checked by them.
    package let kinds: RowKindCatalog
    /// The kinds' own keys `SpecKey` reads as any other (`kinds.otherKindKeys`), read once here:
    /// every row's other keys are compared with them.
    let otherKindKeys: [[UInt8]]
    /// Sources registered from Swift, which a section's `"source": {"handler": …}` may name.
    package let sourceNames: Set<String>
    /// Characters a row's hotkey may not use: the navigation keys.
    package let reservedKeys: Set<Character>
    /// Characters that open the find line, allowed as a hotkey only where finding is off.
    package let findKeys: Set<Character>
    /// What the pass has found so far.
    package var found = SpecIndex()
    /// How paths to sections begin: `sections` in the object form, nothing for a bare array.
    package var sectionsPath = ""
    /// The id of each cell type name table rows use, counting from 1 in `found.cellUses`.
    package var cellIDs: [String: UInt16] = [:]
    /// Where each hotkey was first used, to name it when another row takes it too.
    package var hotkeyPaths: [Character: String] = [:]
    /// The hotkeys of rows without a `"hidden"` condition: no two may share one.
    package var alwaysShownHotkeyPaths: [Character: String] = [:]
    /// Where each extra action's key was first used, to refuse a hotkey that is one.
    package var actionKeyPaths: [Character: String] = [:]
    /// Where the spec's `"keys"` stand, for a key they bind that a row takes as its hotkey.
    package var keysOffset = 0
    /// Where each action key that types nothing was first used, against the spec's `"keys"`.
    package var specialActionKeyPaths: [Key: String] = [:]
    /// Cell types a row that sets no kind keys was recorded for, to be checked by their kind once.
    package var kindCheckedCells: Set<UInt16> = []

    /// The input must be shorter than 4 GiB, so that every offset fits a `UInt32`.
    package init(bytes: UnsafeBufferPointer<UInt8>, kinds: RowKindCatalog, actionNames: Set<String>, sourceNames: Set<String> = [],
         reservedKeys: Set<Character>, findKeys: Set<Character> = []) {
        self.kinds = kinds
        otherKindKeys = kinds.otherKindKeys
        self.findKeys = findKeys
        self.sourceNames = sourceNames
        scanner = JSONScanner(bytes)
        self.actionNames = actionNames
        self.reservedKeys = reservedKeys
    }

    /// Walks the whole document and returns what it found.
    /// A printable key the spec's `"keys"` bind to a command cannot also be a row's hotkey or
    /// an action's key.
    private func checkKeysAgainstHotkeys() throws(JSONScanError) {
        guard case .object(let members)? = found.keys else { return }
        for (name, command) in members.sorted(by: { $0.key < $1.key }) where command != .null {
            guard let key = Key(name: name) else { continue }
            guard case .char(let character) = key else {
                if let action = specialActionKeyPaths[key] {
                    throw .shape("key \(JSONValue.string(name).summary) is already used at \(action)", path: "keys.\(name)", at: keysOffset)
                }
                continue
            }
            if let row = hotkeyPaths[character] ?? actionKeyPaths[character] {
                throw .shape("key \(JSONValue.string(name).summary) is already used at \(row)", path: "keys.\(name)", at: keysOffset)
            }
        }
    }

    package mutating func run() throws(JSONScanError) -> SpecIndex {
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
        try checkKeysAgainstHotkeys()
        found.finish()
        return found
    }
}
