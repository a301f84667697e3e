/// The list's area and the preview pane's, from the terminal's size.
///
/// Beside the list (right or left): half the width, from 100 columns (`auto`), with a `│` border
/// on the list's side. Below or above it: two fifths of the list's height, under a `─` border
/// that carries the title. The pane gives way (the list keeps the whole area) when it would leave
/// the list, or itself, too little.
public struct PreviewLayout: Equatable, Sendable {
    public typealias Side = PreviewSide

    /// The pane's place on the screen, its border and title line included.
    public struct Pane: Equatable, Sendable {
        public var side: Side
        public var x: Int
        public var y: Int
        public var width: Int
        public var height: Int

        /// Lines of text under the title line.
        public var textHeight: Int { max(0, height - 1) }
        /// The first column of text (after the border and a space on the right).
        public var textX: Int { side == .right ? x + 2 : x + 1 }
        /// Columns of text (the border column and a space each side kept beside the list).
        public var textWidth: Int { max(0, side.isBeside ? width - 3 : width - 2) }
    }

    /// The list's viewport.
    public var list: Size
    /// The line the list starts on: under the title bar, and under a table's header line (and
    /// under a pane above it).
    public var listTop: Int
    /// The column the list starts at: right of a pane on its left.
    public var listX = 0
    public var pane: Pane?
    /// With fzf's frame (`PickerFrame`), where the frame stands on the screen beside the pane:
    /// `list` and `listTop` are then the canvas's, the pane the screen's.
    package var frame: (x: Int, y: Int, size: Size)? {
        get { frameSize.map { (frameX, frameY, $0) } }
        set {
            frameX = newValue?.x ?? 0
            frameY = newValue?.y ?? 0
            frameSize = newValue?.size
        }
    }
    private var frameX = 0
    private var frameY = 0
    private var frameSize: Size?

    /// Columns at which `auto` puts the pane beside the list.
    static let sideBySideWidth = 100
    /// The least the list and the pane each keep, in columns beside and in lines below.
    static let minimumColumns = 20
    static let minimumLines = 3

    /// `window` is the preview's own layout: its side counts when `placement` is `auto` (a side
    /// given on the command line wins), its size always.
    public init(size: Size, listArea: Size, listTop: Int = 1, placement: PreviewPlacement, shown: Bool,
                window: PreviewWindow = PreviewWindow()) {
        list = listArea
        self.listTop = listTop
        guard shown, placement != .off else { return }
        let top = listTop
        let side: Side
        switch (placement, window.side) {
        case (.right, _): side = .right
        case (.bottom, _): side = .bottom
        case (.auto, let wanted?): side = wanted
        default: side = size.width >= Self.sideBySideWidth ? .right : .bottom
        }
        let paneWidth = window.extent?.cells(of: listArea.width) ?? listArea.width / 2
        if side.isBeside, paneWidth >= Self.minimumColumns, listArea.width - paneWidth >= Self.minimumColumns {
            list = Size(width: listArea.width - paneWidth, height: listArea.height)
            pane = Pane(side: side, x: side == .right ? list.width : 0, y: top, width: paneWidth, height: listArea.height)
            if side == .left { listX = paneWidth }
            return
        }
        // Below (or above) the list, a size in lines counts the title line too, as fzf's does its border.
        let paneHeight = window.extent?.cells(of: listArea.height) ?? listArea.height * 2 / 5
        if paneHeight >= Self.minimumLines, listArea.height - paneHeight >= Self.minimumLines {
            list = Size(width: listArea.width, height: listArea.height - paneHeight)
            let above = side == .top
            pane = Pane(side: above ? .top : .bottom, x: 0, y: above ? top : top + list.height, width: listArea.width, height: paneHeight)
            if above { self.listTop = top + paneHeight }
        }
    }

    public static func == (left: PreviewLayout, right: PreviewLayout) -> Bool {
        left.list == right.list && left.listTop == right.listTop && left.listX == right.listX && left.pane == right.pane
            && left.frameX == right.frameX && left.frameY == right.frameY && left.frameSize == right.frameSize
    }
}
