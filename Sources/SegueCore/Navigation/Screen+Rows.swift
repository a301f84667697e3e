/// Where a row is: a shown row's section and position, its full row, a section's row where it
/// shows, and the row that goes by an id or title.
extension Screen {
    /// The section and position within it of shown row `index`.
    func locate(_ index: Int) -> (section: Int, position: Int) {
        let section = layout.section(ofRow: index)
        let local = index - layout.spans[section].firstRow
        guard let matches = shownMatches else { return (section, local) }
        return (section, Int(matches[section][local]))
    }

    /// The full row of shown row `index`.
    func fullRow(_ index: Int) -> Int {
        let (section, position) = locate(index)
        return fullLayout.spans[section].firstRow + position
    }

    /// The shown row of a section's row, if it is shown.
    func shownRow(section: Int, position: Int) -> Int? {
        guard section < sections.count else { return nil }
        guard let matches = shownMatches else {
            return position < sections[section].rows.count ? fullLayout.spans[section].firstRow + position : nil
        }
        return matches[section].firstIndex(of: Int32(position)).map { layout.spans[section].firstRow + $0 }
    }

    /// The first row that can be selected whose `id` (else, whose title) is `wanted`, among the
    /// first 10,000 (each is bound to be read).
    func row(withIDOrTitle wanted: String) -> Int? {
        let rows = (0..<min(rowCount, 10_000)).filter(isEnabled)
        return rows.first { boundRow($0).row.id.map(Template.text) == wanted } ?? rows.first { boundRow($0).row.title == wanted }
    }
}
