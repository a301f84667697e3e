/// Why a placeholder cannot be read, and where: `offset` counts UTF-8 bytes from the start of
/// what stands between its braces.
package struct TemplateProblem: Error, Equatable, Sendable {
    package var message: String
    package var offset: Int
}

/// Reads what stands between `{{` and `}}`:
///
///     placeholder := choice ("|" fallback text)?
///     choice      := expression ("?" choice ":" choice)?
///     expression  := and ("||" and)*
///     and         := comparison ("&&" comparison)*
///     comparison  := unary (("==" | "!=" | "<" | "<=" | ">" | ">=") unary)?
///     unary       := "!" unary | "(" choice ")" | function "(" choice ("," choice)* ")"
///                  | 'text' | "text" | number | true | false | null | key.path
///
/// A key path's components may hold any character but blanks, quotes and the operators'
/// (`first-name`, `items.0`, `fields.-1`); a word that reads as a number is a number.
package struct TemplateExpressionParser {
    private let bytes: [UInt8]
    private var position = 0
    /// How deep `!`, parentheses and calls nest: a placeholder of a million `(` must not
    /// exhaust the stack.
    private var depth = 0
    package static let depthLimit = 64
    /// How many operators one placeholder may hold: a chain of them nests as deep as it is long.
    private var operators = 0
    package static let operatorLimit = 256

    private init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// The expression and the fallback text of a placeholder's inside.
    package static func parse(_ inside: String) -> Result<(TemplateExpression, fallback: String?), TemplateProblem> {
        let bytes = Array(inside.utf8)
        let bar = fallbackBar(in: bytes)
        var parser = TemplateExpressionParser(Array(bytes[..<(bar ?? bytes.count)]))
        do throws(TemplateProblem) {
            let expression = try parser.parseWhole()
            let fallback = bar.map { String(decoding: bytes[($0 + 1)...], as: UTF8.self).trimmingSpaces() }
            return .success((expression, fallback))
        } catch {
            return .failure(error)
        }
    }

    /// The `|` that starts the fallback text: the first one outside quotes that is not half of `||`.
    private static func fallbackBar(in bytes: [UInt8]) -> Int? {
        var quote: UInt8?
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if let open = quote {
                if byte == UInt8(ascii: "\\") { index += 1 } else if byte == open { quote = nil }
            } else if byte == UInt8(ascii: "'") || byte == UInt8(ascii: "\"") {
                quote = byte
            } else if byte == UInt8(ascii: "|") {
                if index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "|") {
                    index += 1
                } else {
                    return index
                }
            }
            index += 1
        }
        return nil
    }

    private mutating func parseWhole() throws(TemplateProblem) -> TemplateExpression {
        skipBlanks()
        guard position < bytes.count else {
            throw TemplateProblem(message: "an empty placeholder (expected a key path such as {{name}})", offset: 0)
        }
        let expression = try parseChoice()
        skipBlanks()
        if position < bytes.count {
            throw problem("expected an operator or the end of the placeholder, found \(quotedToken())")
        }
        return expression
    }

    /// `condition ? then : else`, the loosest of all (`a && b ? 'x' : 'y'` asks `a && b`); a
    /// choice in either branch nests to the right, as in C.
    private mutating func parseChoice() throws(TemplateProblem) -> TemplateExpression {
        let condition = try parseExpression(minimum: 1)
        skipBlanks()
        guard position < bytes.count, bytes[position] == UInt8(ascii: "?") else { return condition }
        depth += 1
        defer { depth -= 1 }
        guard depth <= Self.depthLimit else {
            throw problem("an expression nested more than \(Self.depthLimit) deep")
        }
        position += 1
        let then = try parseChoice()
        skipBlanks()
        guard position < bytes.count, bytes[position] == UInt8(ascii: ":") else {
            throw problem("expected \":\" and the value when the condition is false, found \(quotedToken())")
        }
        position += 1
        return .choice(condition, then, try parseChoice())
    }

    /// Binary operators binding at least as tightly as `minimum`, left to right.
    private mutating func parseExpression(minimum: Int) throws(TemplateProblem) -> TemplateExpression {
        var left = try parseUnary()
        while true {
            skipBlanks()
            let start = position
            guard let op = try readOperator(), op.precedence >= minimum else {
                position = start
                return left
            }
            operators += 1
            guard operators <= Self.operatorLimit else {
                throw problem("an expression of more than \(Self.operatorLimit) operators")
            }
            let right = try parseExpression(minimum: op.precedence + 1)
            if op.precedence == 3 {
                // `a == b == c` would compare a truth value with c: almost never what was meant.
                skipBlanks()
                let next = position
                if let again = try readOperator(), again.precedence == 3 {
                    position = next
                    throw problem("comparisons do not chain; join them with && or ||")
                }
                position = next
            }
            left = .binary(op, left, right)
        }
    }

    private mutating func parseUnary() throws(TemplateProblem) -> TemplateExpression {
        depth += 1
        defer { depth -= 1 }
        guard depth <= Self.depthLimit else {
            throw problem("an expression nested more than \(Self.depthLimit) deep")
        }
        skipBlanks()
        guard position < bytes.count else { throw problem("expected a value at the end of the placeholder") }
        let byte = bytes[position]
        switch byte {
        case UInt8(ascii: "!"):
            position += 1
            return .not(try parseUnary())
        case UInt8(ascii: "("):
            position += 1
            let inner = try parseChoice()
            try expect(")")
            return inner
        case UInt8(ascii: "'"), UInt8(ascii: "\""):
            return .literal(.string(try readString()))
        default:
            break
        }
        let start = position
        let word = readWord()
        guard !word.isEmpty else { throw problem("expected a value, found \(quotedToken())") }
        skipBlanks()
        if position < bytes.count, bytes[position] == UInt8(ascii: "(") {
            guard let function = TemplateFunction(rawValue: word) else {
                position = start
                let known = TemplateFunction.allCases.map(\.rawValue).joined(separator: ", ")
                throw problem("unknown function \"\(word)\" (known: \(known))")
            }
            return try parseCall(function, at: start)
        }
        switch word {
        case "true": return .literal(.bool(true))
        case "false": return .literal(.bool(false))
        case "null": return .literal(.null)
        default: break
        }
        if Self.isNumber(word) { return .literal(.number(word)) }
        if word.utf8.first == UInt8(ascii: ".") || word.utf8.last == UInt8(ascii: ".") || word.contains("..") {
            position = start
            throw problem("\"\(word)\" is not a key path (a path is names joined by dots, as in user.name)")
        }
        return .path(DataPath(word))
    }

    private mutating func parseCall(_ function: TemplateFunction, at start: Int) throws(TemplateProblem) -> TemplateExpression {
        position += 1  // (
        var arguments: [TemplateExpression] = []
        skipBlanks()
        if position < bytes.count, bytes[position] == UInt8(ascii: ")") {
            position += 1
        } else {
            while true {
                arguments.append(try parseChoice())
                skipBlanks()
                guard position < bytes.count else { throw problem("expected \")\" to close \(function.rawValue)(") }
                if bytes[position] == UInt8(ascii: ",") { position += 1; continue }
                try expect(")")
                break
            }
        }
        guard function.arity.contains(arguments.count) else {
            let end = position
            position = start
            defer { position = end }
            let wanted = function.arity.count == 1 ? "\(function.arity.lowerBound)" : "\(function.arity.lowerBound) or \(function.arity.upperBound)"
            throw problem("\(function.rawValue)() takes \(wanted) argument\(function.arity.upperBound == 1 ? "" : "s"), not \(arguments.count)")
        }
        return .call(function, arguments)
    }

    /// An operator at the position, consumed; `nil` (nothing consumed) when there is none.
    private mutating func readOperator() throws(TemplateProblem) -> TemplateOperator? {
        guard position < bytes.count else { return nil }
        let byte = bytes[position]
        let next = position + 1 < bytes.count ? bytes[position + 1] : 0
        let two: TemplateOperator?
        switch (byte, next) {
        case (UInt8(ascii: "|"), UInt8(ascii: "|")): two = .or
        case (UInt8(ascii: "&"), UInt8(ascii: "&")): two = .and
        case (UInt8(ascii: "="), UInt8(ascii: "=")): two = .equal
        case (UInt8(ascii: "!"), UInt8(ascii: "=")): two = .notEqual
        case (UInt8(ascii: "<"), UInt8(ascii: "=")): two = .lessOrEqual
        case (UInt8(ascii: ">"), UInt8(ascii: "=")): two = .greaterOrEqual
        default: two = nil
        }
        if let two {
            position += 2
            return two
        }
        switch byte {
        case UInt8(ascii: "<"): position += 1; return .less
        case UInt8(ascii: ">"): position += 1; return .greater
        case UInt8(ascii: "="): throw problem("\"=\" alone: write == to compare")
        case UInt8(ascii: "&"): throw problem("\"&\" alone: write && for and")
        default: return nil
        }
    }

    private mutating func expect(_ character: Unicode.Scalar) throws(TemplateProblem) {
        skipBlanks()
        guard position < bytes.count, bytes[position] == UInt8(character.value) else {
            throw problem("expected \"\(character)\", found \(quotedToken())")
        }
        position += 1
    }

    /// A quoted string, `\` escaping the quote and itself.
    private mutating func readString() throws(TemplateProblem) -> String {
        let quote = bytes[position]
        let start = position
        position += 1
        var text: [UInt8] = []
        while position < bytes.count {
            let byte = bytes[position]
            if byte == quote {
                position += 1
                return String(decoding: text, as: UTF8.self)
            }
            if byte == UInt8(ascii: "\\"), position + 1 < bytes.count {
                position += 1
            }
            text.append(bytes[position])
            position += 1
        }
        position = start
        throw problem("a string that is not closed: add \(quote == UInt8(ascii: "'") ? "'" : "\"")")
    }

    /// A run of bytes that are no blanks, quotes, brackets, commas or operator characters (`?`
    /// and `:` of a choice among them).
    private mutating func readWord() -> String {
        let start = position
        while position < bytes.count, !Self.endsWord(bytes[position]) { position += 1 }
        return String(decoding: bytes[start..<position], as: UTF8.self)
    }

    private static func endsWord(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"),
             UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: ","), UInt8(ascii: "!"), UInt8(ascii: "="),
             UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "&"), UInt8(ascii: "|"),
             UInt8(ascii: "'"), UInt8(ascii: "\""), UInt8(ascii: "?"), UInt8(ascii: ":"):
            return true
        default:
            return false
        }
    }

    /// `12`, `-3`, `2.5`, `1e3`: JSON's numbers.
    package static func isNumber(_ word: String) -> Bool {
        guard let first = word.utf8.first, first == UInt8(ascii: "-") || (first >= 0x30 && first <= 0x39) else { return false }
        return (try? JSONParser.parse(Array(word.utf8)))?.doubleValue != nil
    }

    private mutating func skipBlanks() {
        while position < bytes.count,
              [UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r")].contains(bytes[position]) {
            position += 1
        }
    }

    /// What stands at the position, for a message: a few characters, or "the end".
    private func quotedToken() -> String {
        guard position < bytes.count else { return "the end of the placeholder" }
        let end = min(bytes.count, position + 12)
        return "\"" + String(decoding: bytes[position..<end], as: UTF8.self) + (end < bytes.count ? "…" : "") + "\""
    }

    private func problem(_ message: String) -> TemplateProblem {
        TemplateProblem(message: message, offset: position)
    }
}
