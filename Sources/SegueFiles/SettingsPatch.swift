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

    private typealias Edit = TextEdit

    /// The bytes with each setting in `names` (changed, its new value in `merged`: absent for one
    /// taken away) put in; `nil` when that cannot be done in place (changes that overlap).
    func applying(_ names: [String], from merged: JSONValue) -> [UInt8]? {
        // What the file holds now, to change only what differs from it (a list set whole when an
        // item is added, moved or taken away keeps the other items as written).
        let original = try? JSONParser.parse(bytes)
        // A name under another changed one is written with it.
        let outermost = SettingName.outermost(names)
        var edits: [Edit] = []
        var additions: [Int: (container: Place, entries: [String])] = [:]
        // What is added whole, by pointer: two new settings in one new object add it once.
        var added: Set<String> = []
        let (renamed, settled) = renames(in: outermost, from: original, to: merged)
        edits += renamed
        for name in outermost where !settled.contains(name) {
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
                let pointer = SettingName.pointer(keys)
                if let value = merged.setting(pointer) {
                    guard let changes = changes(at: place, from: original?.setting(pointer), to: value) else { return nil }
                    edits += changes
                } else if let parent, let cuts = removal(of: keys[found - 1], from: parent) {
                    edits += cuts
                }
                continue
            }
            // Missing from `found` on: added to the object or list that is there (a setting taken
            // away that the file does not have is nothing to do).
            let first = SettingName.pointer(Array(keys[...found]))
            guard let value = merged.setting(first), added.insert(first).inserted else { continue }
            switch place.node {
            case .object(_, let close, _):
                let entry = JSONValue.string(keys[found]).compactJSON + ": " + written(value, spread: false, indent: memberIndent(of: place, close: close))
                additions[close, default: (place, [])].entries.append(entry)
            case .array(let items, let close, _) where Int(keys[found]) == items.count:
                additions[close, default: (place, [])].entries.append(written(value, spread: false, indent: memberIndent(of: place, close: close)))
            default:
                guard found > 0, let whole = merged.setting(SettingName.pointer(Array(keys[..<found]))) else { return nil }
                edits.append(Edit(range: place.range, text: written(whole, replacing: place.range)))
            }
        }
        for (close, addition) in additions { edits.append(insertion(addition.entries, into: addition.container, close: close)) }
        return TextEdit.apply(edits, to: bytes, crlf: TextEdit.usesCRLF(bytes))
    }

    /// The edits that turn `place` (holding `old`) into `new`: only what differs. An object's
    /// members are changed, taken away and added one by one; a list that gained an item at its
    /// end, lost one, had two next to each other swapped or items changed in place is edited so;
    /// anything else is written anew. `nil` when the file cannot be edited in place.
    private func changes(at place: Place, from old: JSONValue?, to new: JSONValue) -> [Edit]? {
        guard let old, old != new else { return old == new ? [] : [Edit(range: place.range, text: written(new, replacing: place.range))] }
        switch (place.node, old, new) {
        case (.object(let members, let close, _), .object(let oldMembers), .object(let newMembers))
            where members.contains(where: { newMembers[$0.key] != nil }) && Set(members.map(\.key)).count == members.count:
            var edits: [Edit] = []
            for member in members {
                guard let value = newMembers[member.key] else {
                    guard let cuts = removal(of: member.key, from: place) else { return nil }
                    edits += cuts
                    continue
                }
                guard let inner = changes(at: member.value, from: oldMembers[member.key], to: value) else { return nil }
                edits += inner
            }
            let own = Set(members.map(\.key))
            let entries = newMembers.keys.sorted().filter { !own.contains($0) }.map { key in
                JSONValue.string(key).compactJSON + ": " + written(newMembers[key] ?? .null, spread: false, indent: memberIndent(of: place, close: close))
            }
            if !entries.isEmpty { edits.append(insertion(entries, into: place, close: close)) }
            // Members next to each other taken away cut into each other: the object written anew.
            return TextEdit.conflict(edits) ? [Edit(range: place.range, text: written(new, replacing: place.range))] : edits
        case (.array(let items, let close, _), .array(let oldItems), .array(let newItems)) where items.count == oldItems.count && !newItems.isEmpty:
            switch ListEdit.between(oldItems, newItems) {
            case .appended(let last)?:
                return [insertion([written(last, spread: false, indent: memberIndent(of: place, close: close))], into: place, close: close)]
            case .removed(let gone)?:
                guard let cuts = removal(of: String(gone), from: place) else { break }
                return cuts
            case .swapped(let first)?:
                // Their text swapped, comments inside them kept.
                let (one, other) = (items[first].range, items[first + 1].range)
                return [Edit(range: one, text: text(other)), Edit(range: other, text: text(one))]
            case .changed(let indexes)?:
                var edits: [Edit] = []
                for index in indexes {
                    guard let inner = changes(at: items[index], from: oldItems[index], to: newItems[index]) else { return nil }
                    edits += inner
                }
                return edits
            case nil:
                break
            }
        default:
            break
        }
        return [Edit(range: place.range, text: written(new, replacing: place.range))]
    }

    private func text(_ range: Range<Int>) -> String {
        String(decoding: bytes[range], as: UTF8.self)
    }

    /// The edits that take member `key` of an object (or item `key` of a list) away with its
    /// comma. One on a line of its own goes with that line and the comment ending it, comment
    /// lines above and below it staying (they may speak of the next one); the last one's comma
    /// before it goes too, unless the file ends its members with commas. Members sharing a line
    /// are cut from their key to the next one's key, or for the last, from the end of the one
    /// before it.
    private func removal(of key: String, from container: Place) -> [Edit]? {
        let starts: [Int]
        let ends: [Int]
        let trailingComma: Bool
        let index: Int
        switch container.node {
        case .object(let members, _, let comma):
            guard let found = members.lastIndex(where: { $0.key == key }) else { return nil }
            (index, trailingComma) = (found, comma)
            starts = members.map(\.keyStart)
            ends = members.map(\.value.range.upperBound)
        case .array(let items, _, let comma):
            guard let found = Int(key), items.indices.contains(found) else { return nil }
            (index, trailingComma) = (found, comma)
            starts = items.map(\.range.lowerBound)
            ends = items.map(\.range.upperBound)
        case .scalar:
            return nil
        }
        let isLast = index + 1 == starts.count
        if let line = ownLine(from: starts[index], to: ends[index]), isLast || !(line.upperBound > starts[index + 1]) {
            guard isLast, index > 0, !trailingComma, let comma = comma(after: ends[index - 1]) else { return [Edit(range: line, text: "")] }
            return [Edit(range: comma..<comma + 1, text: ""), Edit(range: line, text: "")]
        }
        return [Edit(range: cut(index, starts: starts, ends: ends), text: "")]
    }

    /// The whole lines from `start` to the end of the value ending at `end`, its comma and a `//`
    /// comment after it: when nothing but blanks is before `start` on its line and nothing else
    /// after the value on its.
    private func ownLine(from start: Int, to end: Int) -> Range<Int>? {
        var lineStart = start
        while lineStart > 0, bytes[lineStart - 1] == 0x20 || bytes[lineStart - 1] == 0x09 { lineStart -= 1 }
        guard lineStart == 0 || bytes[lineStart - 1] == 0x0A else { return nil }
        var position = end
        func skipBlanks() { while position < bytes.count, bytes[position] == 0x20 || bytes[position] == 0x09 { position += 1 } }
        skipBlanks()
        if position < bytes.count, bytes[position] == UInt8(ascii: ",") { position += 1 }
        skipBlanks()
        if position + 1 < bytes.count, bytes[position] == UInt8(ascii: "/"), bytes[position + 1] == UInt8(ascii: "/") {
            while position < bytes.count, bytes[position] != 0x0A { position += 1 }
        }
        if position < bytes.count, bytes[position] == 0x0D { position += 1 }
        guard position == bytes.count || bytes[position] == 0x0A else { return nil }
        return lineStart..<min(position + 1, bytes.count)
    }

    /// Where the comma after the value ending at `end` is, past blanks and line breaks.
    private func comma(after end: Int) -> Int? {
        var position = end
        while position < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[position]) { position += 1 }
        return position < bytes.count && bytes[position] == UInt8(ascii: ",") ? position : nil
    }

    private func cut(_ index: Int, starts: [Int], ends: [Int]) -> Range<Int> {
        if index + 1 < starts.count { return starts[index]..<starts[index + 1] }
        if index > 0 { return ends[index - 1]..<ends[index] }
        return starts[index]..<ends[index]
    }

    /// The member `key` of an object, or the item at index `key` of a list.
    func child(of place: Place, _ key: String) -> Place? {
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
        let inner = memberIndent(of: container, close: close)
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

    /// The indent of a container's members: its first one's, when that is on a line of its own
    /// (a file indented by four spaces or a tab keeps to it), else two spaces past its `}`'s line.
    private func memberIndent(of container: Place, close: Int) -> String {
        let first: Int?
        switch container.node {
        case .object(let members, _, _): first = members.first?.keyStart
        case .array(let items, _, _): first = items.first?.range.lowerBound
        case .scalar: first = nil
        }
        if let first {
            let blanks = indent(at: first)
            let lineStart = first - blanks.utf8.count
            if lineStart == 0 || bytes[lineStart - 1] == 0x0A { return blanks }
        }
        return indent(at: close) + "  "
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
        let compact = value.oneLineJSON
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
