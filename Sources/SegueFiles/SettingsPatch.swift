@_spi(Scanning) import SegueJSON
import SegueCore

/// A settings file as it was written, with changed settings put in at the deepest place the file
/// already has for them: a value replaced where it stands (`/editor/font/size` inside `editor`
/// and `font`), a new member added at the end of the object that is there, a new item at the
/// end of its list. Comments, key order and spacing outside the values replaced are kept.
struct SettingsPatch {
    /// Where one value is in the file's bytes, and what it holds.
    indirect enum Node {
        case scalar
        /// An object's members in order, where its `}` is, and whether its last member has a
        /// trailing comma.
        case object([(key: String, keyStart: Int, value: Place)], close: Int, trailingComma: Bool)
        case array([Place], close: Int, trailingComma: Bool)
    }

    struct Place {
        var range: Range<Int>
        var node: Node
    }

    let bytes: [UInt8]
    let root: Place

    /// The file's structure; `nil` when it is not one object in JSON or JSONC.
    init?(_ bytes: [UInt8]) {
        self.bytes = bytes
        let parsed: Place? = bytes.withUnsafeBufferPointer { buffer in
            var scanner = JSONScanner(buffer)
            scanner.skipByteOrderMark()
            scanner.skipWhitespace()
            guard scanner.current == UInt8(ascii: "{") else { return nil }
            return try? Self.place(&scanner, depth: 0)
        }
        guard let parsed else { return nil }
        root = parsed
    }

    private static func place(_ scanner: inout JSONScanner, depth: Int) throws(JSONScanError) -> Place {
        let start = scanner.position
        switch scanner.current {
        case UInt8(ascii: "{"):
            var members: [(key: String, keyStart: Int, value: Place)] = []
            var trailingComma = false
            if try scanner.enterObject(depth: depth + 1) {
                repeat {
                    let keyStart = scanner.position
                    let key = try scanner.readKey().decode(in: scanner.bytes)
                    members.append((key, keyStart, try place(&scanner, depth: depth + 1)))
                    scanner.skipWhitespace()
                    trailingComma = scanner.current == UInt8(ascii: ",")
                } while try scanner.nextMember()
            }
            return Place(range: start..<scanner.position, node: .object(members, close: scanner.position - 1, trailingComma: trailingComma))
        case UInt8(ascii: "["):
            var items: [Place] = []
            var trailingComma = false
            if try scanner.enterArray(depth: depth + 1) {
                repeat {
                    items.append(try place(&scanner, depth: depth + 1))
                    scanner.skipWhitespace()
                    trailingComma = scanner.current == UInt8(ascii: ",")
                } while try scanner.nextElement()
            }
            return Place(range: start..<scanner.position, node: .array(items, close: scanner.position - 1, trailingComma: trailingComma))
        default:
            try scanner.skipValue(depth: depth)
            return Place(range: start..<scanner.position, node: .scalar)
        }
    }

    /// One change to the bytes: `range` replaced by `text`.
    private struct Edit {
        var range: Range<Int>
        var text: String
    }

    /// The bytes with each setting in `names` (changed, its new value in `merged`: absent for one
    /// taken away) put in; `nil` when that cannot be done in place (changes that overlap).
    func applying(_ names: [String], from merged: JSONValue) -> [UInt8]? {
        // A name under another changed one is written with it.
        let sorted = Set(names).sorted()
        let outermost = sorted.filter { name in !sorted.contains { $0 != name && $0.hasPrefix("/") && name.hasPrefix($0 + "/") } }
        var edits: [Edit] = []
        var additions: [Int: (container: Place, entries: [String])] = [:]
        // What is added whole, by pointer: two new settings in one new object add it once.
        var added: Set<String> = []
        for name in outermost {
            let keys = SettingName.keys(name)
            // The deepest place the file has on the way.
            var place = root
            var parent: Place?
            var found = 0
            while found < keys.count, let next = child(of: place, keys[found]) {
                parent = place
                place = next
                found += 1
            }
            if found == keys.count {
                if let value = merged.setting(SettingName.pointer(keys)) {
                    edits.append(Edit(range: place.range, text: written(value, replacing: place.range)))
                } else if let parent, let cut = removal(of: keys[found - 1], from: parent) {
                    edits.append(Edit(range: cut, text: ""))
                }
                continue
            }
            // Missing from `found` on: added to the object or list that is there (a setting taken
            // away that the file does not have is nothing to do).
            let first = SettingName.pointer(Array(keys[...found]))
            guard let value = merged.setting(first), added.insert(first).inserted else { continue }
            switch place.node {
            case .object(_, let close, _):
                let entry = JSONValue.string(keys[found]).compactJSON + ": " + written(value, spread: false, indent: indent(at: close) + "  ")
                additions[close, default: (place, [])].entries.append(entry)
            case .array(let items, let close, _) where Int(keys[found]) == items.count:
                additions[close, default: (place, [])].entries.append(written(value, spread: false, indent: indent(at: close) + "  "))
            default:
                guard found > 0, let whole = merged.setting(SettingName.pointer(Array(keys[..<found]))) else { return nil }
                edits.append(Edit(range: place.range, text: written(whole, replacing: place.range)))
            }
        }
        for (close, addition) in additions { edits.append(insertion(addition.entries, into: addition.container, close: close)) }
        edits.sort { $0.range.lowerBound < $1.range.lowerBound }
        for (earlier, later) in zip(edits, edits.dropFirst()) where earlier.range.upperBound > later.range.lowerBound { return nil }
        var text = bytes
        for edit in edits.reversed() { text.replaceSubrange(edit.range, with: Array(edit.text.utf8)) }
        return text
    }

    /// The bytes that hold member `key` of an object (or item `key` of a list) and its comma:
    /// from its key to the next member's key, or for the last, from the end of the one before it.
    /// Comments on its lines go with it.
    private func removal(of key: String, from container: Place) -> Range<Int>? {
        let starts: [Int]
        let ends: [Int]
        switch container.node {
        case .object(let members, _, _):
            guard let index = members.lastIndex(where: { $0.key == key }) else { return nil }
            starts = members.map(\.keyStart)
            ends = members.map(\.value.range.upperBound)
            return cut(index, starts: starts, ends: ends)
        case .array(let items, _, _):
            guard let index = Int(key), items.indices.contains(index) else { return nil }
            return cut(index, starts: items.map(\.range.lowerBound), ends: items.map(\.range.upperBound))
        case .scalar:
            return nil
        }
    }

    private func cut(_ index: Int, starts: [Int], ends: [Int]) -> Range<Int> {
        if index + 1 < starts.count { return starts[index]..<starts[index + 1] }
        if index > 0 { return ends[index - 1]..<ends[index] }
        return starts[index]..<ends[index]
    }

    /// The member `key` of an object, or the item at index `key` of a list.
    private func child(of place: Place, _ key: String) -> Place? {
        switch place.node {
        case .object(let members, _, _): return members.last { $0.key == key }?.value
        case .array(let items, _, _): return Int(key).flatMap { items.indices.contains($0) ? items[$0] : nil }
        case .scalar: return nil
        }
    }

    /// New members (or items) at the end of a container: on lines of their own before a `}` that
    /// has its own line, else after the last one on its line.
    private func insertion(_ entries: [String], into container: Place, close: Int) -> Edit {
        let (count, trailingComma): (Int, Bool)
        switch container.node {
        case .object(let members, _, let comma): (count, trailingComma) = (members.count, comma)
        case .array(let items, _, let comma): (count, trailingComma) = (items.count, comma)
        case .scalar: (count, trailingComma) = (0, false)
        }
        var lineStart = close
        while lineStart > 0, bytes[lineStart - 1] == 0x20 || bytes[lineStart - 1] == 0x09 { lineStart -= 1 }
        let ownLine = lineStart > 0 && bytes[lineStart - 1] == 0x0A && lineStart > container.range.lowerBound
        guard ownLine else {
            let separator = count == 0 ? "" : (trailingComma ? " " : ", ")
            return Edit(range: close..<close, text: separator + entries.joined(separator: ", ") + (trailingComma ? "," : ""))
        }
        let inner = indent(at: close) + "  "
        let lines = entries.map { inner + $0 }.joined(separator: ",\n") + (trailingComma ? ",\n" : "\n")
        // The last member needs a comma before them: put after whatever ends it (its value, then
        // blanks and comments up to the line's end are left where they are).
        guard count > 0, !trailingComma, let end = lastValueEnd(of: container) else { return Edit(range: lineStart..<lineStart, text: lines) }
        return Edit(range: end..<lineStart, text: "," + String(decoding: bytes[end..<lineStart], as: UTF8.self) + lines)
    }

    private func lastValueEnd(of container: Place) -> Int? {
        switch container.node {
        case .object(let members, _, _): return members.last?.value.range.upperBound
        case .array(let items, _, _): return items.last?.range.upperBound
        case .scalar: return nil
        }
    }

    /// The blanks that start the line `position` is on.
    private func indent(at position: Int) -> String {
        var lineStart = position
        while lineStart > 0, bytes[lineStart - 1] != 0x0A { lineStart -= 1 }
        return String(decoding: bytes[lineStart..<position].prefix { $0 == 0x20 || $0 == 0x09 }, as: UTF8.self)
    }

    private func written(_ value: JSONValue, replacing range: Range<Int>) -> String {
        written(value, spread: bytes[range].contains(0x0A), indent: indent(at: range.lowerBound))
    }

    /// A value as the file gets it: on one line, unless it is a list or an object that was
    /// written over several lines (or is too long for one), which is written so again, its
    /// lines indented under the line it starts on.
    private func written(_ value: JSONValue, spread: Bool, indent: String) -> String {
        let compact = value.compactJSON
        let isFilledContainer: Bool
        switch value {
        case .array(let elements): isFilledContainer = !elements.isEmpty
        case .object(let members): isFilledContainer = !members.isEmpty
        default: isFilledContainer = false
        }
        guard isFilledContainer, spread || compact.count > 72 else { return compact }
        return value.prettyPrinted().replacing("\n", with: "\n" + indent)
    }
}
