/// `input`: a setting's value as text; Enter edits it in place with the line editor, checked by
/// `kind` (text, number, password), `min`, `max`, `pattern` and `invalid`.
struct InputKind: RowKind {
    var name: String { "input" }
    var enter: (hint: String, title: String)? { ("edit", "Edit") }
    var editsText: Bool { true }
    var keys: [SpecSchema.Declaration] { InputRules.declarations }

    func check(_ attributes: [String: JSONValue], path: String, complete: Bool) -> ShapeProblem? {
        if case .failure(let problem) = InputRules.decode(attributes, path: path) { return problem }
        return nil
    }

    func drawFirstLine(_ drawing: RowDrawing, title: String, into grid: inout Grid, y: Int, start: Int, end: Int) {
        if drawing.drawEditorIfEditing(title: title, into: &grid, y: y, start: start, end: end) { return }
        let row = drawing.bound.row
        let value = Self.text(of: row, settings: drawing.settings)
        // A password's length is not shown either.
        let shown = value.isEmpty ? row.extras["placeholder"]?.stringValue.map(TextFitting.sanitize) ?? ""
            : InputRules(row.extras).kind == .password ? "••••••••" : TextFitting.sanitize(value)
        drawing.drawTitleAndDetail(title, detail: shown, into: &grid, y: y, start: start, end: end,
                                   detailStyle: value.isEmpty ? drawing.quietStyle : drawing.lineStyle,
                                   detailMatches: drawing.highlights.value)
    }

    func activate(_ state: inout AppState) -> [Effect]? { Entry.editSetting(&state) }

    /// Its value, masked for a password, or its placeholder in brackets.
    func value(of row: Row, settings: JSONValue) -> String? {
        let value = Self.text(of: row, settings: settings)
        guard !value.isEmpty else { return "(\(row.extras["placeholder"]?.stringValue ?? "empty"))" }
        return InputRules(row.extras).kind == .password ? "••••••••" : TextFitting.sanitize(value)
    }

    /// A password is never found by what it is, nor an empty value by its placeholder.
    func searchedValue(of row: Row, settings: JSONValue) -> String? {
        guard InputRules(row.extras).kind != .password else { return nil }
        let value = Self.text(of: row, settings: settings)
        return value.isEmpty ? nil : value
    }

    /// A setting holding a value of another type than the row saves (text where a number is
    /// expected): it shows as text, and is only replaced when the user saves a new one; or one
    /// its rules refuse (a number out of range). A password's value is never quoted.
    func settingProblem(_ value: JSONValue, row: Row) -> String? {
        let rules = InputRules(row.extras)
        // Of the right type but refused by the rules (out of range, not matching): as typed would be.
        if rules.accepts(value), value != .null, case .failure(let refusal) = rules.validate(rules.text(of: value)) {
            return rules.kind == .password ? "holds a value these rules refuse" : "holds \(value.summary): \(refusal.message)"
        }
        guard !rules.accepts(value) else { return nil }
        let found = rules.kind == .password ? "a \(value.typeName)" : value.summary
        let expected = rules.kind == .number ? "a number" : rules.kind == .list ? "a list of text without commas" : "text"
        return "holds \(found) where \(expected) is expected; shown as text"
    }

    /// The value as text (a password as it is: callers mask it); empty when unset.
    static func text(of row: Row, settings: JSONValue) -> String {
        InputRules(row.extras).text(of: row.setting.flatMap { settings.setting($0) })
    }
}

extension JSONValue {
    /// What kind of value it is, without the value.
    var typeName: String {
        switch self {
        case .null: return "null"
        case .bool: return "boolean"
        case .number: return "number"
        case .string: return "string"
        case .array: return "array"
        case .object: return "object"
        }
    }
}
