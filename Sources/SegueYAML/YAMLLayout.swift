import CLibYAML
import SegueJSON

/// Where each value of a YAML document is in its bytes: what a settings file written in YAML
/// needs to have one value changed where it stands, its comments and layout kept (`YAMLPatch`).
///
/// Cost: one pass of libyaml's parser and a place per value; made only when a YAML settings file
/// is saved.
struct YAMLLayout {
    /// How a collection is written: `key: value` lines and `- item` lines, or `{…}` and `[…]`.
    enum Style {
        case block
        case flow
    }

    indirect enum Node {
        case scalar
        /// A mapping with a key that is not text: replaced only whole.
        case opaque
        /// An alias (`*name`) of the value with that anchor: replaced only whole, which makes
        /// this place a copy of its own (the anchor and its other aliases stay as they are).
        case alias(String)
        case mapping([(key: String, keyRange: Range<Int>, value: Place)], Style)
        case sequence([Place], Style)
    }

    /// A value's bytes (a block collection's run from its first key or `-` to the end of its last
    /// value; a scalar's end without the line breaks a block scalar takes), and what it holds.
    /// A value with an anchor (`&name`) starts after it: the anchor stays when it is replaced,
    /// and the aliases that share it follow the new value.
    struct Place {
        var range: Range<Int>
        var node: Node
        /// The column (in bytes from the line's start) the value starts at.
        var column: Int
        /// The anchor (`&name`) the value has, if any.
        var anchor: String? = nil
    }

    /// The document's root; `nil` for a document with no value (only comments, or nothing).
    let root: Place?
    /// Whether the document has an anchor (or an alias): a change may then show at more than
    /// the place it was made (`YAMLPatch`).
    var sharesValues: Bool { !anchors.isEmpty || hasAliases }
    /// The anchors' names (`base` for `&base`), in the order they stand.
    let anchors: [String]
    /// Whether an alias (`*name`) was read.
    let hasAliases: Bool
    /// Where the document's scalars (keys and values) are, in the order they stand: what is not
    /// in them and follows a blank or starts a line, from `#`, is a comment.
    let scalarRanges: [Range<Int>]

    /// The layout of the YAML in `bytes`; `nil` when libyaml cannot read it as one document.
    init?(_ bytes: [UInt8]) {
        var reader = Reader(bytes)
        guard let root = reader.document() else { return nil }
        self.root = root
        anchors = reader.anchors
        hasAliases = reader.hasAliases
        scalarRanges = reader.scalarRanges
    }

    private struct Reader {
        let bytes: [UInt8]
        /// The byte offset of each character libyaml counts (its marks' `index`), when the text is
        /// not all ASCII, where the two are the same.
        let offsets: [Int]?
        /// Where each line starts, for a value's column in a step per line's digit, not per byte
        /// back to its line's start (a file on one long line has thousands of values on it).
        let lineStarts: [Int]
        /// The anchors read, and whether an alias was.
        var anchors: [String] = []
        var hasAliases = false
        /// Every scalar's range, keys too, in the order read.
        var scalarRanges: [Range<Int>] = []

        init(_ bytes: [UInt8]) {
            self.bytes = bytes
            lineStarts = [0] + bytes.indices.filter { bytes[$0] == 0x0A }.map { $0 + 1 }
            if bytes.allSatisfy({ $0 < 0x80 }) {
                offsets = nil
            } else {
                var offsets: [Int] = []
                offsets.reserveCapacity(bytes.count + 1)
                // A UTF-8 character starts at every byte that is not a continuation byte.
                for (offset, byte) in bytes.enumerated() where byte & 0xC0 != 0x80 { offsets.append(offset) }
                offsets.append(bytes.count)
                self.offsets = offsets
            }
        }

        func offset(_ mark: yaml_mark_t) -> Int {
            let index = Int(mark.index)
            guard let offsets else { return min(index, bytes.count) }
            return index < offsets.count ? offsets[index] : bytes.count
        }

        func column(of offset: Int) -> Int {
            // The last line start at or before `offset`.
            var low = 0, high = lineStarts.count
            while high - low > 1 {
                let middle = (low + high) / 2
                if lineStarts[middle] <= offset { low = middle } else { high = middle }
            }
            return offset - lineStarts[low]
        }

        /// The document's root place: `.some(nil)` for an empty one, `nil` when it cannot be read.
        mutating func document() -> Place?? {
            var parser = yaml_parser_t()
            guard yaml_parser_initialize(&parser) != 0 else { return nil }
            defer { yaml_parser_delete(&parser) }
            return bytes.withUnsafeBufferPointer { buffer -> Place?? in
                yaml_parser_set_input_string(&parser, buffer.baseAddress, buffer.count)
                yaml_parser_set_encoding(&parser, YAML_UTF8_ENCODING)
                guard var start = next(&parser) else { return nil }
                yaml_event_delete(&start)
                guard var document = next(&parser) else { return nil }
                defer { yaml_event_delete(&document) }
                guard document.type == YAML_DOCUMENT_START_EVENT else { return .some(nil) }
                guard var first = next(&parser), let root = place(from: &first, parser: &parser, depth: 0) else { return nil }
                guard var end = next(&parser) else { return nil }
                yaml_event_delete(&end)
                guard var after = next(&parser) else { return nil }
                defer { yaml_event_delete(&after) }
                guard after.type == YAML_STREAM_END_EVENT else { return nil }
                if case .scalar = root.node, root.range.isEmpty { return .some(nil) }
                return root
            }
        }

        /// Where a value with the anchor `name` starts after it (and the blanks, line breaks and
        /// comment lines after it: a block collection's first key or `-`), from its event's start.
        private func contentStart(after name: String, from start: Int) -> Int {
            let anchor = Array(("&" + name).utf8)
            var position = start
            // A tag may come first (`!!map &name`).
            while position + anchor.count <= bytes.count, !bytes[position..<position + anchor.count].elementsEqual(anchor) {
                guard bytes[position] != 0x0A else { return start }
                position += 1
            }
            guard position + anchor.count <= bytes.count else { return start }
            position += anchor.count
            while position < bytes.count {
                switch bytes[position] {
                case 0x20, 0x09, 0x0A, 0x0D:
                    position += 1
                case UInt8(ascii: "#") where [0x20, 0x09, 0x0A, 0x0D].contains(bytes[position - 1]):
                    while position < bytes.count, bytes[position] != 0x0A { position += 1 }
                default:
                    return position
                }
            }
            return position
        }

        private func text(_ pointer: UnsafeMutablePointer<yaml_char_t>?) -> String? {
            pointer.map { String(cString: $0) }
        }

        private func next(_ parser: inout yaml_parser_t) -> yaml_event_t? {
            var event = yaml_event_t()
            guard yaml_parser_parse(&parser, &event) != 0 else { return nil }
            return event
        }

        /// The place of the value `event` starts, its events read to its end; `event` is deleted.
        private mutating func place(from event: inout yaml_event_t, parser: inout yaml_parser_t, depth: Int) -> Place? {
            defer { yaml_event_delete(&event) }
            guard depth < YAMLToJSON.depthLimit else { return nil }
            let anchor: String?
            switch event.type {
            case YAML_SCALAR_EVENT: anchor = text(event.data.scalar.anchor)
            case YAML_SEQUENCE_START_EVENT: anchor = text(event.data.sequence_start.anchor)
            case YAML_MAPPING_START_EVENT: anchor = text(event.data.mapping_start.anchor)
            default: anchor = nil
            }
            if let anchor { anchors.append(anchor) }
            let start = anchor.map { contentStart(after: $0, from: offset(event.start_mark)) } ?? offset(event.start_mark)
            let column = column(of: start)
            switch event.type {
            case YAML_ALIAS_EVENT:
                hasAliases = true
                return Place(range: start..<offset(event.end_mark), node: .alias(text(event.data.alias.anchor) ?? ""), column: column)
            case YAML_SCALAR_EVENT:
                var end = offset(event.end_mark)
                while end > start, [0x0A, 0x0D, 0x20, 0x09].contains(bytes[end - 1]) { end -= 1 }
                // Keys too: what no scalar holds, from a `#`, is a comment.
                scalarRanges.append(min(start, end)..<end)
                return Place(range: min(start, end)..<end, node: .scalar, column: column, anchor: anchor)
            case YAML_SEQUENCE_START_EVENT:
                let style: Style = event.data.sequence_start.style == YAML_FLOW_SEQUENCE_STYLE ? .flow : .block
                var items: [Place] = []
                while true {
                    guard var item = next(&parser) else { return nil }
                    if item.type == YAML_SEQUENCE_END_EVENT {
                        let end = style == .flow ? offset(item.end_mark) : (items.last?.range.upperBound ?? start)
                        yaml_event_delete(&item)
                        return Place(range: start..<max(start, end), node: .sequence(items, style), column: column, anchor: anchor)
                    }
                    guard let element = place(from: &item, parser: &parser, depth: depth + 1) else { return nil }
                    items.append(element)
                }
            case YAML_MAPPING_START_EVENT:
                let style: Style = event.data.mapping_start.style == YAML_FLOW_MAPPING_STYLE ? .flow : .block
                var members: [(key: String, keyRange: Range<Int>, value: Place)] = []
                // A key that is not text makes the mapping one to replace whole.
                var opaque = false
                while true {
                    guard var key = next(&parser) else { return nil }
                    if key.type == YAML_MAPPING_END_EVENT {
                        let end = style == .flow ? offset(key.end_mark) : (members.last?.value.range.upperBound ?? start)
                        yaml_event_delete(&key)
                        let node: Node = opaque ? .opaque : .mapping(members, style)
                        return Place(range: start..<max(start, end), node: node, column: column, anchor: anchor)
                    }
                    let text: String? = key.type == YAML_SCALAR_EVENT
                        ? String(decoding: UnsafeBufferPointer(start: key.data.scalar.value, count: key.data.scalar.length), as: UTF8.self)
                        : nil
                    guard let keyPlace = place(from: &key, parser: &parser, depth: depth + 1),
                          var value = next(&parser),
                          let valuePlace = place(from: &value, parser: &parser, depth: depth + 1)
                    else { return nil }
                    if let text { members.append((text, keyPlace.range, valuePlace)) } else { opaque = true }
                }
            default:
                return nil
            }
        }
    }
}
