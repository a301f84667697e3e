/// `progress`: a row that runs a command and shows how far it is, as dialog's gauge does. The
/// command's lines move a bar (`42`, `42%`, `3/8`: `ProgressReading`) or say what it is doing.
/// Enter runs it (again, once it has ended); with `"start": "onOpen"` it runs when its screen
/// opens. While it runs, Esc asks whether to stop it; it ends with `✓` and its last words, or `✗`
/// and why (its status and its last line of errors).
///
/// `{"cell": "progress", "title": "Back up", "command": ["sh", "-c", "rsync --info=progress2 …"]}`
struct ProgressKind: RowKind {
    var name: String { "progress" }
    var keys: [SpecSchema.Declaration] {
        [.row("command", .array, "A progress row's command: the program and its arguments, run without a shell.",
              schema: ##"{"type": ["array", "null"], "items": {"type": "string"}, "minItems": 1}"##),
         .row("start", .string, "When a progress row runs its command: on Enter (the default), or as its screen opens.",
              schema: ##"{"enum": ["onEnter", "onOpen", null]}"##)]
    }
    var enter: (hint: String, title: String)? { ("run", "Run its command") }
    var help: [(keys: String, text: String)] {
        [("Enter", "run its command (again, once it has ended)"), ("Esc", "while it runs: ask whether to stop it")]
    }

    func check(_ attributes: [String: JSONValue], path: String, complete: Bool) -> ShapeProblem? {
        switch attributes["command"] {
        case .array(let parts)? where !parts.isEmpty && parts.allSatisfy({ $0.stringValue != nil }):
            break
        case nil, .null?:
            if complete {
                return ShapeProblem(path: path + ".command",
                                    message: "a progress row needs \"command\": the program and its arguments, as an array of strings")
            }
        case let other?:
            return .expected("an array of strings (the program and its arguments)", found: other, at: path + ".command")
        }
        switch attributes["start"] {
        case nil, .null?, .string("onEnter")?, .string("onOpen")?: return nil
        case let other?: return .expected("\"onEnter\" or \"onOpen\"", found: other, at: path + ".start")
        }
    }

    func startsOnOpen(_ attributes: [String: JSONValue]) -> Bool {
        attributes["start"] == .string("onOpen")
    }

    func drawFirstLine(_ drawing: RowDrawing, title: String, into grid: inout Grid, y: Int, start: Int, end: Int) {
        guard let command = drawing.command else {
            drawing.drawTitleAndDetail(title, detail: drawing.layout.sideDetail, into: &grid, y: y, start: start, end: end)
            return
        }
        // All the room the title leaves, and half the row at least.
        let width = max((end - start) / 2 - 1, end - start - TextWidth.of(title) - 2)
        drawing.drawTitleAndDetail(title, detail: command.summary(width: width), into: &grid, y: y,
                                   start: start, end: end, detailStyle: drawing.lineStyle)
    }

    func activate(_ state: inout AppState) -> [Effect]? {
        guard let selection = state.current.selection, let row = state.current.selectedRow else { return [] }
        return RowCommand.start(row, fullRow: state.current.fullRow(selection), onScreenAt: state.stack.count - 1, &state)
    }
}
