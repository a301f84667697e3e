/// Text a message quotes (a key, a value, a path): cut to a readable length with its size said,
/// so that a 50 MB key is `"aaaaaaaa…" (48 MB)` in a warning, not 50 MB of it, and costs the
/// message what it shows. Values are quoted by `JSONValue.summary`; every message is bounded
/// where it leaves (the status line's `StatusMessage`, the command line's `Diagnostics`).
package enum QuotedText {
    /// The characters of a value a message shows.
    package static let shownLength = 30
    /// The longest run of text without a blank a message keeps whole: a path of many keys, or a
    /// file's, fits.
    package static let longestRun = 400
    /// The bytes of a longer run a message keeps.
    package static let runShown = 60

    /// `text` quoted, its first characters and `…` and its size when it is longer than `length`.
    package static func quoted(_ text: String, length: Int = shownLength) -> String {
        // Counted only as far as shown: a 50 MB text is not walked.
        guard text.utf8.count > length, let end = text.index(text.startIndex, offsetBy: length, limitedBy: text.endIndex),
              end < text.endIndex else { return "\"\(text)\"" }
        return "\"\(text[..<text.index(before: end)])…\" (\(ByteSize.text(text.utf8.count)))"
    }

    /// `message` with each run of more than `longestRun` bytes without a blank cut to its start,
    /// `…` and its size (`sections[0].aaaaaaaa… (48 MB): unknown key`), the punctuation it ends
    /// with kept; the message itself when it has none.
    package static func bounded(_ message: String) -> String {
        var text = message
        return text.withUTF8 { bytes in
            guard bytes.count > longestRun else { return message }
            var runs: [Range<Int>] = []
            var start = 0
            for index in 0..<bytes.count {
                let byte = bytes[index]
                // A blank (space, tab, line feed, return), tested at once: a 50 MB message is this loop.
                guard byte <= 0x20, byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D else { continue }
                if index - start > longestRun { runs.append(start..<index) }
                start = index + 1
            }
            if bytes.count - start > longestRun { runs.append(start..<bytes.count) }
            guard !runs.isEmpty else { return message }
            var result: [UInt8] = []
            var done = 0
            for run in runs {
                result += bytes[done..<run.lowerBound]
                var head = run.lowerBound + runShown
                // Not inside a character's bytes.
                while head > run.lowerBound, bytes[head] & 0xC0 == 0x80 { head -= 1 }
                var tail = run.upperBound
                while tail > run.upperBound - 3, ":,;.?!)]\"'".utf8.contains(bytes[tail - 1]) { tail -= 1 }
                result += bytes[run.lowerBound..<head]
                result += "… (\(ByteSize.text(run.count)))".utf8
                result += bytes[tail..<run.upperBound]
                done = run.upperBound
            }
            result += bytes[done...]
            return String(decoding: result, as: UTF8.self)
        }
    }
}
