/// The styles of each part of the screen.
public struct Theme: Sendable {
    public var titleBar = Style(attributes: [.reverse, .bold])
    public var header = Style(foreground: .cyan, attributes: [.bold])
    public var footer = Style(attributes: [.dim])
    public var row = Style.plain
    public var detail = Style(attributes: [.dim])
    public var chevron = Style(attributes: [.dim])
    public var disabled = Style(attributes: [.dim])
    public var selected = Style(attributes: [.reverse, .bold])
    public var hints = Style(attributes: [.dim])
    public var error = Style(foreground: .red, attributes: [.bold])
    public var info = Style.plain
    public var notice = Style(attributes: [.dim])
    /// Characters a find matched: added to the row's own style, so they show on the selected
    /// (reversed) row and without colour.
    public var match = Style(attributes: [.bold, .underline])
    /// The find line's prompt.
    public var prompt = Style(attributes: [.bold])

    public init() {}

    public static let standard = Theme()
}
