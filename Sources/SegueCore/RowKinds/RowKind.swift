/// What one kind of row is and does, in one place: a toggle, a choice, an input, a slider….
///
/// Everything that differs between kinds lives in its kind's file: the keys only its rows read
/// and their checks, its lines and how it draws them, what Enter and ←/→/Space do, what the find
/// searches, its plain-mode line, its hint words and its help. The rest of Segue asks the row's
/// kind (`CellStyle.kind`) and never switches over kinds. A new kind is a file in this folder
/// and a line in `RowKinds.all`.
protocol RowKind: RowKindSpec {
    /// Whether the find looks in its rows.
    var isSearchable: Bool { get }
    /// Whether its rows end with the `›` of a row that opens something, and stop before it.
    var drawsChevron: Bool { get }
    /// Lines a row takes without binding it, when its kind alone decides (`nil`: its text does).
    func fixedHeight(wraps: Bool) -> Int?
    /// Its lines at a width.
    func layOut(_ layout: inout RowLayout, title: String, detail: String?, row: Row, viewport: Size)
    /// Draws the whole row from line `y`, stopping before `bottom`, and returns the line after
    /// it; `nil` to be drawn in the frame every kind shares (which calls `drawFirstLine`).
    func draw(_ drawing: RowDrawing, into grid: inout Grid, y: Int, bottom: Int) -> Int?
    /// Draws its first line after the pointer, from `start` to `end`.
    func drawFirstLine(_ drawing: RowDrawing, title: String, into grid: inout Grid, y: Int, start: Int, end: Int)
    /// Enter (or a click, or →): what it does itself, or `nil` to run the row's segue or action.
    func activate(_ state: inout AppState) -> [Effect]?
    /// Its value one step up (1: Space, and → where it `usesArrows`) or down (-1: ←); `nil`
    /// when it has no steps (Space then marks the row with `--multi`, ← goes back, → opens).
    func step(_ direction: Int, _ state: inout AppState) -> [Effect]?
    /// The value it shows beside the title, as plain mode shows it.
    func value(of row: Row, settings: JSONValue) -> String?
    /// The value the find looks in (`value`, unless the kind hides it).
    func searchedValue(of row: Row, settings: JSONValue) -> String?
    /// The whole plain-mode line (`nil`: the title, and the value or detail).
    func plainLine(title: String, row: Row) -> String?
    /// What Enter does, as a word for the hint line and words for the menu and the help; `nil`
    /// when the row's action decides.
    var enter: (hint: String, title: String)? { get }
    /// What Space does, for the hint line.
    var space: String? { get }
    /// Whether ←/→ change its value (the hint line says `←→ change`).
    var usesArrows: Bool { get }
    /// Whether Enter types a value with the line editor (the help lists the editor's keys).
    var editsText: Bool { get }
    /// Its own lines in the help (`←/→`, `Enter`…) under "This row".
    var help: [(keys: String, text: String)] { get }
}

extension RowKind {
    var isSearchable: Bool { isSelectable }
    var drawsChevron: Bool { true }
    func fixedHeight(wraps: Bool) -> Int? { wraps ? nil : 1 }

    /// The title at the left and the detail at the right, the title wrapping with `"wrap": true`.
    func layOut(_ layout: inout RowLayout, title: String, detail: String?, row: Row, viewport: Size) {
        layout.sideDetail = detail
        // A row's own `"wrap"` breaks at spaces, the screen's looks (`--wrap`) as they say.
        if layout.looks.measuresTitles, !row.wraps || layout.looks.wrap != nil {
            layout.layOutByLooks(title, detail: detail, viewport: viewport)
            return
        }
        guard row.wraps else {
            layout.titleLines = [title]
            return
        }
        let room = max(1, viewport.width - ScreenMetrics.textColumn - ScreenMetrics.chevronSpace)
        let detailRoom = detail.map { min(TextWidth.of($0), room / 2) + 2 } ?? 0
        layout.titleLines = ScreenMetrics.paragraph(title, width: max(1, room - detailRoom), viewport: viewport)
    }

    func draw(_ drawing: RowDrawing, into grid: inout Grid, y: Int, bottom: Int) -> Int? { nil }

    func drawFirstLine(_ drawing: RowDrawing, title: String, into grid: inout Grid, y: Int, start: Int, end: Int) {
        drawing.drawTitleAndDetail(title, detail: drawing.layout.sideDetail, into: &grid, y: y, start: start, end: end)
    }

    func activate(_ state: inout AppState) -> [Effect]? { nil }
    func step(_ direction: Int, _ state: inout AppState) -> [Effect]? { nil }
    func value(of row: Row, settings: JSONValue) -> String? { nil }
    func searchedValue(of row: Row, settings: JSONValue) -> String? { value(of: row, settings: settings) }
    func plainLine(title: String, row: Row) -> String? { nil }
    var enter: (hint: String, title: String)? { nil }
    var space: String? { nil }
    var usesArrows: Bool { false }
    var editsText: Bool { false }
    var help: [(keys: String, text: String)] { [] }
}

/// The kinds rows can be, by name.
enum RowKinds {
    /// Every built-in kind, in the order the docs list them.
    static let builtIn: [any RowKind] = all.filter(\.namedBySpecs)

    /// Every kind, the ones specs name first: `CellStyle` is an index into this.
    static let all: [any RowKind] = [
        DefaultKind(), SubtitleKind(), ValueKind(), ToggleKind(), ChoiceKind(), InputKind(), SliderKind(),
        ProgressKind(), TextKind(), SeparatorKind(), RenderedKind(),
    ]

    /// The same kinds as the spec language is handed them (`SpecLoader`, `CellLibrary`).
    /// (Each kind converted as itself: a cast of the whole array would look each one up at run
    /// time, a third of a millisecond at every start.)
    static let catalog = RowKindCatalog(all.map { kind -> any RowKindSpec in kind })
}
