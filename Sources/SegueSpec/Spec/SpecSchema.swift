/// Every key of every place of a spec, declared once: where it goes, the JSON types it takes and
/// what it is for.
///
/// The loader's lists of known keys (which make its typo and wrong-place warnings) come from
/// here, row kinds add the keys their rows read (`RowKind.keys`), and tests hold
/// `docs/segue.schema.json` (what `segue schema` prints) and the docs to the same list, so a key
/// cannot be known to one and unknown to another.
package enum SpecSchema {
    /// The places keys stand in, each named as the schema file's `$defs` name it.
    package enum Place: String, CaseIterable, Sendable {
        case spec, section, generator, row, segue, action, extraAction, preview, source, filter
    }

    /// The JSON types a value may have (`null` means absent everywhere, and is not listed).
    package enum ValueType: String, Sendable {
        case string, number, integer, boolean, array, object
        /// More than one type, or a shape of its own: checked by its own code.
        case mixed
    }

    /// One key: its place, the types it takes, what it is for (the JSON Schema's `description`),
    /// and the JSON Schema of its value where the type alone does not say it (a `$ref`, an `enum`,
    /// bounds), as JSON text; `segue schema` is made from these (`SpecSchema.document`).
    package struct Declaration: Sendable {
        package var name: String
        package var place: Place
        package var type: ValueType
        package var doc: String
        package var schema: String?

        package init(name: String, place: Place, type: ValueType, doc: String, schema: String? = nil) {
            self.name = name
            self.place = place
            self.type = type
            self.doc = doc
            self.schema = schema
        }

        /// A key a kind of row reads (`RowKindSpec.keys`).
        package static func row(_ name: String, _ type: ValueType, _ doc: String, schema: String? = nil) -> Declaration {
            Declaration(name: name, place: .row, type: type, doc: doc, schema: schema)
        }
    }

    package static let declarations: [Declaration] = [
        .init(name: "$schema", place: .spec, type: .string, doc: "The JSON Schema editors check the spec with.",
              schema: ##"{"type": "string"}"##),
        .init(name: "title", place: .spec, type: .string, doc: "The screen's title; a template."),
        .init(name: "sections", place: .spec, type: .array, doc: "The sections, in order.",
              schema: ##"{"type": ["array", "null"], "items": {"$ref": "#/$defs/section"}}"##),
        .init(name: "data", place: .spec, type: .object, doc: "Data templates see."),
        .init(name: "dataFile", place: .spec, type: .string, doc: "A JSON file of data templates see, beside the spec.",
              schema: ##"{"$ref": "#/$defs/optionalString"}"##),
        .init(name: "settingsFile", place: .spec, type: .string, doc: "Where toggles, choices, inputs and sliders save.",
              schema: ##"{"$ref": "#/$defs/optionalString"}"##),
        .init(name: "multi", place: .spec, type: .mixed, doc: "Rows can be marked and Enter prints them all: true, or the most that can be marked.",
              schema: ##"{"oneOf": [{"type": "boolean"}, {"type": "integer", "minimum": 1}, {"type": "null"}]}"##),
        .init(name: "height", place: .spec, type: .mixed, doc: "Drawn under the prompt: lines (10), a share (\"40%\") or at most that (\"~10\"); --height wins.",
              schema: ##"{"oneOf": [{"type": "integer", "minimum": 1}, {"type": "string", "pattern": "^~?([1-9][0-9]*|[1-9][0-9]?%|100%)$"}, {"type": "null"}]}"##),
        .init(name: "select", place: .spec, type: .string, doc: "The row selected as the screen opens: its id, else its title (a template)."),
        .init(name: "form", place: .spec, type: .array, doc: "The fields segue form asks on one band: input, choose, confirm, password, each shown when its condition holds.",
              schema: ##"{"type": ["array", "null"], "items": {"$ref": "#/$defs/formField"}}"##),
        .init(name: "onOpen", place: .spec, type: .mixed, doc: "An action run as the screen first shows (a prompt, an exec, a set): a name or an action object.",
              schema: ##"{"$ref": "#/$defs/action"}"##),
        .init(name: "remember", place: .spec, type: .boolean, doc: "Open on the row the screen was left on last time, this run or an earlier one."),
        .init(name: "refresh", place: .spec, type: .string, doc: "\"onShow\": read the spec, its data and the settings again whenever the screen shows again; \"never\" (the default).",
              schema: ##"{"enum": ["never", "onShow", null]}"##),
        .init(name: "cwd", place: .spec, type: .string, doc: "Where commands run: \"spec\" (its folder, the default) or \"caller\" (where segue was started).",
              schema: ##"{"enum": ["spec", "caller", null]}"##),
        .init(name: "saveSettings", place: .spec, type: .string, doc: "\"atOnce\" (the default) or \"onSave\".",
              schema: ##"{"enum": ["atOnce", "onSave", null]}"##),
        .init(name: "cells", place: .spec, type: .object, doc: "Cell types by name.",
              schema: ##"{"$ref": "#/$defs/cells"}"##),
        .init(name: "include", place: .spec, type: .array, doc: "Cell libraries to use.",
              schema: ##"{"type": ["array", "null"], "items": {"type": "string"}}"##),
        .init(name: "filter", place: .spec, type: .mixed, doc: "Finding rows: false, true or {\"open\", \"prompt\"}.",
              schema: ##"{"oneOf": [{"type": ["boolean", "null"]}, {"type": "object", "additionalProperties": false, "properties": {}}]}"##),
        .init(name: "sort", place: .spec, type: .mixed, doc: "\"score\": order a find's matches best first; \"frecency\" (or {\"by\": \"frecency\", \"halfLife\": DAYS}): rows chosen often and lately first.",
              schema: ##"{"oneOf": [{"enum": ["spec", "score", "frecency", null]}, {"type": "object", "additionalProperties": false, "required": ["by"], "properties": {"by": {"const": "frecency"}, "halfLife": {"type": ["number", "null"], "exclusiveMinimum": 0}}}]}"##),
        .init(name: "theme", place: .spec, type: .string, doc: "A built-in theme by name.",
              schema: ##"{"enum": ["default", "high-contrast", "mono", null]}"##),
        .init(name: "keys", place: .spec, type: .object, doc: "Keys bound to commands or to fzf's actions, for this spec.",
              schema: ##"{"$ref": "#/$defs/keys"}"##),

        .init(name: "header", place: .section, type: .string, doc: "Text above the section; a template."),
        .init(name: "footer", place: .section, type: .string, doc: "Text below the section; a template."),
        .init(name: "rows", place: .section, type: .array, doc: "The section's rows.",
              schema: ##"{"type": ["array", "null"], "items": {"$ref": "#/$defs/rowOrGenerator"}}"##),
        .init(name: "forEach", place: .section, type: .string, doc: "A key path to an array: a row for each element.",
              schema: ##"{"type": "string"}"##),
        .init(name: "as", place: .section, type: .string, doc: "The name a generated or live row's element goes by.",
              schema: ##"{"type": "string", "pattern": "^[^.]+$"}"##),
        .init(name: "row", place: .section, type: .object, doc: "The row each element or item is bound into.",
              schema: ##"{"$ref": "#/$defs/row"}"##),
        .init(name: "source", place: .section, type: .object, doc: "Where a live section's rows come from.",
              schema: ##"{"$ref": "#/$defs/source"}"##),
        .init(name: "empty", place: .section, type: .string, doc: "What a live section shows when it has no rows."),
        .init(name: "columns", place: .section, type: .array, doc: "The section is a table: its rows drawn as aligned cells under a header line.",
              schema: ##"{"type": ["array", "null"], "minItems": 1, "items": {"$ref": "#/$defs/column"}}"##),
        .init(name: "preview", place: .section, type: .mixed, doc: "The preview of each row that has none.",
              schema: ##"{"$ref": "#/$defs/preview"}"##),

        .init(name: "forEach", place: .generator, type: .string, doc: "A key path to an array: a row for each element.",
              schema: ##"{"type": "string"}"##),
        .init(name: "as", place: .generator, type: .string, doc: "The name each element goes by.",
              schema: ##"{"type": "string", "pattern": "^[^.]+$"}"##),
        .init(name: "row", place: .generator, type: .object, doc: "The row each element is bound into.",
              schema: ##"{"$ref": "#/$defs/row"}"##),

        .init(name: "title", place: .row, type: .string, doc: "What the row says; a template."),
        .init(name: "detail", place: .row, type: .string, doc: "Dim text at the right, or below; a template."),
        .init(name: "enabled", place: .row, type: .mixed, doc: "false, or a condition: whether the cursor stops.",
              schema: ##"{"$ref": "#/$defs/condition"}"##),
        .init(name: "hidden", place: .row, type: .mixed, doc: "true, or a condition: whether the row shows.",
              schema: ##"{"$ref": "#/$defs/condition"}"##),
        .init(name: "segue", place: .row, type: .mixed, doc: "A spec to open: a path, {\"spec\", \"data\"}, or {\"command\", \"data\"} whose output is the spec.",
              schema: ##"{"$ref": "#/$defs/segue"}"##),
        .init(name: "action", place: .row, type: .mixed, doc: "What Enter does: a name or an action object.",
              schema: ##"{"$ref": "#/$defs/action"}"##),
        .init(name: "actions", place: .row, type: .array, doc: "More actions, each with a key and a title.",
              schema: ##"{"type": ["array", "null"], "items": {"$ref": "#/$defs/extraAction"}}"##),
        .init(name: "cell", place: .row, type: .string, doc: "The cell type: a kind or a type the spec defines."),
        .init(name: "nib", place: .row, type: .string, doc: "The seed format's cell type."),
        .init(name: "class", place: .row, type: .string, doc: "The seed format's cell type."),
        .init(name: "key", place: .row, type: .string, doc: "A hotkey: one character.",
              schema: ##"{"type": ["string", "null"], "minLength": 1, "maxLength": 1}"##),
        .init(name: "setting", place: .row, type: .string, doc: "The setting a toggle, choice, input or slider changes."),
        .init(name: "settingsUnder", place: .row, type: .string, doc: "The settings a row stands for (a JSON Pointer): segue edit shows the schema's problems under it at the row."),
        .init(name: "options", place: .row, type: .array, doc: "A choice's values.",
              schema: ##"{"type": ["array", "null"], "items": {"type": ["string", "number", "boolean"]}}"##),
        .init(name: "placeholder", place: .row, type: .string, doc: "An input row's dim text while its value is empty; a choice row's while its setting is unset, which is then a step of its own."),
        .init(name: "wrap", place: .row, type: .boolean, doc: "Wrap a long title over lines."),
        .init(name: "hint", place: .row, type: .string, doc: "What Enter does, in a word or two, for the hint line (instead of the command an exec runs); a template."),
        .init(name: "ansi", place: .row, type: .boolean, doc: "Draw the SGR colours in the title (git log --color); matched without them."),
        .init(name: "preview", place: .row, type: .mixed, doc: "What the preview pane shows for the row.",
              schema: ##"{"$ref": "#/$defs/preview"}"##),
        .init(name: "id", place: .row, type: .mixed, doc: "What keeps the row selected across reloads (--select)."),

        .init(name: "spec", place: .segue, type: .string, doc: "The spec to open; a template.",
              schema: ##"{"type": "string", "minLength": 1}"##),
        .init(name: "data", place: .segue, type: .mixed, doc: "Data the opened screen sees; templates keep their types.",
              schema: ##"{}"##),
        .init(name: "command", place: .segue, type: .array, doc: "A program and its arguments printing the spec to open (JSON on standard output); templates.",
              schema: ##"{"type": "array", "minItems": 1, "items": {"type": "string"}}"##),

        .init(name: "type", place: .action, type: .string, doc: "The kind of action.",
              schema: ##"{"type": "string"}"##),
        .init(name: "spec", place: .action, type: .string, doc: "segue and replace: the spec to open.",
              schema: ##"{"type": "string"}"##),
        .init(name: "data", place: .action, type: .mixed, doc: "segue and replace: data the screen sees."),
        .init(name: "value", place: .action, type: .mixed, doc: "emit: what is printed; append: the item added to the list."),
        .init(name: "command", place: .action, type: .array, doc: "exec and become: the program and its arguments; segue and replace: a program printing the spec to open.",
              schema: ##"{"type": "array", "minItems": 1, "items": {"type": "string"}}"##),
        .init(name: "wait", place: .action, type: .mixed, doc: "exec: wait for a key afterwards; text: the words on the line under the output; \"first\" with a capture: hold the screen (its first frame, as onOpen) and the keys until it ends.",
              schema: ##"{"oneOf": [{"type": ["boolean", "null"]}, {"type": "string", "minLength": 1}]}"##),
        .init(name: "capture", place: .action, type: .object, doc: "exec: keep what the command prints in a setting ({\"setting\": NAME}) or in data ({\"data\": NAME}); it runs without the terminal.",
              schema: ##"{"oneOf": [{"type": "object", "additionalProperties": false, "required": ["setting"], "properties": {"setting": {"type": "string", "minLength": 1}}}, {"type": "object", "additionalProperties": false, "required": ["data"], "properties": {"data": {"type": "string", "minLength": 1}}}, {"type": "null"}]}"##),
        .init(name: "then", place: .action, type: .mixed, doc: "exec: the action (or list) run after it; prompt: the action (or list) run with the answer; if: the action (or list) run when its condition holds.",
              schema: ##"{"oneOf": [{"$ref": "#/$defs/action"}, {"type": "array", "items": {"$ref": "#/$defs/action"}}]}"##),
        .init(name: "else", place: .action, type: .mixed, doc: "if: the action (or list) run when its condition does not hold.",
              schema: ##"{"oneOf": [{"$ref": "#/$defs/action"}, {"type": "array", "items": {"$ref": "#/$defs/action"}}]}"##),
        .init(name: "when", place: .action, type: .mixed, doc: "A condition (a template, by the truth rules): false, the action is skipped; an if runs its else.",
              schema: ##"{"$ref": "#/$defs/condition"}"##),
        .init(name: "onFailure", place: .action, type: .mixed, doc: "exec: the action (or list) run instead of then when it failed.",
              schema: ##"{"oneOf": [{"$ref": "#/$defs/action"}, {"type": "array", "items": {"$ref": "#/$defs/action"}}]}"##),
        .init(name: "settings", place: .action, type: .object, doc: "set: setting names and their values.",
              schema: ##"{"type": "object", "minProperties": 1}"##),
        .init(name: "setting", place: .action, type: .string, doc: "append, remove, move, add, rename and reshape: the setting (a name, or a JSON Pointer such as /servers/0); a template.",
              schema: ##"{"type": "string", "minLength": 1}"##),
        .init(name: "to", place: .action, type: .string, doc: "rename: the key the member takes (as written, not a pointer); a template.",
              schema: ##"{"type": "string"}"##),
        .init(name: "shapes", place: .action, type: .array, doc: "reshape: a value of each shape the setting takes, in order (\"\", [], {}).",
              schema: ##"{"type": "array", "minItems": 2}"##),
        .init(name: "drops", place: .action, type: .boolean, doc: "reshape: drop a value the new shape cannot keep without asking.",
              schema: ##"{"type": "boolean"}"##),
        .init(name: "by", place: .action, type: .integer, doc: "move: how many places the item moves (-1: up, 1: down).",
              schema: ##"{"type": "integer", "not": {"const": 0}}"##),
        .init(name: "do", place: .action, type: .string, doc: "fzf: fzf's actions, as --bind writes them after the colon (\"reload(ls)+change-prompt(x> )\").",
              schema: ##"{"type": "string", "minLength": 1}"##),
        .init(name: "status", place: .action, type: .integer, doc: "quit: the exit status.",
              schema: ##"{"type": ["integer", "null"], "minimum": 0, "maximum": 255}"##),
        .init(name: "confirm", place: .action, type: .mixed, doc: "A question answered with y before the action runs, or {\"question\", \"default\": \"yes\"} where Enter says yes.",
              schema: ##"{"oneOf": [{"type": ["string", "null"], "minLength": 1}, {"type": "object", "additionalProperties": false, "required": ["question"], "properties": {"question": {"type": "string", "minLength": 1}, "default": {"enum": ["yes", "no", null]}}}]}"##),
        .init(name: "text", place: .action, type: .string, doc: "message: what the status line says; prompt: text shown in a box over the list while it asks.",
              schema: ##"{"type": "string"}"##),
        .init(name: "error", place: .action, type: .boolean, doc: "message: said as an error."),
        .init(name: "style", place: .action, type: .string, doc: "message: \"line\" (the status line, the default) or \"box\" (shown whole, waits for Enter).",
              schema: ##"{"enum": ["line", "box", null]}"##),
        .init(name: "question", place: .action, type: .string, doc: "prompt: what is asked.",
              schema: ##"{"type": "string", "minLength": 1}"##),
        .init(name: "default", place: .action, type: .string, doc: "prompt: the answer it opens with."),
        .init(name: "name", place: .action, type: .string, doc: "prompt: the name later prompts see its answer by.",
              schema: ##"{"type": ["string", "null"], "pattern": "^[^. ]+$"}"##),
        .init(name: "kind", place: .action, type: .string, doc: "prompt: text, number, password, list or json.",
              schema: ##"{"$ref": "#/$defs/inputKind"}"##),
        .init(name: "min", place: .action, type: .number, doc: "prompt: the smallest number taken."),
        .init(name: "max", place: .action, type: .number, doc: "prompt: the largest number taken."),
        .init(name: "pattern", place: .action, type: .string, doc: "prompt: a regular expression the answer matches."),
        .init(name: "invalid", place: .action, type: .string, doc: "prompt: what is said when an answer is refused.",
              schema: ##"{"type": ["string", "null"], "minLength": 1}"##),

        .init(name: "key", place: .extraAction, type: .string, doc: "A character, ctrl-X, alt-X or F1…F12.",
              schema: ##"{"type": ["string", "null"], "pattern": "^(.|[cC][tT][rR][lL]-[A-Za-z]|[aA][lL][tT]-.|[fF]([1-9]|1[0-2]))$"}"##),
        .init(name: "title", place: .extraAction, type: .string, doc: "The action's name in the menu and hints.",
              schema: ##"{"type": "string", "minLength": 1}"##),
        .init(name: "action", place: .extraAction, type: .mixed, doc: "What it does.",
              schema: ##"{"$ref": "#/$defs/action"}"##),

        .init(name: "text", place: .preview, type: .string, doc: "Text to show; a template.",
              schema: ##"{"type": "string"}"##),
        .init(name: "command", place: .preview, type: .array, doc: "A command whose output shows.",
              schema: ##"{"type": "array", "minItems": 1, "items": {"type": "string"}}"##),
        .init(name: "format", place: .preview, type: .string, doc: "ansi (colours kept) or plain.",
              schema: ##"{"enum": ["ansi", "plain", null]}"##),
        .init(name: "position", place: .preview, type: .string, doc: "right, left, bottom, top or auto: where the pane goes.",
              schema: ##"{"$ref": "#/$defs/previewPosition"}"##),
        .init(name: "size", place: .preview, type: .mixed, doc: "The pane's columns or lines (30), or a share (\"40%\").",
              schema: ##"{"$ref": "#/$defs/previewSize"}"##),
        .init(name: "wrap", place: .preview, type: .boolean, doc: "Long lines continue on the next line.",
              schema: ##"{"type": "boolean"}"##),
        .init(name: "offset", place: .preview, type: .mixed, doc: "The line at the top as it opens: a number or a template (\"{{item.fields.1}}-5\").",
              schema: ##"{"type": ["string", "integer"]}"##),

        .init(name: "command", place: .source, type: .array, doc: "The program and its arguments; templates.",
              schema: ##"{"type": "array", "minItems": 1, "items": {"type": "string"}}"##),
        .init(name: "file", place: .source, type: .string, doc: "A file to read; a template.",
              schema: ##"{"type": "string", "minLength": 1}"##),
        .init(name: "handler", place: .source, type: .string, doc: "A source registered from Swift.",
              schema: ##"{"type": "string", "minLength": 1}"##),
        .init(name: "format", place: .source, type: .string, doc: "json, jsonl or lines.",
              schema: ##"{"enum": ["json", "jsonl", "lines", null]}"##),
        .init(name: "pageSize", place: .source, type: .integer, doc: "Items per page.",
              schema: ##"{"type": ["integer", "null"], "minimum": 1}"##),
        .init(name: "prefetch", place: .source, type: .integer, doc: "How near the end the next page loads.",
              schema: ##"{"type": ["integer", "null"], "minimum": 0}"##),
        .init(name: "timeout", place: .source, type: .number, doc: "Seconds a page may take.",
              schema: ##"{"type": ["number", "null"], "exclusiveMinimum": 0}"##),
        .init(name: "every", place: .source, type: .number, doc: "Seconds between timed refreshes.",
              schema: ##"{"type": ["number", "null"], "minimum": 0.5}"##),
        .init(name: "search", place: .source, type: .string, doc: "rows, or command: a find runs the command again.",
              schema: ##"{"enum": ["command", "rows", null]}"##),
        .init(name: "delimiter", place: .source, type: .mixed, doc: "How a lines source's lines split into fields.",
              schema: ##"{"oneOf": [{"type": ["string", "null"], "minLength": 1}, {"type": "object", "additionalProperties": false, "required": ["pattern"], "properties": {"pattern": {"type": "string", "minLength": 1}}}]}"##),
        .init(name: "ansi", place: .source, type: .boolean, doc: "Its rows draw the SGR colours in their titles; matched without them."),

        .init(name: "open", place: .filter, type: .boolean, doc: "Open with the find line open.",
              schema: ##"{"type": ["boolean", "null"]}"##),
        .init(name: "prompt", place: .filter, type: .string, doc: "The find line's prompt; a template.",
              schema: ##"{"type": ["string", "null"], "minLength": 1}"##),
        .init(name: "accept", place: .filter, type: .string, doc: "\"query\": Enter with nothing matching chooses what was typed.",
              schema: ##"{"enum": ["row", "query", null]}"##),
    ]

    /// The keys declared for `place` (a row's kinds add theirs: `RowKindCatalog.rowKeys`).
    package static func declaredNames(_ place: Place) -> [String] {
        declarations.filter { $0.place == place }.map(\.name)
    }
}

extension Array where Element: Hashable {
    /// The elements, each once, in the order first seen.
    package func uniqued() -> [Element] {
        var seen: Set<Element> = []
        return filter { seen.insert($0).inserted }
    }
}
