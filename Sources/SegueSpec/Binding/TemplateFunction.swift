/// The text functions a placeholder may apply: `{{shell(item.fields.0)}}`, `{{join(tags, ", ")}}`.
///
/// They are called like functions rather than piped (`| name`), because `| text` already gives a
/// placeholder its fallback text.
package enum TemplateFunction: String, Sendable, Equatable, CaseIterable {
    /// Quoted for `sh`: `'it'\''s'`; data cannot break out of a shell script's argument. A
    /// list's elements are quoted each, separated by spaces.
    case shell
    /// Without leading and trailing white space.
    case trim
    case upper
    case lower
    /// Without terminal escape sequences (colours from `ls --color`, `git log --color`).
    case plain
    /// An array's elements as text, joined by the second argument (a space when there is none).
    case join
    /// The value as compact JSON (`"a\"b"`, `{"id":1}`).
    case json
    /// How many elements an array has, members an object has, or characters a string has.
    case count
    /// Elements chosen by fzf's field index expressions, counting from 1 (`2..`, `..-2`, `1,3`),
    /// joined by the third argument (a space by default): `{{pick(item.fields, '2..')}}`.
    case pick
    /// The first of its arguments that is there and not null or empty text:
    /// `{{either(item.value, item.title)}}`.
    case either
    /// Written as one key of a JSON Pointer (RFC 6901: `~` as `~0`, `/` as `~1`), for a setting
    /// named by a member's key: `"setting": "/jobs/{{pointerKey(item.key)}}"`.
    case pointerKey
    /// The member of an object named by the second argument (an array's element by its
    /// position): `{{member(counts, item.key)}}`, a key a key path cannot spell ahead.
    case member
    /// What shape a value is: `text`, `number`, `boolean`, `list`, `object`, or empty text when
    /// it is not there or `null`: `{{shape(settings.on) == 'list'}}`.
    case shape

    /// How many arguments it takes.
    package var arity: ClosedRange<Int> {
        switch self {
        case .join, .member: return 1...2
        case .pick: return 2...3
        case .either: return 1...8
        default: return 1...1
        }
    }

    /// The result for these argument values (`nil` for an argument that resolves to nothing).
    package func apply(_ arguments: [JSONValue?]) -> JSONValue? {
        let first = arguments.first ?? nil
        let text = Template.text(of: first ?? .null)
        switch self {
        case .shell:
            // A list: each element quoted, separated by spaces (`git add {{shell(marked)}}`).
            if case .array(let elements)? = first {
                return .string(elements.map { Self.shellQuoted(Template.text(of: $0)) }.joined(separator: " "))
            }
            return .string(Self.shellQuoted(text))
        case .trim:
            guard let start = text.firstIndex(where: { !$0.isWhitespace }),
                  let end = text.lastIndex(where: { !$0.isWhitespace }) else { return .string("") }
            return .string(String(text[start...end]))
        case .upper:
            return .string(text.uppercased())
        case .lower:
            return .string(text.lowercased())
        case .plain:
            return .string(EscapeSequences.removed(from: text))
        case .join:
            let separator = arguments.count > 1 ? Template.text(of: arguments[1] ?? .null) : " "
            guard case .array(let elements)? = first else { return first.map { .string(Template.text(of: $0)) } }
            return .string(elements.map(Template.text(of:)).joined(separator: separator))
        case .json:
            return .string((first ?? .null).compactJSON)
        case .pick:
            guard case .array(let elements)? = first else { return first.map { .string(Template.text(of: $0)) } }
            let expression = arguments.count > 1 ? Template.text(of: arguments[1] ?? .null) : ""
            let separator = arguments.count > 2 ? Template.text(of: arguments[2] ?? .null) : " "
            return .string(FieldIndexes(expression).select(from: elements).map(Template.text(of:)).joined(separator: separator))
        case .either:
            return arguments.first { argument in
                guard let argument, argument != .null else { return false }
                return argument != .string("")
            } ?? nil
        case .member:
            let key = arguments.count > 1 ? Template.text(of: arguments[1] ?? .null) : ""
            switch first {
            case .object(let members)?: return members[key]
            case .array(let elements)?: return Int(key).flatMap { elements.indices.contains($0) ? elements[$0] : nil }
            default: return nil
            }
        case .shape:
            switch first {
            case nil, .null?: return .string("")
            case .string?: return .string("text")
            case .number?: return .string("number")
            case .bool?: return .string("boolean")
            case .array?: return .string("list")
            case .object?: return .string("object")
            }
        case .pointerKey:
            return .string(text.replacing("~", with: "~0").replacing("/", with: "~1"))
        case .count:
            switch first {
            case .array(let elements)?: return .number(String(elements.count))
            case .object(let members)?: return .number(String(members.count))
            case nil, .null?: return .number("0")
            default: return .number(String(text.count))
            }
        }
    }
}

extension TemplateFunction {
    /// `text` in single quotes for `sh`, each `'` written `'\''`. Quotes are found among the
    /// scalars, not the characters: a `'` with a combining mark after it is one character, and
    /// must not slip through unescaped.
    package static func shellQuoted(_ text: String) -> String {
        var scalars = String.UnicodeScalarView()
        scalars.append("'")
        for scalar in text.unicodeScalars {
            if scalar == "'" { scalars.append(contentsOf: "'\\''".unicodeScalars) } else { scalars.append(scalar) }
        }
        scalars.append("'")
        return String(scalars)
    }
}
