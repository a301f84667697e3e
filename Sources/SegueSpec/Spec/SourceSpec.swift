/// Where a live section's rows come from: a command's output or a file, in one of three formats,
/// optionally paged.
///
/// `"source": {"command": ["./list-users.sh", "--page", "{{page}}"], "format": "jsonl", "pageSize": 50}`
public struct SourceSpec: Equatable, Sendable {
    public enum Origin: Equatable, Sendable {
        /// An argv (templates allowed in each element), run without a shell.
        case command([String])
        /// A file, relative to the spec.
        case file(String)
        /// A source registered from Swift under this name (a composed section's closure has one too).
        case handler(String)
        /// What the `segue` command reads on standard input (`cmd | segue`): read once, as it
        /// comes; a spec cannot name it.
        case standardInput
    }

    public enum Format: String, Equatable, Sendable, CaseIterable {
        /// An array, or an object with the array at `"items"` (and the next page's cursor at `"next"`).
        case json
        /// One object per line; rows appear as lines arrive.
        case jsonl
        /// Plain text; each line becomes `{"line": …, "fields": […]}` (split by `delimiter`).
        case lines
    }

    public var origin: Origin
    public var format: Format
    /// Items per page; `nil` loads everything at once.
    public var pageSize: Int?
    /// How close (in rows) the cursor may come to the last loaded row before the next page loads.
    public var prefetch: Int
    /// Seconds a command may take before it counts as failed.
    public var timeout: Double?
    /// A find runs the command again with the query (`"search": "command"`) instead of
    /// filtering the rows it brought.
    /// Its rows draw the colours in their titles (`"ansi": true`, `--ansi`): as `"ansi"` on its
    /// row template.
    public var keepsColour = false
    /// Its items are shown last first, once it has ended (`--tac`: a shell's history, newest
    /// first); the streamed lines are held until then.
    public var reversesItems = false
    /// A find runs the command again with the query (`"search": "command"`) instead of
    /// filtering the rows it brought.
    public var searchesByCommand = false
    /// Seconds between timed refreshes while the screen is shown (`"every"`); `nil` for none.
    public var every: Double?
    /// How a `lines` source's lines split into `fields` (`"delimiter"`).
    public var delimiter = LineDelimiter.blanks
    /// What ends a `lines` item: a line feed (a CR before it dropped), or NUL for names that may
    /// hold line feeds (`find -print0 | segue --read0`).
    public var itemEnd: UInt8 = 0x0A
    /// The shortest `every`: a refresh twice a second at most.
    package static let shortestInterval = 0.5

    public init(origin: Origin, format: Format = .json, pageSize: Int? = nil, prefetch: Int = 3, timeout: Double? = nil) {
        self.origin = origin
        self.format = format
        self.pageSize = pageSize
        self.prefetch = prefetch
        self.timeout = timeout
    }
}

/// A section whose rows come from a source: the source, the row template each item is bound
/// into (under `as`), and the text shown when it yields nothing.
public struct LiveSource: Equatable, Sendable {
    public var source: SourceSpec
    public var name: String
    public var template: Row
    public var empty: String?
    /// The source's first lines are the section's header, not rows (`--header-lines`).
    public var headerLines = 0
    /// A find reads only these fields of each row's title (`--nth`).
    public var searchedFields: FieldMask?

    /// Whether a template of the section can read `fields` (the row's, its preview's): lines are
    /// split only then, not on every bind of every row a find looks at.
    package var usesFields: Bool
    /// Whether a template reads `colouredFields`: a line's fields with their colours, when its
    /// lines hold them (`--ansi --with-nth`: the fields shown, as fzf shows them).
    package let usesColouredFields: Bool
    /// Whether each row shows its line as it is and nothing else (`"title": "{{item.line}}"`, no
    /// detail, no cell type): a find then reads the line's bytes, not a bound row (`cmd | segue`).
    package let showsLinesAsTheyAre: Bool

    public init(source: SourceSpec, name: String = "item", template: Row, empty: String? = nil) {
        self.source = source
        self.name = name
        self.template = source.keepsColour ? Row(attributes: template.attributes.merging(["ansi": .bool(true)]) { $1 }) : template
        self.empty = empty
        showsLinesAsTheyAre = source.format == .lines && template.title == "{{\(name).line}}"
            && Set(template.attributes.keys).isSubset(of: ["title", "action", "segue", "actions", "preview", "id", "ansi"])
        let strings = JSONValue.object(template.attributes).allStrings.utf8
        usesColouredFields = source.format == .lines && strings.contains(subsequence: "colouredFields".utf8)
        usesFields = source.format == .lines && (usesColouredFields || strings.contains(subsequence: "fields".utf8))
    }

    /// Whether the rows' lines hold colours (`"ansi": true`, `--ansi`): their `fields` are then
    /// the text without the escape codes, as fzf's are, so a delimiter or a field never sees
    /// `\e[33m` (`git log --color | segue --ansi --preview 'git show {1}'`).
    package var linesHoldColours: Bool { template.attributes["ansi"] == .bool(true) }

    /// An item as templates see it: a line of a `lines` source with its `fields` (split from the
    /// text without escape codes when the lines hold colours; `line` keeps them, to be drawn).
    package func item(_ value: JSONValue) -> JSONValue {
        guard usesFields, case .object(var members) = value, case .string(let line)? = members["line"] else {
            return value
        }
        let text = linesHoldColours ? EscapeSequences.removed(from: line) : line
        members["fields"] = .array(source.delimiter.fields(of: text).map { .string($0) })
        // The same fields with their colours, to be drawn (`--ansi --with-nth`).
        if linesHoldColours, usesColouredFields {
            members["colouredFields"] = .array(source.delimiter.colouredFields(of: line).map { .string($0) })
        }
        return .object(members)
    }
}

extension SourceSpec {
    /// The source a spec's `"source"` object describes, checked.
    package static func decode(_ value: JSONValue, path: String) -> Result<SourceSpec, ShapeProblem> {
        guard case .object(let members) = value else { return .failure(.expected("an object", found: value, at: path)) }
        let origin: Origin
        let given = ["command", "file", "handler"].filter { members[$0] != nil && members[$0] != .null }
        guard given.count == 1, let key = given.first else {
            return .failure(ShapeProblem(path: path, message: given.isEmpty ? "expected \"command\", \"file\" or \"handler\""
                                         : "expected one of \"command\", \"file\" and \"handler\", not " + given.joined(separator: " and ")))
        }
        switch (key, members[key]) {
        case ("command", .array(let parts)?) where !parts.isEmpty && parts.allSatisfy({ $0.stringValue != nil }):
            origin = .command(parts.compactMap(\.stringValue))
        case ("command", let command):
            return .failure(.expected("a command as a non-empty array of strings", found: command, at: path + ".command"))
        case ("file", .string(let file)?) where !file.isEmpty:
            origin = .file(file)
        case ("file", let file):
            return .failure(.expected("a path to a file", found: file, at: path + ".file"))
        case (_, .string(let name)?) where !name.isEmpty:
            origin = .handler(name)
        case (_, let name):
            return .failure(.expected("the name of a source registered from Swift", found: name, at: path + ".handler"))
        }
        var spec = SourceSpec(origin: origin)
        if let format = members["format"], format != .null {
            guard let name = format.stringValue, let known = Format(rawValue: name) else {
                return .failure(.expected("\"json\", \"jsonl\" or \"lines\"", found: format, at: path + ".format"))
            }
            spec.format = known
        }
        for (key, minimum) in [("pageSize", 1.0), ("prefetch", 0.0)] {
            guard let number = members[key], number != .null else { continue }
            guard let value = number.doubleValue, value == value.rounded(), value >= minimum, value < 1e9 else {
                return .failure(.expected("a whole number of at least \(Int(minimum))", found: number, at: path + "." + key))
            }
            if key == "pageSize" { spec.pageSize = Int(value) } else { spec.prefetch = Int(value) }
        }
        if let search = members["search"], search != .null {
            switch search.stringValue {
            case "command"?:
                guard case .command = origin else {
                    return .failure(ShapeProblem(path: path + ".search", message: "expected a \"command\" source to search with"))
                }
                spec.searchesByCommand = true
            case "rows"?: spec.searchesByCommand = false
            default: return .failure(.expected("\"command\" or \"rows\"", found: search, at: path + ".search"))
            }
        }
        if let timeout = members["timeout"], timeout != .null {
            guard let seconds = timeout.doubleValue, seconds > 0 else {
                return .failure(.expected("a number of seconds above 0", found: timeout, at: path + ".timeout"))
            }
            spec.timeout = seconds
        }
        if let delimiter = members["delimiter"], delimiter != .null {
            guard spec.format == .lines else {
                return .failure(ShapeProblem(path: path + ".delimiter", message: "a delimiter splits lines into fields: it needs \"format\": \"lines\""))
            }
            switch LineDelimiter.decode(delimiter, path: path + ".delimiter") {
            case .success(let decoded): spec.delimiter = decoded
            case .failure(let problem): return .failure(problem)
            }
        }
        if let every = members["every"], every != .null {
            guard let seconds = every.doubleValue, seconds >= SourceSpec.shortestInterval, seconds < 1e9 else {
                return .failure(.expected("a number of seconds of at least \(SourceSpec.shortestInterval)", found: every, at: path + ".every"))
            }
            spec.every = seconds
        }
        if let ansi = members["ansi"], ansi != .null {
            guard case .bool(let flag) = ansi else { return .failure(.expected("true or false", found: ansi, at: path + ".ansi")) }
            spec.keepsColour = flag
        }
        return .success(spec)
    }
}

extension SourceSpec.Origin {
    package var isCommand: Bool {
        if case .command = self { return true }
        return false
    }
}
