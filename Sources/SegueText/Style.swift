/// How a cell looks: colours and attributes, independent of any terminal library.
public struct Style: Hashable, Sendable {
    /// The terminal's own default, the eight ANSI colours, one of the 256 (0–15 are the sixteen
    /// named ones, bright included), or a 24-bit colour. A terminal with fewer colours gets the
    /// nearest it has (see `nearest(within:)`).
    public enum Color: Hashable, Sendable {
        case `default`, black, red, green, yellow, blue, magenta, cyan, white
        case indexed(UInt8)
        case rgb(UInt8, UInt8, UInt8)
    }

    /// Text attributes that combine.
    public struct Attributes: OptionSet, Hashable, Sendable {
        public let rawValue: UInt8
        public init(rawValue: UInt8) { self.rawValue = rawValue }
        public static let bold = Attributes(rawValue: 1 << 0)
        public static let dim = Attributes(rawValue: 1 << 1)
        public static let reverse = Attributes(rawValue: 1 << 2)
        public static let underline = Attributes(rawValue: 1 << 3)
        public static let italic = Attributes(rawValue: 1 << 4)
    }

    public var foreground: Color
    public var background: Color
    public var attributes: Attributes

    public init(foreground: Color = .default, background: Color = .default, attributes: Attributes = []) {
        self.foreground = foreground
        self.background = background
        self.attributes = attributes
    }

    public static let plain = Style()

    /// This style with more attributes added.
    public func adding(_ extra: Attributes) -> Style {
        var copy = self
        copy.attributes.formUnion(extra)
        return copy
    }
}

extension Style.Color {
    /// The eight in ANSI order, as their numbers 0–7.
    static let eight: [Style.Color] = [.black, .red, .green, .yellow, .blue, .magenta, .cyan, .white]

    /// The colour's number among the 256 (`nil` for the default): the eight are 0–7.
    public var index256: Int? {
        switch self {
        case .default: return nil
        case .indexed(let number): return Int(number)
        case .rgb(let red, let green, let blue): return Self.nearest256(red: Int(red), green: Int(green), blue: Int(blue))
        default: return Self.eight.firstIndex(of: self)
        }
    }

    /// The number to draw with on a terminal of `count` colours (8, 16 or 256): the colour's
    /// own where it has one, else the nearest of the sixteen or the eight; `nil` for the default.
    public func number(within count: Int) -> Int? {
        guard let index = index256 else { return nil }
        if index < count { return index }
        let sixteen = index < 16 ? index : Self.nearestSixteen(index)
        return count >= 16 ? sixteen : sixteen % 8
    }

    /// A colour by name: one of the eight (`"red"`), `"bright-red"`…, a number 0–255, or `"#rrggbb"`.
    public init?(name: String) {
        let lower = name.lowercased()
        if let index = Self.names.firstIndex(of: lower) {
            self = index < 8 ? Self.eight[index] : .indexed(UInt8(index))
        } else if let number = Int(lower), (0...255).contains(number) {
            self = .indexed(UInt8(number))
        } else if lower.hasPrefix("#"), lower.count == 7, let value = Int(lower.dropFirst(), radix: 16) {
            self = .rgb(UInt8(value >> 16), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF))
        } else {
            return nil
        }
    }

    /// The sixteen by name: the eight, then their bright forms.
    private static let names: [String] = {
        let eight = ["black", "red", "green", "yellow", "blue", "magenta", "cyan", "white"]
        return eight + eight.map { "bright-" + $0 }
    }()

    /// The xterm 256-colour cube and grey ramp entry nearest to a 24-bit colour.
    static func nearest256(red: Int, green: Int, blue: Int) -> Int {
        func level(_ value: Int) -> Int { value < 48 ? 0 : value < 115 ? 1 : (value - 35) / 40 }
        let cube = 16 + 36 * level(red) + 6 * level(green) + level(blue)
        let grey = (red + green + blue) / 3
        let greyIndex = grey > 238 ? 231 : grey < 8 ? 16 : 232 + (grey - 8) / 10
        let (cr, cg, cb) = rgb(of: cube)
        let (gr, gg, gb) = rgb(of: greyIndex)
        func distance(_ r: Int, _ g: Int, _ b: Int) -> Int { (r - red) * (r - red) + (g - green) * (g - green) + (b - blue) * (b - blue) }
        return distance(gr, gg, gb) < distance(cr, cg, cb) ? greyIndex : cube
    }

    /// The nearest of the sixteen to one of the 256.
    static func nearestSixteen(_ index: Int) -> Int {
        let (red, green, blue) = rgb(of: index)
        let bright = max(red, green, blue) > 200
        let base = (red >= 128 ? 1 : 0) | (green >= 128 ? 2 : 0) | (blue >= 128 ? 4 : 0)
        return base + (bright && base != 0 ? 8 : 0)
    }

    /// The red, green and blue of one of the 256 (the sixteen as xterm draws them).
    static func rgb(of index: Int) -> (Int, Int, Int) {
        switch index {
        case 0..<16:
            let base = [(0, 0, 0), (205, 0, 0), (0, 205, 0), (205, 205, 0), (0, 0, 238), (205, 0, 205), (0, 205, 205),
                        (229, 229, 229), (127, 127, 127), (255, 0, 0), (0, 255, 0), (255, 255, 0), (92, 92, 255),
                        (255, 0, 255), (0, 255, 255), (255, 255, 255)]
            return base[index]
        case 16..<232:
            let cube = index - 16
            let levels = [0, 95, 135, 175, 215, 255]
            return (levels[cube / 36], levels[cube / 6 % 6], levels[cube % 6])
        default:
            let grey = 8 + (index - 232) * 10
            return (grey, grey, grey)
        }
    }
}
