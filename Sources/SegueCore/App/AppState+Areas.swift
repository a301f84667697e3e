/// Where things go on the terminal for a state: whether it can be drawn at all, the list's area
/// with the find line open or closed, the overlays' area, and the preview pane's layout.
extension AppState {
    /// Whether the terminal is big enough to draw the screen in.
    var isDrawable: Bool {
        size.width >= ScreenMetrics.minimumSize.width && size.height >= ScreenMetrics.minimumSize.height
    }

    /// The area the list is drawn in: the whole terminal but the title and status lines, and the
    /// preview pane when it shows.
    var listViewport: Size { listViewport(finding: usesBottomLine) }

    /// Whether the bottom line is an editor (the find line, a prompt), with messages above it.
    var usesBottomLine: Bool { current.find != nil || entry.map { !$0.isInPlace } == true }

    /// Where the help and message boxes are drawn: over the list, a table's header line and the
    /// preview pane alike, above the bottom line.
    func overlayArea(size: Size? = nil) -> Size {
        ScreenMetrics.listViewport(of: canvas(of: size ?? self.size, finding: usesBottomLine), status: status, finding: usesBottomLine,
                                   question: entry?.question)
    }

    /// The list's area with the find line open or closed.
    func listViewport(finding: Bool) -> Size { previewLayout(finding: finding).list }

    /// Where the list and the preview pane go, with the find line open or closed.
    func previewLayout(finding: Bool, size: Size? = nil) -> PreviewLayout {
        let screen = size ?? self.size
        let size = canvas(of: screen, finding: finding)
        var area = ScreenMetrics.listViewport(of: size, status: status, finding: finding, question: finding ? entry?.question : nil)
        // A table's header line stays over its rows: the list starts a line lower.
        let header = stack.last?.hasTable == true && area.height > 1 ? 1 : 0
        area.height -= header
        if options.frame != nil { return framedLayout(screen: screen, listArea: area, listTop: ScreenMetrics.listTop + header) }
        return PreviewLayout(size: size, listArea: area, listTop: ScreenMetrics.listTop + header,
                             placement: options.preview, shown: previewShown, window: previewWindow)
    }

    /// Whether the current screen's preview pane shows, and its layout.
    var previewShown: Bool { !previewHidden && stack.last?.preview.hasShown == true }
    var previewWindow: PreviewWindow { stack.last?.preview.spec?.window ?? PreviewWindow() }

    /// Lines of text the preview pane shows at once (0 when it is hidden).
    var previewHeight: Int { previewLayout(finding: usesBottomLine).pane?.textHeight ?? 0 }
}
