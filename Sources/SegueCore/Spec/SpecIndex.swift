/// What `SpecIndexer`'s pass found in a spec: everything the loader needs, free of the scanner
/// (whose buffer does not outlive the load).
///
/// It holds no decoded rows: a table row costs its offset, its enabled flag and, once any row
/// names a cell type, a cell id, so a million rows cost a few megabytes on top of the file.
struct SpecIndex {
    /// A section's texts and its rows: runs of table rows, generators and live sources, in order.
    struct SectionEntry {
        enum Part {
            case rows(first: Int, count: Int)
            case generator(RowGenerator)
            case live(LiveSource)
        }

        var header: String?
        var footer: String?
        var preview: JSONValue?
        var columns: [TableColumn]?
        var parts: [Part] = []
    }

    /// Where something named in the spec was written, for errors found after the pass.
    struct Use {
        var name: String
        var path: String
        var offset: Int
    }

    /// A row to check by its kind: the cell type it names, the kind keys it sets itself, and where.
    struct KindCheck {
        var cell: String
        var attributes: [String: JSONValue]
        var path: String
        var offset: Int
    }

    var title: String?
    var sections: [SectionEntry] = []
    /// Per table row, where its `{` is in the spec's bytes.
    var rowOffsets: [UInt32] = []
    var rowEnabled: [Bool] = []
    /// For the rows binding warnings look at, whether each is sure to have none (see `indexRow`).
    var quietRows: [Bool] = []
    /// The rows, from the first, whose quietness is recorded: the ones binding warnings look at.
    package static let checkedRows = 1_000
    /// Per row, 0 or 1 + the index in `cellUses` of the cell type it names; empty if none does.
    var rowCells: [UInt16] = []
    /// The first use of each cell type a table row names.
    var cellUses: [Use] = []
    /// Cell types named by generator and live section templates.
    var generatorCellUses: [Use] = []
    /// Rows whose kind checks its own keys once cell types resolve (`RowKind.check`): rows that
    /// set such keys (`min`, `kind`…), the first row of each cell type that sets none, and
    /// generator and live row templates.
    var kindChecks: [KindCheck] = []
    var hotkeys: [(row: Int, key: Character)] = []
    var data: JSONValue?
    var dataFile: Use?
    var settingsFile: String?
    var cells: [String: CellDefinition] = [:]
    var cellDefinitionUses: [Use] = []
    var includes: [Use] = []
    /// Whether some table row binds `enabled` to data (`enabledKeyPath`, a template) or has `hidden`.
    var bindsEnabled = false
    /// Whether some table row has `hidden`, so rows must be bound to know what shows.
    var hidesRows = false
    /// `"saveSettings": "onSave"`: the screen holds its settings changes until saved.
    var savesOnSave = false
    /// `"multi"`: 0 for no limit, else the most marks.
    var marksRows: Int?
    /// `"height"`: drawn inline by default.
    var inlineHeight: InlineHeight?
    /// `"select"`: the row selected as the screen opens, by id or title (a template).
    var selects: String?
    /// `"cwd": "caller"`.
    var runsInCaller = false
    /// `"onOpen"`: the action run as the screen first shows.
    var onOpen: RowAction?
    /// `"sort": "frecency"`: the half-life of a choice, in days.
    var frecencyHalfLife: Double?
    /// `"remember"`.
    var remembers: Bool?
    /// `"refresh": "onShow"`: read again whenever it shows again.
    var refreshesOnShow = false
    /// `"filter"` and `"sort"`.
    var find = FindSettings()
    var theme: String?
    var keys: JSONValue?
    /// Keys in the wrong place or misspelt: `sections[0].titel: unknown key, ignored; did you mean "title"?`.
    var warnings: [String] = []
    /// The first row whose hotkey opens the find line, an error unless finding is off.
    var findKeyUse: Use?

    /// Records a table row: where its `{` is, whether it is enabled, and the id of its cell type
    /// (0 for none). Rows before the first that names a cell type get a 0 only once one does, so
    /// specs without cell types keep `rowCells` empty.
    @inline(__always)
    mutating func appendRow(at offset: Int, enabled: Bool, cell: UInt16) {
        if cell != 0 || !rowCells.isEmpty {
            if rowCells.count < rowOffsets.count { rowCells += Array(repeating: 0, count: rowOffsets.count - rowCells.count) }
            rowCells.append(cell)
        }
        rowOffsets.append(UInt32(truncatingIfNeeded: offset))
        rowEnabled.append(enabled)
    }

    /// Pads `rowCells` to every row, once the pass is over, when any row named a cell type.
    mutating func finish() {
        if !rowCells.isEmpty, rowCells.count < rowOffsets.count {
            rowCells += Array(repeating: 0, count: rowOffsets.count - rowCells.count)
        }
    }
}
