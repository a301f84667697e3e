/// What `SpecIndexer`'s pass found in a spec: everything the loader needs, free of the scanner
/// (whose buffer does not outlive the load).
///
/// It holds no decoded rows: a table row costs its offset, its enabled flag and, once any row
/// names a cell type, a cell id, so a million rows cost a few megabytes on top of the file.
package struct SpecIndex {
    /// A section's texts and its rows: runs of table rows, generators and live sources, in order.
    package struct SectionEntry {
        package enum Part {
            case rows(first: Int, count: Int)
            case generator(RowGenerator)
            case live(LiveSource)
        }

        package var header: String?
        package var footer: String?
        package var preview: JSONValue?
        package var columns: [TableColumn]?
        package var parts: [Part] = []
    }

    /// Where something named in the spec was written, for errors found after the pass.
    package struct Use {
        package var name: String
        package var path: String
        package var offset: Int
    }

    /// A row to check by its kind: the cell type it names, the kind keys it sets itself, and where.
    package struct KindCheck {
        package var cell: String
        package var attributes: [String: JSONValue]
        package var path: String
        package var offset: Int
    }

    package var title: String?
    package var sections: [SectionEntry] = []
    /// Per table row, where its `{` is in the spec's bytes.
    package var rowOffsets: [UInt32] = []
    package var rowEnabled: [Bool] = []
    /// Per table row, where its title and detail are, for a find.
    package var rowTexts: [PlainRowText] = []
    /// For the rows binding warnings look at, whether each is sure to have none (see `indexRow`).
    package var quietRows: [Bool] = []
    /// The rows, from the first, whose quietness is recorded: the ones binding warnings look at.
    package static let checkedRows = 1_000
    /// Per row, 0 or 1 + the index in `cellUses` of the cell type it names; empty if none does.
    package var rowCells: [UInt16] = []
    /// The first use of each cell type a table row names.
    package var cellUses: [Use] = []
    /// Cell types named by generator and live section templates.
    package var generatorCellUses: [Use] = []
    /// Rows whose kind checks its own keys once cell types resolve (`RowKind.check`): rows that
    /// set such keys (`min`, `kind`…), the first row of each cell type that sets none, and
    /// generator and live row templates.
    package var kindChecks: [KindCheck] = []
    package var hotkeys: [(row: Int, key: Character)] = []
    package var data: JSONValue?
    package var dataFile: Use?
    package var settingsFile: String?
    package var cells: [String: CellDefinition] = [:]
    package var cellDefinitionUses: [Use] = []
    package var includes: [Use] = []
    /// Whether some table row binds `enabled` to data (`enabledKeyPath`, a template) or has `hidden`.
    package var bindsEnabled = false
    /// Whether some table row has `hidden`, so rows must be bound to know what shows.
    package var hidesRows = false
    /// `"saveSettings": "onSave"`: the screen holds its settings changes until saved.
    package var savesOnSave = false
    /// `"multi"`: 0 for no limit, else the most marks.
    package var marksRows: Int?
    /// `"height"`: drawn inline by default.
    package var inlineHeight: InlineHeight?
    /// `"select"`: the row selected as the screen opens, by id or title (a template).
    package var selects: String?
    /// `"form"`: the fields `segue form` asks.
    package var form: [FormField]?
    /// `"cwd"`: `"caller"` (true), `"spec"` (false), or not said.
    package var runsInCaller: Bool?
    /// `"onOpen"`: the action run as the screen first shows.
    package var onOpen: RowAction?
    /// `"sort": "frecency"`: the half-life of a choice, in days.
    package var frecencyHalfLife: Double?
    /// `"remember"`.
    package var remembers: Bool?
    /// `"refresh": "onShow"`: read again whenever it shows again.
    package var refreshesOnShow = false
    /// `"filter"` and `"sort"`.
    package var find = FindSettings()
    package var theme: String?
    package var keys: JSONValue?
    /// Keys in the wrong place or misspelt: `sections[0].titel: unknown key, ignored; did you mean "title"?`.
    package var warnings: [String] = []
    /// The first row whose hotkey opens the find line, an error unless finding is off.
    package var findKeyUse: Use?

    /// Records a table row: where its `{` is, whether it is enabled, and the id of its cell type
    /// (0 for none). Rows before the first that names a cell type get a 0 only once one does, so
    /// specs without cell types keep `rowCells` empty.
    @inline(__always)
    package mutating func appendRow(at offset: Int, enabled: Bool, cell: UInt16) {
        if cell != 0 || !rowCells.isEmpty {
            if rowCells.count < rowOffsets.count { rowCells += Array(repeating: 0, count: rowOffsets.count - rowCells.count) }
            rowCells.append(cell)
        }
        rowOffsets.append(UInt32(truncatingIfNeeded: offset))
        rowEnabled.append(enabled)
    }

    /// Pads `rowCells` to every row, once the pass is over, when any row named a cell type.
    package mutating func finish() {
        if !rowCells.isEmpty, rowCells.count < rowOffsets.count {
            rowCells += Array(repeating: 0, count: rowOffsets.count - rowCells.count)
        }
    }
}
