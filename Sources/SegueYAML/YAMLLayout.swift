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
        /// An alias (`*name`), or a mapping with a key that is not text: replaced only whole.
        case opaque
        /// A value with an anchor (`&name`): changing it, in place or whole, would change or
        /// break the aliases that share it.
        case anchored
        case mapping([(key: String, keyRange: Range<Int>, value: Place)], Style)
        case sequence([Place], Style)
    }

    /// A value's bytes (a block collection's run from its first key or `-` to the end of its last
    /// value; a scalar's end without the line breaks a block scalar takes), and what it holds.
    struct Place {
        var range: Range<Int>
        var node: Node
        /// The column (in bytes from the line's start) the value starts at.
        var column: Int
    }

    /// The document's root; `nil` for a document with no value (only comments, or nothing).
    let root: Place?

    /// The layout of the YAML in `bytes`; `nil` when libyaml cannot read it as one document.
    init?(_ bytes: [UInt8]) {
        var reader = Reader(bytes)
        guard let root = reader.document() else { return nil }
        self.root = root
    }

    private struct Reader {
        let bytes: [UInt8]
        /// The byte offset of each character libyaml counts (its marks' `index`), when the text is
        /// not all ASCII, where the two are the same.
        let offsets: [Int]?
        /// Where each line starts, for a value's column in a step per line's digit, not per byte
        /// back to its line's start (a file on one long line has thousands of values on it).
        let lineStarts: [Int]

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

        private func next(_ parser: inout yaml_parser_t) -> yaml_event_t? {
            var event = yaml_event_t()
            guard yaml_parser_parse(&parser, &event) != 0 else { return nil }
            return event
        }

        /// The place of the value `event` starts, its events read to its end; `event` is deleted.
        private func place(from event: inout yaml_event_t, parser: inout yaml_parser_t, depth: Int) -> Place? {
            defer { yaml_event_delete(&event) }
            guard depth < YAMLToJSON.depthLimit else { return nil }
            let start = offset(event.start_mark)
            let column = column(of: start)
            switch event.type {
            case YAML_ALIAS_EVENT:
                return Place(range: start..<offset(event.end_mark), node: .opaque, column: column)
            case YAML_SCALAR_EVENT:
                var end = offset(event.end_mark)
                while end > start, [0x0A, 0x0D, 0x20, 0x09].contains(bytes[end - 1]) { end -= 1 }
                return Place(range: start..<end, node: event.data.scalar.anchor != nil ? .anchored : .scalar, column: column)
            case YAML_SEQUENCE_START_EVENT:
                let style: Style = event.data.sequence_start.style == YAML_FLOW_SEQUENCE_STYLE ? .flow : .block
                var items: [Place] = []
                while true {
                    guard var item = next(&parser) else { return nil }
                    if item.type == YAML_SEQUENCE_END_EVENT {
                        let end = style == .flow ? offset(item.end_mark) : (items.last?.range.upperBound ?? start)
                        yaml_event_delete(&item)
                        let anchored = event.data.sequence_start.anchor != nil
                        return Place(range: start..<end, node: anchored ? .anchored : .sequence(items, style), column: column)
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
                        let node: Node = event.data.mapping_start.anchor != nil ? .anchored : opaque ? .opaque : .mapping(members, style)
                        return Place(range: start..<end, node: node, column: column)
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
