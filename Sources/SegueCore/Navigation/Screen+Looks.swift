/// The screen's looks of its rows (`RowLooks`) changed while it shows (`toggle-wrap`).
extension Screen {
    /// `change` made to the looks, the selection kept in view: rows may now take more lines.
    mutating func changeLooks(in viewport: Size, _ change: (inout RowLooks) -> Void) {
        change(&looks)
        scrollToSelection(in: viewport)
    }
}
