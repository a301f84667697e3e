import Foundation
import Glibc
@testable import SegueTerminal
import SegueTesting

/// What may reach a terminal from Segue, judged on the raw bytes written to it: no OSC (a title,
/// the clipboard), DCS, APC, PM or SOS string, no C1 control (8-bit CSI among them), no BEL, no
/// bytes that are not UTF-8, and no CSI longer than `longestCSI`. `allowsCSI` false (text
/// output: `render`, `check`, `graph`, help) allows no escape sequence at all.
enum EscapeAudit {
    /// Longer than any sequence curses or Segue writes (`ESC[38;2;255;255;255m` is 19 bytes).
    static let longestCSI = 32

    /// What curses itself writes for xterm-256color: it resets the palette with OSC 104.
    static let cursesOwn: [[UInt8]] = [Array("\u{1B}]104\u{07}".utf8), Array("\u{1B}]104\u{1B}\\".utf8)]

    /// Text that would do all of that if it reached the terminal as it is: titles, the
    /// clipboard, the strings, C1, BEL, a clear screen, a CSI of 200 parameters.
    static let hostile = "\u{1B}]0;EVIL\u{07}\u{1B}]52;c;ZXZpbA==\u{1B}\\\u{1B}P+q\u{1B}\\\u{1B}_apc\u{1B}\\\u{1B}^pm\u{1B}\\"
        + "\u{1B}Xsos\u{1B}\\\u{9B}2J\u{1B}[2J\u{07}\u{1B}[" + String(repeating: "1;", count: 100) + "m\u{85}end"
    /// A shorter one, for file names (at most 255 bytes).
    static let hostileName = "\u{1B}]0;EVIL\u{07}\u{9B}2J\u{1B}[2J"

    /// `text` as the inside of a JSON string, every control character escaped.
    static func json(_ text: String) -> String {
        text.unicodeScalars.map { scalar -> String in
            if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar == "\"" || scalar == "\\" {
                return String(format: "\\u%04x", scalar.value)
            }
            return String(scalar)
        }.joined()
    }

    /// Each thing in `bytes` that should not have reached a terminal, described.
    static func violations(in bytes: [UInt8], allowsCSI: Bool) -> [String] {
        var found: [String] = []
        if String(validating: bytes, as: UTF8.self) == nil { found.append("bytes that are not UTF-8") }
        let scalars = Array(String(decoding: bytes, as: UTF8.self).unicodeScalars)
        var index = 0
        func near(_ at: Int) -> String { String(String.UnicodeScalarView(scalars[at..<min(scalars.count, at + 24)])).debugDescription }
        scan: while index < scalars.count {
            let value = scalars[index].value
            if value == 0x1B {
                for own in cursesOwn where allowsCSI {
                    let ownScalars = Array(String(decoding: own, as: UTF8.self).unicodeScalars)
                    if scalars[index...].starts(with: ownScalars) {
                        index += ownScalars.count
                        continue scan
                    }
                }
                let next = index + 1 < scalars.count ? scalars[index + 1] : " "
                switch next {
                case "]": found.append("an OSC sequence at \(near(index))")
                case "P": found.append("a DCS sequence at \(near(index))")
                case "_": found.append("an APC sequence at \(near(index))")
                case "^": found.append("a PM sequence at \(near(index))")
                case "X": found.append("an SOS sequence at \(near(index))")
                case "[":
                    var end = index + 2
                    while end < scalars.count, !(0x40...0x7E).contains(scalars[end].value) { end += 1 }
                    if !allowsCSI {
                        found.append("an escape sequence in text output at \(near(index))")
                    } else if end - index + 1 > longestCSI {
                        found.append("a CSI of \(end - index + 1) characters at \(near(index))")
                    }
                    index = end
                default:
                    if !allowsCSI { found.append("an escape sequence in text output at \(near(index))") }
                }
            } else if value == 0x07 {
                found.append("BEL at \(near(index))")
            } else if (0x80...0x9F).contains(value) {
                found.append("a C1 control U+\(String(value, radix: 16, uppercase: true)) at \(near(index))")
            }
            index += 1
        }
        return found
    }

    /// Runs `arguments` on a pseudo-terminal of 100x30 (standard input, output and error all
    /// on it, as at a prompt), typing `keys` once `ready` shows, and returns every byte it wrote
    /// until it ended.
    static func record(_ arguments: [String], in directory: String, ready: String? = nil, keys: String = "") throws -> [UInt8] {
        let program = try ProgramOnTerminal(arguments, in: directory, rows: 30, columns: 100,
                                            environment: ["XDG_STATE_HOME": directory + "/state"])
        let terminal = program.terminal
        var written: [UInt8] = []
        var screen = ScreenModel(width: 100, height: 30)
        var typed = ready == nil && keys.isEmpty
        if ready == nil, !keys.isEmpty {
            terminal.write(Array(keys.utf8))
            typed = true
        }
        var status: Int32 = 0
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline {
            let bytes = terminal.read(waiting: 20)
            written += bytes
            screen.apply(bytes)
            if !typed, let ready, screen.shows(ready) {
                terminal.write(Array(keys.utf8))
                typed = true
            }
            if program.hasEnded(status: &status) {
                written += terminal.read(waiting: 50)
                return written
            }
        }
        throw Tmux.Failure(description: "\(arguments.joined(separator: " ")) did not end; screen was:\n" + screen.lines.joined(separator: "\n"))
    }
}
