/// `slider`: a number setting between `min` and `max`, drawn as a bar with its value; ← and →
/// change it by `step` (1 by default), Enter types an exact value.
///
/// `{"cell": "slider", "title": "Volume", "setting": "volume", "min": 0, "max": 100, "step": 5}`
struct SliderKind: RowKind {
    var name: String { "slider" }
    var enter: (hint: String, title: String)? { ("type", "Type a value") }
    var usesArrows: Bool { true }
    var editsText: Bool { true }
    var keys: [SpecSchema.Declaration] {
        [.row("min", .number, "A slider's left end."),
         .row("max", .number, "A slider's right end."),
         .row("step", .number, "How far ← and → move a slider (1 by default).", schema: ##"{"type": ["number", "null"], "exclusiveMinimum": 0}"##)]
    }
    var help: [(keys: String, text: String)] { [("← →", "change it by its step"), ("Space", "one step up")] }

    /// The bar's width in cells, at most.
    static let barWidth = 20

    func check(_ attributes: [String: JSONValue], path: String, complete: Bool) -> ShapeProblem? {
        var numbers: [String: Double] = [:]
        for key in keys.map(\.name) {
            guard let value = attributes[key], value != .null else { continue }
            guard let number = value.doubleValue, number.isFinite else {
                return .expected("a number", found: value, at: path + "." + key)
            }
            numbers[key] = number
        }
        guard let minimum = numbers["min"], let maximum = numbers["max"] else {
            guard complete else { return nil }
            let missing = numbers["min"] == nil ? "min" : "max"
            return ShapeProblem(path: path + "." + missing, message: "a slider needs \"min\" and \"max\": the ends of its bar")
        }
        guard minimum < maximum else {
            return ShapeProblem(path: path + ".max", message: "max (\(InputRules.text(maximum))) must be above min (\(InputRules.text(minimum)))")
        }
        guard (maximum - minimum).isFinite, abs(minimum) < 1e15, abs(maximum) < 1e15 else {
            return ShapeProblem(path: path + ".max", message: "min and max must lie within ±10^15")
        }
        if let step = numbers["step"], !(step > 0 && step <= maximum - minimum) {
            return ShapeProblem(path: path + ".step", message: "expected a step above 0 and at most max - min, found \(InputRules.text(step))")
        }
        return nil
    }

    func drawFirstLine(_ drawing: RowDrawing, title: String, into grid: inout Grid, y: Int, start: Int, end: Int) {
        if drawing.drawEditorIfEditing(title: title, into: &grid, y: y, start: start, end: end) { return }
        let row = drawing.bound.row
        let shown = Self.text(of: row, settings: drawing.settings)
        // The bar takes up to a third of the row, and goes first when the row is narrow.
        let barWidth = min(Self.barWidth, (end - start) / 3 - 2)
        let detail = barWidth >= 3 ? "[" + bar(row, settings: drawing.settings, width: barWidth) + "] " + shown : shown
        drawing.drawTitleAndDetail(title, detail: detail, into: &grid, y: y, start: start, end: end,
                                   detailStyle: drawing.lineStyle, detailMatches: Set(drawing.highlights.value.map { $0 + detail.count - shown.count }))
    }

    func activate(_ state: inout AppState) -> [Effect]? {
        guard let bound = state.current.selectedBoundRow else { return [] }
        guard let name = bound.row.setting else {
            state.setStatus(.error("this slider has no \"setting\" to change"))
            return []
        }
        var rules = bound.row.extras
        rules["kind"] = "number"
        state.entry = TextEntry(purpose: .setting(name), editor: LineEditor(Self.text(of: bound.row, settings: state.settings.values)),
                                rules: InputRules(rules), screen: state.current.id)
        return []
    }

    func step(_ direction: Int, _ state: inout AppState) -> [Effect]? { move(direction, &state) }

    func value(of row: Row, settings: JSONValue) -> String? { Self.text(of: row, settings: settings) }

    func settingProblem(_ value: JSONValue, row: Row) -> String? {
        guard value != .null, value.doubleValue == nil else { return nil }
        return "holds \(value.summary) where a number is expected; shown at min"
    }

    /// The value as shown: the setting's number, else `min`.
    static func text(of row: Row, settings: JSONValue) -> String {
        InputRules.text(number(of: row, settings: settings))
    }

    private static func bounds(of row: Row) -> (min: Double, max: Double, step: Double) {
        let minimum = row.extras["min"]?.doubleValue ?? 0
        let maximum = max(minimum, row.extras["max"]?.doubleValue ?? 100)
        let step = row.extras["step"]?.doubleValue.flatMap { $0 > 0 ? $0 : nil } ?? 1
        return (minimum, maximum, step)
    }

    private static func number(of row: Row, settings: JSONValue) -> Double {
        let (minimum, maximum, _) = bounds(of: row)
        let value = row.setting.flatMap { settings.setting($0)?.doubleValue } ?? minimum
        return Swift.min(maximum, Swift.max(minimum, value))
    }

    private func bar(_ row: Row, settings: JSONValue, width: Int) -> String {
        let (minimum, maximum, _) = Self.bounds(of: row)
        let fraction = maximum > minimum ? (Self.number(of: row, settings: settings) - minimum) / (maximum - minimum) : 0
        // Bounds checked at load keep this finite; a row built in code might not.
        let filled = fraction.isFinite ? min(width, max(0, Int((fraction * Double(width)).rounded()))) : 0
        return String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled)
    }

    /// One step up (1) or down (-1), onto the steps counted from `min`, and no further than the ends.
    private func move(_ direction: Int, _ state: inout AppState) -> [Effect] {
        guard let row = state.current.selectedRow else { return [] }
        guard let name = row.setting else {
            state.setStatus(.error("this slider has no \"setting\" to change"))
            return []
        }
        let (minimum, maximum, step) = Self.bounds(of: row)
        let current = Self.number(of: row, settings: state.settings.values)
        // On a step (give or take the binary fractions of 0.1) the next one is a whole step away.
        let exact = (current - minimum) / step
        let onStep = abs(exact - exact.rounded()) < 1e-9 ? exact.rounded() : exact.rounded(direction > 0 ? .down : .up)
        let steps = onStep + Double(direction)
        // Rounded to nine decimals, so that 0.1 steps read 0.3, not 0.30000000000000004.
        let next = (Swift.min(maximum, Swift.max(minimum, minimum + steps * step)) * 1e9).rounded() / 1e9
        guard next.isFinite else { return [] }
        return SettingChanges.change(name, to: .number(InputRules.text(next)), &state)
    }
}
