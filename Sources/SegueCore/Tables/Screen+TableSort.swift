/// Sorting a table by a column (`s` the next column, `S` the other way, a click on a column's
/// name): the section's rows put in another order, the selected row and marks kept on their rows.
extension Screen {
    /// Rows a sort binds at most: each row is bound once to read its cell, so a table this long
    /// sorts in about a second; a longer one says so instead of freezing the screen.
    static let tableSortLimit = 200_000

    /// Whether a sort key means something else here: on a screen without a table, or where a
    /// row's hotkey or the selected row's action is that key, the key is theirs.
    func sortKeyGivesWay(_ key: Key) -> Bool {
        guard hasTable else { return true }
        if case .char(let character) = key, hotkeys[character] != nil { return true }
        return selectedBoundRow.map { ExtraAction.of($0.row).contains { $0.key == key } } ?? false
    }

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
        guard let (own, oldOrder) = sections[section].rows.unordered else { return sortLive(section: section, by: sort, in: viewport) }
        guard own.count <= Self.tableSortLimit else {
            return StatusMessage("Too many rows to sort here (\(own.count); at most \(Self.tableSortLimit))", kind: .info)
        }
        let kept = selection.map(fullRow)
        var newOrder: [Int32]?
        if let sort {
            newOrder = order(of: own.count, rows: { (own[$0], own.binding(at: $0)) }, by: columns[sort.column], descending: sort.descending)
        }
        let rows = newOrder.flatMap(own.reordered) ?? own
        // Marks, running row commands and the selection are full rows: they follow their rows.
        let first = fullLayout.spans[section].firstRow
        let placeOf = rows.places
        func moved(_ full: Int) -> Int {
            let position = full - first
            guard position >= 0, position < own.count else { return full }
            let ownPosition = oldOrder.map { Int($0[position]) } ?? position
            return first + (placeOf.map { Int($0[ownPosition]) } ?? ownPosition)
        }
        marks = Set(marks.map(moved))
        commands = Dictionary(uniqueKeysWithValues: commands.map { (moved($0.key), $0.value) })
        replaceRows([section: rows], selectingFirst: false)
        tableSorts[section] = sort
        refind(in: viewport)
        if let kept, let row = shownRow(full: moved(kept)) {
            selection = row
        }
        scrollToSelection(in: viewport)
        return nil
    }

    /// Sorts a table whose rows all came from its source (`cmd | segue --columns`, a command's
    /// rows) by putting its items in the new order; the order they came in is kept
    /// (`LiveFeed.arrival`) to go back to.
    private mutating func sortLive(section: Int, by sort: TableSort?, in viewport: Size) -> StatusMessage? {
        guard let columns = sections[section].columns, let (feed, firstRow) = feed(inSection: section) else { return nil }
        let rows = sections[section].rows
        guard firstRow == fullLayout.spans[section].firstRow, rows.feeds.count == 1, rows.count == feed.items.count else {
            return StatusMessage("A table sorts its rows when they all come from one source, or none", kind: .info)
        }
        guard feed.phase == .loaded, feed.exhausted else {
            return StatusMessage("Still loading: the table sorts once every row has come", kind: .info)
        }
        guard feed.items.count <= Self.tableSortLimit else {
            return StatusMessage("Too many rows to sort here (\(feed.items.count); at most \(Self.tableSortLimit))", kind: .info)
        }
        let count = feed.items.count
        func arrived(_ position: Int) -> Int32 { feed.arrival.map { position < $0.count ? $0[position] : Int32(position) } ?? Int32(position) }
        let newOrder = sort.map { self.order(of: rows.count, rows: { (rows[$0], rows.binding(at: $0)) }, by: columns[$0.column], descending: $0.descending) }
            ?? (0..<Int32(count)).sorted { arrived(Int($0)) < arrived(Int($1)) }
        var placeOf = [Int](repeating: 0, count: count)
        for (place, position) in newOrder.enumerated() { placeOf[Int(position)] = place }
        func moved(_ full: Int) -> Int {
            let position = full - firstRow
            return position >= 0 && position < count ? firstRow + placeOf[position] : full
        }
        let kept = selection.map(fullRow)
        let arrival = newOrder.map { arrived(Int($0)) }
        _ = updateFeed(section: section) { feed in
            feed.items = feed.items.moving(toFront: newOrder.map(Int.init))
            feed.arrival = arrival.enumerated().allSatisfy { $0.offset == Int($0.element) } ? nil : arrival
        }
        marks = Set(marks.map(moved))
        commands = Dictionary(uniqueKeysWithValues: commands.map { (moved($0.key), $0.value) })
        tableSorts[section] = sort
        tableSamples[section] = nil
        refind(in: viewport)
        if let kept, let row = shownRow(full: moved(kept)) { selection = row }
        scrollToSelection(in: viewport)
        return nil
    }

    /// A sorted table whose source brought its rows again, in the order they came: sorted again
    /// once they have all come.
    mutating func sortAgainIfCameAgain(section: Int, in viewport: Size) {
        guard let sort = tableSorts[section], let (feed, _) = feed(inSection: section), feed.arrival == nil,
              feed.phase == .loaded, feed.exhausted, feed.items.count > 1 else { return }
        _ = sortLive(section: section, by: sort, in: viewport)
    }

    /// Finds again from scratch, when rows have moved: the old matches name their old places.
    private mutating func refind(in viewport: Size) {
        guard find != nil else { return }
        find?.matches = nil
        find?.ranks = nil
        find?.recent.forget()
        queryChanged(in: viewport)
        finishFind(in: viewport)
    }

    /// The positions of `count` rows (each as written, with its item) in the order of their cells
    /// in `column`: numbers as numbers when the column says so, or when every cell that is not
    /// empty is one; empty cells last either way.
    private func order(of count: Int, rows: (Int) -> (row: Row, item: RowItem?), by column: TableColumn, descending: Bool) -> [Int32] {
        let context = self.context
        var texts: [String] = []
        texts.reserveCapacity(count)
        for position in 0..<count {
            let (row, item) = rows(position)
            let bound = RowBinder.bind(row, item: item, context: context, cells: spec.cells)
            // The cell as it shows.
            texts.append(Self.cells(of: bound, item: item, columns: [column], context: context)[0].trimmingSpaces())
        }
        let numbers = texts.map(TableSortKey.number)
        let numeric: Bool
        switch column.sortsAs {
        case .number: numeric = true
        case .text: numeric = false
        case .automatic: numeric = zip(texts, numbers).allSatisfy { $0.isEmpty || $1 != nil } && numbers.contains { $0 != nil }
        }
        let keys = texts.map(TableSortKey.text)
        return (0..<Int32(count)).sorted { a, b in
            let x = Int(a), y = Int(b)
            // Empty cells (and, by number, cells that are none) after the others, whichever way;
            // equal numbers go by their text, equal texts keep their own order.
            let (missingX, missingY) = numeric ? (numbers[x] == nil, numbers[y] == nil) : (texts[x].isEmpty, texts[y].isEmpty)
            if missingX != missingY { return missingY }
            if numeric, let p = numbers[x], let q = numbers[y], p != q { return descending ? p > q : p < q }
            if keys[x] != keys[y] {
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
    /// The number a cell says: digits with digit groups (`1,024`), a sign and a point, then
    /// nothing, or (after a space or not) `%` or a size's unit, `K`, `M`, `G`, `T` or `P`, alone or
    /// with `B`, `i` or `iB` (`12.5%`, `3 MB`, `2T` after `512G`, as `du -h` and `df -h` write
    /// them). Anything else (`2024-01-05`, `10:30`, `v2`) is no number.
    static func number(_ text: String) -> Double? {
        var digits = ""
        var sawDigit = false
        var rest = Substring(text.trimmingSpaces())
        while let character = rest.first {
            if character.isASCII, character.isNumber || character == "." || ((character == "-" || character == "+") && digits.isEmpty) {
                if character.isNumber { sawDigit = true }
                digits.append(character)
            } else if character == ",", sawDigit, rest.dropFirst().first?.isNumber == true {
                // A digit group's comma.
            } else {
                break
            }
            rest = rest.dropFirst()
        }
        guard sawDigit, let value = Double(digits) else { return nil }
        let unit = rest.drop { $0 == " " }.uppercased()
        if unit.isEmpty || unit == "%" { return value }
        guard let letter = unit.first, ["", "B", "I", "IB"].contains(unit.dropFirst()),
              let scale = ["K": 1e3, "M": 1e6, "G": 1e9, "T": 1e12, "P": 1e15][String(letter)] else { return nil }
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
