/// How a cell looks: colours and attributes, independent of any terminal library.
public struct Style: Hashable, Sendable {
    /// The eight ANSI colours and the terminal's own default.
    public enum Color: Hashable, Sendable {
        case `default`, black, red, green, yellow, blue, magenta, cyan, white
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
