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

    /// What YAML 1.1 reads `text` (a plain value) as, when that is not what YAML 1.2 does, as
    /// PyYAML and Ruby's Psych read it.
    static func note(for text: String) -> String? {
        if let truth = ["yes": true, "Yes": true, "YES": true, "on": true, "On": true, "ON": true,
                        "no": false, "No": false, "NO": false, "off": false, "Off": false, "OFF": false][text] {
            return "\(text) is text in YAML 1.2, but \(truth) to YAML 1.1 readers: write \(truth) for a boolean, \"\(text)\" for text"
        }
        let sign = text.hasPrefix("-") ? "-" : ""
        let digits = text.hasPrefix("-") || text.hasPrefix("+") ? text.dropFirst() : Substring(text)
        // Base 60: `10:30` is 630, each part after the first under 60.
        let parts = digits.split(separator: ":", omittingEmptySubsequences: false)
        if parts.count > 1, parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCIIDigit) }),
           parts.dropFirst().allSatisfy({ $0.count <= 2 && (Int($0) ?? 60) < 60 }),
           let value = parts.reduce(Int?(0), { total, part in
               // Too large a number for an Int is no note, not a crash (`999999999999999999:30`).
               guard let total, let part = Int(part) else { return nil }
               let shifted = total.multipliedReportingOverflow(by: 60), sum = shifted.partialValue.addingReportingOverflow(part)
               return shifted.overflow || sum.overflow ? nil : sum.partialValue
           }) {
            return "\(text) is text in YAML 1.2, but the number \(sign)\(value) to YAML 1.1 readers: write \"\(text)\""
        }
        // A leading zero: octal.
        if digits.count > 1, digits.first == "0", digits.allSatisfy(\.isASCIIDigit), let octal = Int(digits, radix: 8), let decimal = Int(digits) {
            return "\(text) is \(sign)\(decimal) in YAML 1.2, but \(sign)\(octal) (octal) to YAML 1.1 readers: write \(sign)\(decimal), or \"\(text)\" for text"
        }
        // Digits grouped by `_`: a number to YAML 1.1 only.
        if digits.contains("_"), digits.first?.isASCIIDigit == true, digits.allSatisfy({ $0.isASCIIDigit || $0 == "_" }) {
            let value = digits.filter(\.isASCIIDigit)
            return "\(text) is text in YAML 1.2, but the number \(sign)\(value) to YAML 1.1 readers: write \(sign)\(value), or \"\(text)\" for text"
        }
        // `0o17`: a number to YAML 1.2 only.
        if digits.hasPrefix("0o"), digits.count > 2, let value = Int(digits.dropFirst(2), radix: 8) {
            return "\(text) is \(sign)\(value) in YAML 1.2, but text to YAML 1.1 readers: write \(sign)\(value)"
        }
        // An exponent without a point or a sign (`1e5`): a number to YAML 1.2, text to 1.1.
        if let e = digits.firstIndex(where: { $0 == "e" || $0 == "E" }), let number = Double(text), number.isFinite {
            let mantissa = digits[..<e], exponent = digits[digits.index(after: e)...]
            if !mantissa.contains(".") || !(exponent.hasPrefix("+") || exponent.hasPrefix("-")) {
                return "\(text) is a number in YAML 1.2, but text to YAML 1.1 readers: write \(sign)\(YAMLWriter.number(String(digits)))"
            }
        }
        return nil
    }
}

private extension Character {
    var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}
