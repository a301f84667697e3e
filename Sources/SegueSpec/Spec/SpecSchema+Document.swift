/// The JSON Schema of specs (`segue schema`, docs/segue.schema.json), made from the declarations:
/// the keys of a place whose properties stand in one object come from `declarations` (and, for
/// rows, from the kinds' `keys`), each with its `doc` as its description; the rest of the document
/// (the shapes values take, the forms of places that have several) is written once, in
/// `SpecSchema+Skeleton`.
extension SpecSchema {
    /// Where the properties of each place made from the declarations stand in the document, and
    /// the keys a form leaves to another (a segue by `spec` has no `command`; with
    /// `additionalProperties: false`, a preview of `text` takes no `command`).
    static let homes: [(place: Place, path: [String], without: Set<String>)] = [
        (.spec, ["$defs", "spec"], []), (.section, ["$defs", "section"], []), (.generator, ["$defs", "generator"], []),
        (.row, ["$defs", "row"], []), (.extraAction, ["$defs", "extraAction"], []), (.source, ["$defs", "source"], []),
        (.action, ["$defs", "action", "oneOf", "2"], []),
        (.segue, ["$defs", "segue", "oneOf", "2"], ["command"]), (.segue, ["$defs", "segue", "oneOf", "3"], ["spec"]),
        (.preview, ["$defs", "preview", "oneOf", "1"], ["command"]), (.preview, ["$defs", "preview", "oneOf", "2"], ["text"]),
        // The spec's `filter` object, itself made from the spec's declarations above.
        (.filter, ["$defs", "spec", "properties", "filter", "oneOf", "1"], []),
    ]

    /// The document, its keys in order, with the keys `rowKinds` read among a row's.
    package static func document(rowKinds: [any RowKindSpec]) -> String {
        // The skeleton is this file's own text: a parse failure is a bug caught by every test run.
        guard var document = try? JSONParser.parse(Array(skeleton.utf8)) else { return skeleton }
        for (place, path, without) in homes {
            var keys = declarations.filter { $0.place == place && !without.contains($0.name) }
            if place == .row {
                let declared = Set(keys.map(\.name))
                keys += rowKinds.flatMap(\.keys).filter { !declared.contains($0.name) }
            }
            var properties: [String: JSONValue] = [:]
            for key in keys {
                let previous = properties[key.name]
                var property = previous ?? key.schema.flatMap { try? JSONParser.parse(Array($0.utf8)) } ?? defaultSchema(key.type)
                // A key more than one kind reads (a slider's `min`, an input row's) says what it
                // is for each.
                let description = [previous?.member("description")?.stringValue, key.doc].compactMap { $0 }.uniqued()
                property = property.setting("description", to: .string(description.joined(separator: " ")))
                properties[key.name] = property
            }
            document = document.setting(path + ["properties"], to: .object(properties))
        }
        return document.withPattern(fzfActionsPattern, where: fzfActionsDescription).prettyPrinted()
    }

    /// What the skeleton says of a key's value that is fzf's actions.
    static let fzfActionsDescription = "fzf's actions, as --bind writes them after the colon."

    /// A value that starts with one of fzf's actions, as the loader reads them
    /// (`BindAction.vocabulary`): a typo (`"qiut"`) is refused by the schema as by the loader.
    static var fzfActionsPattern: String {
        "^(" + BindAction.vocabulary.keys.sorted().joined(separator: "|") + ")([(\\[{<:+]|$)"
    }

    /// What a key of `type` takes when its declaration says no more (`null` means absent).
    private static func defaultSchema(_ type: ValueType) -> JSONValue {
        type == .mixed ? .object([:]) : .object(["type": .array([.string(type.rawValue), .string("null")])])
    }
}

private extension JSONValue {
    /// This value with `pattern` set on every object whose description is `description`.
    func withPattern(_ pattern: String, where description: String) -> JSONValue {
        switch self {
        case .object(let members):
            var changed = members.mapValues { $0.withPattern(pattern, where: description) }
            if members["description"] == .string(description) { changed["pattern"] = .string(pattern) }
            return .object(changed)
        case .array(let items):
            return .array(items.map { $0.withPattern(pattern, where: description) })
        default:
            return self
        }
    }

    /// This object with `key` set to `value`.
    func setting(_ key: String, to value: JSONValue) -> JSONValue {
        guard case .object(var members) = self else { return self }
        members[key] = value
        return .object(members)
    }

    /// This value with the value at `path` (member names, or positions in arrays) set to `value`.
    func setting(_ path: [String], to value: JSONValue) -> JSONValue {
        guard let first = path.first else { return value }
        switch self {
        case .object(var members):
            members[first] = (members[first] ?? .object([:])).setting(Array(path.dropFirst()), to: value)
            return .object(members)
        case .array(var items):
            guard let index = Int(first), items.indices.contains(index) else { return self }
            items[index] = items[index].setting(Array(path.dropFirst()), to: value)
            return .array(items)
        default:
            return self
        }
    }
}
