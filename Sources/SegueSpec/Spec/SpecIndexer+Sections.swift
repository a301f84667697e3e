@_spi(Scanning) import SegueJSON
/// Sections: their texts, their `rows`, and the rows a section makes from data (`forEach`) or
/// loads from a command or file (`source`).
extension SpecIndexer {
    /// `depth` is the level of the sections array itself.
    package mutating func indexSections(depth: Int) throws(JSONScanError) {
        guard scanner.current == UInt8(ascii: "[") else {
            try mismatch(expected: "an array of sections", path: sectionsPath)
        }
        guard try scanner.enterArray(depth: depth) else { return }
        var index = 0
        repeat {
            try indexSection(index, depth: depth + 1)
            index += 1
        } while try scanner.nextElement()
    }

    private mutating func indexSection(_ index: Int, depth: Int) throws(JSONScanError) {
        let prefix = sectionsPath
        guard scanner.current == UInt8(ascii: "{") else {
            try mismatch(expected: "an object", path: Self.sectionPath(prefix, index))
        }
        let sectionStart = scanner.position
        var entry = SpecIndex.SectionEntry()
        var generator: [String: JSONValue] = [:]
        var generatorOffsets: [String: Int] = [:]
        if try scanner.enterObject(depth: depth) {
            repeat {
                let key = try scanner.readKey()
                switch SpecKey(key, in: scanner.bytes) {
                case .header:
                    entry.header = try readOptionalString(path: Self.sectionPath(prefix, index) + ".header")
                case .footer:
                    entry.footer = try readOptionalString(path: Self.sectionPath(prefix, index) + ".footer")
                case .preview:
                    entry.preview = try readPreview(path: Self.sectionPath(prefix, index) + ".preview", depth: depth)
                case .rows:
                    if try !skipNull() { entry.parts = try indexRows(section: index, depth: depth + 1) }
                case .forEach, .as, .row, .source, .empty:
                    let name = key.decode(in: scanner.bytes)
                    let offset = scanner.position
                    let value = try JSONParser.readValue(&scanner, depth: depth)
                    // `null` means the key is absent, as everywhere.
                    guard value != .null else { break }
                    generatorOffsets[name] = offset
                    generator[name] = value
                default:
                    let name = key.decode(in: scanner.bytes)
                    if name == "columns" {
                        let offset = scanner.position
                        let value = try JSONParser.readValue(&scanner, depth: depth)
                        guard value != .null else { break }
                        let path = Self.sectionPath(prefix, index) + ".columns"
                        switch TableColumn.decode(value, path: path) {
                        case .success(let columns): entry.columns = columns
                        case .failure(let problem): throw .shape(problem.message, path: problem.path, at: offset)
                        }
                        if case .array(let items) = value {
                            for (column, item) in items.enumerated() {
                                guard case .object(let members) = item else { continue }
                                for key in members.keys.sorted() where !TableColumn.keys.contains(key) {
                                    warnUnknown(key, at: "\(path)[\(column)].\(key)", known: TableColumn.keys)
                                }
                            }
                        }
                        break
                    }
                    let elsewhere = Dictionary(uniqueKeysWithValues: Self.sourceKeys.map { ($0, "the section's \"source\"") })
                        .merging(["title": "a row", "detail": "a row", "segue": "a row", "action": "a row"]) { a, _ in a }
                    warnUnknown(name, at: Self.sectionPath(prefix, index) + "." + name, known: Self.sectionKeys,
                                elsewhere: elsewhere)
                    try scanner.skipValue(depth: depth)
                }
            } while try scanner.nextMember()
        }
        // A section-level `forEach` or `source` makes its rows after the section's fixed `rows`.
        if generator["source"] != nil {
            let path = Self.sectionPath(prefix, index)
            entry.parts.append(.live(try makeLiveSource(generator, path: path, at: sectionStart, offsets: generatorOffsets)))
        } else if !generator.isEmpty {
            let path = Self.sectionPath(prefix, index)
            entry.parts.append(.generator(try makeGenerator(.object(generator), path: path, at: sectionStart,
                                                            offsets: generatorOffsets)))
        }
        found.sections.append(entry)
    }

    /// A live section from `"source"`, `"as"`, `"row"` and `"empty"`.
    private mutating func makeLiveSource(_ members: [String: JSONValue], path: String, at offset: Int,
                                         offsets: [String: Int]) throws(JSONScanError) -> LiveSource {
        func fail(_ problem: ShapeProblem) -> JSONScanError {
            let key = problem.path.dropFirst(path.count + 1).prefix { $0 != "." && $0 != "[" }
            return .shape(problem.message, path: problem.path, at: offsets[String(key)] ?? offset)
        }
        if members["forEach"] != nil {
            throw fail(ShapeProblem(path: path + ".forEach", message: "a section takes its rows from \"forEach\" or \"source\", not both"))
        }
        if case .object(let sourceMembers)? = members["source"] {
            for key in sourceMembers.keys.sorted() where !Self.sourceKeys.contains(key) {
                warnUnknown(key, at: path + ".source." + key, known: Self.sourceKeys,
                            elsewhere: ["as": "the section", "row": "the section", "empty": "the section"])
            }
        }
        let source: SourceSpec
        switch SourceSpec.decode(members["source"] ?? .null, path: path + ".source") {
        case .success(let decoded): source = decoded
        case .failure(let problem): throw fail(problem)
        }
        if case .handler(let name) = source.origin, !sourceNames.contains(name) {
            let known = sourceNames.isEmpty ? ": sources written in Swift need a program that registers them (SegueKit)"
                : " (registered: " + sourceNames.sorted().map { JSONValue.string($0).summary }.joined(separator: ", ") + ")"
            throw fail(ShapeProblem(path: path + ".source.handler",
                                    message: "no source named \(JSONValue.string(name).summary) is registered" + known))
        }
        var placeholder = members
        placeholder["forEach"] = "items"
        if placeholder["row"] == nil || placeholder["row"] == .null {
            // Without a template, an item shows its `title` (objects) or its `line` (`lines`).
            let name = members["as"]?.stringValue ?? "item"
            placeholder["row"] = .object(["title": .string("{{\(name).title}}{{\(name).line}}")])
        }
        switch RowGenerators.decode(.object(placeholder), path: path) {
        case .success(let generator):
            var empty: String?
            if let text = members["empty"], text != .null {
                guard let value = text.stringValue else { throw fail(.expected("a string", found: text, at: path + ".empty")) }
                empty = value
            }
            if let name = generator.template.cellName {
                found.generatorCellUses.append(SpecIndex.Use(name: name, path: path + ".row.cell", offset: offsets["row"] ?? offset))
            }
            try checkAttributeCycle(generator.template.attributes, path: path + ".row", at: offsets["row"] ?? offset)
            recordKindCheck(of: generator.template, path: path + ".row", at: offsets["row"] ?? offset)
            try recordActionKeys(of: generator.template, path: path + ".row", at: offsets["row"] ?? offset)
            return LiveSource(source: source, name: generator.name, template: generator.template, empty: empty)
        case .failure(let problem):
            throw fail(problem)
        }
    }

    /// A generator from `{"forEach": path, "as": name, "row": {…}}`, checked like a row. Problems
    /// are placed at the value of the key they are about (`offsets`), else at the generator itself.
    package mutating func makeGenerator(_ value: JSONValue, path: String, at offset: Int = 0,
                                offsets: [String: Int] = [:]) throws(JSONScanError) -> RowGenerator {
        func place(_ problemPath: String) -> Int {
            let key = problemPath.dropFirst(path.count + 1).prefix { $0 != "." && $0 != "[" }
            return offsets[String(key)] ?? offset
        }
        switch RowGenerators.decode(value, path: path) {
        case .success(let generator):
            if let name = generator.template.cellName {
                found.generatorCellUses.append(SpecIndex.Use(name: name, path: path + ".row.cell", offset: place(path + ".row")))
            }
            try checkAttributeCycle(generator.template.attributes, path: path + ".row", at: place(path + ".row"))
            recordKindCheck(of: generator.template, path: path + ".row", at: place(path + ".row"))
            try recordActionKeys(of: generator.template, path: path + ".row", at: place(path + ".row"))
            return generator
        case .failure(let problem):
            throw .shape(problem.message, path: problem.path, at: place(problem.path))
        }
    }

    /// The keys of a row template's extra actions, checked as a written row's are (a key the
    /// find line or the screen owns is refused: it would load and do nothing).
    private mutating func recordActionKeys(of template: Row, path: String, at offset: Int) throws(JSONScanError) {
        guard case .array(let actions)? = template.extras["actions"] else { return }
        for (index, action) in actions.enumerated() {
            guard let name = action.member("key")?.stringValue, let key = ExtraAction.key(named: name) else { continue }
            try recordActionKey(key, path: path + ".actions[\(index)].key", at: offset)
        }
    }

    /// A row template of a cell type, to check by its kind once cell types resolve.
    package mutating func recordKindCheck(of template: Row, path: String, at offset: Int) {
        guard let cell = template.cellName else { return }
        let kindKeys = kinds.kindKeys
        let keys = template.extras.filter { kindKeys.contains($0.key) }
        found.kindChecks.append(SpecIndex.KindCheck(cell: cell, attributes: keys, path: path, offset: offset))
    }

    /// Attributes whose templates use each other in a cycle have no order to render in: refused.
    package func checkAttributeCycle(_ attributes: [String: JSONValue], path: String, at offset: Int) throws(JSONScanError) {
        guard let cycle = RowBinder.attributeCycle(in: attributes) else { return }
        throw .shape("attributes whose templates use each other in a cycle: " + cycle.joined(separator: " → "), path: path, at: offset)
    }
}
