import SegueSpec

/// Writes a YAML node tree as compact JSON, noting (when asked) the YAML line:column each key and
/// value came from, by the JSON offset it starts at.
struct YAMLToJSON {
    /// A key or value's first JSON byte and where it was in the YAML.
    struct Origin {
        var offset: Int
        var line: Int32
        var column: Int32
    }

    /// As deep as the JSON scanner reads; deeper YAML is refused here, before the stack runs out.
    static let depthLimit = 512

    var json: [UInt8] = []
    private(set) var origins: [Origin] = []
    private let recordsOrigins: Bool
    /// The most JSON written: aliases can make a small YAML file stand for a huge document
    /// ("a billion laughs"), which stops here as a spec that large would.
    let sizeLimit: Int

    init(recordsOrigins: Bool, sizeLimit: Int = SpecLoader.sizeLimit) {
        self.recordsOrigins = recordsOrigins
        self.sizeLimit = sizeLimit
    }

    mutating func write(_ root: YAMLNode) throws(JSONSyntaxError) {
        try write(root, depth: 0)
    }

    mutating func write(_ node: YAMLNode, depth: Int) throws(JSONSyntaxError) {
        try checkSize(at: node.mark)
        note(node.mark)
        switch node {
        case .scalar(let scalar):
            try write(scalar)
        case .sequence(let sequence, _):
            try enter(depth, at: node.mark)
            json.append(UInt8(ascii: "["))
            for (index, element) in sequence.enumerated() {
                if index > 0 { json.append(UInt8(ascii: ",")) }
                try write(element, depth: depth + 1)
            }
            json.append(UInt8(ascii: "]"))
        case .mapping(let mapping, _):
            try enter(depth, at: node.mark)
            json.append(UInt8(ascii: "{"))
            var first = true
            for (key, value) in try Self.members(of: mapping) {
                if !first { json.append(UInt8(ascii: ",")) }
                first = false
                note(key.mark)
                writeString(key.text)
                json.append(UInt8(ascii: ":"))
                try write(value, depth: depth + 1)
            }
            json.append(UInt8(ascii: "}"))
        }
    }

    func checkSize(at mark: YAMLMark) throws(JSONSyntaxError) {
        guard json.count <= sizeLimit else {
            throw Self.problem(at: mark, "the YAML stands for more than \(sizeLimit >> 20) MB of JSON (through its aliases?)")
        }
    }

    func enter(_ depth: Int, at mark: YAMLMark?) throws(JSONSyntaxError) {
        guard depth < Self.depthLimit else { throw Self.problem(at: mark, "nested more than \(Self.depthLimit) levels deep") }
    }

    mutating func write(_ scalar: YAMLScalarNode) throws(JSONSyntaxError) {
        switch try YAMLScalar(scalar) {
        case .null: json.append(contentsOf: "null".utf8)
        case .bool(let flag): json.append(contentsOf: (flag ? "true" : "false").utf8)
        case .number(let text): json.append(contentsOf: text.utf8)
        case .string(let text): writeString(text)
        }
    }

    /// A mapping's members in order, each key a scalar's text, with `<<` merge keys expanded: the
    /// merged mappings' members that the mapping does not set itself, the first merged winning.
    static func members(of mapping: [(key: YAMLNode, value: YAMLNode)]) throws(JSONSyntaxError) -> [(key: (text: String, mark: YAMLMark?), value: YAMLNode)] {
        var own: [(key: (text: String, mark: YAMLMark?), value: YAMLNode)] = []
        var merged: [[(key: YAMLNode, value: YAMLNode)]] = []
        for (key, value) in mapping {
            guard case .scalar(let scalar) = key else {
                // `title: {{name}}` is a mapping whose key is a mapping: a template unquoted.
                var hint = ""
                if case .mapping = key { hint = "; quote a template: \"{{name}}\"" }
                throw problem(at: key.mark, "a key must be a scalar: JSON keys are strings\(hint)")
            }
            if scalar.string == "<<", scalar.plain, scalar.tag.isEmpty {
                // A later `<<` wins over an earlier one, as PyYAML reads them; in one list the first wins.
                merged = try mergedSources(value) + merged
                continue
            }
            own.append(((scalar.string, key.mark), value))
        }
        var seen = Set(own.map(\.key.text))
        for source in merged {
            for member in try members(of: source) where seen.insert(member.key.text).inserted {
                own.append(member)
            }
        }
        return own
    }

    /// The mappings a merge key's value merges, the first winning: one, or a list of them.
    static func mergedSources(_ value: YAMLNode) throws(JSONSyntaxError) -> [[(key: YAMLNode, value: YAMLNode)]] {
        switch value {
        case .mapping(let source, _): return [source]
        case .sequence(let sources, _):
            var mappings: [[(key: YAMLNode, value: YAMLNode)]] = []
            for source in sources {
                guard case .mapping(let mapping, _) = source else {
                    throw problem(at: source.mark, "a merge key (<<) takes a mapping or a list of mappings")
                }
                mappings.append(mapping)
            }
            return mappings
        default: throw problem(at: value.mark, "a merge key (<<) takes a mapping or a list of mappings")
        }
    }

    /// Forgets the origins noted for JSON from `offset` on, taken back.
    mutating func dropNotes(from offset: Int) {
        while let last = origins.last, last.offset >= offset { origins.removeLast() }
    }

    mutating func note(_ mark: YAMLMark?) {
        guard recordsOrigins, let mark else { return }
        origins.append(Origin(offset: json.count, line: Int32(clamping: mark.line), column: Int32(clamping: mark.column)))
    }

    /// `text` as a JSON string: quotes, backslashes and control characters escaped.
    mutating func writeString(_ text: String) {
        var text = text
        text.withUTF8 { writeString(bytes: $0) }
    }

    /// UTF-8 `bytes` as a JSON string; a run with nothing to escape is copied whole.
    mutating func writeString(bytes: UnsafeBufferPointer<UInt8>) {
        json.append(UInt8(ascii: "\""))
        guard bytes.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) else {
            json.append(contentsOf: bytes)
            json.append(UInt8(ascii: "\""))
            return
        }
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "\""): json.append(contentsOf: #"\""#.utf8)
            case UInt8(ascii: "\\"): json.append(contentsOf: #"\\"#.utf8)
            case 0x0A: json.append(contentsOf: #"\n"#.utf8)
            case 0x09: json.append(contentsOf: #"\t"#.utf8)
            case 0x0D: json.append(contentsOf: #"\r"#.utf8)
            case ..<0x20:
                let hex = Array("0123456789abcdef".utf8)
                json.append(contentsOf: #"\u00"#.utf8)
                json.append(hex[Int(byte >> 4)])
                json.append(hex[Int(byte & 0xF)])
            default: json.append(byte)
            }
        }
        json.append(UInt8(ascii: "\""))
    }

    static func problem(at mark: YAMLMark?, _ message: String) -> JSONSyntaxError {
        JSONSyntaxError(offset: 0, line: mark?.line ?? 1, column: mark?.column ?? 1, message: message)
    }
}
