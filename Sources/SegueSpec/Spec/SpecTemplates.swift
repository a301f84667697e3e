#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
@_spi(Scanning) import SegueJSON

/// The loader's check that every placeholder of a spec can be read: a bad expression
/// (`{{a = 1}}`, `{{.Names}}`) is an error at its line and column, with its JSON path, not text
/// that silently draws as written.
///
/// It looks at the raw bytes for `{{`, so a spec without templates costs a `memchr` for each `{`, and reads
/// each distinct placeholder once (a million rows sharing `{{name}}` parse it once). Strings
/// under the top-level `data` are data, not templates, and are left alone.
package enum SpecTemplates {
    /// Placeholders remembered as good, at most: enough for any spec's distinct templates.
    private static let cacheLimit = 4_096

    /// The first placeholder that cannot be read, as a load error.
    package static func check(_ bytes: UnsafeBufferPointer<UInt8>) -> JSONScanError? {
        guard let base = bytes.baseAddress, bytes.count >= 4 else { return nil }
        var good: Set<[UInt8]> = []
        var recent = [(start: Int, count: Int)](repeating: (0, -1), count: 8)
        var next = 0
        // Paths are worked out only for placeholders that fail, in the order they stand, so the
        // locator walks the file once however many fail (under `data`, where they may).
        var locator = JSONPathLocator(bytes)
        var position = 0
        while position + 1 < bytes.count {
            guard let found = memchr(base + position, Int32(UInt8(ascii: "{")), bytes.count - position) else { return nil }
            let open = UnsafePointer<UInt8>(found.assumingMemoryBound(to: UInt8.self)) - base
            guard open + 1 < bytes.count, bytes[open + 1] == UInt8(ascii: "{") else {
                position = open + 1
                continue
            }
            position = open + 2
            if isEscaped(open, in: bytes) { continue }
            let end = closing(after: position, in: bytes)
            guard end.isClosed else {
                // No `}}` before the string ends: no placeholder starts anywhere after this one
                // in the string either, so the scan goes on after it (linear in `{{{{…`).
                position = end.index
                continue
            }
            let close = end.index
            // Most specs repeat a few placeholders row after row: the last ones read are
            // compared in place before anything is copied.
            let length = close - position
            if recent.contains(where: { $0.count == length && memcmp(base + $0.start, base + position, length) == 0 }) {
                position = close + 2
                continue
            }
            let body = Array(bytes[position..<close])
            let start = position
            position = close + 2
            if good.contains(body) {
                recent[next] = (start, length)
                next = (next + 1) % recent.count
                continue
            }
            guard let inside = decode(body) else { continue }
            switch TemplateExpressionParser.parse(inside) {
            case .success:
                if good.count < cacheLimit { good.insert(body) }
                recent[next] = (start, length)
                next = (next + 1) % recent.count
            case .failure(let problem):
                // A `{{` in a comment (JSONC) is no template.
                guard let path = locator.path(at: open) else { continue }
                if path == "data" || path.hasPrefix("data.") || path.hasPrefix("data[") { continue }
                let shown = inside.count > 40 ? String(inside.prefix(39)) + "…" : inside
                var message = "{{\(shown)}}: \(problem.message)"
                if inside.first == "." || inside.contains(" .") {
                    message += "; to pass {{ on as it is (a Go template), write \\\\{{ in JSON"
                }
                // The column of the problem itself, when the placeholder has no escapes before it.
                let offset = body.count == inside.utf8.count ? open + 2 + problem.offset : open
                return .shape(message, path: path, at: offset)
            }
        }
        return nil
    }

    /// Whether the `{{` at `open` follows a backslash of the string (JSON's `\\`): `\{{` is a
    /// literal `{{` in a template.
    private static func isEscaped(_ open: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var count = 0
        var index = open - 1
        while index >= 0, bytes[index] == UInt8(ascii: "\\") {
            count += 1
            index -= 1
        }
        return count >= 2 && count % 2 == 0
    }

    /// Where the `}}` closing a placeholder starts, within the same JSON string; else where the
    /// string ends (its closing quote, or a line break in broken JSON).
    private static func closing(after start: Int, in bytes: UnsafeBufferPointer<UInt8>) -> (index: Int, isClosed: Bool) {
        var index = start
        while index + 1 < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "\\"): index += 2; continue
            case UInt8(ascii: "\""), 0x0A: return (index, false)
            case UInt8(ascii: "}") where bytes[index + 1] == UInt8(ascii: "}"): return (index, true)
            default: index += 1
            }
        }
        return (bytes.count, false)
    }

    /// The placeholder's text, its JSON escapes undone.
    private static func decode(_ body: [UInt8]) -> String? {
        guard body.contains(UInt8(ascii: "\\")) else { return String(decoding: body, as: UTF8.self) }
        return (try? JSONParser.parse([UInt8(ascii: "\"")] + body + [UInt8(ascii: "\"")]))?.stringValue
    }
}

/// The JSON path of the value at a byte offset (`sections[0].rows[2].title`), worked out only
/// when an error is told. It walks forward from where it was asked last, so asking for offsets
/// in order costs one walk of the file.
package struct JSONPathLocator {
    private enum Frame {
        case object(key: String?)
        case array(index: Int)
    }

    private let bytes: UnsafeBufferPointer<UInt8>
    private var frames: [Frame] = []
    private var index = 0
    private var expectsKey = false

    package init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    /// The path at `offset`, which is at or after the offset asked before (inside a string);
    /// `nil` when `offset` is in a comment.
    package mutating func path(at offset: Int) -> String? {
        while index < min(offset, bytes.count) {
            switch bytes[index] {
            case UInt8(ascii: "/") where index + 1 < bytes.count && (bytes[index + 1] == UInt8(ascii: "/") || bytes[index + 1] == UInt8(ascii: "*")):
                let end = Self.commentEnd(from: index, in: bytes)
                // Asked again later, the comment is looked at again from its start.
                if end > offset { return nil }
                index = end - 1
            case UInt8(ascii: "{"):
                frames.append(.object(key: nil))
                expectsKey = true
            case UInt8(ascii: "["):
                frames.append(.array(index: 0))
                expectsKey = false
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                if !frames.isEmpty { frames.removeLast() }
                expectsKey = false
            case UInt8(ascii: ","):
                if case .array(let position)? = frames.last {
                    frames[frames.count - 1] = .array(index: position + 1)
                } else {
                    expectsKey = true
                }
            case UInt8(ascii: "\""):
                let start = index + 1
                var end = start
                while end < bytes.count, bytes[end] != UInt8(ascii: "\"") {
                    end += bytes[end] == UInt8(ascii: "\\") ? 2 : 1
                }
                // The offset is inside this string: it is the value (or key) at the path.
                if end >= offset { return Self.describe(frames) }
                if expectsKey, case .object? = frames.last {
                    let raw = Array(bytes[start..<min(end, bytes.count)])
                    let key = (try? JSONParser.parse([UInt8(ascii: "\"")] + raw + [UInt8(ascii: "\"")]))?.stringValue
                    frames[frames.count - 1] = .object(key: key ?? "?")
                    expectsKey = false
                }
                index = end
            default:
                break
            }
            index += 1
        }
        return Self.describe(frames)
    }

    /// Where the comment starting at `start` (on `//` or `/*`) ends: after its line feed or `*/`.
    private static func commentEnd(from start: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var index = start + 2
        if bytes[start + 1] == UInt8(ascii: "/") {
            while index < bytes.count, bytes[index] != 0x0A { index += 1 }
            return min(index + 1, bytes.count)
        }
        while index + 1 < bytes.count {
            if bytes[index] == UInt8(ascii: "*"), bytes[index + 1] == UInt8(ascii: "/") { return index + 2 }
            index += 1
        }
        return bytes.count
    }

    private static func describe(_ frames: [Frame]) -> String {
        var path = ""
        for frame in frames {
            switch frame {
            case .object(let key?): path += path.isEmpty ? key : "." + key
            case .object(nil): break
            case .array(let index): path += "[\(index)]"
            }
        }
        return path.isEmpty ? "$" : path
    }
}
