/// Template paths that resolve to nothing on a screen: they draw as empty text, so the loader's
/// validation reports them, with the JSON path of the attribute, as warnings.
package enum BindingWarnings {
    /// Rows, and sections, looked at per screen: enough for hand-written specs, and bounded so a
    /// huge spec still opens at once.
    static let rowLimit = SpecIndex.checkedRows
    static let sectionLimit = 1_000

    /// The warnings for `screen`, e.g. `sections[0].rows[2].title: {{user.nmae}} resolves to nothing`;
    /// a warning said more than once is said once with its count. Unknown and misplaced keys
    /// come first: they change what the spec does, and are told wherever it runs; the templates'
    /// only with `templates` (for the spec's author: `segue check`, `--watch`).
    package static func check(_ screen: Screen, templates: Bool = true) -> [String] {
        // Paths read `sections[0].rows[2]` whichever top-level form the spec used.
        var warnings: [String] = screen.spec.keyWarnings
        guard templates else { return counted(warnings) }
        let names = KnownNames(screen: screen)
        // What the screen's `onOpen` captures is there once it has run: known, never missing.
        var settings: [String: JSONValue] = if case .object(let members) = screen.settings { members } else { [:] }
        for name in names.capturedSettings where settings[name] == nil { settings[name] = .string("") }
        let context = screen.context.adding(.object(Dictionary(names.captured.map { ($0, JSONValue.string("")) }, uniquingKeysWith: { a, _ in a })))
            .adding("settings", .object(settings))
        let prefix = "sections"
        if let title = screen.spec.title {
            warnings += missing(in: .string(title), at: "title", context: context, names: names)
        }
        warnings += missing(in: .string(screen.spec.find.prompt), at: "filter.prompt", context: context, names: names)
        var checked = 0
        for (index, section) in screen.sections.prefix(sectionLimit).enumerated() {
            let sectionPath = "\(prefix)[\(index)]"
            let original = section
            if let header = original.header { warnings += missing(in: .string(header), at: sectionPath + ".header", context: context, names: names) }
            if let footer = original.footer { warnings += missing(in: .string(footer), at: sectionPath + ".footer", context: context, names: names) }
            for (feed, _) in section.rows.feeds {
                // A source's command and file see the page it asks for besides the screen's data.
                let paged = context.adding(.object(["page": .number("1"), "offset": .number("0"), "cursor": .string("")]))
                switch feed.live.source.origin {
                case .command(let arguments):
                    warnings += missing(in: .array(arguments.map { .string($0) }), at: sectionPath + ".source.command",
                                        context: paged, names: names)
                case .file(let file):
                    warnings += missing(in: .string(file), at: sectionPath + ".source.file", context: paged, names: names)
                case .handler, .standardInput:
                    break
                }
            }
            for position in section.rows.indices {
                guard checked < rowLimit else { return counted(warnings) }
                checked += 1
                // The path is written only for a row that has something to say.
                warnings += check(section: index, position, at: { "\(sectionPath).rows[\(position)]" }, screen: screen,
                                  context: context, names: names)
            }
        }
        return counted(warnings)
    }

    /// Each warning once, in the order first said, with how many times it was said.
    static func counted(_ warnings: [String]) -> [String] {
        var counts: [String: Int] = [:]
        var order: [String] = []
        for warning in warnings {
            if counts[warning] == nil { order.append(warning) }
            counts[warning, default: 0] += 1
        }
        guard order.count < warnings.count else { return warnings }
        return order.map { warning in
            let count = counts[warning] ?? 1
            return count > 1 ? warning + " (\(count.grouped) times)" : warning
        }
    }

    /// What a condition may name without a warning: settings the screen's rows save, besides
    /// what the context holds.
    struct KnownNames {
        var settings: Set<String> = []
        /// The data names the screen's `onOpen` captures (`"capture": {"data": NAME}`), in it or
        /// in the actions after it.
        var captured: Set<String> = []
        /// The settings it captures.
        var capturedSettings: Set<String> = []

        init(screen: Screen) {
            for section in screen.sections.prefix(sectionLimit) {
                for position in section.rows.indices.prefix(rowLimit) where !section.rows.isQuiet(at: position) {
                    if let name = section.rows[position].setting { settings.insert(name) }
                }
            }
            var actions = screen.spec.onOpen.map { [$0] } ?? []
            while let action = actions.popLast() {
                switch action.kind {
                case .exec(let command):
                    switch command.capture {
                    case .setting(let name)?:
                        settings.insert(SettingName.keys(name).first ?? name)
                        capturedSettings.insert(SettingName.keys(name).first ?? name)
                    case .data(let name)?: captured.insert(name)
                    case nil: break
                    }
                    actions += command.then + command.onFailure
                case .branch(let then, let otherwise):
                    actions += then + otherwise
                default:
                    break
                }
            }
        }

        /// Whether `path`'s first name is found nowhere: not in the data, the settings (saved or
        /// saved by a row), the item or the row. `env`, a prompt's answers and the query may be
        /// missing at any time, so they always count as found.
        func namesNothing(_ path: DataPath, in context: DataContext) -> Bool {
            guard let first = path.components.first else { return false }
            switch first {
            case "env", "input", "answers", "query":
                return false
            case "settings":
                guard path.components.count > 1 else { return false }
                let name = path.components[1]
                return context.value(at: DataPath("settings." + name)) == nil && !settings.contains(name)
            default:
                return context.value(at: DataPath(first)) == nil
            }
        }
    }

    /// A row whose setting holds a value its kind does not save (text where an input row saves
    /// a number): it shows as its kind can, and is only replaced when the user saves a new one.
    private static func settingMismatch(_ row: Row, item: RowItem?, at path: String, screen: Screen) -> String? {
        guard row.cellName != nil else { return nil }
        let bound = RowBinder.bind(row, item: item, context: screen.context, cells: screen.spec.cells)
        // A hidden row shows nothing to mismatch (a value of several shapes: the text row while it is a list).
        guard !bound.row.isHidden, let name = bound.row.setting, let value = screen.settings.setting(name),
              let problem = screen.spec.cells.kinds[bound.style].settingProblem(value, row: bound.row) else { return nil }
        return "\(path).setting: settings.\(SettingName.keys(name).joined(separator: ".")) " + problem
    }

    /// The row's templates, checked in the context its binding uses: the row's own attributes
    /// (after its cell type and key paths) innermost.
    ///
    /// A row is decoded from the spec's bytes once here (each `rows[position]` decodes it anew).
    private static func check(section: Int, _ position: Int, at writePath: () -> String, screen: Screen,
                              context: DataContext, names: KnownNames) -> [String] {
        let rows = screen.sections[section].rows
        if rows.isQuiet(at: position) { return [] }
        let row = rows[position]
        let item = rows.binding(at: position)
        if row.cellName == nil, row.extras.isEmpty, item == nil, !RowBinder.needsBinding(row) { return [] }
        let path = writePath()
        if let name = row.cellName, case .unknown? = Result(catching: { () throws(CellLibrary.Problem) in
            try screen.spec.cells.resolve(name) }).failure {
            let key = row.extras["cell"] != nil ? "cell" : row.extras["nib"] != nil ? "nib" : "class"
            return ["\(path).\(key): unknown cell type \(JSONValue.string(name).summary), drawn as default"]
        }
        var warnings = typos(in: row, at: path, cells: screen.spec.cells)
        if let mismatch = settingMismatch(row, item: item, at: path, screen: screen) { warnings.append(mismatch) }
        if item == nil, row.cellName == nil, !RowBinder.needsBinding(row) { return warnings }
        let plan = RowBinder.prepare(row, item: item, context: context, cells: screen.spec.cells)
        // A condition on a value that is not there is false, as documented: only a name found
        // nowhere is warned about (a typo would silently show or hide the row).
        for attribute in plan.attributes.sorted(by: { $0.key < $1.key }) where attribute.isTemplate {
            warnings += missing(in: attribute.value, at: path + "." + attribute.key, context: attribute.context, names: names,
                                isCondition: attribute.key == "enabled" || attribute.key == "hidden")
        }
        return warnings
    }

    /// A row's own keys that look like misspelt row keys (`titel`), unless a template of the row
    /// or its cell type uses them (`caption` in `{{caption}}` is an attribute, not a typo).
    private static func typos(in row: Row, at path: String, cells: CellLibrary) -> [String] {
        let rowKeys = cells.kinds.rowKeys
        let suspects = row.extras.keys.filter { key in
            key.count >= 4 && !key.hasSuffix("KeyPath") && !rowKeys.contains(key)
        }
        guard !suspects.isEmpty else { return [] }
        let definition = (try? cells.resolve(row.cellName))?.attributes ?? [:]
        let templates = (Array(row.attributes.values) + Array(definition.values)).map(\.allStrings).joined(separator: "\n")
        return suspects.sorted().compactMap { key in
            // The guess first: a 50 MB key has none, and is not looked for in the templates (3 s).
            guard let guess = SpecIndexer.closest(to: key, among: rowKeys), !templates.contains(key) else { return nil }
            return "\(path).\(key): unknown key, kept as an attribute; did you mean \(JSONValue.string(guess).summary)?"
        }
    }

    /// One line for the status line: the first warning and how many more there are.
    package static func summary(_ warnings: [String]) -> String? {
        guard let first = warnings.first else { return nil }
        return "warning: " + first + (warnings.count > 1 ? " (and \(warnings.count - 1) more)" : "")
    }

    /// The problems of the templates in `value`: placeholders that cannot be read, values that
    /// resolve to nothing, conditions on names found nowhere, fallbacks that look like functions.
    /// `answers` are the names earlier prompts of a chain give their answers.
    private static func missing(in value: JSONValue, at path: String, context: DataContext, names: KnownNames,
                                isCondition: Bool = false, answers: Set<String> = []) -> [String] {
        switch value {
        case .string(let text):
            guard Template.mightHavePlaceholders(text) else { return [] }
            let template = Template(text)
            var warnings = template.problems.map { "\(path): {{\($0.inside.quotedStart)}}: \($0.problem.message)" }
            // A command argument is passed on as it is; `{{.Names}}` meant for the program is
            // the usual mistake.
            let hint = path.contains(".command[") ? "; to pass {{ to the command as it is, write \\\\{{ in JSON" : ""
            if !isCondition {
                var seen: [String: Int] = [:]
                var order: [String] = []
                for missing in template.missingPaths(in: context) {
                    // A path of thousands of components is quoted by its start.
                    let quoted = missing.quoted(limit: 60)
                    if seen[quoted] == nil { order.append(quoted) }
                    seen[quoted, default: 0] += 1
                }
                warnings += order.map { quoted in
                    let count = seen[quoted] ?? 1
                    return "\(path): {{\(quoted)}} resolves to nothing" + (count > 1 ? " (\(count.grouped) times)" : "") + hint
                }
            }
            var told: Set<String> = []
            for condition in isCondition ? template.paths : template.conditionPaths
            where names.namesNothing(condition, in: context) {
                let quoted = condition.quoted(limit: 60)
                guard told.insert(quoted).inserted else { continue }
                warnings.append("\(path): {{\(quoted)}} names nothing in the data, settings, item or row; the condition always reads it as null")
            }
            for fallback in Set(template.fallbacksNamingFunctions).sorted() {
                warnings.append("\(path): \"| \(fallback)\" is fallback text, shown when the value is missing; to convert a value, write \(fallback)(…)")
            }
            return warnings
        case .array(let elements):
            return elements.indices.flatMap { missing(in: elements[$0], at: "\(path)[\($0)]", context: context, names: names,
                                                      isCondition: isCondition, answers: answers) }
        case .object(let members):
            // A prompt's `then` is bound with the answer as `{{input}}`, and every named answer of
            // the chain as `{{answers.NAME}}`.
            let isPrompt = members["type"] == .string("prompt")
            var chain = answers
            if isPrompt, let name = members["name"]?.stringValue { chain.insert(name) }
            let answered = context.adding(.object([
                "input": .string(""),
                "answers": .object(Dictionary(uniqueKeysWithValues: chain.map { ($0, JSONValue.string("")) })),
            ]))
            // An exec's `then` and `onFailure` are bound once it has ended, with its `{{status}}`; a
            // capture's with what it captured and its `{{output}}`.
            var ended: DataContext?
            if members["type"] == .string("exec") {
                var known: [String: JSONValue] = ["status": .number("0")]
                if case .object(let capture)? = members["capture"] {
                    known["output"] = .string("")
                    if let name = capture["data"]?.stringValue { known[name] = .string("") }
                }
                ended = context.adding(.object(known))
            }
            return members.keys.sorted().flatMap { key in
                let inThen = key == "then" && isPrompt
                let afterCommand = (key == "then" || key == "onFailure") ? ended : nil
                return missing(in: members[key] ?? .null, at: "\(path).\(key)", context: inThen ? answered : afterCommand ?? context,
                               names: names, isCondition: isCondition || key == "when", answers: inThen ? chain : answers)
            }
        default:
            return []
        }
    }
}

private extension String {
    /// The start of a long text, for a message.
    var quotedStart: String { count > 40 ? String(prefix(39)) + "…" : self }
}

extension Int {
    /// The number with thousands separated by commas: `100,000`.
    var grouped: String {
        let digits = String(magnitude)
        var result = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { result += "," }
            result.append(digit)
        }
        return (self < 0 ? "-" : "") + result
    }
}

