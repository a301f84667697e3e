/// Sorting a table by a column (`s` the next column, `S` the other way, a click on a column's
/// name): the section's rows put in another order, the selected row and marks kept on their rows.
extension Screen {
    /// Rows a sort binds at most: each row is bound once to read its cell, so a table this long
    /// sorts in about a second; a longer one says so instead of freezing the screen.
    static let tableSortLimit = 200_000

    /// The table section a sort key acts on: the selected row's, else the header line's.
    var sortableSection: Int? {
        if let selection, sections[locate(selection).section].columns != nil { return locate(selection).section }
        return headerSection
    }

    /// Sorts the table by the column after the one it is sorted by (the first, if none); past
    /// the last, the rows go back to their own order. Returns what to tell the user, if anything.
    mutating func sortByNextColumn(in viewport: Size) -> StatusMessage? {
        guard let section = sortableSection, let columns = sections[section].columns else {
            return StatusMessage("Nothing to sort: no table here", kind: .info)
        }
        let next = tableSorts[section].map { $0.column + 1 } ?? 0
        return sortTable(section: section, by: next < columns.count ? TableSort(column: next, descending: false) : nil, in: viewport)
    }

    /// Turns the table's order around (sorting it by its first column if it was not sorted).
    mutating func reverseTableSort(in viewport: Size) -> StatusMessage? {
        guard let section = sortableSection else { return StatusMessage("Nothing to sort: no table here", kind: .info) }
        let sort = tableSorts[section].map { TableSort(column: $0.column, descending: !$0.descending) }
            ?? TableSort(column: 0, descending: true)
        return sortTable(section: section, by: sort, in: viewport)
    }

    /// A click on the header line at column `x`: sorts by the column there, the other way when
    /// the table is sorted by it already.
    mutating func sortByColumn(atX x: Int, viewport: Size) -> StatusMessage? {
        guard let section = headerSection, let table = tableLayouts(viewport: viewport)[section]?.layout,
              let placed = table.placed.first(where: { x >= ScreenMetrics.textColumn + $0.x && x < ScreenMetrics.textColumn + $0.x + $0.width + TableLayout.gap })
        else { return nil }
        let current = tableSorts[section]
        let descending = current?.column == placed.column ? !(current?.descending ?? true) : false
        return sortTable(section: section, by: TableSort(column: placed.column, descending: descending), in: viewport)
    }

    /// Sorts section `section` by `sort` (`nil`: the rows' own order).
    mutating func sortTable(section: Int, by sort: TableSort?, in viewport: Size) -> StatusMessage? {
        guard let columns = sections[section].columns else { return nil }
        let (own, oldOrder) = sections[section].rows.unordered
        guard own.feeds.isEmpty else {
            return StatusMessage("Rows from a command stay in the order they come: sort them in the command", kind: .info)
        }
        guard own.count <= Self.tableSortLimit else {
            return StatusMessage("Too many rows to sort here (\(own.count); at most \(Self.tableSortLimit))", kind: .info)
        }
        let kept = selection.map(fullRow)
        var newOrder: [Int32]?
        if let sort {
            newOrder = order(of: own, section: section, by: columns[sort.column], descending: sort.descending)
        }
        let identity = (0..<own.count).map { Int32($0) }
        guard let rows = own.reordered(newOrder ?? identity) else { return nil }
        // Marks and the selection are full rows: they follow their rows to their new places.
        let before = oldOrder ?? identity
        let after = newOrder ?? identity
        var placeOf = [Int32](repeating: 0, count: own.count)
        for (position, row) in after.enumerated() { placeOf[Int(row)] = Int32(position) }
        let first = fullLayout.spans[section].firstRow
        func moved(_ full: Int) -> Int {
            let position = full - first
            guard position >= 0, position < own.count else { return full }
            return first + Int(placeOf[Int(before[position])])
        }
        marks = Set(marks.map(moved))
        sections[section].rows = sort == nil ? own : rows
        tableSorts[section] = sort
        layout = ListLayout(sections: sections)
        fullLayout = layout
        if find != nil {
            // Found again from scratch: the old matches name the rows' old places.
            find?.matches = nil
            find?.ranks = nil
            queryChanged(in: viewport)
            finishFind(in: viewport)
        }
        if let kept, let row = shownRow(full: moved(kept)) {
            selection = row
        }
        scrollToSelection(in: viewport)
        return nil
    }

    /// The positions of `rows` in the order of their cells in `column`: numbers as numbers when
    /// the column says so, or when every cell that is not empty is one; empty cells last either way.
    private func order(of rows: RowList, section: Int, by column: TableColumn, descending: Bool) -> [Int32] {
        let context = self.context
        var texts: [String] = []
        texts.reserveCapacity(rows.count)
        for position in rows.indices {
            var rowContext = context
            if let item = rows.binding(at: position) { rowContext = rowContext.adding(item.name, item.value) }
            let bound = RowBinder.bind(rows[position], item: rows.binding(at: position), context: context, cells: spec.cells)
            texts.append(column.value.render(in: rowContext.adding(.object(bound.attributes))).trimmingSpaces())
        }
        let numbers = texts.map(TableSortKey.number)
        let numeric: Bool
        switch column.sortsAs {
        case .number: numeric = true
        case .text: numeric = false
        case .automatic: numeric = zip(texts, numbers).allSatisfy { $0.isEmpty || $1 != nil } && numbers.contains { $0 != nil }
        }
        let keys = numeric ? [] : texts.map(TableSortKey.text)
        return (0..<Int32(rows.count)).sorted { a, b in
            let x = Int(a), y = Int(b)
            // Empty cells after the others, whichever way; equal keys keep their own order.
            if texts[x].isEmpty != texts[y].isEmpty { return !texts[x].isEmpty }
            if numeric {
                let (p, q) = (numbers[x] ?? 0, numbers[y] ?? 0)
                if p != q { return descending ? p > q : p < q }
            } else if keys[x] != keys[y] {
                return descending ? keys[y].lexicographicallyPrecedes(keys[x]) : keys[x].lexicographicallyPrecedes(keys[y])
            }
            return a < b
        }
    }

    /// The shown row of full row `full`, if it is shown.
    func shownRow(full: Int) -> Int? {
        let section = fullLayout.section(ofRow: full)
        return shownRow(section: section, position: full - fullLayout.spans[section].firstRow)
    }
}

/// What a table sorts a cell by.
enum TableSortKey {
    /// The number a cell says, allowing digit groups (`1,024`) and a unit or percent sign after
    /// it (`12.5%`, `3 MB`); a size's `K`, `M`, `G`, `T` or `P` counts, so `2T` comes after
    /// `512G` (as `du -h` and `df -h` write them). Anything else after the number is ignored.
    static func number(_ text: String) -> Double? {
        var digits = ""
        var sawDigit = false
        var rest = Substring(text)
        while let character = rest.first {
            if character.isASCII, character.isNumber || character == "." || ((character == "-" || character == "+") && digits.isEmpty) {
                if character.isNumber { sawDigit = true }
                digits.append(character)
            } else if character == ",", sawDigit {
                // A digit group's comma.
            } else if sawDigit {
                break
            } else if character != " " {
                return nil
            }
            rest = rest.dropFirst()
        }
        guard sawDigit, let value = Double(digits) else { return nil }
        // A size's unit is the letter alone or with B, i or iB after it (`3 minutes` is no size).
        let unitText = rest.drop { $0 == " " }
        let unit = ["", "B", "I", "IB"].contains(unitText.dropFirst().uppercased()) ? unitText.first.map { String($0).uppercased() } : nil
        let scale: Double = switch unit {
        case "K"?: 1e3
        case "M"?: 1e6
        case "G"?: 1e9
        case "T"?: 1e12
        case "P"?: 1e15
        default: 1
        }
        return value * scale
    }

    /// Text compared without case, and so that `file10` comes after `file9`.
    static func text(_ text: String) -> [TextPart] {
        var parts: [TextPart] = []
        var run = ""
        var number: Double?
        func flush() {
            if let value = number { parts.append(.number(value)) } else if !run.isEmpty { parts.append(.text(run)) }
            run = ""
            number = nil
        }
        for character in text.lowercased() {
            if let digit = character.wholeNumberValue, character.isASCII {
                if number == nil { flush() }
                number = (number ?? 0) * 10 + Double(digit)
            } else {
                if number != nil { flush() }
                run.append(character)
            }
        }
        flush()
        return parts
    }

    enum TextPart: Comparable {
        case number(Double)
        case text(String)
    }
}
