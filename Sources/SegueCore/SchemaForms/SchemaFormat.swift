/// JSON Schema's `format`s that `SchemaCheck` checks, about as Python's `jsonschema` format
/// checker does (RFC 3339 dates and times, RFC 1123 host names, addresses as `ipaddress` reads
/// them); a format not listed here is not checked.
enum SchemaFormat {
    /// Why `text` is not of `format`, or `nil` when it is (or the format is not checked).
    static func refusal(of text: String, format: String) -> String? {
        switch format {
        case "date-time": return isDateTime(text) ? nil : "expected a date and time (YYYY-MM-DDThh:mm:ssZ)"
        case "date": return isDate(text) ? nil : "expected a date (YYYY-MM-DD)"
        case "time": return isTime(text) ? nil : "expected a time with its zone (hh:mm:ssZ, hh:mm:ss+01:00)"
        case "email", "idn-email": return isEmail(text) ? nil : "expected an email address"
        case "hostname": return isHostname(text) ? nil : "expected a host name"
        case "ipv4": return isIPv4(text) ? nil : "expected an IPv4 address"
        case "ipv6": return isIPv6(text) ? nil : "expected an IPv6 address"
        case "uri": return isURI(text) ? nil : "expected a URI with its scheme (https://…)"
        case "uri-reference": return isURIReference(text) ? nil : "expected a URI or a relative reference"
        case "uuid": return isUUID(text) ? nil : "expected a UUID (8-4-4-4-12 hex digits)"
        case "regex": return (try? Regex(text)) != nil ? nil : "expected a regular expression"
        case "json-pointer": return isJSONPointer(text) ? nil : "expected a JSON Pointer (/a/b)"
        default: return nil
        }
    }

    /// `text`'s characters as ASCII bytes, or `nil` when it has others.
    private static func ascii(_ text: String) -> [UInt8]? {
        let bytes = Array(text.utf8)
        return bytes.allSatisfy { $0 < 0x80 } ? bytes : nil
    }

    private static func digits(_ bytes: ArraySlice<UInt8>) -> Int? {
        guard !bytes.isEmpty, bytes.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
        return bytes.reduce(0) { $0 * 10 + Int($1 - 0x30) }
    }

    static func isDate(_ text: String) -> Bool {
        guard let bytes = ascii(text), bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
              let year = digits(bytes[0..<4]), let month = digits(bytes[5..<7]), let day = digits(bytes[8..<10]),
              (1...12).contains(month), day >= 1 else { return false }
        let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
        let days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]
        return day <= days
    }

    /// `hh:mm:ss`, a fraction, and a zone (`Z` or `±hh:mm`), as RFC 3339's full-time.
    static func isTime(_ text: String) -> Bool {
        guard let bytes = ascii(text), bytes.count >= 9, bytes[2] == UInt8(ascii: ":"), bytes[5] == UInt8(ascii: ":"),
              let hour = digits(bytes[0..<2]), let minute = digits(bytes[3..<5]), let second = digits(bytes[6..<8]),
              hour < 24, minute < 60, second <= 60 else { return false }
        var rest = bytes[8...]
        if rest.first == UInt8(ascii: ".") {
            let fraction = rest.dropFirst().prefix { $0 >= 0x30 && $0 <= 0x39 }
            guard !fraction.isEmpty else { return false }
            rest = rest.dropFirst(1 + fraction.count)
        }
        if rest.count == 1, rest.first == UInt8(ascii: "Z") || rest.first == UInt8(ascii: "z") { return true }
        guard rest.count == 6, rest.first == UInt8(ascii: "+") || rest.first == UInt8(ascii: "-"),
              rest[rest.startIndex + 3] == UInt8(ascii: ":"),
              let zoneHour = digits(rest.dropFirst().prefix(2)), let zoneMinute = digits(rest.suffix(2)) else { return false }
        return zoneHour < 24 && zoneMinute < 60
    }

    static func isDateTime(_ text: String) -> Bool {
        guard let bytes = ascii(text), bytes.count > 11, bytes[10] == UInt8(ascii: "T") || bytes[10] == UInt8(ascii: "t") else { return false }
        return isDate(String(decoding: bytes[..<10], as: UTF8.self)) && isTime(String(decoding: bytes[11...], as: UTF8.self))
    }

    /// Something before and after one `@`, no spaces.
    static func isEmail(_ text: String) -> Bool {
        guard let at = text.lastIndex(of: "@") else { return false }
        return at != text.startIndex && text.index(after: at) != text.endIndex && !text.contains(where: \.isWhitespace)
    }

    /// Labels of letters, digits and inner hyphens, each 1 to 63 long, 253 in all; a final dot.
    static func isHostname(_ text: String) -> Bool {
        guard let bytes = ascii(text), !bytes.isEmpty else { return false }
        let name = bytes.last == UInt8(ascii: ".") ? bytes.dropLast() : bytes[...]
        guard !name.isEmpty, name.count <= 253 else { return false }
        return name.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false).allSatisfy { label in
            guard (1...63).contains(label.count), label.first != UInt8(ascii: "-"), label.last != UInt8(ascii: "-") else { return false }
            return label.allSatisfy { isAlphanumeric($0) || $0 == UInt8(ascii: "-") }
        }
    }

    private static func isAlphanumeric(_ byte: UInt8) -> Bool {
        (byte >= 0x30 && byte <= 0x39) || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A)
    }

    private static func isHex(_ byte: UInt8) -> Bool {
        (byte >= 0x30 && byte <= 0x39) || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x66)
    }

    /// Four decimal numbers to 255, no leading zeros.
    static func isIPv4(_ text: String) -> Bool {
        guard let bytes = ascii(text) else { return false }
        let parts = bytes.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        return parts.count == 4 && parts.allSatisfy { part in
            guard part.count <= 3, let value = digits(part), value <= 255 else { return false }
            return part.count == 1 || part.first != UInt8(ascii: "0")
        }
    }

    /// Eight groups of up to four hex digits, `::` once for a run of zero groups, the last two
    /// possibly an IPv4 address; no zone (`%eth0`).
    static func isIPv6(_ text: String) -> Bool {
        guard let bytes = ascii(text), bytes.count >= 2 else { return false }
        let text = String(decoding: bytes, as: UTF8.self)
        let compressed = text.ranges(of: "::")
        guard compressed.count <= 1 else { return false }
        let halves = compressed.first.map { [String(text[..<$0.lowerBound]), String(text[$0.upperBound...])] } ?? [text]
        var groups = 0
        for (index, half) in halves.enumerated() where !half.isEmpty {
            let parts = half.split(separator: ":", omittingEmptySubsequences: false)
            for (position, part) in parts.enumerated() {
                if position == parts.count - 1, index == halves.count - 1, part.contains(".") {
                    guard isIPv4(String(part)) else { return false }
                    groups += 2
                } else {
                    guard (1...4).contains(part.utf8.count), part.utf8.allSatisfy(isHex) else { return false }
                    groups += 1
                }
            }
        }
        return halves.count == 2 ? groups <= 7 : groups == 8
    }

    /// A scheme (`https:`) and the rest, without spaces or characters a URI may not hold.
    static func isURI(_ text: String) -> Bool {
        guard let colon = text.firstIndex(of: ":"), let first = text.first, first.isASCII, first.isLetter else { return false }
        let scheme = text[..<colon]
        guard scheme.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) }) else { return false }
        return isURIReference(String(text[text.index(after: colon)...]))
    }

    static func isURIReference(_ text: String) -> Bool {
        guard let bytes = ascii(text) else { return false }
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte <= 0x20 || byte == 0x7F || Array(#"<>"{}|\^`"#.utf8).contains(byte) { return false }
            if byte == UInt8(ascii: "%") {
                guard index + 2 < bytes.count, isHex(bytes[index + 1]), isHex(bytes[index + 2]) else { return false }
                index += 2
            }
            index += 1
        }
        return true
    }

    static func isUUID(_ text: String) -> Bool {
        guard let bytes = ascii(text), bytes.count == 36 else { return false }
        return bytes.indices.allSatisfy { [8, 13, 18, 23].contains($0) ? bytes[$0] == UInt8(ascii: "-") : isHex(bytes[$0]) }
    }

    static func isJSONPointer(_ text: String) -> Bool {
        guard !text.isEmpty else { return true }
        guard text.hasPrefix("/") else { return false }
        let scalars = Array(text.unicodeScalars)
        return scalars.indices.allSatisfy { scalars[$0] != "~" || ($0 + 1 < scalars.count && (scalars[$0 + 1] == "0" || scalars[$0 + 1] == "1")) }
    }
}
