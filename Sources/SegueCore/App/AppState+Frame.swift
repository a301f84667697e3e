extension AppState {
    /// The size Segue's own screen is drawn at: the terminal's, or with fzf's frame
    /// (`--layout`, `--info`) the canvas its lines are put in order from (`PickerFrame`), in
    /// what the preview pane leaves of the screen.
    func canvas(of size: Size, finding: Bool) -> Size {
        guard let frame = options.frame else { return size }
        return frame.canvas(of: frameSplit(size).list, finding: finding && entry == nil)
    }

    /// With fzf's frame, the preview pane takes its side of the whole screen, as fzf's does, and
    /// the frame the rest: `list` is the frame's size, `listX` and `listTop` where it stands.
    /// A size in cells is the pane's text, as fzf's is inside its border: Segue's title line
    /// (above or below) or border column and margins (beside) are added to it.
    func frameSplit(_ size: Size) -> PreviewLayout {
        var window = previewWindow
        if case .cells(let cells)? = window.extent {
            let beside = window.side?.isBeside ?? (options.preview == .right || (options.preview == .auto && size.width >= PreviewLayout.sideBySideWidth))
            window.extent = .cells(cells + (beside ? 3 : 1))
        }
        // Inside the margin, the border and the padding.
        let inner = options.frame?.inner(of: size) ?? (x: 0, y: 0, size: size)
        var split = PreviewLayout(size: inner.size, listArea: inner.size, listTop: 0, placement: options.preview, shown: previewShown,
                                  window: window)
        if split.pane?.side == .left {
            // fzf keeps a blank column between a pane on the left and the frame.
            split.listX += 1
            split.list.width -= 1
        }
        if options.frame?.border.hasRight == true, inner.size != size, split.pane?.side != .right {
            // The frame leaves its last column free, as fzf's does at the screen's edge; inside a
            // right border, fzf's fills it, the blank column before the border being the free one.
            split.list.width += 1
        }
        split.listX += inner.x
        split.listTop += inner.y
        split.pane?.x += inner.x
        split.pane?.y += inner.y
        return split
    }

    /// The layout with fzf's frame: the list's area on the canvas, the pane on the screen.
    func framedLayout(screen: Size, listArea: Size, listTop: Int) -> PreviewLayout {
        let split = frameSplit(screen)
        var layout = PreviewLayout(size: listArea, listArea: listArea, listTop: listTop, placement: .off, shown: false)
        layout.pane = split.pane
        layout.frame = (split.listX, split.listTop, split.list)
        return layout
    }

    /// The point of Segue's screen (its canvas, `PickerFrame`) drawn at the terminal's `x`, `y`:
    /// itself without fzf's frame; with it, moved as the frame moves lines, and in a list drawn
    /// from the bottom up, the line as far from the list's top as `y` is from its bottom (the
    /// list's items stacked the other way). `nil`: a point the canvas does not have (the pane's).
    func canvasPoint(x: Int, y: Int) -> (x: Int, y: Int)? {
        guard let frame = options.frame else { return (x, y) }
        let layout = previewLayout(finding: usesBottomLine)
        let (frameX, frameY, frameSize) = layout.frame ?? (0, 0, size)
        let canvas = canvas(of: size, finding: usesBottomLine)
        let order = frame.order(canvasHeight: canvas.height, height: frameSize.height, bottomLines: bottomLines(width: frameSize.width))
        let (x, y) = (x - frameX, y - frameY)
        guard x >= 0, x < frameSize.width, y >= 0, y < order.count else { return nil }
        let line = order[y]
        let list = layout.listTop..<(layout.listTop + layout.list.height)
        guard frame.listBottomUp, list.contains(line) else { return (x, line) }
        return (x, list.upperBound - 1 - (line - list.lowerBound))
    }

    /// The lines under the list (`ScreenMetrics.bottomLines`), as drawn now at `width`.
    func bottomLines(width: Int) -> Int {
        ScreenMetrics.bottomLines(width: width, status: status, finding: usesBottomLine, question: entry?.question)
    }
}
