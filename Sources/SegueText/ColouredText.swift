/// A line of program output with its SGR colour sequences (`ESC[1;31m`) read as styles, and
/// every other escape sequence removed: what `"format": "ansi"` draws.
///
/// Colours are kept as the program chose them: 30–37 and 40–47 the eight, 90–97 and 100–107
/// their bright forms, `38;5;n` one of the 256, `38;2;r;g;b` a 24-bit colour; a terminal with
/// fewer colours draws the nearest it has.
public enum ColouredText {
    /// `line` as runs of text, each with the style its sequences set over `base`.
    public static func runs(_ line: String, base: Style) -> [(text: String, style: Style)] {
        var runs: [(text: String, style: Style)] = []
        var style = base
        var text = String.UnicodeScalarView()
        var scalars = line.unicodeScalars[...]
        func flush() {
            guard !text.isEmpty else { return }
            runs.append((EscapeSequences.removed(from: String(text)), style))
            text = String.UnicodeScalarView()
        }
        while let scalar = scalars.popFirst() {
            guard scalar == "\u{1B}", scalars.first == "[" else {
                text.append(scalar)
                continue
            }
            scalars.removeFirst()
            var parameters = ""
            var final: Unicode.Scalar?
            var intermediates = false
            while let next = scalars.popFirst() {
                switch next.value {
                case 0x30...0x3F: parameters.unicodeScalars.append(next)
                case 0x20...0x2F: intermediates = true
                case 0x40...0x7E: final = next
                default: break
                }
                if final != nil || !(0x20...0x3F).contains(next.value) { break }
            }
            // Only a complete SGR changes the style; any other control sequence is dropped.
            guard final == "m", !intermediates else { continue }
            flush()
            style = apply(parameters, to: style, base: base)
        }
        flush()
        return runs
    }

    /// `style` after an SGR's parameters (`1;31`, `0`, `38;5;208`).
    static func apply(_ parameters: String, to style: Style, base: Style) -> Style {
        var style = style
        let codes = parameters.isEmpty ? [0] : parameters.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) ?? 0 }
        var index = 0
        while index < codes.count {
            let code = codes[index]
            switch code {
            case 0: style = base
            case 1: style.attributes.insert(.bold)
            case 2: style.attributes.insert(.dim)
            case 3: style.attributes.insert(.italic)
            case 4: style.attributes.insert(.underline)
            case 7: style.attributes.insert(.reverse)
            case 22: style.attributes.subtract([.bold, .dim])
            case 23: style.attributes.remove(.italic)
            case 24: style.attributes.remove(.underline)
            case 27: style.attributes.remove(.reverse)
            case 30...37: style.foreground = Style.Color.eight[code - 30]
            case 90...97: style.foreground = .indexed(UInt8(code - 90 + 8))
            case 39: style.foreground = base.foreground
            case 40...47: style.background = Style.Color.eight[code - 40]
            case 100...107: style.background = .indexed(UInt8(code - 100 + 8))
            case 49: style.background = base.background
            case 38, 48:
                // Extended colours: 5;n or 2;r;g;b.
                var colour: Style.Color?
                if index + 2 < codes.count, codes[index + 1] == 5 {
                    colour = .indexed(UInt8(clamping: codes[index + 2]))
                    index += 2
                } else if index + 4 < codes.count, codes[index + 1] == 2 {
                    colour = .rgb(UInt8(clamping: codes[index + 2]), UInt8(clamping: codes[index + 3]),
                                  UInt8(clamping: codes[index + 4]))
                    index += 4
                }
                if let colour {
                    if code == 38 { style.foreground = colour } else { style.background = colour }
                }
            default: break
            }
            index += 1
        }
        return style
    }


    /// `line` with tabs expanded to stops every eight columns.
    public static func expandingTabs(_ line: String) -> String {
        guard line.contains("\t") else { return line }
        var result = ""
        var column = 0
        for character in line {
            if character == "\t" {
                let spaces = 8 - column % 8
                result += String(repeating: " ", count: spaces)
                column += spaces
            } else {
                result.append(character)
                column += TextWidth.of(character)
            }
        }
        return result
    }
}
