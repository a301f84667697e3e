/// What a typed value must be: an input row's (`"cell": "input"`) or a prompt's.
///
/// `{"kind": "number", "min": 1, "max": 65535}`, `{"pattern": "[a-z][a-z0-9-]*", "invalid": "lowercase
/// letters, digits and dashes"}`. Pure: the spec loader checks the rules, the editor validates with them.
public struct InputRules: Equatable, Sendable {
    public enum Kind: String, CaseIterable, Sendable {
        /// Any text; saved as a JSON string.
        case text
        /// A number, saved as a JSON number (`8080`, not `"8080"`); empty unsets the value.
        case number
        /// Text drawn as `•`, never shown, printed or quoted in a message.
        case password
        /// A list of text items, typed separated by commas (`a, b, c`) and saved as a JSON array
        /// of strings; `pattern` checks each item. Editing the text adds, removes and reorders
        /// items; an item cannot hold a comma.
        case list
        /// A value of any type, typed as JSON (`8080`, `true`, `[1, 2]`, `{"a": 1}`), or text
        /// when what is typed is no JSON (`web`); empty unsets the value. Text that reads as
        /// JSON (`"8080"`) shows in quotes, so that it saves back as text.
        case json
    }

    public var kind: Kind
    public var minimum: Double?
    public var maximum: Double?
    /// A regular expression the whole value must match.
    public var pattern: String?
    /// What the status line says when the value is refused.
    public var invalidMessage: String?
    /// A check written in Swift, after the others (`Segue.input(…, validate:)`): the message it
    /// returns is what the status line says. Specs cannot write one.
    public var check: AnswerCheck?

    public init(kind: Kind = .text, minimum: Double? = nil, maximum: Double? = nil, pattern: String? = nil,
                invalidMessage: String? = nil, check: AnswerCheck? = nil) {
        self.kind = kind
        self.minimum = minimum
        self.maximum = maximum
        self.pattern = pattern
        self.invalidMessage = invalidMessage
        self.check = check
    }

    /// The keys the rules are written with, in a row, a cell type or a prompt.
    public static let keys = declarations.map(\.name)

    /// The keys, as the rows that read them (input and choice rows) declare them.
    package static let declarations: [SpecSchema.Declaration] = [
        .row("kind", .string, "What an input row takes: text, number (min and max apply), password (shown as dots), list (a, b, c) or json (any value).",
             schema: ##"{"$ref": "#/$defs/inputKind"}"##),
        .row("min", .number, "The smallest number an input row (kind number) takes."),
        .row("max", .number, "The largest number an input row (kind number) takes."),
        .row("pattern", .string, "A regular expression the whole value must match."),
        .row("invalid", .string, "What the status line says when a value is refused.", schema: ##"{"type": ["string", "null"], "minLength": 1}"##),
    ]

    /// The rules `members` write, checked: a problem names the JSON path below `path`.
    package static func decode(_ members: [String: JSONValue], path: String) -> Result<InputRules, ShapeProblem> {
        var rules = InputRules()
        if let kind = members["kind"], kind != .null {
            guard let name = kind.stringValue, let value = Kind(rawValue: name) else {
                return .failure(.expected("\"text\", \"number\", \"password\", \"list\" or \"json\"", found: kind, at: path + ".kind"))
            }
            rules.kind = value
        }
        for (key, bound) in [("min", \InputRules.minimum), ("max", \InputRules.maximum)] {
            guard let value = members[key], value != .null else { continue }
            guard case .number = value, let number = value.doubleValue else {
                return .failure(.expected("a number", found: value, at: path + "." + key))
            }
            rules[keyPath: bound] = number
        }
        if let minimum = rules.minimum, let maximum = rules.maximum, minimum > maximum {
            return .failure(ShapeProblem(path: path + ".min", message: "min (\(Self.text(minimum))) is more than max (\(Self.text(maximum)))"))
        }
        if (rules.minimum != nil || rules.maximum != nil), rules.kind != .number {
            return .failure(ShapeProblem(path: path + (rules.minimum != nil ? ".min" : ".max"),
                                         message: "min and max need \"kind\": \"number\""))
        }
        if let pattern = members["pattern"], pattern != .null {
            guard let text = pattern.stringValue else { return .failure(.expected("a regular expression", found: pattern, at: path + ".pattern")) }
            do {
                _ = try Regex(text)
            } catch {
                return .failure(ShapeProblem(path: path + ".pattern", message: "not a valid regular expression: \(error)"))
            }
            rules.pattern = text
        }
        if let message = members["invalid"], message != .null {
            guard let text = message.stringValue, !text.isEmpty else {
                return .failure(.expected("a message", found: message, at: path + ".invalid"))
            }
            rules.invalidMessage = text
        }
        return .success(rules)
    }

    /// The rules as written in `members`, for a spec already checked (what does not decode is ignored).
    package init(_ members: [String: JSONValue]) {
        self = (try? Self.decode(members, path: "").get()) ?? InputRules()
    }

    /// The value to save for `text` as typed, or why it is refused (never quoting a password):
    /// the rules written in the spec first, then the Swift `check`, whose message is shown as it is.
    public func validate(_ text: String) -> Result<JSONValue, InvalidInput> {
        let value = validateWritten(text)
        guard case .success = value, let check, let message = check.message(for: text) else { return value }
        return .failure(InvalidInput(message: message))
    }

    private func validateWritten(_ text: String) -> Result<JSONValue, InvalidInput> {
        switch kind {
        case .number:
            let trimmed = String(text.trimmingSpaces())
            if trimmed.isEmpty { return .success(.null) }
            guard let number = Self.number(trimmed) else { return refuse("expected a number") }
            if let minimum, number.value < minimum {
                return refuse(maximum.map { "expected a number from \(Self.text(minimum)) to \(Self.text($0))" }
                              ?? "expected a number of at least \(Self.text(minimum))")
            }
            if let maximum, number.value > maximum {
                return refuse(minimum.map { "expected a number from \(Self.text($0)) to \(Self.text(maximum))" }
                              ?? "expected a number of at most \(Self.text(maximum))")
            }
            guard matchesPattern(trimmed) else { return refuse("expected a value matching \(pattern ?? "")") }
            return .success(.number(number.lexeme))
        case .list:
            let items = text.split(separator: ",").map { String($0).trimmingSpaces() }.filter { !$0.isEmpty }
            if let refused = items.first(where: { !matchesPattern($0) }) {
                return refuse("expected items matching \(pattern ?? ""), found \(JSONValue.string(refused).summary)")
            }
            return .success(.array(items.map { .string($0) }))
        case .json:
            if text.trimmingSpaces().isEmpty { return .success(.null) }
            return .success((try? JSONParser.parse(Array(text.utf8))) ?? .string(text))
        case .text, .password:
            guard matchesPattern(text) else {
                return refuse(kind == .password ? "the password does not have the expected form"
                              : "expected a value matching \(pattern ?? "")")
            }
            return .success(.string(text))
        }
    }

    /// A setting's value as the editor and the row show it: text as it is, numbers and booleans
    /// as written in JSON, nothing for a missing or null value.
    public static func text(of value: JSONValue?) -> String {
        switch value {
        case nil, .null?: return ""
        case .string(let text)?: return text
        case .number(let lexeme)?: return lexeme
        case .bool(let flag)?: return flag ? "true" : "false"
        case let other?: return other.compactJSON
        }
    }

    /// A setting's value as this row shows and edits it: a list's items joined by commas, else
    /// as `text(of:)` writes any value.
    public func text(of value: JSONValue?) -> String {
        if kind == .list, case .array(let items)? = value, accepts(.array(items)) {
            return items.compactMap(\.stringValue).joined(separator: ", ")
        }
        // Text that would read back as another value is quoted.
        if kind == .json, case .string(let text)? = value, (try? JSONParser.parse(Array(text.utf8))) != nil || text.trimmingSpaces().isEmpty {
            return JSONValue.string(text).compactJSON
        }
        return Self.text(of: value)
    }

    /// Whether a setting's value is of the type these rules save (a number for a number row; for
    /// a list, strings without a comma, which the text would split).
    public func accepts(_ value: JSONValue) -> Bool {
        switch (kind, value) {
        case (_, .null), (.number, .number), (.text, .string), (.password, .string), (.json, _): return true
        case (.list, .array(let items)): return items.allSatisfy { $0.stringValue.map { !$0.contains(",") } ?? false }
        default: return false
        }
    }

    private func refuse(_ reason: String) -> Result<JSONValue, InvalidInput> {
        .failure(InvalidInput(message: invalidMessage ?? reason))
    }

    private func matchesPattern(_ text: String) -> Bool {
        guard let pattern, let regex = try? Regex(pattern) else { return true }
        return (try? regex.wholeMatch(in: text)) != nil
    }

    /// A number as JSON writes it, with its value: text that is a JSON number is kept as typed
    /// (`1e3`, `99999999999999999999`, `-0.5`); `+5`, `007` and `.5` are written as 5, 7 and
    /// 0.5. `nan`, `inf`, `0x10` and `1,5` are no numbers.
    package static func number(_ text: String) -> (lexeme: String, value: Double)? {
        let allowed = Set("0123456789+-.eE")
        guard text.allSatisfy(allowed.contains), let value = Double(text), value.isFinite else { return nil }
        if isJSONNumber(text) { return (text, value) }
        if let integer = Int(text) { return (String(integer), value) }
        return value == value.rounded() && abs(value) < 1e15 ? (String(Int(value)), value) : (String(value), value)
    }

    /// Whether `text` follows JSON's number grammar: `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`.
    private static func isJSONNumber(_ text: String) -> Bool {
        var characters = Substring(text)
        func digits() -> Int {
            let count = characters.prefix { $0.isASCII && $0.isNumber }.count
            characters = characters.dropFirst(count)
            return count
        }
        if characters.first == "-" { characters = characters.dropFirst() }
        if characters.first == "0" {
            characters = characters.dropFirst()
        } else if digits() == 0 {
            return false
        }
        if characters.first == "." {
            characters = characters.dropFirst()
            if digits() == 0 { return false }
        }
        if characters.first == "e" || characters.first == "E" {
            characters = characters.dropFirst()
            if characters.first == "+" || characters.first == "-" { characters = characters.dropFirst() }
            if digits() == 0 { return false }
        }
        return characters.isEmpty
    }

    /// `12` rather than `12.0` in messages.
    package static func text(_ number: Double) -> String {
        number == number.rounded() && abs(number) < 1e15 ? String(Int(number)) : String(number)
    }
}

/// A check of typed text written in Swift: `nil` accepts it, a message refuses it and is what the
/// user reads (`AnswerCheck { Int($0) == nil ? "a whole number, please" : nil }`). Two checks are
/// equal only when they are the same one.
public struct AnswerCheck: Equatable, Sendable {
    private final class Box: Sendable {
        let message: @Sendable (String) -> String?
        init(_ message: @escaping @Sendable (String) -> String?) { self.message = message }
    }

    private let box: Box

    public init(_ message: @escaping @Sendable (String) -> String?) { box = Box(message) }

    /// Why `text` is refused, or `nil` when it is accepted.
    public func message(for text: String) -> String? { box.message(text) }

    public static func == (left: AnswerCheck, right: AnswerCheck) -> Bool { left.box === right.box }
}

/// Why a typed value was refused: the message the status line shows.
public struct InvalidInput: Error, Equatable, Sendable {
    public var message: String
}

