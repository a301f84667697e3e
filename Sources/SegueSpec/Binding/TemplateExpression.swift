/// What stands between `{{` and `}}`: a key path, a literal, a comparison, a condition, a
/// choice between two values by a condition, or a function applied to values: `{{user.name}}`,
/// `{{board != 'pi5' && !has_fan}}`, `{{ssh ? 'enabled' : 'disabled'}}`, `{{shell(item.fields.0)}}`.
///
/// Evaluating one gives a JSON value, or `nil` for a path that resolves to nothing.
package indirect enum TemplateExpression: Sendable, Equatable {
    case path(DataPath)
    case literal(JSONValue)
    case not(TemplateExpression)
    case binary(TemplateOperator, TemplateExpression, TemplateExpression)
    case call(TemplateFunction, [TemplateExpression])
    /// `condition ? then : else`: one of two values, by the condition's truth (`isTrue`).
    case choice(TemplateExpression, TemplateExpression, TemplateExpression)

    /// The value in `context`; `nil` when a path resolves to nothing.
    package func evaluate(in context: DataContext) -> JSONValue? {
        switch self {
        case .path(let path):
            return context.value(at: path)
        case .literal(let value):
            return value
        case .not(let operand):
            return .bool(!(operand.evaluate(in: context) ?? .null).isTrue)
        case .binary(.and, let left, let right):
            return .bool((left.evaluate(in: context) ?? .null).isTrue && (right.evaluate(in: context) ?? .null).isTrue)
        case .binary(.or, let left, let right):
            return .bool((left.evaluate(in: context) ?? .null).isTrue || (right.evaluate(in: context) ?? .null).isTrue)
        case .binary(let comparison, let left, let right):
            return .bool(comparison.compare(left.evaluate(in: context) ?? .null, right.evaluate(in: context) ?? .null))
        case .call(let function, let arguments):
            return function.apply(arguments.map { $0.evaluate(in: context) })
        case .choice(let condition, let then, let otherwise):
            return ((condition.evaluate(in: context) ?? .null).isTrue ? then : otherwise).evaluate(in: context)
        }
    }

    /// The key paths it reads, each with whether its value is what the placeholder shows (a
    /// path alone, or a function's argument) or only asked a question of (under `!`, a
    /// comparison, `&&` or `||`), where nothing is a fine answer.
    package func paths(asCondition: Bool = false) -> [(path: DataPath, isCondition: Bool)] {
        switch self {
        case .path(let path): return [(path, asCondition)]
        case .literal: return []
        case .not(let operand): return operand.paths(asCondition: true)
        case .binary(_, let left, let right): return left.paths(asCondition: true) + right.paths(asCondition: true)
        case .call(.either, let arguments):
            // Any but the last may be missing, which is what `either` is for: only the last one
            // missing (all of them) draws nothing.
            return arguments.dropLast().flatMap { $0.paths(asCondition: true) } + (arguments.last?.paths(asCondition: asCondition) ?? [])
        case .call(_, let arguments): return arguments.flatMap { $0.paths(asCondition: asCondition) }
        case .choice(let condition, let then, let otherwise):
            // Either value may stand for nothing when the condition says the other is shown.
            return condition.paths(asCondition: true) + then.paths(asCondition: true) + otherwise.paths(asCondition: true)
        }
    }
}

/// The operators between two values, loosest binding first: `||`, `&&`, then the comparisons.
package enum TemplateOperator: String, Sendable, Equatable {
    case or = "||", and = "&&"
    case equal = "==", notEqual = "!=", less = "<", lessOrEqual = "<=", greater = ">", greaterOrEqual = ">="

    /// How tightly it binds: a comparison before `&&`, `&&` before `||`.
    package var precedence: Int {
        switch self {
        case .or: return 1
        case .and: return 2
        default: return 3
        }
    }

    /// A comparison. Numbers compare as numbers, and so does a string that reads as a number
    /// against a number (a setting saved as text, `"8080" == 8080`); strings compare by their
    /// Unicode scalars; a missing value is null. Values of other kinds are never less or greater.
    package func compare(_ left: JSONValue, _ right: JSONValue) -> Bool {
        switch self {
        case .equal: return Self.equal(left, right)
        case .notEqual: return !Self.equal(left, right)
        case .less, .lessOrEqual, .greater, .greaterOrEqual:
            guard let order = Self.order(left, right) else { return false }
            switch self {
            case .less: return order < 0
            case .lessOrEqual: return order <= 0
            case .greater: return order > 0
            default: return order >= 0
            }
        case .and, .or:
            return false  // evaluated by `TemplateExpression`
        }
    }

    private static func equal(_ left: JSONValue, _ right: JSONValue) -> Bool {
        if let order = numericOrder(left, right) { return order == 0 }
        return left == right
    }

    private static func order(_ left: JSONValue, _ right: JSONValue) -> Int? {
        if let order = numericOrder(left, right) { return order }
        guard case .string(let a) = left, case .string(let b) = right else { return nil }
        return a.unicodeScalars.lexicographicallyPrecedes(b.unicodeScalars) ? -1 : a == b ? 0 : 1
    }

    /// -1, 0 or 1 when both are numbers, or one is a number and the other a string that reads as one.
    private static func numericOrder(_ left: JSONValue, _ right: JSONValue) -> Int? {
        func number(_ value: JSONValue, other: JSONValue) -> Double? {
            switch value {
            case .number: return value.doubleValue
            case .string(let text):
                guard case .number = other else { return nil }
                return Double(text.trimmingSpaces())
            default: return nil
            }
        }
        guard let a = number(left, other: right), let b = number(right, other: left) else { return nil }
        return a < b ? -1 : a == b ? 0 : 1
    }
}
