/// fzf's looks of the frame around the list (`--layout`, `--info`, `--separator`): where the find
/// line, the info (the match count) and the list go, and which way the list runs.
///
/// Without one (`AppOptions.frame == nil`) a screen is Segue's own: a title line over the list,
/// the list from the top, the find line at the bottom with the count at its right (fzf's
/// `reverse-list` with `inline-right` info, under a title line).
///
/// Drawn as Segue's own screen on a canvas (`canvas(of:finding:)`) whose title line is the info
/// line, then its lines put in the frame's order (`Render/FrameDrawing`): the state's scrolling,
/// clicks and overlays all work on the canvas, so they need no case of their own.
public struct PickerFrame: Equatable, Sendable {
    /// fzf's `--layout`.
    public enum Layout: String, CaseIterable, Sendable {
        /// The find line at the bottom, the list above it from the bottom up.
        case `default`
        /// The find line at the top, the list under it from the top down (`--reverse`).
        case reverse
        /// The find line at the bottom, the list from the top down.
        case reverseList = "reverse-list"
    }

    /// fzf's `--info`: where the count of matches goes.
    public enum Info: String, CaseIterable, Sendable {
        /// On a line of its own between the find line and the list, at the left.
        case `default`
        /// On that line, at the right.
        case right
        /// On the find line, after the query (` < 12/30`).
        case inline
        /// On the find line, at its right end.
        case inlineRight = "inline-right"
        /// Not shown.
        case hidden
    }

    public var layout: Layout
    public var info: Info
    /// What stands between the query and the count with `inline` info (fzf's `inline:PREFIX`).
    public var inlinePrefix = " < "
    /// The line drawn beside the info (`─`, fzf's `--separator`); `nil`: none (`--no-separator`).
    public var separator: String?

    /// fzf's `--no-input`: no find line (nor info line), and typing edits no query.
    public var hidesInput = false
    /// fzf's `--border`: around the frame and the preview pane (`PickerFrame+Border`).
    public var border: BorderStyle = .none
    /// fzf's `--border-label`, on the border's top line (or bottom: `labelAtBottom`), centred
    /// (`labelPosition` 0), from the left (1 is the first column) or from the right (-1).
    public var label = ""
    public var labelPosition = 0
    public var labelAtBottom = false
    /// fzf's `--margin` (outside the border) and `--padding` (inside it).
    public var margin = Insets.zero
    public var padding = Insets.zero

    public init(layout: Layout = .default, info: Info = .default, separator: String? = "─") {
        self.layout = layout
        self.info = info
        self.separator = separator.flatMap { $0.isEmpty ? nil : $0 }
    }

    /// The find line is the top line.
    var promptOnTop: Bool { layout == .reverse }
    /// The list's first row is drawn at its bottom, next to the find line.
    var listBottomUp: Bool { layout == .default }

    /// Whether a line goes between the find line and the list: the info, or the separator alone
    /// (fzf draws it with `inline-right` and `hidden` too; `inline` puts it on the find line).
    var hasInfoLine: Bool {
        switch info {
        case .default, .right: return true
        case .inlineRight, .hidden: return separator != nil
        case .inline: return false
        }
    }

    /// The size Segue's own screen is drawn at: a title line (the info line, or a line left out)
    /// over the list, status lines and the bottom line; `finding`: the find line is open, else
    /// there is no info line.
    func canvas(of size: Size, finding: Bool) -> Size {
        Size(width: size.width, height: size.height + (finding && hasInfoLine && !hidesInput ? 0 : 1) + (finding && hidesInput ? 1 : 0))
    }

    /// The canvas's line shown on each line of the screen (`height` lines). The canvas is line 0
    /// the info line, then the list, then `bottomLines` (messages, a question, the bottom line
    /// last); the frame puts the find line at the top (`reverse`), then the info line, messages
    /// and the list; else the list, messages, the info line and the find line at the bottom. The
    /// info line is left out when the canvas is a line taller than the screen, and the find line
    /// too when it is two taller.
    func order(canvasHeight: Int, height: Int, bottomLines: Int) -> [Int] {
        // On a screen too short for all of them the bottom lines win (they are drawn over the list).
        let bottomStart = max(1, canvasHeight - max(1, bottomLines))
        let body = Array(1..<max(1, bottomStart))
        let messages = Array(min(bottomStart, canvasHeight - 1)..<(canvasHeight - 1))
        // The canvas is as tall as the screen with an info line, a line taller without one, two
        // without the find line either (`--no-input`).
        let info = canvasHeight == height ? [0] : []
        let bottom = canvasHeight - height >= 2 ? [] : [canvasHeight - 1]
        return promptOnTop ? bottom + messages + info + body : body + messages + info + bottom
    }
}
