import SegueSpec
import SegueJSON

/// What a patch reaches besides the places it was made at: a value with an anchor is shared by
/// its aliases (`*base`) and the mappings that merge it (`<<: *base`), so a change inside it shows
/// at each of them too. And what writing such a file whole instead would lose.
extension YAMLPatch {
    /// A patch and what the file reads as once it is written.
    package struct Shared {
        /// The file's bytes, patched.
        package var bytes: [UInt8]
        /// The settings the patched file holds: the merged settings, and each change made inside
        /// a value with an anchor at every place that shares it.
        package var reads: JSONValue
        /// Those other places (JSON Pointers) and their values now (`nil`: taken away).
        package var followed: [String: JSONValue?]

        package init(bytes: [UInt8], reads: JSONValue, followed: [String: JSONValue?]) {
            self.bytes = bytes
            self.reads = reads
            self.followed = followed
        }
    }

    /// `applying(names, from: merged)`, with what the patched file then reads as; `nil` when the
    /// patch cannot be made, or where a change shows cannot be told.
    ///
    /// Where a change shows is found as libyaml reads it, not worked out beside it: the same
    /// patch is made with each change's value replaced by a mark of its own, and the places the
    /// marked file holds each mark at are where that change shows (aliases, merges and aliases of
    /// aliases alike). Cost, only for a file with an anchor or an alias: a second patch and read.
    package func applyingShared(_ names: [String], from merged: JSONValue) -> Shared? {
        guard let bytes = applying(names, from: merged) else { return nil }
        let changed = SettingName.outermost(names)
        // Only a change made inside a value with an anchor can show elsewhere.
        guard layout.sharesValues, changed.contains(where: isInsideAnAnchor) else { return Shared(bytes: bytes, reads: merged, followed: [:]) }
        // What each such change changes, value by value: a mark replacing a value that holds an
        // anchor would take the anchor away with it.
        let original = try? JSONParser.parse(YAMLDocument.json(self.bytes).bytes)
        var leaves: [String] = []
        for name in changed where isInsideAnAnchor(name) {
            leaves += Self.differences(original?.setting(name), merged.setting(name), at: SettingName.pointer(SettingName.keys(name)))
        }
        let mark = "segue-change-\(String(UInt64.random(in: 0...UInt64.max), radix: 36))-"
        var marked = merged
        for (index, leaf) in leaves.enumerated() { marked.setSetting(leaf, to: .string(mark + String(index))) }
        guard let probe = applying(names, from: marked),
              let read = try? JSONParser.parse(YAMLDocument.json(probe).bytes) else { return nil }
        var places: [Int: [String]] = [:]
        Self.collect(mark, in: read, at: [], into: &places)
        var reads = merged
        var followed: [String: JSONValue?] = [:]
        for (index, leaf) in leaves.enumerated() {
            let found = places[index] ?? []
            // Each change shows where it was made, at least.
            guard found.contains(leaf) else { return nil }
            let value = merged.setting(leaf)
            for pointer in found where pointer != leaf {
                reads.setSetting(pointer, to: value)
                followed[pointer] = .some(value)
            }
        }
        return Shared(bytes: bytes, reads: reads, followed: followed)
    }

    /// Whether the setting `name` is in the file inside a value with an anchor (or is one, or
    /// holds one), or would be added to one.
    private func isInsideAnAnchor(_ name: String) -> Bool {
        guard var place = layout.root else { return false }
        if place.anchor != nil { return true }
        for key in SettingName.keys(name) {
            guard let next = child(of: place, key) else { return false }
            if next.anchor != nil { return true }
            place = next
        }
        return holdsAnAnchor(place)
    }

    private func holdsAnAnchor(_ place: Place) -> Bool {
        if place.anchor != nil { return true }
        switch place.node {
        case .mapping(let members, _): return members.contains { holdsAnAnchor($0.value) }
        case .sequence(let items, _): return items.contains(where: holdsAnAnchor)
        case .scalar, .opaque, .alias: return false
        }
    }

    /// The pointers under `pointer` at which `new` differs from `old`: members and items one by
    /// one where both are objects (or lists of one length), else `pointer` itself.
    private static func differences(_ old: JSONValue?, _ new: JSONValue?, at pointer: String) -> [String] {
        switch (old, new) {
        case (.object(let before)?, .object(let after)?):
            return Set(before.keys).union(after.keys).sorted().flatMap { key in
                before[key] == after[key] ? [] : differences(before[key], after[key], at: JSONKeyOrder.pointer(pointer, key))
            }
        case (.array(let before)?, .array(let after)?) where before.count == after.count:
            return before.indices.flatMap { index in
                before[index] == after[index] ? [] : differences(before[index], after[index], at: pointer + "/" + String(index))
            }
        default:
            return old == new ? [] : [pointer]
        }
    }

    /// The pointers at which `value` holds text that starts with `mark`, by the number after it.
    private static func collect(_ mark: String, in value: JSONValue, at keys: [String], into places: inout [Int: [String]]) {
        switch value {
        case .string(let text) where text.hasPrefix(mark):
            if let index = Int(text.dropFirst(mark.count)) { places[index, default: []].append(SettingName.pointer(keys)) }
        case .object(let members):
            for (key, member) in members { collect(mark, in: member, at: keys + [key], into: &places) }
        case .array(let items):
            for (index, item) in items.enumerated() { collect(mark, in: item, at: keys + [String(index)], into: &places) }
        default:
            break
        }
    }

    /// What writing this file whole (as `YAMLWriter` does, keeping the comment lines it starts
    /// with) would lose: `its 3 comments and its anchors (&base), each alias written out as a copy`;
    /// `nil` when nothing.
    package var wholeRewriteLoss: String? {
        var lost: [String] = []
        let comments = commentCount
        if comments > 0 { lost.append(comments == 1 ? "its comment" : "its \(comments) comments") }
        if layout.sharesValues {
            let named = layout.anchors.isEmpty ? "" : " (" + layout.anchors.prefix(3).map { "&" + $0 }.joined(separator: ", ")
                + (layout.anchors.count > 3 ? ", …" : "") + ")"
            lost.append("its anchors\(named), each alias written out as a copy")
        }
        return lost.isEmpty ? nil : lost.joined(separator: " and ")
    }

    /// The comments after the document's first value (those before it are kept by a whole
    /// write): each `#` that no scalar holds, at a line's start or after a blank.
    private var commentCount: Int {
        guard let root = layout.root else { return 0 }
        let ranges = layout.scalarRanges
        var next = 0
        var count = 0
        var position = root.range.lowerBound
        while position < bytes.count {
            while next < ranges.count, ranges[next].upperBound <= position { next += 1 }
            if next < ranges.count, ranges[next].contains(position) {
                position = ranges[next].upperBound
                continue
            }
            if bytes[position] == UInt8(ascii: "#"), position == 0 || [0x20, 0x09, 0x0A, 0x0D].contains(bytes[position - 1]) {
                count += 1
                while position < bytes.count, bytes[position] != 0x0A { position += 1 }
            }
            position += 1
        }
        return count
    }
}
