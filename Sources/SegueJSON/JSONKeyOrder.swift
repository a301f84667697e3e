/// The order each object's keys are written in, by the object's JSON Pointer (RFC 6901): what a
/// `JSONValue`, whose objects are dictionaries, forgets.
///
/// `segue edit` lists a schema's properties in the order its author wrote them; a YAML schema's
/// JSON (`SegueYAML`) keeps the YAML's order, so one reading of JSON bytes serves both. Costs one
/// pass over the bytes and an array of keys per object; values are skipped, not built.
package struct JSONKeyOrder: Equatable, Sendable {
    private var orders: [String: [String]] = [:]

    /// No order known: every lookup answers `nil`.
    package init() {}

    /// The key order of every object in `bytes` (JSON or JSONC); a key written twice counts
    /// where it is first written.
    package init(_ bytes: [UInt8]) throws(JSONSyntaxError) {
        var orders: [String: [String]] = [:]
        try bytes.withUnsafeBufferPointer { (buffer) throws(JSONSyntaxError) in
            var scanner = JSONScanner(buffer)
            do throws(JSONScanError) {
                scanner.skipByteOrderMark()
                scanner.skipWhitespace()
                try Self.read(&scanner, at: "", depth: 0, into: &orders)
                try scanner.expectEnd()
            } catch {
                throw JSONSyntaxError(error, in: buffer)
            }
        }
        self.orders = orders
    }

    /// The keys of the object at `pointer` (`""` for the whole document, `/properties`), in the
    /// order written; `nil` for no object there, or no order known.
    package func keys(at pointer: String) -> [String]? {
        orders[pointer]
    }

    /// `pointer` followed by one more step, `key` escaped (`~` as `~0`, `/` as `~1`).
    package static func pointer(_ pointer: String, _ key: String) -> String {
        guard key.utf8.contains(where: { $0 == UInt8(ascii: "~") || $0 == UInt8(ascii: "/") }) else { return pointer + "/" + key }
        return pointer + "/" + key.replacing("~", with: "~0").replacing("/", with: "~1")
    }

    private static func read(_ scanner: inout JSONScanner, at pointer: String, depth: Int,
                             into orders: inout [String: [String]]) throws(JSONScanError) {
        switch scanner.current {
        case UInt8(ascii: "{"):
            var keys: [String] = []
            var seen: Set<String> = []
            defer { orders[pointer] = keys }
            guard try scanner.enterObject(depth: depth + 1) else { return }
            repeat {
                let key = try scanner.readKey().decode(in: scanner.bytes)
                if seen.insert(key).inserted { keys.append(key) }
                try read(&scanner, at: Self.pointer(pointer, key), depth: depth + 1, into: &orders)
            } while try scanner.nextMember()
        case UInt8(ascii: "["):
            guard try scanner.enterArray(depth: depth + 1) else { return }
            var index = 0
            repeat {
                try read(&scanner, at: pointer + "/" + String(index), depth: depth + 1, into: &orders)
                index += 1
            } while try scanner.nextElement()
        default:
            try scanner.skipValue(depth: depth)
        }
    }
}
