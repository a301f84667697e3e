import CLibYAML
import SegueJSON

/// A YAML document as libyaml's parser reads it: scalars (text, tag, whether plain, where),
/// sequences and mappings in order, aliases already replaced by what they name.
indirect enum YAMLNode {
    case scalar(YAMLScalarNode)
    case sequence([YAMLNode], YAMLMark)
    case mapping([(key: YAMLNode, value: YAMLNode)], YAMLMark)

    var mark: YAMLMark {
        switch self {
        case .scalar(let scalar): return scalar.mark
        case .sequence(_, let mark), .mapping(_, let mark): return mark
        }
    }
}

/// A 1-based line and column (in Unicode scalars, as libyaml counts them).
struct YAMLMark: Equatable {
    var line: Int
    var column: Int

    init(_ mark: yaml_mark_t) {
        line = Int(mark.line) + 1
        column = Int(mark.column) + 1
    }
}

struct YAMLScalarNode {
    var string: String
    /// The tag as libyaml resolved it (`tag:yaml.org,2002:str` for `!!str`, `!` for a
    /// non-specific one), `""` when it has none.
    var tag: String
    /// Written without quotes or a block indicator: only such a scalar is typed by its text.
    var plain: Bool
    var mark: YAMLMark
}

/// Reads one YAML document from libyaml's events: as a `YAMLNode` tree (`root(of:)`), or written
/// as JSON event by event (`YAMLTree+JSON`), where only values with an anchor (which aliases use
/// again) and merged mappings (`<<`) become nodes.
///
/// Cost: one pass of libyaml's parser and a node per value made; an alias shares the node it
/// names (arrays copy on write), so a document of nested aliases stays its size here, and each
/// alias is weighed against the document before it is used (`YAMLAliasBudget`), so what is
/// written from it stays within a small multiple of the document.
struct YAMLTree {
    var parser = yaml_parser_t()
    /// Each anchor's node, and what it weighs with its aliases expanded.
    var anchors: [String: (node: YAMLNode, weight: Int)] = [:]
    var aliases = YAMLAliasBudget()
    /// The weight of the nodes made so far, aliases expanded: an anchored node weighs what this
    /// grew by while it was made.
    private var madeWeight = 0

    /// The document in `bytes` (UTF-8); an empty stream is a null scalar.
    static func root(of bytes: [UInt8]) throws(JSONSyntaxError) -> YAMLNode {
        try reading(bytes) { mark in
            .scalar(YAMLScalarNode(string: "", tag: "", plain: true, mark: mark))
        } root: { (tree, first) throws(JSONSyntaxError) in
            try tree.node(from: &first, depth: 0)
        }
    }

    /// The stream in `bytes` (UTF-8), which must be one document, read by `root` from its first
    /// event (which `root` deletes); `empty` is what a stream with no document is, at its end.
    static func reading<Value>(_ bytes: [UInt8], empty: (YAMLMark) -> Value,
                               root: (inout YAMLTree, inout yaml_event_t) throws(JSONSyntaxError) -> Value) throws(JSONSyntaxError) -> Value {
        var tree = YAMLTree()
        guard yaml_parser_initialize(&tree.parser) != 0 else { throw YAMLToJSON.problem(at: nil, "out of memory") }
        defer { yaml_parser_delete(&tree.parser) }
        return try bytes.withUnsafeBufferPointer { (buffer) throws(JSONSyntaxError) -> Value in
            yaml_parser_set_input_string(&tree.parser, buffer.baseAddress, buffer.count)
            yaml_parser_set_encoding(&tree.parser, YAML_UTF8_ENCODING)
            var event = try tree.next()
            defer { yaml_event_delete(&event) }
            precondition(event.type == YAML_STREAM_START_EVENT)
            var start = try tree.next()
            defer { yaml_event_delete(&start) }
            guard start.type == YAML_DOCUMENT_START_EVENT else { return empty(YAMLMark(start.start_mark)) }
            var first = try tree.next()
            let value = try root(&tree, &first)
            var end = try tree.next()
            yaml_event_delete(&end)
            var after = try tree.next()
            defer { yaml_event_delete(&after) }
            guard after.type == YAML_STREAM_END_EVENT else {
                throw YAMLToJSON.problem(at: YAMLMark(after.start_mark), "a second document: a spec is one document (no ---)")
            }
            return value
        }
    }

    /// The node `event` starts, its events read to its end; `event` is deleted. `depth` is the
    /// number of collections around it: deeper than JSON is read is refused before the stack runs out.
    mutating func node(from event: inout yaml_event_t, depth: Int) throws(JSONSyntaxError) -> YAMLNode {
        defer { yaml_event_delete(&event) }
        let mark = YAMLMark(event.start_mark)
        guard depth < YAMLToJSON.depthLimit else { throw YAMLToJSON.problem(at: mark, "nested more than \(YAMLToJSON.depthLimit) levels deep") }
        let built: YAMLNode
        var anchor: UnsafeMutablePointer<yaml_char_t>?
        let madeBefore = madeWeight
        switch event.type {
        case YAML_ALIAS_EVENT:
            let name = Self.text(event.data.alias.anchor)
            guard let named = anchors[name] else { throw YAMLToJSON.problem(at: mark, "no anchor &\(name) before this alias") }
            try aliases.spend(named.weight, on: name, at: mark)
            madeWeight += named.weight
            return named.node
        case YAML_SCALAR_EVENT:
            let scalar = event.data.scalar
            anchor = scalar.anchor
            madeWeight += YAMLAliasBudget.weight(bytes: scalar.length)
            let string = String(decoding: UnsafeBufferPointer(start: scalar.value, count: scalar.length), as: UTF8.self)
            built = .scalar(YAMLScalarNode(string: string, tag: Self.text(scalar.tag),
                                          plain: scalar.style == YAML_PLAIN_SCALAR_STYLE || scalar.style == YAML_ANY_SCALAR_STYLE, mark: mark))
        case YAML_SEQUENCE_START_EVENT:
            anchor = event.data.sequence_start.anchor
            madeWeight += YAMLAliasBudget.weight(bytes: nil)
            var items: [YAMLNode] = []
            while true {
                var item = try next()
                if item.type == YAML_SEQUENCE_END_EVENT {
                    yaml_event_delete(&item)
                    break
                }
                items.append(try node(from: &item, depth: depth + 1))
            }
            built = .sequence(items, mark)
        case YAML_MAPPING_START_EVENT:
            anchor = event.data.mapping_start.anchor
            madeWeight += YAMLAliasBudget.weight(bytes: nil)
            var pairs: [(key: YAMLNode, value: YAMLNode)] = []
            var keys: Set<String> = []
            while true {
                var key = try next()
                if key.type == YAML_MAPPING_END_EVENT {
                    yaml_event_delete(&key)
                    break
                }
                let keyNode = try node(from: &key, depth: depth + 1)
                // `<<` may be repeated (`<<: *a` then `<<: *b`), as YAML 1.1 readers take it.
                if case .scalar(let scalar) = keyNode, !(scalar.string == "<<" && scalar.plain && scalar.tag.isEmpty),
                   !keys.insert(scalar.string).inserted {
                    throw YAMLToJSON.problem(at: keyNode.mark, "duplicate key \"\(scalar.string)\" in a mapping")
                }
                var value = try next()
                pairs.append((keyNode, try node(from: &value, depth: depth + 1)))
            }
            built = .mapping(pairs, mark)
        default:
            throw YAMLToJSON.problem(at: mark, "unexpected YAML event")
        }
        if let anchor { anchors[Self.text(anchor)] = (built, madeWeight - madeBefore) }
        return built
    }

    /// The next event, or libyaml's error at its place; a node's is weighed as the document's own.
    mutating func next() throws(JSONSyntaxError) -> yaml_event_t {
        var event = yaml_event_t()
        guard yaml_parser_parse(&parser, &event) != 0 else {
            let problem = parser.problem.map { String(cString: $0) } ?? "not valid YAML"
            let context = parser.context.map { " (\(String(cString: $0)) at \(YAMLMark(parser.context_mark).line):\(YAMLMark(parser.context_mark).column))" } ?? ""
            throw YAMLToJSON.problem(at: YAMLMark(parser.problem_mark), problem + context)
        }
        switch event.type {
        case YAML_SCALAR_EVENT: aliases.noteOwn(YAMLAliasBudget.weight(bytes: event.data.scalar.length))
        case YAML_SEQUENCE_START_EVENT, YAML_MAPPING_START_EVENT, YAML_ALIAS_EVENT: aliases.noteOwn(YAMLAliasBudget.weight(bytes: nil))
        default: break
        }
        return event
    }

    static func text(_ pointer: UnsafeMutablePointer<yaml_char_t>?) -> String {
        guard let pointer else { return "" }
        return String(cString: pointer)
    }
}
