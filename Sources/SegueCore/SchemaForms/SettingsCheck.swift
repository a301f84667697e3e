/// Settings checked against a JSON Schema before every save (`segue edit`): while they have
/// problems the file did not have already a save is refused (or, `--force`, made anyway and
/// said), the changes waiting in memory for the first save after the new problems are fixed. A
/// file that breaks its schema already is saved when an edit adds no problem to it.
///
/// Plain data in the app state: the schema, whether saves are forced, and what the last check
/// found, by pointer, for the rows to draw. A check costs one walk of the settings by the schema
/// (`SchemaCheck`), made once per save, never per frame.
package struct SettingsCheck: Equatable, Sendable {
    /// The schema the settings must satisfy.
    package let schema: SchemaCheck
    /// `--force`: a save with problems writes the file anyway.
    package let force: Bool
    /// What the last check found, ordered by pointer.
    package internal(set) var problems: [SchemaCheck.Problem] = []
    /// A save was refused: changes are waiting in memory for one the schema allows.
    package internal(set) var holdsChanges = false
    /// The problems the file has as written (as it was read, and after each save): an edit may
    /// leave them, not add to them.
    package internal(set) var found: Set<SchemaCheck.Problem> = []
    /// What else the file should be told about (`line:column: why`): values of a YAML file that
    /// YAML 1.1 readers read as other values. Said as it opens and listed by `?`.
    package let notes: [String]
    /// The schema's file, as messages name it.
    package let schemaName: String
    /// Why the last check found nothing it could vouch for: it gave up (`SchemaCheck.stepLimit`),
    /// at a pointer; `nil` when it finished.
    package internal(set) var unfinished: String?

    package init(schema: JSONValue, force: Bool = false, notes: [String] = [], schemaName: String = "the schema") {
        self.schema = SchemaCheck(schema: schema)
        self.force = force
        self.notes = notes
        self.schemaName = schemaName
    }

    /// Checks `settings` again: the problems are now theirs.
    mutating func check(_ settings: Settings) {
        let outcome = schema.outcome(of: settings.values)
        problems = outcome.problems
        unfinished = outcome.gaveUpAt.map { place in
            "not checked: \(schemaName) takes more than \(SchemaCheck.stepLimit / 1000) thousand steps to check, given up at "
                + (place.isEmpty ? "the top level" : place)
        }
    }

    /// The file as written is `settings` (as it was read, or saved): its problems are its own,
    /// which an edit may leave.
    mutating func written(_ settings: Settings) {
        found = Set(schema.problems(of: settings.values))
    }

    /// The problems the file as written does not have: those an edit made.
    var added: [SchemaCheck.Problem] {
        problems.filter { !found.contains($0) }
    }

    /// `2 problems — /updates/0/directory: required`: the count, and the first named.
    var summary: String {
        guard let first = problems.first else { return "no problems" }
        return SchemaCheck.count(problems.count, "problem") + " — " + first.description
    }

    /// `1 new problem — /name: required`: the count of the problems an edit made, and the first.
    var addedSummary: String {
        let added = added
        guard let first = added.first else { return "no new problems" }
        return SchemaCheck.count(added.count, "new problem") + " — " + first.description
    }

    /// The problem a row bound to `pointer` shows in place of its value: the value's own, or
    /// `N problems` (`1 problem`) for those under it (an object's row, a list's). Asked for each
    /// row drawn: a look through the problems, nothing when there are none.
    package func problem(at pointer: String) -> String? {
        guard !problems.isEmpty else { return nil }
        if let own = problems.first(where: { $0.pointer == pointer }) { return own.message }
        let under = problems.filter { $0.pointer.hasPrefix(pointer + "/") }.count
        return under == 0 ? nil : SchemaCheck.count(under, "problem")
    }
}

extension Settings {
    /// The settings file's name without its folder, as messages name it (`editor.json`).
    var fileName: String {
        guard let path else { return "the settings" }
        return String(path.split(separator: "/").last ?? Substring(path))
    }
}
