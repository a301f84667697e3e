extension AppState {
    /// The line of Segue's screen (its canvas, `PickerFrame`) drawn on the terminal's line `y`:
    /// itself without fzf's frame; with it, moved as the frame moves lines, and in a list drawn
    /// from the bottom up, the line as far from the list's top as `y` is from its bottom (the
    /// list's items stacked the other way). `nil`: a line the canvas does not have.
    func canvasLine(ofScreenLine y: Int) -> Int? {
        guard let frame = options.frame else { return y }
        let canvas = canvas(of: size, finding: usesBottomLine)
        let order = frame.order(canvasHeight: canvas.height, height: size.height, bottomLines: bottomLines(width: size.width))
        guard y >= 0, y < order.count else { return nil }
        let line = order[y]
        let layout = previewLayout(finding: usesBottomLine)
        let list = layout.listTop..<(layout.listTop + layout.list.height)
        guard frame.listBottomUp, list.contains(line) else { return line }
        return list.upperBound - 1 - (line - list.lowerBound)
    }

    /// The lines under the list (`ScreenMetrics.bottomLines`), as drawn now.
    func bottomLines(width: Int) -> Int {
        ScreenMetrics.bottomLines(width: width, status: status, finding: usesBottomLine, question: entry?.question)
    }
}
