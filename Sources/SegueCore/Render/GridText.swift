/// A grid as text for a terminal or a file (`segue render`): plain lines, or lines with the SGR
/// sequences that draw their styles (bold, dim, italic, underline, reverse and colours).
extension Grid {
    /// Each line with its styles as SGR sequences, reset at its end; trailing blanks removed.
    package var ansiLines: [String] { (0..<height).map { ansiLine($0) } }

    /// Line `y` with its styles as SGR sequences, reset at its end, trailing blanks removed; with
    /// `colours`, each colour as the nearest of that many (a terminal's own count).
    package func ansiLine(_ y: Int, colours: Int? = nil) -> String {
        do {
            var last = width
            while last > 0, self[last - 1, y].text == " ", self[last - 1, y].style == .plain { last -= 1 }
            var text = ""
            var current = Style.plain
            for x in 0..<last {
                let cell = self[x, y]
                if cell.isContinuation { continue }
                if cell.style != current {
                    text += Self.sgr(colours.map { cell.style.reduced(to: $0) } ?? cell.style)
                    current = cell.style
                }
                text += cell.text
            }
            return current == .plain ? text : text + "\u{1B}[0m"
        }
    }

    /// The sequence that sets `style` from nothing: reset, then its attributes and colours.
    static func sgr(_ style: Style) -> String {
        var codes = ["0"]
        let attributes: [(Style.Attributes, String)] = [(.bold, "1"), (.dim, "2"), (.italic, "3"), (.underline, "4"), (.reverse, "7")]
        for (attribute, code) in attributes where style.attributes.contains(attribute) { codes.append(code) }
        if let code = colourCode(style.foreground, base: 30) { codes.append(code) }
        if let code = colourCode(style.background, base: 40) { codes.append(code) }
        return "\u{1B}[" + codes.joined(separator: ";") + "m"
    }

    private static func colourCode(_ colour: Style.Color, base: Int) -> String? {
        switch colour {
        case .default: return nil
        case .rgb(let red, let green, let blue): return "\(base + 8);2;\(red);\(green);\(blue)"
        case .indexed(let number) where number >= 16: return "\(base + 8);5;\(number)"
        case .indexed(let number) where number >= 8: return String(base + 60 + Int(number) - 8)
        default: return colour.index256.map { String(base + $0) }
        }
    }
}

extension Style {
    /// This style with each colour the nearest of `count` (a terminal's own number of colours).
    func reduced(to count: Int) -> Style {
        func reduce(_ colour: Color) -> Color {
            guard colour != .default, count < 1 << 24 else { return colour }
            return colour.number(within: count).map { .indexed(UInt8(clamping: $0)) } ?? .default
        }
        return Style(foreground: reduce(foreground), background: reduce(background), attributes: attributes)
    }
}
