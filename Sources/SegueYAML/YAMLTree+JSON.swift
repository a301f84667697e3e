import CLibYAML
import SegueJSON

extension YAMLTree {
    /// The YAML document in `bytes` (UTF-8) written by `writer` as JSON, event by event: what a
    /// YAML spec costs is libyaml's parse and the JSON, with no node made for a value that has no
    /// anchor and is not merged (`<<`). An empty stream is `null`.
    static func write(_ bytes: [UInt8], into writer: inout YAMLToJSON) throws(JSONSyntaxError) {
        // The JSON is about the YAML's size: made room for once, not grown (and copied) as it comes.
        writer.json.reserveCapacity(writer.json.count + bytes.count)
        try reading(bytes) { mark in
            writer.note(mark)
            writer.json.append(contentsOf: "null".utf8)
        } root: { (tree, first) throws(JSONSyntaxError) in
            try tree.write(from: &first, depth: 0, into: &writer)
        }
    }

    /// Writes the value `event` starts, its events read to its end; `event` is deleted. The same
    /// JSON and origins as the node of it written by `YAMLToJSON.write(_:)`; of a document with
    /// several errors, the first met in the stream is told. Duplicate keys are told apart by their
    /// text's bytes (`é` and `e` with a combining accent are two keys, as JSON reads them).
    private mutating func write(from event: inout yaml_event_t, depth: Int, into writer: inout YAMLToJSON) throws(JSONSyntaxError) {
        if Self.anchor(of: event) != nil || event.type == YAML_ALIAS_EVENT {
            // Used again by aliases: made a node (kept under its anchor), then written.
            let node = try node(from: &event, depth: depth)
            return try writer.write(node, depth: depth)
        }
        defer { yaml_event_delete(&event) }
        let mark = YAMLMark(event.start_mark)
        guard depth < YAMLToJSON.depthLimit else { throw YAMLToJSON.problem(at: mark, "nested more than \(YAMLToJSON.depthLimit) levels deep") }
        try writer.checkSize(at: mark)
        writer.note(mark)
        switch event.type {
        case YAML_SCALAR_EVENT:
            // Most scalars are text no type could be read from: written from libyaml's bytes.
            if let text = Self.plainText(event) { return writer.writeString(bytes: text) }
            try writer.write(Self.scalar(event, mark: mark))
        case YAML_SEQUENCE_START_EVENT:
            try writer.enter(depth, at: mark)
            writer.json.append(UInt8(ascii: "["))
            var count = 0
            while true {
                var item = try next()
                if item.type == YAML_SEQUENCE_END_EVENT {
                    yaml_event_delete(&item)
                    break
                }
                if count > 0 { writer.json.append(UInt8(ascii: ",")) }
                count += 1
                try write(from: &item, depth: depth + 1, into: &writer)
            }
            writer.json.append(UInt8(ascii: "]"))
        case YAML_MAPPING_START_EVENT:
            try writer.enter(depth, at: mark)
            try writeMapping(depth: depth, into: &writer)
        default:
            throw YAMLToJSON.problem(at: mark, "unexpected YAML event")
        }
    }

    /// A mapping's members, to its end: its own as they come, then those of the mappings it
    /// merges (`<<`) that it does not set itself, the first merged winning.
    private mutating func writeMapping(depth: Int, into writer: inout YAMLToJSON) throws(JSONSyntaxError) {
        writer.json.append(UInt8(ascii: "{"))
        var keys = MappingKeys()
        var merged: [[(key: YAMLNode, value: YAMLNode)]]?
        while true {
            var keyEvent = try next()
            if keyEvent.type == YAML_MAPPING_END_EVENT {
                yaml_event_delete(&keyEvent)
                break
            }
            let mark = YAMLMark(keyEvent.start_mark)
            let isMerge: Bool
            let start = writer.json.count
            if writer.json.last != UInt8(ascii: "{") { writer.json.append(UInt8(ascii: ",")) }
            let keyStart = writer.json.count
            if keyEvent.type == YAML_SCALAR_EVENT, Self.anchor(of: keyEvent) == nil, keyEvent.data.scalar.tag == nil,
               let text = Self.scalarBytes(keyEvent) {
                // A text key (nearly all): checked and written from libyaml's bytes.
                let plain = keyEvent.data.scalar.style == YAML_PLAIN_SCALAR_STYLE || keyEvent.data.scalar.style == YAML_ANY_SCALAR_STYLE
                isMerge = plain && text.elementsEqual("<<".utf8)
                writer.note(mark)
                writer.writeString(bytes: text)
                yaml_event_delete(&keyEvent)
            } else {
                let keyNode = try node(from: &keyEvent, depth: depth + 1)
                guard case .scalar(let key) = keyNode else {
                    // `title: {{name}}` is a mapping whose key is a mapping: a template unquoted.
                    var hint = ""
                    if case .mapping = keyNode { hint = "; quote a template: \"{{name}}\"" }
                    throw YAMLToJSON.problem(at: keyNode.mark, "a key must be a scalar: JSON keys are strings\(hint)")
                }
                isMerge = key.string == "<<" && key.plain && key.tag.isEmpty
                writer.note(key.mark)
                writer.writeString(key.string)
            }
            // The `<<` is taken back from the JSON below, so its place is not kept as a key's.
            guard isMerge || keys.insert(keyStart..<writer.json.count, in: writer.json) else {
                let key = (try? JSONParser.parse(Array(writer.json[keyStart...])))?.stringValue ?? ""
                throw YAMLToJSON.problem(at: mark, "duplicate key \"\(key)\" in a mapping")
            }
            var value = try next()
            guard isMerge else {
                writer.json.append(UInt8(ascii: ":"))
                try write(from: &value, depth: depth + 1, into: &writer)
                continue
            }
            // Merged after the mapping's own members: the `<<` itself is not one.
            writer.json.removeSubrange(start...)
            writer.dropNotes(from: start)
            // A later `<<` wins over an earlier one, as PyYAML reads them; in one list the first wins.
            merged = try YAMLToJSON.mergedSources(try node(from: &value, depth: depth + 1)) + (merged ?? [])
        }
        if let merged {
            var own = keys.texts(in: writer.json)
            for source in merged {
                for member in try YAMLToJSON.members(of: source) where own.insert(member.key.text).inserted {
                    if writer.json.last != UInt8(ascii: "{") { writer.json.append(UInt8(ascii: ",")) }
                    writer.note(member.key.mark)
                    writer.writeString(member.key.text)
                    writer.json.append(UInt8(ascii: ":"))
                    try writer.write(member.value, depth: depth + 1)
                }
            }
        }
        writer.json.append(UInt8(ascii: "}"))
    }

    /// The bytes of a scalar event's text.
    private static func scalarBytes(_ event: yaml_event_t) -> UnsafeBufferPointer<UInt8>? {
        let scalar = event.data.scalar
        guard let value = scalar.value else { return scalar.length == 0 ? UnsafeBufferPointer(start: nil, count: 0) : nil }
        return UnsafeBufferPointer(start: value, count: scalar.length)
    }

    /// The text of a scalar that can only be text: untagged, and quoted or a block, or plain and
    /// starting with a character no other type does (`npm`, `Item 7`); `nil` for any other.
    private static func plainText(_ event: yaml_event_t) -> UnsafeBufferPointer<UInt8>? {
        let scalar = event.data.scalar
        guard scalar.tag == nil, let bytes = scalarBytes(event) else { return nil }
        if scalar.style != YAML_PLAIN_SCALAR_STYLE && scalar.style != YAML_ANY_SCALAR_STYLE { return bytes }
        guard let first = bytes.first else { return nil }
        // What null, a boolean or a number may start with (`YAMLScalar.typed`).
        let typedStarts: [UInt8] = Array("~nNtTfF+-.0123456789".utf8)
        return typedStarts.contains(first) ? nil : bytes
    }

    private static func anchor(of event: yaml_event_t) -> UnsafeMutablePointer<yaml_char_t>? {
        switch event.type {
        case YAML_SCALAR_EVENT: return event.data.scalar.anchor
        case YAML_SEQUENCE_START_EVENT: return event.data.sequence_start.anchor
        case YAML_MAPPING_START_EVENT: return event.data.mapping_start.anchor
        default: return nil
        }
    }

    static func scalar(_ event: yaml_event_t, mark: YAMLMark) -> YAMLScalarNode {
        let scalar = event.data.scalar
        let string = String(decoding: UnsafeBufferPointer(start: scalar.value, count: scalar.length), as: UTF8.self)
        return YAMLScalarNode(string: string, tag: text(scalar.tag),
                              plain: scalar.style == YAML_PLAIN_SCALAR_STYLE || scalar.style == YAML_ANY_SCALAR_STYLE, mark: mark)
    }
}

/// The keys a mapping has had so far, as the places of the JSON strings written for them (equal
/// text, equal bytes): a few compared one by one, as mappings mostly are, a set past that.
private struct MappingKeys {
    private var few: [Range<Int>] = []
    private var many: Set<[UInt8]> = []

    /// Adds the key written at `range` of `json`; false when it was there already.
    mutating func insert(_ range: Range<Int>, in json: [UInt8]) -> Bool {
        guard many.isEmpty else { return many.insert(Array(json[range])).inserted }
        guard !few.contains(where: { $0.count == range.count && json[$0].elementsEqual(json[range]) }) else { return false }
        few.append(range)
        if few.count > 16 {
            many = Set(few.map { Array(json[$0]) })
            few = []
        }
        return true
    }

    /// The keys' texts, for the members merged in after them.
    func texts(in json: [UInt8]) -> Set<String> {
        Set((few.map { Array(json[$0]) } + many).map { (try? JSONParser.parse($0))?.stringValue ?? "" })
    }
}
