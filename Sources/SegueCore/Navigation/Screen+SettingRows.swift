/// Rows found by the setting they show: the cursor put on a member just added, or moved off a row
/// a change of the settings hid (a value of several shapes shows the row of the shape it has).
extension Screen {
    /// A change of the settings may hide the selected row (`"hidden"`: a value of several shapes
    /// shows the row of the shape it has): the cursor goes to the shown row of the same setting,
    /// else to the next row that takes it, else the one before.
    mutating func followHiddenSelection(in viewport: Size) {
        guard let selected = selection, let row = rowFollowingHidden(selected) else { return }
        selection = row
        scrollToSelection(in: viewport)
    }

    /// The first row that can take the cursor showing the setting `pointer` (its `setting` or
    /// `settingsUnder`).
    func row(showing pointer: String) -> Int? {
        (0..<rowCount).first { isEnabled($0) && boundRow($0).row.settingsPointer == pointer }
    }

    /// Where the cursor goes from `row` when it is hidden; `nil` when it is not.
    func rowFollowingHidden(_ row: Int) -> Int? {
        guard spec.hidesRows, row < rowCount, isHidden(row) else { return nil }
        let setting = boundRow(row).row.settingsPointer
        let same = setting.flatMap(row(showing:))
        return same ?? enabledRow(from: row, step: 1) ?? enabledRow(from: row, step: -1)
    }
}
