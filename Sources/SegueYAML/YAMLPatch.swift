import SegueSpec
import SegueJSON

/// A settings file written in YAML, with changed settings put in at the deepest place the file
/// already has for them, as `SettingsPatch` does for JSON: a value replaced where it stands, a
/// new member added as a line at the end of its mapping, a new item as a `- item` line at the end
/// of its list, a member taken away with its lines. Comments, key order, quoting and indentation
/// outside the values replaced are kept; what is written follows the style of the collection it
/// goes in (block lines or `{…}`).
///
/// A value with an anchor (`&base`) is changed where it stands, the anchor kept, so every alias
/// of it (`*base`, `<<: *base`) follows, as YAML means; a value reached through an alias is
/// written there as a copy of its own, the anchor and its other aliases left as they are
/// (`applyingShared` says what a change reaches).
///
/// The caller checks the result reads back as the settings (and what aliases share) and writes
/// the file whole otherwise.
package struct YAMLPatch {
    typealias Place = YAMLLayout.Place

    let bytes: [UInt8]
    let layout: YAMLLayout
    private let newline: String
    /// The byte order mark the file starts with, kept in front of it.
    private let byteOrderMark: [UInt8]

    /// The file's layout; `nil` when libyaml cannot read it.
    package init?(_ file: [UInt8]) {
        let bytes = YAMLDocument.withoutByteOrderMark(file)
        guard let layout = YAMLLayout(bytes) else { return nil }
        byteOrderMark = Array(file.prefix(file.count - bytes.count))
        self.bytes = bytes
        self.layout = layout
        newline = TextEdit.usesCRLF(bytes) ? "\r\n" : "\n"
    }

    private typealias Edit = TextEdit

    /// The bytes with each setting in `names` (changed, its new value in `merged`: absent for one
    /// taken away) put in; `nil` when that cannot be done in place.
    package func applying(_ names: [String], from merged: JSONValue) -> [UInt8]? {
        patched(names, from: merged).map { byteOrderMark + $0 }
    }

    private func patched(_ names: [String], from merged: JSONValue) -> [UInt8]? {
        guard let root = layout.root else {
            // Only comments (a `# yaml-language-server: $schema=…` line, say): the settings after them.
            guard case .object(let members) = merged, !members.isEmpty else { return bytes }
            let separator = bytes.isEmpty || bytes.last == 0x0A ? "" : newline
            return bytes + Array((separator + YAMLWriter.document(merged, newline: newline)).utf8)
        }
        // What the file holds now, to change only what differs from it (a list set whole when an
        // item is added, moved or taken away keeps the other items as written).
        let original = try? JSONParser.parse(YAMLDocument.json(bytes).bytes)
        let outermost = SettingName.outermost(names)
        var edits: [Edit] = []
        var additions: [Int: (container: Place, entries: [(key: String?, value: JSONValue)])] = [:]
        var added: Set<String> = []
        let (renamed, settled) = renames(in: outermost, from: original, to: merged, root: root)
        edits += renamed
        for name in outermost where !settled.contains(name) {
            let keys = SettingName.keys(name)
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
                    guard let changes = changes(at: place, in: parent, from: original?.setting(pointer), to: value) else { return nil }
                    edits += changes
                } else if let parent {
                    let emptied = keys.count > 1 ? merged.setting(SettingName.pointer(Array(keys.dropLast()))) : merged
                    guard let index = index(of: keys[found - 1], in: parent), let emptied else { return nil }
                    edits.append(removal(index, from: parent)
                        ?? replacement(of: parent, in: keys.count > 1 ? parentPlace(of: keys.dropLast()[...], in: root) : nil, with: emptied))
                }
                continue
            }
            let first = SettingName.pointer(Array(keys[...found]))
            let value = merged.setting(first)
            // An empty `{}` or `[]` in a block given its first members is written anew as a block.
            if found > 0, isEmptyFlow(place), style(parent ?? root) != .flow, value != nil {
                let whole = SettingName.pointer(Array(keys[..<found]))
                guard added.insert(whole).inserted else { continue }
                guard let filled = merged.setting(whole) else { return nil }
                edits.append(replacement(of: place, in: parent, with: filled))
                continue
            }
            switch place.node {
            case .mapping:
                guard let value, added.insert(first).inserted else { continue }
                additions[place.range.lowerBound, default: (place, [])].entries.append((keys[found], value))
            case .sequence(let items, _) where Int(keys[found]) == items.count:
                guard let value, added.insert(first).inserted else { continue }
                additions[place.range.lowerBound, default: (place, [])].entries.append((nil, value))
            default:
                // A value set inside what is not a collection is written whole; so is an alias
                // with a change inside it (or something taken away from it), which makes it a
                // copy of its own: the anchor and its other aliases stay. Once for all the
                // changes inside it.
                var isAlias = false
                if case .alias = place.node { isAlias = true }
                guard value != nil || (isAlias && found > 0) else { continue }
                let whole = SettingName.pointer(Array(keys[..<found]))
                guard added.insert(whole).inserted else { continue }
                guard let value = merged.setting(whole) else { return nil }
                edits.append(replacement(of: place, in: found > 0 ? parentPlace(of: keys[..<found], in: root) : nil, with: value))
            }
        }
        for addition in additions.values { edits.append(insertion(addition.entries, into: addition.container)) }
        return TextEdit.apply(edits, to: bytes)
    }

    /// The edits that turn `place` (holding `old`) into `new`: only what differs. A mapping's
    /// members are changed, taken away and added one by one; a list that gained an item at its
    /// end, lost one, had two next to each other swapped or items changed in place is edited so;
    /// anything else is written anew. `nil` when the file cannot be edited in place.
    private func changes(at place: Place, in parent: Place?, from old: JSONValue?, to new: JSONValue) -> [Edit]? {
        guard let old, old != new else { return old == new ? [] : [replacement(of: place, in: parent, with: new)] }
        switch (place.node, old, new) {
        case (.mapping(let members, _), .object(let oldMembers), .object(let newMembers))
            where !newMembers.isEmpty && members.contains(where: { newMembers[$0.key] != nil }):
            var edits: [Edit] = []
            for (index, member) in members.enumerated() where member.key != "<<" {
                guard let value = newMembers[member.key] else {
                    guard let cut = removal(index, from: place) else { return nil }
                    edits.append(cut)
                    continue
                }
                guard let inner = changes(at: member.value, in: place, from: oldMembers[member.key], to: value) else { return nil }
                edits += inner
            }
            let own = Set(members.map(\.key))
            let newOnes = newMembers.keys.sorted().filter { !own.contains($0) && oldMembers[$0] != newMembers[$0] }
            if !newOnes.isEmpty { edits.append(insertion(newOnes.map { ($0, newMembers[$0] ?? .null) }, into: place)) }
            // Members next to each other taken away cut into each other: the mapping written anew.
            return TextEdit.conflict(edits) ? [replacement(of: place, in: parent, with: new)] : edits
        case (.sequence(let items, _), .array(let oldItems), .array(let newItems)) where items.count == oldItems.count && !newItems.isEmpty:
            switch ListEdit.between(oldItems, newItems) {
            case .appended(let last)?:
                return [insertion([(nil, last)], into: place)]
            case .removed(let gone)?:
                guard let cut = removal(gone, from: place) else { break }
                return [cut]
            case .swapped(let first)?:
                // Their text swapped, comments inside them kept; in block style their whole lines,
                // with the comment lines just above each, which speak of it.
                var (one, other) = (items[first].range, items[first + 1].range)
                if style(place) == .block, let upper = commentedLines(of: items[first]), let lower = commentedLines(of: items[first + 1]),
                   upper.upperBound <= lower.lowerBound, bytes[lower.upperBound - 1] == 0x0A {
                    (one, other) = (upper, lower)
                }
                return [Edit(range: one, text: text(other)), Edit(range: other, text: text(one))]
            case .changed(let indexes)?:
                var edits: [Edit] = []
                for index in indexes {
                    guard let inner = changes(at: items[index], in: place, from: oldItems[index], to: newItems[index]) else { return nil }
                    edits += inner
                }
                return edits
            case nil:
                break
            }
        default:
            break
        }
        return [replacement(of: place, in: parent, with: new)]
    }

    private func text(_ range: Range<Int>) -> String {
        String(decoding: bytes[range], as: UTF8.self)
    }

    /// The index of member `key` of a mapping, or of item `key` of a list.
    private func index(of key: String, in container: Place) -> Int? {
        switch container.node {
        case .mapping(let members, _): return members.lastIndex { $0.key == key }
        case .sequence(let items, _): return Int(key).flatMap { items.indices.contains($0) ? $0 : nil }
        case .scalar, .opaque, .alias: return nil
        }
    }

    /// The place that holds the value at `keys` (its parent), for a replacement's context.
    private func parentPlace(of keys: ArraySlice<String>, in root: Place) -> Place? {
        var place = root
        for key in keys.dropLast() {
            guard let next = child(of: place, key) else { return nil }
            place = next
        }
        return place
    }

    /// The member `key` of a mapping, or the item at index `key` of a list; nothing inside an
    /// alias or a value with an anchor.
    func child(of place: Place, _ key: String) -> Place? {
        switch place.node {
        case .mapping(let members, _): return members.last { $0.key == key }?.value
        case .sequence(let items, _): return Int(key).flatMap { items.indices.contains($0) ? items[$0] : nil }
        case .scalar, .opaque, .alias: return nil
        }
    }

    // MARK: - Replacing

    /// `place` (a value of `parent`, or the root) written anew as `value`.
    private func replacement(of place: Place, in parent: Place?, with value: JSONValue) -> Edit {
        if case .flow = parent.map(style) ?? .block {
            return Edit(range: place.range, text: YAMLWriter.flow(value))
        }
        switch (place.node, value) {
        case (.mapping(let members, .flow), _) where !members.isEmpty:
            return Edit(range: place.range, text: YAMLWriter.flow(value))
        case (.sequence(let items, .flow), _) where !items.isEmpty:
            return Edit(range: place.range, text: YAMLWriter.flow(value))
        default:
            // An empty `{}` or `[]` in a block given members is written as a block, as a
            // person would (`db: {}` becomes `db:` with `image: postgres` under it).
            break
        }
        let start = place.range.lowerBound
        // A block collection starts on its own line under its key: a scalar taking its place goes
        // back up beside the key (`key:\n  - a` becomes `key: []`).
        let afterIndicator = start > 0 && [UInt8(ascii: ":"), UInt8(ascii: "-")].contains(bytes[start - 1])
        if let text = YAMLWriter.inline(value) {
            // Text replacing quoted text is quoted the same way (a file that quotes its values
            // keeps doing so).
            if case .scalar = place.node, case .string(let string) = value, !place.range.isEmpty,
               let quoted = YAMLWriter.quoted(string, like: bytes[place.range.lowerBound]) {
                return Edit(range: place.range, text: quoted)
            }
            if isBlockCollection(place), let indicator = indicatorBefore(start) {
                return Edit(range: indicator..<place.range.upperBound, text: " " + text)
            }
            return Edit(range: place.range, text: (afterIndicator ? " " : "") + text)
        }
        if isBlockCollection(place) {
            return Edit(range: place.range, text: YAMLWriter.block(value, column: place.column, newline: newline))
        }
        // A scalar becomes a block collection: under a key it goes on the lines below, indented
        // past the key; as a list's item it starts where the scalar was (`- a: 1`).
        if let parent, case .mapping(let members, _) = parent.node, members.contains(where: { $0.value.range == place.range }) {
            let keyColumn = members.first.map { column(of: $0.keyRange.lowerBound) } ?? 0
            let inner = keyColumn + 2
            let range = (indicatorBefore(start) ?? start)..<place.range.upperBound
            return Edit(range: range, text: newline + String(repeating: " ", count: inner) + YAMLWriter.block(value, column: inner, newline: newline))
        }
        let itemColumn = afterIndicator ? place.column + 1 : place.column
        return Edit(range: place.range, text: (afterIndicator ? " " : "") + YAMLWriter.block(value, column: itemColumn, newline: newline))
    }

    private func style(_ place: Place) -> YAMLLayout.Style? {
        switch place.node {
        case .mapping(_, let style), .sequence(_, let style): return style
        case .scalar, .opaque, .alias: return nil
        }
    }

    private func isEmptyFlow(_ place: Place) -> Bool {
        switch place.node {
        case .mapping(let members, .flow): return members.isEmpty
        case .sequence(let items, .flow): return items.isEmpty
        default: return false
        }
    }

    private func isBlockCollection(_ place: Place) -> Bool {
        style(place) == .block
    }

    // MARK: - Adding

    /// New members (or items) at the end of a collection: lines after its last one at its indent,
    /// or `, entry` before a flow collection's closing bracket.
    private func insertion(_ entries: [(key: String?, value: JSONValue)], into container: Place) -> Edit {
        let count: Int
        switch container.node {
        case .mapping(let members, _): count = members.count
        case .sequence(let items, _): count = items.count
        case .scalar, .opaque, .alias: count = 0
        }
        if style(container) == .flow {
            let close = container.range.upperBound - 1
            let written = entries.map { entry in (entry.key.map { YAMLWriter.string($0) + ": " } ?? "") + YAMLWriter.flow(entry.value) }
            return Edit(range: close..<close, text: (count == 0 ? "" : ", ") + written.joined(separator: ", "), depth: container.column + 1)
        }
        let column = container.column
        let indent = String(repeating: " ", count: column)
        let lines = entries.map { entry -> String in
            if let key = entry.key {
                let head = YAMLWriter.string(key) + ":"
                if let text = YAMLWriter.inline(entry.value) { return indent + head + " " + text }
                let inner = column + 2
                return indent + head + newline + String(repeating: " ", count: inner) + YAMLWriter.block(entry.value, column: inner, newline: newline)
            }
            return indent + "- " + (YAMLWriter.inline(entry.value) ?? YAMLWriter.block(entry.value, column: column + 2, newline: newline))
        }
        // After the line the collection's last value ends on.
        let end = lineEnd(container.range.upperBound)
        if end == bytes.count { return Edit(range: end..<end, text: newline + lines.joined(separator: newline), depth: column + 1) }
        return Edit(range: end + 1..<end + 1, text: lines.joined(separator: newline) + newline, depth: column + 1)
    }

    private func isSequence(_ place: Place) -> Bool {
        if case .sequence = place.node { return true }
        return false
    }

    /// A block list's item as whole lines: its `- ` line to the end of its value's, and the comment
    /// lines right above it at its dash's indent (no blank line between; one less indented speaks
    /// of the list).
    private func commentedLines(of item: Place) -> Range<Int>? {
        ownLines(from: item.range.lowerBound, to: item.range.upperBound, item: true).map(withCommentsAbove)
    }

    /// `lines` with the comment lines right above them at their indent, which speak of them.
    private func withCommentsAbove(_ lines: Range<Int>) -> Range<Int> {
        let indent = bytes[lines.lowerBound...].prefix { $0 == 0x20 || $0 == 0x09 }.count
        var start = lines.lowerBound
        while start > 0 {
            var above = start - 1
            while above > 0, bytes[above - 1] != 0x0A { above -= 1 }
            let blanks = bytes[above..<start].prefix { $0 == 0x20 || $0 == 0x09 }.count
            guard blanks == indent, above + blanks < start, bytes[above + blanks] == UInt8(ascii: "#") else { break }
            start = above
        }
        return start..<lines.upperBound
    }

    /// The whole lines a value from `start` to `end` stands on, with the line break ending them:
    /// when only blanks (for a list's item, blanks and its `-`) come before it on its first line,
    /// and only blanks or a comment after it on its last.
    private func ownLines(from start: Int, to end: Int, item: Bool) -> Range<Int>? {
        var lineStart = start
        while lineStart > 0, bytes[lineStart - 1] == 0x20 || bytes[lineStart - 1] == 0x09 { lineStart -= 1 }
        if item, lineStart > 0, bytes[lineStart - 1] == UInt8(ascii: "-") {
            lineStart -= 1
            while lineStart > 0, bytes[lineStart - 1] == 0x20 || bytes[lineStart - 1] == 0x09 { lineStart -= 1 }
        }
        guard lineStart == 0 || bytes[lineStart - 1] == 0x0A else { return nil }
        var position = end
        while position < bytes.count, bytes[position] == 0x20 || bytes[position] == 0x09 { position += 1 }
        if position < bytes.count, bytes[position] == UInt8(ascii: "#") { position = lineEnd(position) }
        if position < bytes.count, bytes[position] == 0x0D { position += 1 }
        guard position == bytes.count || bytes[position] == 0x0A else { return nil }
        return lineStart..<min(position + 1, bytes.count)
    }

    /// The offset of the line break ending the line `offset` is on (the file's length on the last).
    private func lineEnd(_ offset: Int) -> Int {
        var position = offset
        while position < bytes.count, bytes[position] != 0x0A { position += 1 }
        return position
    }

    // MARK: - Taking away

    /// Member (or item) `index` of a collection cut out: in block style its own lines (from its
    /// key, or its `- `, to the end of the line its value ends on, with the comment there), the
    /// comment lines above and below it staying; else from its key (or value) to the next one's,
    /// or for the last, from the end of the one before. `nil` for the only one, whose collection
    /// is then written empty.
    private func removal(_ index: Int, from container: Place) -> Edit? {
        let starts: [Int]
        let ends: [Int]
        switch container.node {
        case .mapping(let members, _):
            starts = members.map(\.keyRange.lowerBound)
            ends = members.map(\.value.range.upperBound)
        case .sequence(let items, _):
            starts = items.map(\.range.lowerBound)
            ends = items.map(\.range.upperBound)
        case .scalar, .opaque, .alias:
            return nil
        }
        guard starts.count > 1, starts.indices.contains(index) else { return nil }
        // In a block, with its lines go the comment lines right above it (a removed item takes
        // the comment that named it).
        if style(container) == .block, let lines = ownLines(from: starts[index], to: ends[index], item: isSequence(container)) {
            return Edit(range: withCommentsAbove(lines), text: "")
        }
        if index + 1 < starts.count { return Edit(range: starts[index]..<starts[index + 1], text: "") }
        if style(container) == .flow { return Edit(range: ends[index - 1]..<ends[index], text: "") }
        return Edit(range: lineEnd(ends[index - 1])..<lineEnd(ends[index]), text: "")
    }
}
