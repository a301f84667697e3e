#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif
import SegueCore

/// Error output, on stderr, prefixed with the program's name.
///
/// Messages quote specs, and specs come from other people: control characters in them (an
/// escape sequence that sets the window title, clears the screen or writes the clipboard) are
/// written as `\u001b`, never sent to the terminal.
enum Diagnostics {
    /// Writes `message`, what it quotes cut to a readable length (a 50 MB key is `aaaa… (48 MB)`).
    static func report(_ message: String) {
        let line = "segue: \(escaped(QuotedText.bounded(message)))\n"
        _ = line.withCString { write(STDERR_FILENO, $0, strlen($0)) }
    }

    /// Writes `bytes` as they are: what a command wrote on its standard error (`segue spin`),
    /// passed on as it would have reached the terminal.
    static func pass(_ bytes: [UInt8]) {
        var rest = bytes[...]
        while !rest.isEmpty {
            let count = rest.withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
            if count > 0 {
                rest = rest.dropFirst(count)
            } else if count < 0, errno == EINTR {
                continue
            } else {
                return  // stderr closed or full: nowhere left to say anything
            }
        }
    }

    /// `text` with C0 and C1 control characters (and DEL) as `\u00XX`; tabs stay, and line
    /// feeds with `keepingLines` (a help text, a usage error).
    static func escaped(_ text: String, keepingLines: Bool = false) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            let value = scalar.value
            if value == 0x09 || (keepingLines && value == 0x0A) || !(value < 0x20 || (0x7F...0x9F).contains(value)) {
                result.unicodeScalars.append(scalar)
            } else {
                let hex = String(value, radix: 16)
                result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            }
        }
        return result
    }
}
