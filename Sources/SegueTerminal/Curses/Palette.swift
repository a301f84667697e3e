import CNcursesw
import SegueCore

/// Maps core styles to curses attributes and colour pairs, allocating pairs as styles appear.
enum Palette {
    nonisolated(unsafe) private static var pairs: [PairKey: Int16] = [:]
    nonisolated(unsafe) private static var hasColors = false

    private struct PairKey: Hashable {
        var foreground: Style.Color
        var background: Style.Color
    }

    /// Turns colours on when the terminal has them, keeping its own default colours.
    static func start() {
        pairs = [:]
        hasColors = has_colors()
        guard hasColors else { return }
        start_color()
        use_default_colors()
    }

    /// The attributes and colour pair for a style.
    static func attributes(for style: Style) -> (attributes: attr_t, pair: Int16) {
        var attributes = segue_A_NORMAL()
        let flags = style.attributes
        if flags.contains(.bold) { attributes |= segue_A_BOLD() }
        if flags.contains(.dim) { attributes |= segue_A_DIM() }
        if flags.contains(.reverse) { attributes |= segue_A_REVERSE() }
        if flags.contains(.underline) { attributes |= segue_A_UNDERLINE() }
        if flags.contains(.italic) { attributes |= segue_A_ITALIC() }
        return (attributes, pair(style.foreground, style.background))
    }

    private static func pair(_ foreground: Style.Color, _ background: Style.Color) -> Int16 {
        guard hasColors, foreground != .default || background != .default else { return 0 }
        let key = PairKey(foreground: foreground, background: background)
        if let pair = pairs[key] { return pair }
        let pair = Int16(pairs.count + 1)
        guard Int32(pair) < segue_COLOR_PAIRS() else { return 0 }
        init_pair(pair, number(foreground), number(background))
        pairs[key] = pair
        return pair
    }

    /// The curses colour number for `color` on this terminal: its own where the terminal has
    /// that many colours, else the nearest it has; -1 for the terminal's default.
    private static func number(_ color: Style.Color) -> Int16 {
        color.number(within: Int(segue_COLORS())).map { Int16($0) } ?? -1
    }
}
