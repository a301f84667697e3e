import SegueCore

/// Just enough of a terminal to know what is on the screen: the bytes a full-screen program
/// writes (ncurses' and fzf's, for xterm-256color) applied to a grid of characters. Cursor
/// movement, erasing, inserting and deleting lines and characters, scroll regions and scrolling
/// are followed; colours, modes and titles are read and dropped. For `make bench` and the
/// end-to-end tests that read what a program wrote to a pseudo-terminal.
package struct ScreenModel {
    package private(set) var rows: [[Character]]
    private let width: Int
    private let height: Int
    private var x = 0
    private var y = 0

    /// The cursor, 0-based, as a terminal reports it when asked (`Esc[6n`).
    package var cursor: (x: Int, y: Int) { (x, y) }
    private var saved = (x: 0, y: 0)
    private var top = 0
    private var bottom: Int
    /// Bytes of an escape sequence or a UTF-8 character cut by the end of a read.
    private var pending: [UInt8] = []

    package init(width: Int, height: Int) {
        self.width = width
        self.height = height
        bottom = height - 1
        rows = Array(repeating: Array(repeating: " ", count: width), count: height)
    }

    /// The screen's lines, trailing blanks removed.
    package var lines: [String] {
        rows.map { String(String($0).reversed().drop { $0 == " " }.reversed()) }
    }

    /// Whether `text` is on one line of the screen.
    package func shows(_ text: String) -> Bool {
        rows.contains { String($0).contains(text) }
    }

    package mutating func apply(_ bytes: [UInt8]) {
        let input = pending + bytes
        pending = []
        var index = 0
        while index < input.count {
            let byte = input[index]
            if byte == 0x1B {
                guard let length = escapeLength(input, from: index) else {
                    pending = Array(input[index...])
                    return
                }
                escape(Array(input[index..<(index + length)]))
                index += length
                continue
            }
            if byte < 0x20 || byte == 0x7F {
                control(byte)
                index += 1
                continue
            }
            let length = byte < 0x80 ? 1 : byte < 0xE0 ? 2 : byte < 0xF0 ? 3 : 4
            guard index + length <= input.count else {
                pending = Array(input[index...])
                return
            }
            put(String(decoding: input[index..<(index + length)], as: UTF8.self))
            index += length
        }
    }

    private mutating func put(_ text: String) {
        for character in text {
            let columns = max(1, TextWidth.of(character))
            if x + columns > width {
                x = 0
                lineFeed()
            }
            rows[y][x] = character
            if columns == 2, x + 1 < width { rows[y][x + 1] = " " }
            x += columns
            if x >= width { x = width - 1 }  // the last column: the next character wraps
        }
    }

    private mutating func control(_ byte: UInt8) {
        switch byte {
        case 0x0D: x = 0
        case 0x0A, 0x0B, 0x0C: lineFeed()
        case 0x08: x = max(0, x - 1)
        case 0x09: x = min(width - 1, (x / 8 + 1) * 8)
        default: break
        }
    }

    private mutating func lineFeed() {
        if y == bottom { scroll(up: 1) } else { y = min(height - 1, y + 1) }
    }

    private mutating func scroll(up count: Int) {
        for _ in 0..<count {
            rows.remove(at: top)
            rows.insert(blankRow, at: bottom)
        }
    }

    private mutating func scroll(down count: Int) {
        for _ in 0..<count {
            rows.remove(at: bottom)
            rows.insert(blankRow, at: top)
        }
    }

    private var blankRow: [Character] { Array(repeating: " ", count: width) }

    /// The length of the escape sequence at `start`; `nil` when it is not complete yet.
    private func escapeLength(_ input: [UInt8], from start: Int) -> Int? {
        guard start + 1 < input.count else { return nil }
        switch input[start + 1] {
        case UInt8(ascii: "["):
            var index = start + 2
            while index < input.count {
                if (0x40...0x7E).contains(input[index]) { return index - start + 1 }
                index += 1
            }
            return nil
        case UInt8(ascii: "]"), UInt8(ascii: "P"), UInt8(ascii: "_"), UInt8(ascii: "^"):
            // OSC, DCS…: up to BEL or ESC \.
            var index = start + 2
            while index < input.count {
                if input[index] == 0x07 { return index - start + 1 }
                if input[index] == 0x1B, index + 1 < input.count, input[index + 1] == UInt8(ascii: "\\") { return index - start + 2 }
                index += 1
            }
            return nil
        case UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: "#"):
            return start + 2 < input.count ? 3 : nil
        default:
            return 2
        }
    }

    private mutating func escape(_ sequence: [UInt8]) {
        guard sequence.count >= 2 else { return }
        switch sequence[1] {
        case UInt8(ascii: "["): csi(sequence)
        case UInt8(ascii: "7"): saved = (x, y)
        case UInt8(ascii: "8"): (x, y) = saved
        case UInt8(ascii: "M"): if y == top { scroll(down: 1) } else { y = max(0, y - 1) }
        case UInt8(ascii: "D"): lineFeed()
        case UInt8(ascii: "E"): x = 0; lineFeed()
        case UInt8(ascii: "c"): self = ScreenModel(width: width, height: height)
        default: break
        }
    }

    private mutating func csi(_ sequence: [UInt8]) {
        let final = sequence[sequence.count - 1]
        let body = String(decoding: sequence[2..<(sequence.count - 1)], as: UTF8.self)
        guard !body.hasPrefix("?"), !body.hasPrefix(">"), !body.hasPrefix("=") else { return }  // modes, queries
        let numbers = body.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) ?? 0 }
        func number(_ index: Int, default value: Int = 1) -> Int {
            index < numbers.count && numbers[index] > 0 ? numbers[index] : value
        }
        switch final {
        case UInt8(ascii: "A"): y = max(0, y - number(0))
        case UInt8(ascii: "B"), UInt8(ascii: "e"): y = min(height - 1, y + number(0))
        case UInt8(ascii: "C"), UInt8(ascii: "a"): x = min(width - 1, x + number(0))
        case UInt8(ascii: "D"): x = max(0, x - number(0))
        case UInt8(ascii: "G"), UInt8(ascii: "`"): x = min(width - 1, number(0) - 1)
        case UInt8(ascii: "d"): y = min(height - 1, number(0) - 1)
        case UInt8(ascii: "H"), UInt8(ascii: "f"):
            y = min(height - 1, number(0) - 1)
            x = min(width - 1, number(1) - 1)
        case UInt8(ascii: "K"):
            switch number(0, default: 0) {
            case 0: erase(row: y, from: x, to: width)
            case 1: erase(row: y, from: 0, to: x + 1)
            default: erase(row: y, from: 0, to: width)
            }
        case UInt8(ascii: "J"):
            switch number(0, default: 0) {
            case 0:
                erase(row: y, from: x, to: width)
                for row in (y + 1)..<height { erase(row: row, from: 0, to: width) }
            case 1:
                for row in 0..<y { erase(row: row, from: 0, to: width) }
                erase(row: y, from: 0, to: x + 1)
            default:
                for row in 0..<height { erase(row: row, from: 0, to: width) }
            }
        case UInt8(ascii: "X"): erase(row: y, from: x, to: min(width, x + number(0)))
        case UInt8(ascii: "P"):
            let count = min(number(0), width - x)
            rows[y].removeSubrange(x..<(x + count))
            rows[y] += Array(repeating: " ", count: count)
        case UInt8(ascii: "@"):
            let count = min(number(0), width - x)
            rows[y].insert(contentsOf: Array(repeating: " ", count: count), at: x)
            rows[y].removeLast(count)
        case UInt8(ascii: "L"):
            guard y >= top, y <= bottom else { return }
            for _ in 0..<min(number(0), bottom - y + 1) {
                rows.remove(at: bottom)
                rows.insert(blankRow, at: y)
            }
        case UInt8(ascii: "M"):
            guard y >= top, y <= bottom else { return }
            for _ in 0..<min(number(0), bottom - y + 1) {
                rows.remove(at: y)
                rows.insert(blankRow, at: bottom)
            }
        case UInt8(ascii: "S"): scroll(up: number(0))
        case UInt8(ascii: "T"): scroll(down: number(0))
        case UInt8(ascii: "r"):
            top = min(height - 1, number(0) - 1)
            bottom = min(height - 1, number(1, default: height) - 1)
            if top >= bottom { (top, bottom) = (0, height - 1) }
            (x, y) = (0, 0)
        default: break  // colours (m), modes, reports
        }
    }

    private mutating func erase(row: Int, from start: Int, to end: Int) {
        guard start < end else { return }
        for column in max(0, start)..<min(width, end) { rows[row][column] = " " }
    }
}
