/// Where a row leads: another spec, and data handed to it.
///
/// Written in a spec as a path (`"segue": "food.json"`) or an object
/// (`"segue": {"spec": "user.json", "data": {"id": "{{id}}"}}`); the destination sees `data` in its
/// context and the row that opened it as `sender`, the terminal counterpart of prepare-for-segue.
public struct SegueTarget: Equatable, Sendable, ExpressibleByStringLiteral {
    /// Path of the spec, relative to the folder of the spec holding the row; may hold templates.
    public var spec: String
    /// Data for the destination's context; string values may hold templates.
    public var data: JSONValue?

    public init(spec: String, data: JSONValue? = nil) {
        self.spec = spec
        self.data = data
    }

    public init(stringLiteral value: String) {
        self.init(spec: value)
    }

    /// A segue as a spec writes it (a path, or `{"spec": …, "data": …}`); `nil` for anything else.
    public init?(_ value: JSONValue) {
        switch value {
        case .string(let path) where !path.isEmpty:
            self.init(spec: path)
        case .object(let members):
            guard let path = members["spec"]?.stringValue, !path.isEmpty else { return nil }
            self.init(spec: path, data: members["data"].flatMap { $0 == .null ? nil : $0 })
        default:
            return nil
        }
    }

    /// The segue as a spec writes it.
    public var json: JSONValue {
        guard let data else { return .string(spec) }
        return .object(["spec": .string(spec), "data": data])
    }
}
