/// The list's area and the preview pane's, from the terminal's size.
///
/// Right of the list: half the width, from 100 columns (`auto`), with a `│` border. Below it:
/// two fifths of the list's height, under a `─` border that carries the title. The pane gives
/// way (the list keeps the whole area) when it would leave the list, or itself, too little.
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
        /// Columns of text.
        public var textWidth: Int { max(0, side == .right ? width - 3 : width - 2) }
    }

    /// The list's viewport.
    public var list: Size
    /// The line the list starts on: under the title bar, and under a table's header line.
    public var listTop: Int
    public var pane: Pane?

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
        let wantsRight: Bool
        switch (placement, window.side) {
        case (.right, _), (.auto, .right?): wantsRight = true
        case (.bottom, _), (.auto, .bottom?): wantsRight = false
        default: wantsRight = size.width >= Self.sideBySideWidth
        }
        let paneWidth = window.extent?.cells(of: listArea.width) ?? listArea.width / 2
        if wantsRight, paneWidth >= Self.minimumColumns, listArea.width - paneWidth >= Self.minimumColumns {
            list = Size(width: listArea.width - paneWidth, height: listArea.height)
            pane = Pane(side: .right, x: list.width, y: top, width: paneWidth, height: listArea.height)
            return
        }
        // Below the list, a size in lines counts the title line too, as fzf's does its border.
        let paneHeight = window.extent?.cells(of: listArea.height) ?? listArea.height * 2 / 5
        if paneHeight >= Self.minimumLines, listArea.height - paneHeight >= Self.minimumLines {
            list = Size(width: listArea.width, height: listArea.height - paneHeight)
            pane = Pane(side: .bottom, x: 0, y: top + list.height, width: listArea.width, height: paneHeight)
        }
    }
}
