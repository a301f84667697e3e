import CLibYAML
import SegueJSON

/// Plain values YAML 1.2 (which Segue reads) and YAML 1.1 (which many tools still read config
/// files with: PyYAML, Ruby's Psych behind dependabot) read as different values: `yes`, `on`,
/// `n` (text here, booleans there), `10:30` (text here, the number 630 there) and `010` (10
/// here, 8 there). Told when a config file opens in `segue edit`, with how to write it so that
/// both read the same.
package enum YAMLReadings {
    /// `line:column: …` for each such value of the document in `bytes` (keys are not looked at);
    /// none for a document libyaml cannot read (its error is told elsewhere).
    package static func notes(_ bytes: [UInt8]) -> [String] {
        let bytes = YAMLDocument.withoutByteOrderMark(bytes)
        var parser = yaml_parser_t()
        guard yaml_parser_initialize(&parser) != 0 else { return [] }
        defer { yaml_parser_delete(&parser) }
        return bytes.withUnsafeBufferPointer { buffer in
            yaml_parser_set_input_string(&parser, buffer.baseAddress, buffer.count)
            yaml_parser_set_encoding(&parser, YAML_UTF8_ENCODING)
            var notes: [String] = []
            // For each open collection: a mapping's whether its next node is a key; nil for a sequence.
            var open: [Bool?] = []
            while true {
                var event = yaml_event_t()
                guard yaml_parser_parse(&parser, &event) != 0 else { return notes }
                defer { yaml_event_delete(&event) }
                switch event.type {
                case YAML_STREAM_END_EVENT:
                    return notes
                case YAML_MAPPING_START_EVENT, YAML_SEQUENCE_START_EVENT:
                    advance(&open)
                    open.append(event.type == YAML_MAPPING_START_EVENT ? true : nil)
                case YAML_MAPPING_END_EVENT, YAML_SEQUENCE_END_EVENT:
                    open.removeLast()
                case YAML_SCALAR_EVENT, YAML_ALIAS_EVENT:
                    let isKey = open.last == .some(true)
                    advance(&open)
                    let scalar = event.data.scalar
                    guard event.type == YAML_SCALAR_EVENT, !isKey, scalar.tag == nil,
                          scalar.style == YAML_PLAIN_SCALAR_STYLE || scalar.style == YAML_ANY_SCALAR_STYLE,
                          let value = scalar.value else { continue }
                    let text = String(decoding: UnsafeBufferPointer(start: value, count: scalar.length), as: UTF8.self)
                    if let note = note(for: text) {
                        let mark = YAMLMark(event.start_mark)
                        notes.append("\(mark.line):\(mark.column): \(note)")
                    }
                default:
                    break
                }
            }
        }
    }

    /// A node was met: in a mapping, a key is followed by its value, a value by the next key.
    private static func advance(_ open: inout [Bool?]) {
        guard let last = open.indices.last, let expectsKey = open[last] else { return }
        open[last] = !expectsKey
    }

    /// What YAML 1.1 reads `text` (a plain value) as, when that is not what YAML 1.2 does.
    static func note(for text: String) -> String? {
        let lowered = text.lowercased()
        if ["yes", "no", "on", "off", "y", "n"].contains(lowered) {
            let truth = ["yes", "on", "y"].contains(lowered)
            return "\(text) is text in YAML 1.2, but \(truth) to YAML 1.1 readers: write \(truth) for a boolean, \"\(text)\" for text"
        }
        let digits = text.drop { $0 == "-" || $0 == "+" }
        let parts = digits.split(separator: ":", omittingEmptySubsequences: false)
        if parts.count > 1, parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCIIDigit) }), parts.dropFirst().allSatisfy({ $0.count <= 2 }),
           let value = parts.reduce(Int?(0), { total, part in total.flatMap { total in Int(part).map { total * 60 + $0 } } }) {
            return "\(text) is text in YAML 1.2, but the number \(text.hasPrefix("-") ? "-" : "")\(value) to YAML 1.1 readers: write \"\(text)\""
        }
        if digits.count > 1, digits.first == "0", digits.allSatisfy(\.isASCIIDigit), let octal = Int(digits, radix: 8) {
            return "\(text) is \(Int(digits) ?? 0) in YAML 1.2, but \(octal) (octal) to YAML 1.1 readers: write \(Int(digits) ?? 0), or \"\(text)\" for text"
        }
        return nil
    }
}

private extension Character {
    var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}
